import { DatePickerInput } from '@mantine/dates';
import { useEffect, useRef } from 'react';

/** A filter's date range, `[from, to]` as `YYYY-MM-DD`: its own module, so the date picker loads only where used. */
export function DateRangeInput(props: {
  label: string;
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
  testId: string;
  /** Drawn in place of a stand-in the user clicked: it takes the focus and opens. */
  openOnArrival?: boolean;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const { openOnArrival } = props;
  useEffect(() => {
    if (!openOnArrival) return;
    ref.current?.focus();
    ref.current?.click();
  }, [openOnArrival]);
  return (
    <DatePickerInput
      ref={ref}
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
