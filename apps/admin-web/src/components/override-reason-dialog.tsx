import { Button, Stack, Text } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.js';
import { toastRefusal } from '../lib/refusal-toast.js';
import { askInModal, DialogButtons } from './ask-in-modal.js';
import { RequiredReasonInput, useRequiredReason } from './required-reason.js';

/** The translation keys of one feature's untested-release dialog. */
export interface OverrideWords {
  title: ParseKeys;
  hint: ParseKeys;
  reason: ParseKeys;
  required: ParseKeys;
}

function ReasonForm({ words, onDone }: { words: OverrideWords; onDone: (reason: string | null) => void }) {
  const { t } = useTranslation();
  const reason = useRequiredReason();
  return (
    <Stack gap="sm">
      <Text size="sm">{t(words.hint)}</Text>
      <RequiredReasonInput
        reason={reason}
        requiredMessage={t(words.required)}
        label={t(words.reason)}
        data-testid="override-reason"
      />
      <DialogButtons onCancel={() => onDone(null)}>
        <Button
          onClick={() => {
            const given = reason.take();
            if (given) onDone(given);
          }}
          data-testid="override-ok"
        >
          {t('common.confirm')}
        </Button>
      </DialogButtons>
    </Stack>
  );
}

function Title({ title }: { title: ParseKeys }) {
  const { t } = useTranslation();
  return <>{t(title)}</>;
}

/**
 * The reason to publish online what never went through a test round (a package, an offline pack), in the words
 * of its feature; null when closed.
 */
export function askOverrideReason(words: OverrideWords): Promise<string | null> {
  return askInModal<string>(<Title title={words.title} />, (done) => (
    <ReasonForm words={words} onDone={done} />
  ));
}

/**
 * Publishes online what may never have been tested: `send` goes first without a reason; when the API refuses it
 * as untested (`untestedCode`), the reason is asked in the feature's `words` and `sendAgain` carries it (recorded
 * in the history). Any other refusal is said in a toast. True when it went online.
 */
export async function publishOnlineAskingReason(options: {
  send: () => Promise<unknown>;
  untestedCode: string;
  words: OverrideWords;
  sendAgain: (overrideReason: string) => Promise<unknown>;
}): Promise<boolean> {
  try {
    await options.send();
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== options.untestedCode) {
      toastRefusal(error);
      return false;
    }
    const overrideReason = await askOverrideReason(options.words);
    if (!overrideReason) return false;
    await options.sendAgain(overrideReason);
    return true;
  }
}
