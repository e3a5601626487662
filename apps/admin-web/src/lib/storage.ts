/** Browser storage that never throws (private mode, full quota, disabled storage): reads fall back to null. */
type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson(kind: Area, key: string): unknown {
  const raw = area(kind)?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(kind: Area, key: string, value: unknown): void {
  try {
    area(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app keeps working, it only forgets across reloads.
  }
}

export function readText(kind: Area, key: string): string | null {
  return area(kind)?.getItem(key) ?? null;
}

export function writeText(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // see writeJson
  }
}

export function remove(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // see writeJson
  }
}
