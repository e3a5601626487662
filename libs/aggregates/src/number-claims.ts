import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { AppError } from '@kb/platform';

const LOCK_NOT_AVAILABLE = '55P03';

/** A record's number before and after the events being appended (null: none yet, or no longer one). */
export interface NumberChange {
  from: string | null;
  to: string | null;
}

/** Where an event-sourced record's numbers are claimed and listed. */
export interface NumberClaimTables {
  /** The claims: primary key (brand_owner_code, `keyColumn`), the holder's id in `holderColumn`. */
  claims: string;
  keyColumn: string;
  holderColumn: string;
  /** The read model listing the records with their `number`, the holder's id in `holderColumn`. */
  listed: string;
  /** Recipe numbers are unique as typed; pack numbers whatever their case (claimed in lower case). */
  caseSensitive: boolean;
  /** The refusal of a number someone else holds, under the form's `number` field. */
  taken(number: string, lang: UiLang): AppError;
}

/** Advisory lock namespace of number claims (first key; the second is hashtext of claims table, brand and key). */
const NUMBER_LOCK = 727_041;

/**
 * Number uniqueness per brand for event-sourced records (recipes, offline packs), race-safe. The event store
 * cannot join a transaction of ours, and no transaction may sit idle while the append waits on another connection
 * (the server would end it, and a blocked append would hold it open for as long as the block lasts). So a claim is
 * serialised per number by a session advisory lock, held on the claims connection outside any transaction, around
 * the claim and the append:
 *
 * - two saves with one number: the second waits for the lock (at most the pool's lock_timeout, then 409); when it
 *   gets it, the first's append has succeeded (its stream holds the number: taken) or failed (its claim is gone or
 *   is taken over). No window in which both see the number free.
 * - the claim row is written before the append, in a statement of its own; a claim whose holder does not have the
 *   number (its append failed, the process died, the record was renumbered, cleared or deleted) is taken over; the
 *   holder's stream, not the read model, says so (`holds`).
 * - the read model is checked too: it covers records whose claim is missing, e.g. records saved before claims
 *   existed.
 * - the lock ends with its session: a process that dies mid-claim frees the number at once.
 *
 * The claims run on their own pool: a claim holds its connection while the append takes another, so on one
 * shared pool enough concurrent claims would wait forever for the appends' connections.
 */
export abstract class NumberClaims {
  protected constructor(
    protected readonly pool: pg.Pool,
    private readonly tables: NumberClaimTables,
  ) {}

  /** The key a number is unique under. */
  protected keyOf(number: string): string {
    return this.tables.caseSensitive ? number : number.toLowerCase();
  }

  /** Whether the record, as its stream says now, is live and carries the number with this key. */
  protected abstract holds(brand: string, id: string, key: string): Promise<boolean>;

  /** Runs `append` with `change.to` claimed for `id` and `change.from` released when it succeeded. */
  async withNumber<T>(
    brand: string,
    id: string,
    change: NumberChange,
    lang: UiLang,
    append: () => Promise<T>,
  ): Promise<T> {
    const from = change.from === null ? null : this.keyOf(change.from);
    const to = change.to === null ? null : this.keyOf(change.to);
    if (from === to) return append();
    if (change.to === null) {
      const result = await append();
      await this.release(brand, id, from);
      return result;
    }
    const client = await this.pool.connect();
    const lockKey = `${this.tables.claims}:${brand}:${to}`;
    let locked = false;
    let broken: Error | undefined;
    try {
      try {
        await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [NUMBER_LOCK, lockKey]);
        locked = true;
      } catch (error) {
        // Another save holds the number for longer than the lock timeout: the caller tries again.
        if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new AppError(409, 'conflict');
        throw error;
      }
      let result: T;
      try {
        await this.claim(client, brand, id, change.to, lang);
        result = await append();
      } catch (error) {
        // Not needed for correctness (a holder without the number is taken over), only to leave no stale row.
        await this.release(brand, id, to, client);
        throw error;
      }
      await this.release(brand, id, from, client);
      return result;
    } finally {
      if (locked)
        await client
          .query('SELECT pg_advisory_unlock($1, hashtext($2))', [NUMBER_LOCK, lockKey])
          .catch((e: Error) => (broken = e));
      // A client that could not unlock goes, and its session's lock with it.
      client.release(broken);
    }
  }

  /** Drops `id`'s claim of the number with this key, if it still holds it; a failure leaves a claim to take over. */
  private async release(
    brand: string,
    id: string,
    key: string | null,
    db: pg.Pool | pg.PoolClient = this.pool,
  ): Promise<void> {
    if (key === null) return;
    const { claims, keyColumn, holderColumn } = this.tables;
    await db
      .query(
        `DELETE FROM ${claims} WHERE brand_owner_code = $1 AND ${keyColumn} = $2 AND ${holderColumn} = $3`,
        [brand, key, id],
      )
      .catch(() => undefined);
  }

  private async claim(
    client: pg.PoolClient,
    brand: string,
    id: string,
    number: string,
    lang: UiLang,
  ): Promise<void> {
    const { claims, keyColumn, holderColumn, taken } = this.tables;
    const key = this.keyOf(number);
    const inserted = await client.query(
      `INSERT INTO ${claims} (brand_owner_code, ${keyColumn}, ${holderColumn}) VALUES ($1, $2, $3)
       ON CONFLICT (brand_owner_code, ${keyColumn}) DO NOTHING`,
      [brand, key, id],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await client.query<{ holder: string }>(
        `SELECT ${holderColumn}::text AS holder FROM ${claims}
          WHERE brand_owner_code = $1 AND ${keyColumn} = $2`,
        [brand, key],
      );
      const holder = rows[0]?.holder;
      if (holder && holder !== id) {
        if (await this.holds(brand, holder, key)) throw taken(number, lang);
        await client.query(
          `UPDATE ${claims} SET ${holderColumn} = $3, claimed_at = now()
            WHERE brand_owner_code = $1 AND ${keyColumn} = $2`,
          [brand, key, id],
        );
      }
    }
    for (const other of await this.listedWith(client, brand, key, id))
      if (await this.holds(brand, other, key)) throw taken(number, lang);
  }

  /** Records of the read model listed with a number of this key, besides `except` (a lower() index serves it). */
  private async listedWith(db: pg.Pool | pg.PoolClient, brand: string, key: string, except?: string) {
    const { listed, holderColumn, caseSensitive } = this.tables;
    const { rows } = await db.query<{ holder: string }>(
      `SELECT ${holderColumn}::text AS holder FROM ${listed}
        WHERE brand_owner_code = $1 AND lower(number) = lower($2) ${caseSensitive ? 'AND number = $2' : ''}
          ${except ? `AND ${holderColumn} <> $3` : ''}
        LIMIT 5`,
      except ? [brand, key, except] : [brand, key],
    );
    return rows.map((r) => r.holder);
  }

  /** Whether some other record of the brand holds the number (for picking a free number for a copy). */
  async isTaken(brand: string, number: string): Promise<boolean> {
    const { claims, keyColumn, holderColumn } = this.tables;
    const key = this.keyOf(number);
    const { rows } = await this.pool.query<{ holder: string }>(
      `SELECT ${holderColumn}::text AS holder FROM ${claims} WHERE brand_owner_code = $1 AND ${keyColumn} = $2`,
      [brand, key],
    );
    const holders = new Set([
      ...rows.map((r) => r.holder),
      ...(await this.listedWith(this.pool, brand, key)),
    ]);
    for (const holder of holders) if (await this.holds(brand, holder, key)) return true;
    return false;
  }
}
