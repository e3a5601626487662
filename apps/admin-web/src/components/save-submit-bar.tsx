import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a record form with a review workflow (recipe, APK): what went wrong, "save" (a draft) and
 * "save and submit". Both wait for the action they started (one shows its spinner, both are disabled) and stay
 * disabled while an upload is in flight, saying why.
 */
export function SaveSubmitBar({
  onSave,
  onSubmit,
  saveLabel,
  submitLabel,
  testIds,
  failure,
  pendingUploads,
}: {
  onSave: () => Promise<unknown>;
  onSubmit: () => Promise<unknown>;
  saveLabel: string;
  submitLabel: string;
  testIds: { save: string; submit: string; failure: string };
  /** Why the last attempt was refused (shown above the buttons), or nothing. */
  failure?: ReactNode;
  /** Uploads of this form still in flight (usePendingUploads). */
  pendingUploads: number;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const run = (which: 'save' | 'submit') => async () => {
    setBusy(which);
    try {
      await (which === 'save' ? onSave() : onSubmit());
    } finally {
      setBusy(null);
    }
  };
  const disabled = busy !== null || pendingUploads > 0;
  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" icon={<IconAlertCircle />} data-testid={testIds.failure}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        {pendingUploads > 0 && (
          <Text size="sm" c="dimmed" data-testid="wait-for-uploads">
            {t('components.waitForUploads')}
          </Text>
        )}
        <Button
          variant="default"
          loading={busy === 'save'}
          disabled={disabled}
          onClick={() => void run('save')()}
          data-testid={testIds.save}
        >
          {saveLabel}
        </Button>
        <Button
          loading={busy === 'submit'}
          disabled={disabled}
          onClick={() => void run('submit')()}
          data-testid={testIds.submit}
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A save over a revision that someone else changed in the meantime (409): says so and offers to load theirs
 * (the author's input is dropped only when they choose to reload).
 */
export function useOfferReload() {
  const { t } = useTranslation();
  return useCallback(
    ({
      message,
      reloadLabel,
      testId,
      onReload,
    }: {
      message: string;
      reloadLabel: string;
      /** `${testId}-conflict` on the message, `${testId}-reload` on the button. */
      testId: string;
      onReload: () => void;
    }) =>
      modals.openConfirmModal({
        title: t('confirm.title'),
        children: (
          <Text size="sm" data-testid={`${testId}-conflict`}>
            {message}
          </Text>
        ),
        labels: { confirm: reloadLabel, cancel: t('common.cancel') },
        confirmProps: { 'data-testid': `${testId}-reload` },
        onConfirm: onReload,
      }),
    [t],
  );
}
