import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askInModal } from './ask-in-modal.js';

function ReasonForm({ onDone }: { onDone: (reason: string | null) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('apk.onlineOverride.hint')}</Text>
      <Textarea
        label={t('apk.rollout.overrideReason')}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setMissing(false);
        }}
        error={missing ? t('apk.rollout.overrideRequired') : undefined}
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
  return <>{t('apk.onlineOverride.title')}</>;
}

/** The reason to publish a package online that never went through a test round; null when closed. */
export function askOverrideReason(): Promise<string | null> {
  return askInModal<string>(<Title />, (done) => <ReasonForm onDone={done} />);
}
