import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { RecipeStreams } from './recipe-streams.js';

/**
 * The pool the number claims run on. Not the API's main pool: a claim holds its connection while the append takes
 * another, so on one shared pool enough concurrent claims would wait forever for the appends' connections.
 */
export const RECIPE_NUMBERS_POOL = Symbol('RECIPE_NUMBERS_POOL');
const LOCK_NOT_AVAILABLE = '55P03';

/** A recipe's number before and after the events being appended (null: it has none, or no longer one). */
export interface NumberChange {
  from: string | null;
  to: string | null;
}

export function numberTaken(number: string, lang: UiLang): AppError {
  return new AppError(
    400,
    'recipe_number_taken',
    { number },
    { fieldErrors: { number: translate('recipe_number_taken', lang, { number }) ?? number } },
  );
}

/**
 * Number uniqueness per brand, race-safe. The event store cannot join a transaction of ours, so the number is
 * claimed in `recipe_numbers` (primary key brand + number) by a transaction that stays open around the append and
 * commits only after the append succeeded:
 *
 * - two adds with one number: the second INSERT waits on the first's row lock; if the first commits, the second
 *   finds the number taken; if the first's append failed (rollback), the second gets it. No window, no orphan: a
 *   crash before the commit rolls the claim back.
 * - a claim whose holder no longer has the number (renumbered, cleared) is taken over; the holder's stream, not
 *   the read model, says so.
 * - the read model is checked too (inside the same transaction): it covers recipes whose claim is missing, e.g. a
 *   process that died between the append and the commit.
 *
 * The transaction holds back the projector's gap-free reads for the few milliseconds of the append.
 */
@Injectable()
export class RecipeNumbers {
  constructor(
    @Inject(RECIPE_NUMBERS_POOL) private readonly pool: pg.Pool,
    private readonly streams: RecipeStreams,
  ) {}

  /** Runs `append` with `change.to` claimed for `recipeId` and `change.from` released when it succeeded. */
  async withNumber<T>(
    brand: string,
    recipeId: string,
    change: NumberChange,
    lang: UiLang,
    append: () => Promise<T>,
  ): Promise<T> {
    if (change.from === change.to) return append();
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '5s'`);
      if (change.to !== null) await this.claim(client, brand, recipeId, change.to, lang);
      const result = await append();
      if (change.from !== null)
        await client.query(
          'DELETE FROM recipe_numbers WHERE brand_owner_code = $1 AND number = $2 AND recipe_id = $3',
          [brand, change.from, recipeId],
        );
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      // Another save holds the number for longer than the lock timeout: the caller tries again.
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new AppError(409, 'conflict');
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async claim(
    client: pg.PoolClient,
    brand: string,
    recipeId: string,
    number: string,
    lang: UiLang,
  ): Promise<void> {
    const inserted = await client.query(
      `INSERT INTO recipe_numbers (brand_owner_code, number, recipe_id) VALUES ($1, $2, $3)
       ON CONFLICT (brand_owner_code, number) DO NOTHING`,
      [brand, number, recipeId],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await client.query<{ recipe_id: string }>(
        'SELECT recipe_id::text AS recipe_id FROM recipe_numbers WHERE brand_owner_code = $1 AND number = $2 FOR UPDATE',
        [brand, number],
      );
      const holder = rows[0]?.recipe_id;
      if (holder && holder !== recipeId) {
        if (await this.holds(brand, holder, number)) throw numberTaken(number, lang);
        await client.query(
          'UPDATE recipe_numbers SET recipe_id = $3, claimed_at = now() WHERE brand_owner_code = $1 AND number = $2',
          [brand, number, recipeId],
        );
      }
    }
    const listed = await client.query<{ recipe_id: string }>(
      `SELECT recipe_id::text AS recipe_id FROM recipe_list
        WHERE brand_owner_code = $1 AND lower(number) = lower($2) AND number = $2 AND recipe_id <> $3 LIMIT 5`,
      [brand, number, recipeId],
    );
    for (const row of listed.rows)
      if (await this.holds(brand, row.recipe_id, number)) throw numberTaken(number, lang);
  }

  /** Whether the recipe, as its stream says now, carries this number and is not cleared. */
  private async holds(brand: string, recipeId: string, number: string): Promise<boolean> {
    const { state } = await this.streams.load(brand, recipeId);
    return state.status !== 'absent' && state.status !== 'cleared' && state.content.number === number;
  }

  /** Whether some other recipe of the brand holds the number (for picking a free number for a copy). */
  async isTaken(brand: string, number: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ recipe_id: string }>(
      `SELECT recipe_id::text AS recipe_id FROM recipe_numbers WHERE brand_owner_code = $1 AND number = $2
       UNION SELECT recipe_id::text FROM recipe_list
        WHERE brand_owner_code = $1 AND lower(number) = lower($2) AND number = $2`,
      [brand, number],
    );
    for (const row of rows) if (await this.holds(brand, row.recipe_id, number)) return true;
    return false;
  }
}
