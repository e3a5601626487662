import { MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
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

/**
 * A choice of a record's form (`multiple`: several), bound to the form's value `name` and found by the test id
 * `field-<name>`, as FieldInput is for text.
 */
export function FieldSelect<V>({
  form,
  name,
  label,
  data,
  required = false,
  multiple = false,
  searchable,
  allowDeselect,
}: {
  form: UseFormReturnType<V>;
  name: string;
  label: string;
  data: { value: string; label: string }[];
  required?: boolean;
  multiple?: boolean;
  searchable?: boolean;
  allowDeselect?: boolean;
}) {
  const props = {
    label,
    withAsterisk: required,
    data,
    searchable,
    'data-testid': `field-${name}`,
    ...form.getInputProps(name as never),
  };
  return multiple ? <MultiSelect {...props} /> : <Select allowDeselect={allowDeselect} {...props} />;
}

/** A free text of a record's form over several lines (growing with it, to `maxLength`), as FieldInput is for a line. */
export function FieldTextarea<V>({
  form,
  name,
  label,
  minRows,
  maxLength,
}: {
  form: UseFormReturnType<V>;
  name: string;
  label: string;
  minRows: number;
  maxLength?: number;
}) {
  return (
    <Textarea
      label={label}
      autosize
      minRows={minRows}
      maxLength={maxLength}
      data-testid={`field-${name}`}
      {...form.getInputProps(name as never)}
    />
  );
}
