import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

function ReasonForm({ onDone }: { onDone: (reason: string | null) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('offlinePacks.onlineOverride.hint')}</Text>
      <Textarea
        label={t('offlinePacks.onlineOverride.reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setMissing(false);
        }}
        error={missing ? t('offlinePacks.onlineOverride.required') : undefined}
        maxLength={500}
        autosize
        minRows={2}
        data-testid="override-reason"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => (reason.trim() ? onDone(reason.trim()) : setMissing(true))}
          data-testid="override-ok"
        >
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function Title() {
  const { t } = useTranslation();
  return <>{t('offlinePacks.onlineOverride.title')}</>;
}

/** The reason to publish a pack online that never went to the test devices; null when closed. */
export function askOfflinePackOverrideReason(): Promise<string | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title: <Title />,
      children: (
        <ReasonForm
          onDone={(reason) => {
            resolve(reason);
            modals.close(id);
          }}
        />
      ),
      onClose: () => resolve(null),
    });
  });
}
