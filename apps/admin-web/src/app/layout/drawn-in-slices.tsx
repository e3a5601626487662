import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Draws its children once what is around them is on screen, in a transition. React draws a transition in slices and
 * lets the browser paint, take input and read answers between them, where the router's update draws everything it
 * shows in one task: on a slow laptop the layout, the filter bar and the table together are one long task.
 */
export function DrawnInSlices({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
