import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.js';

/** Which upload purpose of `/api/file/upload` a chosen file goes to (the API checks its bytes). */
export type MediaPurpose = 'image' | 'video' | 'audio';

/**
 * One file of a step: a picture or video, or an audio clip. The API checks the kind and size from the bytes and
 * answers its reason in the user's language when it refuses.
 */
export function MediaUpload({
  label,
  accept,
  purposeOf,
  value,
  onChange,
  testId,
}: {
  label: string;
  accept: string;
  purposeOf: (file: File) => MediaPurpose;
  value: string | null;
  onChange: (fileCode: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    form.append('purpose', purposeOf(file));
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
    <Group gap="xs" data-testid={testId}>
      <FileButton onChange={(file) => void upload(file)} accept={accept}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            loading={busy}
            leftSection={<IconUpload size={14} />}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {value && (
        <>
          <Text size="xs" data-testid={`${testId}-name`}>
            {name ?? t('recipes.editor.uploaded')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => onChange(null)}
            leftSection={<IconX size={12} />}
          >
            {t('recipes.editor.remove')}
          </Button>
        </>
      )}
    </Group>
  );
}
