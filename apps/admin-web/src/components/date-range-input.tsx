import { DatePickerInput } from '@mantine/dates';

/** A filter's date range, `[from, to]` as `YYYY-MM-DD`: its own module, so the date picker loads only where used. */
export function DateRangeInput(props: {
  label: string;
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
  testId: string;
}) {
  return (
    <DatePickerInput
      type="range"
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      clearable
      valueFormat="YYYY-MM-DD"
      miw={220}
      data-testid={props.testId}
    />
  );
}
