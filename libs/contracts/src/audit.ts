import { z } from 'zod';
import { text } from './text.js';

/**
 * The auditor's history of any event-sourced record (recipe, APK package, offline pack), read from its stream:
 * every event with who, when, and what changed in the reader's words (labelled fields, names instead of ids,
 * a content edit as per-language, per-serving, per-step lines), the record as of any event, and two versions
 * compared. The lines are worded by the API in the caller's language, so the screen and the CSV export agree.
 */
export const AUDIT_KINDS = ['recipe', 'apk', 'offlinePack'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

const kind = z.enum(AUDIT_KINDS, { message: 'audit_kind_invalid' });
const recordId = z.string().uuid({ message: 'audit_record_not_found' });
const revision = z.coerce
  .number({ message: 'audit_revision_invalid' })
  .int({ message: 'audit_revision_invalid' })
  .min(0, { message: 'audit_revision_invalid' })
  .max(1_000_000, { message: 'audit_revision_invalid' });

export const auditRecordQuerySchema = z.object({ kind, id: recordId });
export const auditStateQuerySchema = z.object({ kind, id: recordId, revision });
export const auditCompareQuerySchema = z.object({ kind, id: recordId, from: revision, to: revision });
/** `<ISO time of the last event>|<stream id>`, as `AuditEndedRecord.cursor` gives it. */
const CURSOR =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z\|[a-z]+(-[a-z]+)*-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cleared and deleted records of one kind, newest end first; `before` is the `cursor` of the last page. */
export const auditEndedQuerySchema = z.object({
  kind,
  before: text({ message: 'audit_cursor_invalid' })
    .max(200, { message: 'audit_cursor_invalid' })
    .regex(CURSOR, { message: 'audit_cursor_invalid' })
    .refine((cursor) => !Number.isNaN(Date.parse(cursor.split('|')[0]!)), { message: 'audit_cursor_invalid' })
    .optional(),
  size: z.coerce
    .number({ message: 'audit_page_size_invalid' })
    .int({ message: 'audit_page_size_invalid' })
    .min(1, { message: 'audit_page_size_invalid' })
    .max(100, { message: 'audit_page_size_invalid' })
    .default(20),
});

/** A value as a reader sees it: words, and a file (shown as a thumbnail or a link) when the field is one. */
export interface AuditValue {
  text: string;
  fileCode?: string | null;
}

/**
 * One changed thing: where ("2 人份 · 步骤 3 · 速度" / "2 servings · Step 3 · speed") and the value before and after
 * (null: it was not there, i.e. added or removed).
 */
export interface AuditChange {
  label: string;
  /** added: `before` is null; removed: `after` is null. */
  op: 'added' | 'removed' | 'changed';
  before: AuditValue | null;
  after: AuditValue | null;
}

export interface AuditEntry {
  revision: number;
  eventId: string;
  /** What happened, in the reader's language. */
  title: string;
  actor: string;
  occurredAt: string;
  /** The record's status after the event, in words. */
  status: string;
  /** A reason given with the event (an APK's return), if any. */
  reason: string | null;
  changes: AuditChange[];
}

export interface AuditHistory {
  kind: AuditKind;
  id: string;
  /** The record's number (recipe, pack) or version number (APK). */
  number: string;
  status: string;
  /** Cleared or deleted: only auditors and admins reach it. */
  ended: boolean;
  entries: AuditEntry[];
}

/**
 * Names, in the reader's language, of what a state refers to by id or code: categories, tags, units and
 * accessories as they were called when the event happened (even once deleted), models and recipes as today; the id
 * if the brand never had it.
 */
export interface AuditNames {
  units: Record<string, string>;
  tags: Record<string, string>;
  accessories: Record<string, string>;
  models: Record<string, string>;
  categories: Record<string, string>;
  recipes: Record<string, string>;
}

/** The record as of one event: the aggregate's state as the event store folds it, with the names it needs. */
export interface AuditState<S = unknown> {
  kind: AuditKind;
  id: string;
  revision: number;
  occurredAt: string;
  state: S;
  names: AuditNames;
}

/** Two versions compared: what changed from `from` to `to`. */
export interface AuditComparison {
  from: number;
  to: number;
  changes: AuditChange[];
}

export interface AuditEndedRecord {
  kind: AuditKind;
  id: string;
  number: string;
  /** "已清除" / "deleted" … */
  status: string;
  endedAt: string;
  endedBy: string;
  /** Where the next page starts (`before`). */
  cursor: string;
}

export interface AuditEndedPage {
  items: AuditEndedRecord[];
  /** The `before` of the next page; null on the last. */
  next: string | null;
}
