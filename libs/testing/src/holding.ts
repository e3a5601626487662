/**
 * Holds a resource (a database, a test system, a server) for the tests of the enclosing `describe`: started before
 * all of them (`'all'`) or afresh before each (`'each'`), and closed after. The answer reads the current one; reading
 * it outside those tests is a mistake and says so.
 */
export function holding<T>(
  scope: 'all' | 'each',
  start: () => Promise<T>,
  close: (value: T) => Promise<unknown> | unknown,
): () => T {
  let held: { value: T } | undefined;
  (scope === 'all' ? beforeAll : beforeEach)(async () => {
    held = { value: await start() };
  });
  (scope === 'all' ? afterAll : afterEach)(async () => {
    const was = held;
    held = undefined;
    if (was) await close(was.value);
  });
  return () => {
    if (!held) throw new Error('read outside the tests that hold it');
    return held.value;
  };
}
