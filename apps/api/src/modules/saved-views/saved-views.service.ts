import { Injectable } from '@nestjs/common';
import {
  MAX_SAVED_VIEWS_PER_LIST,
  type ListName,
  type SavedView,
  type SavedViewSave,
  type SavedViewState,
} from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { badRequest, forbidden, notFound } from '../../common/app-error.js';
import { requestContext } from '../../common/request-context.js';
import { Db } from '../../infra/db.js';

interface ViewRow {
  id: string;
  list: ListName;
  name: string;
  state: SavedViewState;
  shared: boolean;
  owner_account: string;
  updated_at: Date;
}

/**
 * Saved list views: each staff member's own, and those shared with the brand. Saving under a name one already
 * uses replaces that view; only its owner changes a view, and its owner (or an admin, for a shared one) deletes it.
 */
@Injectable()
export class SavedViewsService {
  constructor(private readonly db: Db) {}

  private toView(r: ViewRow): SavedView {
    const user = requestContext.user();
    const mine = r.owner_account === user.account;
    return {
      id: r.id,
      list: r.list,
      name: r.name,
      state: r.state,
      shared: r.shared,
      owner: r.owner_account,
      mine,
      deletable: mine || (r.shared && user.role === 'admin'),
      updatedAt: r.updated_at.toISOString(),
    };
  }

  async list(list: ListName): Promise<SavedView[]> {
    const rows = await this.db.scoped<ViewRow>(
      `SELECT id, list, name, state, shared, owner_account, updated_at FROM saved_views
        WHERE brand_owner_code = $1 AND list = $2 AND (owner_account = $3 OR shared)
        ORDER BY owner_account = $3 DESC, lower(name), id`,
      [list, requestContext.user().account],
    );
    return rows.map((r) => this.toView(r));
  }

  async save(input: SavedViewSave): Promise<SavedView> {
    const account = requestContext.user().account;
    const brand = requestContext.brand();
    return withTransaction(this.db.pool, async (tx) => {
      if (input.id) {
        const { rows } = await tx.query<ViewRow>(
          `UPDATE saved_views SET name = $4, state = $5, shared = $6, updated_at = now()
            WHERE brand_owner_code = $1 AND id = $2 AND owner_account = $3 AND list = $7
            RETURNING id, list, name, state, shared, owner_account, updated_at`,
          [brand, input.id, account, input.name, JSON.stringify(input.state), input.shared, input.list],
        );
        if (!rows[0]) throw notFound('saved_view_not_found');
        return this.toView(rows[0]);
      }
      // One user's saves of one list are serialised, so the bound below holds under double clicks.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `saved_views:${brand}:${input.list}:${account}`,
      ]);
      const { rows: counted } = await tx.query<{ n: number; same: boolean }>(
        `SELECT count(*)::int AS n, bool_or(name = $4) AS same FROM saved_views
          WHERE brand_owner_code = $1 AND list = $2 AND owner_account = $3`,
        [brand, input.list, account, input.name],
      );
      if (!counted[0]?.same && (counted[0]?.n ?? 0) >= MAX_SAVED_VIEWS_PER_LIST)
        throw badRequest('saved_view_limit', { max: MAX_SAVED_VIEWS_PER_LIST });
      const { rows } = await tx.query<ViewRow>(
        `INSERT INTO saved_views (brand_owner_code, list, owner_account, name, state, shared)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (brand_owner_code, list, owner_account, name)
           DO UPDATE SET state = EXCLUDED.state, shared = EXCLUDED.shared, updated_at = now()
         RETURNING id, list, name, state, shared, owner_account, updated_at`,
        [brand, input.list, account, input.name, JSON.stringify(input.state), input.shared],
      );
      return this.toView(rows[0]!);
    });
  }

  async delete(id: string): Promise<{ deleted: number }> {
    const [row] = await this.db.scoped<ViewRow>(
      `SELECT id, list, name, state, shared, owner_account, updated_at FROM saved_views
        WHERE brand_owner_code = $1 AND id = $2`,
      [id],
    );
    // Another's private view is as unknown as one that does not exist.
    if (!row || (!row.shared && row.owner_account !== requestContext.user().account))
      throw notFound('saved_view_not_found');
    if (!this.toView(row).deletable) throw forbidden('saved_view_not_owner');
    const deleted = await this.db.scoped(
      'DELETE FROM saved_views WHERE brand_owner_code = $1 AND id = $2 RETURNING id',
      [id],
    );
    return { deleted: deleted.length };
  }
}
