import type { AuditChange, AuditNames, AuditValue, UiLang } from '@kb/contracts';
import { wordsFor, type WordsOf } from './audit-words.js';

/** What a diff needs: the reader's language and words, and the names of what states refer to by id. */
export interface DiffContext {
  lang: UiLang;
  w: WordsOf;
  names: AuditNames;
}

export function diffContext(lang: UiLang, names: AuditNames): DiffContext {
  return { lang, w: wordsFor(lang), names };
}

/** A value in words; empty is "not there". */
export const shown = (
  text: string | number | null | undefined,
  fileCode?: string | null,
): AuditValue | null =>
  text === null || text === undefined || text === ''
    ? null
    : { text: String(text), ...(fileCode ? { fileCode } : {}) };

/** A referenced record by its name, or its id when it is gone. */
export const nameOf = (map: Record<string, string>, id: string | null | undefined) =>
  id ? (map[id] ?? id) : null;

const sameValue = (a: AuditValue | null, b: AuditValue | null) =>
  (a?.text ?? null) === (b?.text ?? null) && (a?.fileCode ?? null) === (b?.fileCode ?? null);

/** The changes of one transition, in the order they are found (lifecycle, then content top to bottom). */
export class ChangeList {
  readonly changes: AuditChange[] = [];

  /** A field whose value differs; "not there" on one side reads as added or removed. */
  value(label: string, before: AuditValue | null, after: AuditValue | null): void {
    if (sameValue(before, after)) return;
    const op = before === null ? 'added' : after === null ? 'removed' : 'changed';
    this.changes.push({ label, op, before, after });
  }

  /** Two sets of ids or codes: each one added or removed, by name. */
  members(label: string, before: readonly string[], after: readonly string[], name: (id: string) => string) {
    const had = new Set(before);
    const has = new Set(after);
    for (const id of before) if (!has.has(id)) this.value(label, shown(name(id)), null);
    for (const id of after) if (!had.has(id)) this.value(label, null, shown(name(id)));
  }

  /** A file field: shown as a thumbnail or link, worded "file". */
  file(label: string, w: WordsOf, before: string | null | undefined, after: string | null | undefined) {
    if ((before ?? null) === (after ?? null)) return;
    this.value(label, before ? shown(w('file'), before) : null, after ? shown(w('file'), after) : null);
  }
}

export const yesNo = (w: WordsOf, value: boolean | null | undefined) =>
  value === null || value === undefined ? null : w(value ? 'yes' : 'no');

export const EMPTY_NAMES: AuditNames = {
  units: {},
  tags: {},
  accessories: {},
  models: {},
  categories: {},
  recipes: {},
};
