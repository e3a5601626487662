import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { AuditNames, Names, UiLang } from '@kb/contracts';
import { displayName } from '../../common/reference-entity/definition.js';
import { PG_POOL } from '../../infra/tokens.js';
import { NAME_HISTORY_TABLES } from './audit.migrations.js';
import type { NameRefs } from './audit-subject.js';

type HistoryKind = keyof typeof NAME_HISTORY_TABLES;
const HISTORY_KINDS = Object.keys(NAME_HISTORY_TABLES) as HistoryKind[];

/** What one event's state names, and when the event happened. */
export interface NamesAt {
  refs: NameRefs;
  at: string;
}

interface NameSince {
  kind: HistoryKind;
  id: string;
  validFrom: number;
  names: Names;
}

/**
 * The names of one reference record as of a time: the last name it had taken by then, or (an event older than
 * the earliest name known, which only a clock step can give) its first name.
 */
function nameAt(history: NameSince[], at: number): Names | undefined {
  let found: NameSince | undefined;
  for (const h of history) {
    if (h.validFrom <= at) found = h;
    else break;
  }
  return (found ?? history[0])?.names;
}

/**
 * The names of what a stream's states refer to, in the reader's language. Categories, tags, units and
 * accessories are named as they were when each event happened (from their name history, which outlives a
 * deleted record); models and recipes by their names of today (models are the platform's, never renamed by a
 * brand; a recipe's own history tells its renames). A record the brand never had shows its id.
 */
@Injectable()
export class AuditNamesLoader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Names for each event, in the order given. */
  async load(brand: string, lang: UiLang, events: NamesAt[]): Promise<AuditNames[]> {
    const all = (key: keyof AuditNames) => [...new Set(events.flatMap((e) => e.refs[key] ?? []))];
    const [histories, models, recipes] = await Promise.all([
      this.histories(
        brand,
        Object.fromEntries(HISTORY_KINDS.map((k) => [k, all(k)])) as Record<HistoryKind, string[]>,
      ),
      this.models(lang, all('models')),
      this.recipes(brand, lang, all('recipes')),
    ]);
    return events.map((event) => {
      const at = Date.parse(event.at);
      const named = (kind: HistoryKind) =>
        Object.fromEntries(
          (event.refs[kind] ?? []).flatMap((id) => {
            const names = nameAt(histories.get(`${kind}:${id}`) ?? [], at);
            return names ? [[id, displayName(names, lang, lang)]] : [];
          }),
        );
      return {
        units: named('units'),
        tags: named('tags'),
        accessories: named('accessories'),
        categories: named('categories'),
        models,
        recipes,
      };
    });
  }

  /** Every name each record had, oldest first, by `kind:id`. */
  private async histories(brand: string, ids: Record<HistoryKind, string[]>) {
    const kinds = HISTORY_KINDS.filter((k) => ids[k].length > 0);
    const byRecord = new Map<string, NameSince[]>();
    if (kinds.length === 0) return byRecord;
    const { rows } = await this.pool.query<{ kind: HistoryKind; id: string; valid_from: Date; names: Names }>(
      `SELECT h.kind, h.id::text AS id, h.valid_from, h.names
         FROM reference_name_history h
         JOIN unnest($2::text[], $3::text[]) AS w(kind, id) ON h.kind = w.kind AND h.id::text = w.id
        WHERE h.brand_owner_code = $1
        ORDER BY h.kind, h.id, h.valid_from`,
      [brand, kinds.flatMap((k) => ids[k].map(() => k)), kinds.flatMap((k) => ids[k])],
    );
    for (const r of rows) {
      const key = `${r.kind}:${r.id}`;
      const list = byRecord.get(key) ?? [];
      list.push({ kind: r.kind, id: r.id, validFrom: r.valid_from.getTime(), names: r.names });
      byRecord.set(key, list);
    }
    return byRecord;
  }

  private async models(lang: UiLang, codes: string[]): Promise<Record<string, string>> {
    if (codes.length === 0) return {};
    const { rows } = await this.pool.query<{ id: string; name_zh: string; name_en: string }>(
      'SELECT product_code AS id, name_zh, name_en FROM products WHERE product_code = ANY($1::text[])',
      [codes],
    );
    return Object.fromEntries(rows.map((m) => [m.id, lang === 'zh' ? m.name_zh : m.name_en]));
  }

  private async recipes(brand: string, lang: UiLang, ids: string[]): Promise<Record<string, string>> {
    if (ids.length === 0) return {};
    const { rows } = await this.pool.query<{
      id: string;
      number: string;
      names: Record<string, string>;
      main_lang: string;
    }>(
      `SELECT recipe_id::text AS id, number, names, main_lang FROM recipe_list
        WHERE brand_owner_code = $1 AND recipe_id::text = ANY($2::text[])`,
      [brand, ids],
    );
    return Object.fromEntries(
      rows.map((r) => [r.id, [r.number, displayName(r.names, lang, r.main_lang)].filter(Boolean).join(' ')]),
    );
  }
}
