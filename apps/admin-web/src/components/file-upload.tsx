import { Anchor, Button, FileButton, Group, Progress, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrackUpload } from './pending-uploads.js';
import { uploadFile } from './upload-image.js';

/**
 * One uploaded file that is not shown as an image (a video, an audio clip, an APK): an upload button, then the
 * file's name (a link to it when `href` is given) and a remove button. The upload's purpose comes from the chosen
 * file; a refusal is shown by the API client and leaves the value as it was.
 */
export function FileUpload({
  buttonLabel,
  accept,
  purposeOf,
  value,
  onChange,
  uploadedLabel,
  removeLabel,
  href,
  testId,
  buttonTestId,
  mt,
}: {
  buttonLabel: string;
  accept: string;
  purposeOf: (file: File) => string;
  value: string | null;
  onChange: (fileCode: string | null) => void;
  /** Shown for a file uploaded before this page opened (its name is not known here). */
  uploadedLabel: string;
  removeLabel: string;
  href?: (fileCode: string) => string;
  testId: string;
  buttonTestId?: string;
  /** Space above (inside a field's wrapper, under its label). */
  mt?: number;
}) {
  const [name, setName] = useState<string | null>(null);
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const track = useTrackUpload();
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setPercent(0);
    try {
      const answer = await track(uploadFile(file, purposeOf(file), (f) => setPercent(Math.round(f * 100))));
      setName(file.name);
      onChange(answer.fileCode);
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" mt={mt} data-testid={testId}>
      <FileButton onChange={(file) => void upload(file)} accept={accept}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            loading={busy}
            leftSection={<IconUpload size={14} />}
            data-testid={buttonTestId}
          >
            {buttonLabel}
          </Button>
        )}
      </FileButton>
      {busy && (
        <Group gap={6} data-testid="upload-progress">
          <Progress value={percent} size="sm" w={120} aria-label={t('components.uploading')} />
          <Text size="xs">{t('components.uploadingPercent', { percent })}</Text>
        </Group>
      )}
      {value && (
        <>
          {href ? (
            <Anchor size="xs" href={href(value)} target="_blank" data-testid={`${testId}-name`}>
              {name ?? uploadedLabel}
            </Anchor>
          ) : (
            <Text size="xs" data-testid={`${testId}-name`}>
              {name ?? uploadedLabel}
            </Text>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => onChange(null)}
            leftSection={<IconX size={12} />}
          >
            {removeLabel}
          </Button>
        </>
      )}
    </Group>
  );
}
