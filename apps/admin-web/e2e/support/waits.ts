import { expect } from '@jest/globals';
import { eventually } from '@kb/testing';

/**
 * Waits until `read` answers `expected` (a screen settles after a click, a list after its read model), then
 * asserts it: a screen that never gets there fails showing its last answer against the expected one.
 */
export async function settles<T>(read: () => Promise<T>, expected: T, ms = 15_000): Promise<void> {
  const same = (value: T) => JSON.stringify(value) === JSON.stringify(expected);
  const last = await eventually(read, same, ms).catch(() => read());
  expect(last).toEqual(expected);
}

/**
 * A short tag that makes the numbers and titles a test creates its own: the tests of a file share one database, so
 * a record carrying it never meets one that another test of the file made.
 */
export const ownTag = () => Date.now().toString(36).slice(-5).toUpperCase();
