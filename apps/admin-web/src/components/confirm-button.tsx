import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { confirmAction, type ConfirmKind } from './confirm.js';

/** A button for one §8 action on one record: asks first, then runs. */
export function ConfirmButton({
  kind,
  onConfirm,
  children,
  ...props
}: { kind: ConfirmKind; onConfirm: () => Promise<unknown>; children: ReactNode } & ButtonProps) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="xs"
      variant="subtle"
      {...props}
      loading={pending}
      onClick={async () => {
        if (!(await confirmAction(kind))) return;
        setPending(true);
        try {
          await onConfirm();
        } catch {
          // The API client has shown the failure.
        } finally {
          setPending(false);
        }
      }}
    >
      {children}
    </Button>
  );
}
