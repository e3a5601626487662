import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { OfflinePackStreams } from './offline-pack-streams.js';

/**
 * The pool the number claims run on. Not the API's main pool: a claim holds its connection while the append takes
 * another, so on one shared pool enough concurrent claims would wait forever for the appends' connections.
 */
export const OFFLINE_PACK_NUMBERS_POOL = Symbol('OFFLINE_PACK_NUMBERS_POOL');
const LOCK_NOT_AVAILABLE = '55P03';

/** A pack's number before and after the events being appended (null: none yet, or deleted). */
export interface PackNumberChange {
  from: string | null;
  to: string | null;
}

const keyOf = (number: string) => number.toLowerCase();

export function packNumberTaken(number: string, lang: UiLang): AppError {
  const message = translate('offline_pack_number_taken', lang, { number }) ?? number;
  return new AppError(400, 'offline_pack_number_taken', { number }, { fieldErrors: { number: message } });
}

/**
 * Pack number uniqueness per brand (case-insensitive), race-safe, as recipe numbers are (recipe-numbers.ts): the
 * number is claimed in `offline_pack_numbers` by a transaction that stays open around the append and commits only
 * after it succeeded. Two adds with one number: the second INSERT waits on the first's row lock and then finds the
 * number taken (or gets it, if the first append failed and rolled back). A claim whose holder no longer has the
 * number (renumbered, deleted, as its stream says) is taken over; the read model is checked too, for packs saved
 * before claims existed.
 */
@Injectable()
export class OfflinePackNumbers {
  constructor(
    @Inject(OFFLINE_PACK_NUMBERS_POOL) private readonly pool: pg.Pool,
    private readonly streams: OfflinePackStreams,
  ) {}

  /** Runs `append` with `change.to` claimed for `packId` and `change.from` released when it succeeded. */
  async withNumber<T>(
    brand: string,
    packId: string,
    change: PackNumberChange,
    lang: UiLang,
    append: () => Promise<T>,
  ): Promise<T> {
    const from = change.from === null ? null : keyOf(change.from);
    const to = change.to === null ? null : keyOf(change.to);
    if (from === to) return append();
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '5s'`);
      if (change.to !== null) await this.claim(client, brand, packId, change.to, lang);
      const result = await append();
      if (from !== null)
        await client.query(
          'DELETE FROM offline_pack_numbers WHERE brand_owner_code = $1 AND number_key = $2 AND pack_id = $3',
          [brand, from, packId],
        );
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new AppError(409, 'conflict');
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async claim(
    client: pg.PoolClient,
    brand: string,
    packId: string,
    number: string,
    lang: UiLang,
  ): Promise<void> {
    const key = keyOf(number);
    const inserted = await client.query(
      `INSERT INTO offline_pack_numbers (brand_owner_code, number_key, pack_id) VALUES ($1, $2, $3)
       ON CONFLICT (brand_owner_code, number_key) DO NOTHING`,
      [brand, key, packId],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await client.query<{ pack_id: string }>(
        `SELECT pack_id::text AS pack_id FROM offline_pack_numbers
          WHERE brand_owner_code = $1 AND number_key = $2 FOR UPDATE`,
        [brand, key],
      );
      const holder = rows[0]?.pack_id;
      if (holder && holder !== packId) {
        if (await this.holds(brand, holder, key)) throw packNumberTaken(number, lang);
        await client.query(
          `UPDATE offline_pack_numbers SET pack_id = $3, claimed_at = now()
            WHERE brand_owner_code = $1 AND number_key = $2`,
          [brand, key, packId],
        );
      }
    }
    const listed = await client.query<{ pack_id: string }>(
      `SELECT pack_id::text AS pack_id FROM offline_pack_list
        WHERE brand_owner_code = $1 AND lower(number) = $2 AND pack_id <> $3 LIMIT 5`,
      [brand, key, packId],
    );
    for (const row of listed.rows)
      if (await this.holds(brand, row.pack_id, key)) throw packNumberTaken(number, lang);
  }

  /** Whether the pack, as its stream says now, is active and carries this number. */
  private async holds(brand: string, packId: string, key: string): Promise<boolean> {
    const { state } = await this.streams.load(brand, packId);
    return state.status === 'active' && keyOf(state.content.number) === key;
  }
}
