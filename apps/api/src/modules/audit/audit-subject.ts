import type { AuditChange, AuditKind, AuditNames, HistoryEntryHead, UiLang } from '@kb/contracts';
import type { DiffContext } from './audit-diff-kit.js';

/** One event of a stream with the state it folded to (as the aggregate's own history query gives it). */
export interface LoadedEntry<S> extends HistoryEntryHead {
  state: S;
}

export interface LoadedStream<S> {
  number: string;
  /** Cleared or deleted: its history is the auditor's. */
  ended: boolean;
  entries: LoadedEntry<S>[];
}

export type NameRefs = Partial<Record<keyof AuditNames, string[]>>;

/** What the audit trail needs of one kind of aggregate; the trail itself is the same for every kind. */
export interface AuditSubject<S> {
  kind: AuditKind;
  /** Replays the stream (never the read model); 404 when the caller's brand has no such stream. */
  load(brand: string, lang: UiLang, id: string): Promise<LoadedStream<S>>;
  /** The status after an event, in words. */
  status(state: S, ctx: DiffContext): string;
  /** A reason given with the event (an APK's return). */
  reason(entry: LoadedEntry<S>): string | null;
  /** Ids and codes the state names, to be resolved to names. */
  refs(state: S): NameRefs;
  /** What differs from `before` (null: the first event) to `after`, in the reader's words. */
  diff(before: S | null, after: S, ctx: DiffContext): AuditChange[];
}
