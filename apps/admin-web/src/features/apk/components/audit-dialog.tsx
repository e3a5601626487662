import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askInModal } from '../../../components/ask-in-modal.js';

export type AuditDecision = { pass: true } | { pass: false; reason: string };

function AuditForm({ onDecide }: { onDecide: (decision: AuditDecision | null) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('apk.audit.intro')}
      </Text>
      <Textarea
        label={t('apk.audit.reason')}
        placeholder={t('apk.audit.reasonPlaceholder')}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(false);
        }}
        error={error ? t('apk.audit.reasonRequired') : undefined}
        autosize
        minRows={2}
        maxLength={500}
        data-testid="audit-reason"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onDecide(null)} data-testid="audit-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={() => {
            if (!reason.trim()) return setError(true);
            onDecide({ pass: false, reason: reason.trim() });
          }}
          data-testid="audit-return"
        >
          {t('apk.actions.auditReturn')}
        </Button>
        <Button color="green" onClick={() => onDecide({ pass: true })} data-testid="audit-pass">
          {t('apk.actions.auditPass')}
        </Button>
      </Group>
    </Stack>
  );
}

function Title({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{t('apk.audit.title', { name })}</>;
}

/**
 * The audit of one pending package (§4, §8): pass, or return with a required reason. The dialog is the
 * confirmation; null when the user closes it.
 */
export function askAuditDecision(name: string): Promise<AuditDecision | null> {
  return askInModal<AuditDecision>(<Title name={name} />, (done) => <AuditForm onDecide={done} />);
}
