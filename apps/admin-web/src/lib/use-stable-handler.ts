import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A handler whose identity never changes and that always runs the last render's `handler`: a memoised child given
 * it is not drawn again when its parent is (a list's filter fields, pager and batch buttons while lookups arrive).
 * It is for events, not for rendering: the child never sees a newer handler until it is called.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
