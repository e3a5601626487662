import { Textarea, type TextareaProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A reason the user must give before going on (returning a package, releasing what was never tested): what is
 * typed, and whether it was found missing when asked for (until the user types again).
 */
export function useRequiredReason() {
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  return {
    value,
    missing,
    /** The reason, trimmed; or null, and its box says it is required. */
    take(): string | null {
      const reason = value.trim();
      if (!reason) setMissing(true);
      return reason || null;
    },
    change(next: string) {
      setValue(next);
      setMissing(false);
    },
  };
}

export type RequiredReason = ReturnType<typeof useRequiredReason>;

/** The reason's box: up to 500 characters, two rows that grow, and `requiredMessage` while it is missing. */
export function RequiredReasonInput({
  reason,
  requiredMessage,
  ...props
}: { reason: RequiredReason; requiredMessage: string } & Omit<
  TextareaProps,
  'value' | 'onChange' | 'error'
> & { 'data-testid'?: string }) {
  return (
    <Textarea
      {...props}
      value={reason.value}
      onChange={(e) => reason.change(e.currentTarget.value)}
      error={reason.missing ? requiredMessage : undefined}
      maxLength={500}
      autosize
      minRows={2}
    />
  );
}
