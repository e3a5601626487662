import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { askInModal, DialogButtons } from '../../../components/ask-in-modal.js';
import { RequiredReasonInput, useRequiredReason } from '../../../components/required-reason.js';

export type AuditDecision = { pass: true } | { pass: false; reason: string };

function AuditForm({ onDecide }: { onDecide: (decision: AuditDecision | null) => void }) {
  const { t } = useTranslation();
  const reason = useRequiredReason();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('apk.audit.intro')}
      </Text>
      <RequiredReasonInput
        reason={reason}
        requiredMessage={t('apk.audit.reasonRequired')}
        label={t('apk.audit.reason')}
        placeholder={t('apk.audit.reasonPlaceholder')}
        data-testid="audit-reason"
      />
      <DialogButtons onCancel={() => onDecide(null)} cancelTestId="audit-cancel">
        <Button
          color="red"
          variant="light"
          onClick={() => {
            const given = reason.take();
            if (given) onDecide({ pass: false, reason: given });
          }}
          data-testid="audit-return"
        >
          {t('apk.actions.auditReturn')}
        </Button>
        <Button color="green" onClick={() => onDecide({ pass: true })} data-testid="audit-pass">
          {t('apk.actions.auditPass')}
        </Button>
      </DialogButtons>
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
