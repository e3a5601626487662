import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

type InputProps = Pick<
  ComponentProps<typeof PasswordInput>,
  'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'
>;

/** The form's two fields these inputs edit. */
type NewPasswordField = 'newPassword' | 'confirmPassword';

/**
 * A new password and its confirmation, as setting a first password and changing one ask them: both required,
 * the rule under the first, neither offered to the browser's saved passwords. They edit the form's `newPassword`
 * and `confirmPassword`; `texts` gives their labels and the rule in the page's words, and the test ids are
 * `<testIdPrefix>-new` and `<testIdPrefix>-confirm`.
 */
export function NewPasswordFields({
  form,
  texts,
  testIdPrefix,
}: {
  form: { getInputProps(path: NewPasswordField): InputProps };
  texts: (key: NewPasswordField | 'passwordRule') => string;
  testIdPrefix: string;
}) {
  return (
    <>
      <PasswordInput
        label={texts('newPassword')}
        description={texts('passwordRule')}
        autoComplete="new-password"
        withAsterisk
        data-testid={`${testIdPrefix}-new`}
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label={texts('confirmPassword')}
        autoComplete="new-password"
        withAsterisk
        data-testid={`${testIdPrefix}-confirm`}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
