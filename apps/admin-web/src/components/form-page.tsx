import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.js';
import { usePageDirty } from '../lib/page-context.js';
import { useConfirmLeave } from './confirm-leave.js';
import { PendingUploads, usePendingUploads } from './pending-uploads.js';
import { applyServerErrors, useAppForm } from './use-app-form.js';

/**
 * A form validated by a zod schema (from libs/contracts, or built from its rules): the schema's messages are
 * error codes, drawn in the user's language under each field.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  options: Omit<UseFormInput<Values>, 'validate'>,
): UseFormReturnType<Values> {
  return useAppForm<Values>({
    validateInputOnBlur: true,
    ...options,
    validate: schemaResolver(schema, { sync: true }),
  });
}

export interface FormPageProps<Values> {
  form: UseFormReturnType<Values>;
  /** Sends the record; a rejected ApiError puts its field errors under the fields, anything else above them. */
  onSubmit: (values: Values) => Promise<unknown>;
  children: ReactNode;
  submitLabel?: string;
  onCancel?: () => void;
  /** Error codes of the API → the field they belong under. */
  codeToField?: Record<string, string>;
  maw?: number;
}

/**
 * One record's form: fields, save and cancel, the API's field errors under their fields, and the tab's
 * unsaved-changes mark while the input differs from what was loaded.
 */
export function FormPage<Values>({
  form,
  onSubmit,
  children,
  submitLabel,
  onCancel,
  codeToField,
  maw = 720,
}: FormPageProps<Values>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const uploads = usePendingUploads();
  const dirty = form.isDirty();
  usePageDirty(dirty);
  const { confirmDiscard, leaveFreely } = useConfirmLeave(dirty);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setPending(true);
    try {
      // A save that went through may leave the page (back to the list): nothing is lost then.
      await leaveFreely(() => onSubmit(values as Values));
      form.resetDirty();
    } catch (error) {
      // The API client has already shown a toast for unexpected failures; field errors go under their fields.
      if (!applyServerErrors(form, error, codeToField) && error instanceof ApiError) setFailure(error.desc);
    } finally {
      setPending(false);
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={maw}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />}>
              {failure}
            </Alert>
          )}
          <PendingUploads report={uploads.report}>{children}</PendingUploads>
          <Group justify="space-between" mt="sm">
            <Group gap="sm">
              <Button
                type="submit"
                loading={pending}
                disabled={uploads.pending > 0}
                data-testid="form-submit"
              >
                {submitLabel ?? t('common.save')}
              </Button>
              {uploads.pending > 0 && (
                <Text size="sm" c="dimmed" data-testid="wait-for-uploads">
                  {t('components.waitForUploads')}
                </Text>
              )}
              {onCancel && (
                <Button
                  variant="default"
                  data-testid="form-cancel"
                  onClick={() =>
                    void (async () => {
                      if (dirty && !(await confirmDiscard())) return;
                      await leaveFreely(onCancel);
                    })()
                  }
                >
                  {t('common.cancel')}
                </Button>
              )}
            </Group>
            {dirty && (
              <Badge color="orange" variant="light" data-testid="form-dirty">
                {t('components.unsavedChanges')}
              </Badge>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
