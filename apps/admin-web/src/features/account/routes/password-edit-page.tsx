import { PASSWORD_RULE } from '@kb/contracts';
import { PasswordInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { NewPasswordFields } from '../../../components/new-password-fields.js';
import { logout } from '../../../lib/session-control.js';
import { useUpdatePassword } from '../api/update-password.js';

/**
 * The §5 rules with the contracts' password rule. (Not `newPasswordSchema` itself: libs/contracts' auth module
 * is also imported by the login route, and using one of its schemas here would pull zod into that route.)
 */
const passwordEditSchema = z
  .object({
    originalPassword: z.string().min(1, { message: 'original_password_required' }),
    newPassword: z
      .string()
      .min(1, { message: 'password_required' })
      .regex(PASSWORD_RULE, { message: 'password_rule' }),
    confirmPassword: z.string().min(1, { message: 'password_required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'password_mismatch',
    path: ['confirmPassword'],
  });

export function PasswordEditPage() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const form = useSchemaForm(passwordEditSchema, {
    initialValues: { originalPassword: '', newPassword: '', confirmPassword: '' },
  });
  return (
    <FormPage
      form={form}
      maw={520}
      submitLabel={t('account.password.submit')}
      codeToField={{ original_password_wrong: 'originalPassword', password_same_as_old: 'newPassword' }}
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        // The server ended the other sessions; this one logs in again with the new password.
        await logout('passwordChanged');
      }}
    >
      <PasswordInput
        label={t('account.password.original')}
        autoComplete="current-password"
        withAsterisk
        data-testid="pw-original"
        {...form.getInputProps('originalPassword')}
      />
      <NewPasswordFields form={form} texts={(key) => t(`account.password.${key}`)} testIdPrefix="pw" />
      <Text size="xs" c="dimmed">
        {t('account.password.after')}
      </Text>
    </FormPage>
  );
}
