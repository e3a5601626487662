import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  csvCell,
  roleCan,
  type AuditComparison,
  type AuditEndedPage,
  type AuditHistory,
  type AuditKind,
  type AuditState,
  type UiLang,
} from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { permissionDenied } from '../auth/permission.messages.js';
import { isoTime } from '../../common/reference-entity/definition.js';
import { requestContext } from '../../common/request-context.js';
import { PG_POOL } from '../../infra/tokens.js';
import { diffContext, EMPTY_NAMES } from './audit-diff-kit.js';
import { AuditNamesLoader } from './audit-names.js';
import type { AuditSubject, LoadedStream, NameRefs } from './audit-subject.js';
import { wordsFor } from './audit-words.js';
import { ApkAudit } from './subjects/apk-audit.js';
import { OfflinePackAudit } from './subjects/offline-pack-audit.js';
import { RecipeAudit } from './subjects/recipe-audit.js';

/** Per kind: the stream-summary aggregate type and the event that ends a record (cleared / deleted). */
const ENDINGS: Record<AuditKind, { aggregate: string; event: string }> = {
  recipe: { aggregate: 'recipe', event: 'RecipeCleared' },
  apk: { aggregate: 'apk', event: 'ApkPackageDeleted' },
  offlinePack: { aggregate: 'offline-pack', event: 'OfflinePackDeleted' },
};

/** The references of two states together. */
function mergeRefs(a: NameRefs | undefined, b: NameRefs): NameRefs {
  if (!a) return b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof NameRefs)[]);
  return Object.fromEntries([...keys].map((k) => [k, [...new Set([...(a[k] ?? []), ...(b[k] ?? [])])]]));
}

/**
 * The audit trail of any event-sourced record, replayed from its stream: entries worded for the reader, the
 * state as of an event with the names it needs, two versions compared, and the CSV of the whole trail. A cleared
 * or deleted record's trail is for auditors and admins (`audit.read`) only.
 */
@Injectable()
export class AuditService {
  private readonly subjects: Record<AuditKind, AuditSubject<unknown>>;

