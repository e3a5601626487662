/** The root of every notice query's key: a save, push or delete invalidates them all. */
export const NOTICES_KEY = ['notices'] as const;
