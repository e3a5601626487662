import { Anchor, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.js';
import { fileUrl } from '../api/apk-detail.js';

/**
 * One uploaded file that is not an image: the boot video (`video`, mp4) or the APK itself (`apk`). The API checks
 * the bytes and the size and answers its reason in the user's language when it refuses (shown as a toast).
 */
export function FileField({
  label,
  purpose,
  accept,
  buttonLabel,
  value,
  onChange,
  required,
  error,
  description,
  testId,
}: {
  label: string;
  purpose: 'video' | 'apk';
  accept: string;
  buttonLabel: string;
  value: string | null;
  onChange: (fileCode: string | null) => void;
  required?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    form.append('purpose', purpose);
    setBusy(true);
    try {
      const answer = await api<{ fileCode: string }>('/file/upload', { form, successMessage: false });
      setName(file.name);
      onChange(answer.fileCode);
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Wrapper label={label} required={required} error={error} description={description}>
      <Group gap="xs" mt={4} data-testid={testId}>
        <FileButton onChange={(file) => void upload(file)} accept={accept}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              loading={busy}
              leftSection={<IconUpload size={14} />}
              data-testid={`${testId}-button`}
            >
              {buttonLabel}
            </Button>
          )}
        </FileButton>
        {value && (
          <>
            <Anchor size="xs" href={fileUrl(value)} target="_blank" data-testid={`${testId}-name`}>
              {name ?? t('apk.form.uploaded')}
            </Anchor>
            <Text span size="xs" c="dimmed">
              ·
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onChange(null)}
              leftSection={<IconX size={12} />}
            >
              {t('apk.form.remove')}
            </Button>
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