  constructor(
    recipes: RecipeAudit,
    apks: ApkAudit,
    packs: OfflinePackAudit,
    private readonly names: AuditNamesLoader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {
    // Each subject reads and diffs the states it loaded itself; the trail treats them as opaque.
    this.subjects = {
      recipe: recipes as AuditSubject<unknown>,
      apk: apks as AuditSubject<unknown>,
      offlinePack: packs as AuditSubject<unknown>,
    };
  }

  private async stream(brand: string, lang: UiLang, kind: AuditKind, id: string) {
    const subject = this.subjects[kind];
    const stream: LoadedStream<unknown> = await subject.load(brand, lang, id);
    if (stream.ended) {
      const role = requestContext.user().role;
      if (!roleCan(role, 'audit.read')) throw permissionDenied(role, 'audit.read');
    }
    // Each event reads with the names its references had when it happened: those its state names and those it
    // moved away from (the state before it).
    const refs = stream.entries.map((e) => subject.refs(e.state));
    const names = await this.names.load(
      brand,
      lang,
      stream.entries.map((e, i) => ({ refs: mergeRefs(refs[i - 1], refs[i]!), at: e.occurredAt })),
    );
    const ctxs = names.map((n) => diffContext(lang, n));
    return { subject, stream, ctxs, refs };
  }

  async history(brand: string, lang: UiLang, kind: AuditKind, id: string): Promise<AuditHistory> {
    const { subject, stream, ctxs } = await this.stream(brand, lang, kind, id);
    const entries = stream.entries.map((entry, i) => ({
      revision: entry.revision,
      eventId: entry.eventId,
      title: entry.title,
      actor: entry.actor,
      occurredAt: entry.occurredAt,
      status: subject.status(entry.state, ctxs[i]!),
      reason: subject.reason(entry),
      changes: subject.diff(i === 0 ? null : stream.entries[i - 1]!.state, entry.state, ctxs[i]!),
    }));
    const last = stream.entries.at(-1)!;
    return {
      kind,
      id,
      number: stream.number,
      status: subject.status(last.state, ctxs.at(-1)!),
      ended: stream.ended,
      entries,
    };
  }

  async state(
    brand: string,
    lang: UiLang,
    kind: AuditKind,
    id: string,
    revision: number,
  ): Promise<AuditState> {
    const { stream, ctxs } = await this.stream(brand, lang, kind, id);
    const at = stream.entries.findIndex((e) => e.revision === revision);
    if (at < 0) throw new AppError(404, 'audit_revision_not_found');
    const entry = stream.entries[at]!;
    return { kind, id, revision, occurredAt: entry.occurredAt, state: entry.state, names: ctxs[at]!.names };
  }

  async compare(
    brand: string,
    lang: UiLang,
    kind: AuditKind,
    id: string,
    from: number,
    to: number,
  ): Promise<AuditComparison> {
    const { subject, stream, refs } = await this.stream(brand, lang, kind, id);
    const at = (revision: number) => {
      const index = stream.entries.findIndex((e) => e.revision === revision);
      if (index < 0) throw new AppError(404, 'audit_revision_not_found');
      return index;
    };
    const [a, b] = [at(from), at(to)];
    // Both sides read with the names as of the later version: one name per record on one line.
    const [names] = await this.names.load(brand, lang, [
      { refs: mergeRefs(refs[a], refs[b]!), at: stream.entries[Math.max(a, b)]!.occurredAt },
    ]);
    const changes = subject.diff(
      stream.entries[a]!.state,
      stream.entries[b]!.state,
      diffContext(lang, names!),
    );
    return { from, to, changes };
  }

  /** The trail as an audit file: one row per change (an event without changes: one row), UTF-8 with BOM. */
  async csv(
    brand: string,
    lang: UiLang,
    kind: AuditKind,
    id: string,
  ): Promise<{ name: string; body: string }> {
    const history = await this.history(brand, lang, kind, id);
    const w = wordsFor(lang);
    const header = [
      'csvRevision',
      'csvTime',
      'csvActor',
      'csvEvent',
      'csvStatus',
      'csvReason',
      'csvField',
      'csvBefore',
      'csvAfter',
    ].map((k) => w(k));
    const rows = history.entries.flatMap((e) => {
      const head = [e.revision + 1, e.occurredAt, e.actor, e.title, e.status, e.reason];
      return e.changes.length === 0
        ? [[...head, '', '', '']]
        : e.changes.map((c) => [...head, c.label, c.before?.text ?? '', c.after?.text ?? '']);
    });
    const body = '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
    return { name: `${kind}-${history.number || id}-history.csv`, body };
  }

  /** Cleared and deleted records of one kind, the most recently ended first (keyset on the stream summary). */
  async ended(
    brand: string,
    lang: UiLang,
    kind: AuditKind,
    before: string | undefined,
    size: number,
  ): Promise<AuditEndedPage> {
    const { aggregate, event } = ENDINGS[kind];
    const [at, streamId] = before ? before.split('|') : [null, null];
    const { rows } = await this.pool.query<{ stream_id: string; last_actor: string; updated_at: Date }>(
      `SELECT stream_id, last_actor, updated_at FROM stream_summary
        WHERE brand_owner_code = $1 AND aggregate_type = $2 AND last_event_type = $3
          AND ($4::timestamptz IS NULL OR (updated_at, stream_id) < ($4::timestamptz, $5::text))
        ORDER BY updated_at DESC, stream_id DESC LIMIT $6`,
      [brand, aggregate, event, at || null, streamId ?? '', size + 1],
    );
    const page = rows.slice(0, size);
    const subject = this.subjects[kind];
    const items = await Promise.all(
      page.map(async (row) => {
        const id = row.stream_id.slice(aggregate.length + 1);
        const stream = await subject.load(brand, lang, id);
        const ctx = diffContext(lang, EMPTY_NAMES);
        return {
          kind,
          id,
          number: stream.number,
          status: subject.status(stream.entries.at(-1)!.state, ctx),
          endedAt: isoTime(row.updated_at),
          endedBy: row.last_actor,
          cursor: `${isoTime(row.updated_at)}|${row.stream_id}`,
        };
      }),
    );
    return { items, next: rows.length > size ? items.at(-1)!.cursor : null };
  }
}
