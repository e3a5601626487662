import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/**
 * A text field of a record's form, bound to the form's value `name` and found by the test id `field-<name>`;
 * `numeric` for a sort order (the phone's number pad, a narrow box).
 */
export function FieldInput<V>({
  form,
  name,
  label,
  required = false,
  numeric = false,
}: {
  form: UseFormReturnType<V>;
  name: string;
  label: string;
  required?: boolean;
  numeric?: boolean;
}) {
  return (
    <TextInput
      label={label}
      withAsterisk={required}
      inputMode={numeric ? 'numeric' : undefined}
      w={numeric ? 200 : undefined}
      data-testid={`field-${name}`}
      {...form.getInputProps(name as never)}
    />
  );
}
