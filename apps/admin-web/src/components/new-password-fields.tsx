import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

type InputProps = Pick<
  ComponentProps<typeof PasswordInput>,
  'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'
>;

/**
 * A new password and its confirmation, as setting a first password and changing one ask them: both required,
 * the rule under the first, neither offered to the browser's saved passwords.
 */
export function NewPasswordFields({
  labels,
  testIds,
  inputs,
}: {
  labels: { password: string; confirm: string; rule: string };
  testIds: { password: string; confirm: string };
  inputs: { password: InputProps; confirm: InputProps };
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={labels.rule}
        autoComplete="new-password"
        withAsterisk
        data-testid={testIds.password}
        {...inputs.password}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        withAsterisk
        data-testid={testIds.confirm}
        {...inputs.confirm}
      />
    </>
  );
}
