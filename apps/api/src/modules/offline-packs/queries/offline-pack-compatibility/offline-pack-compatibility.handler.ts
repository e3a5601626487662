import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  OFFLINE_PACK_INCOMPATIBILITIES,
  type OfflinePackCompatibility,
  type OfflinePackIncompatibility,
} from '@kb/contracts';
import { DomainError, type OfflinePackEvent, type OfflinePackState } from '@kb/domain';
import { releaseFitCountsSql } from '@kb/devices';
import { offlinePackAggregate, type AggregateStreams } from '@kb/aggregates';
import { streamsOf } from '../../../../common/aggregate-kit/aggregate-providers.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { OfflinePackCompatibilityQuery } from './offline-pack-compatibility.query.js';

/**
 * $1 brand, $2 sub-brand, $3 factory model, $4 the pack's languages: the sub-brand's devices per reason the pack
 * does not fit them (null: it does), by the rule APK releases use (@kb/devices) with no minimum firmware.
 */
const MISFIT_COUNTS = releaseFitCountsSql('$1', '$2', '$3::text', 'NULL::text', '$4::text[]');

/** The languages every selected recipe of the brand is written in ($1 brand, $2 recipe ids). */
const PACK_LANGUAGES = `SELECT lang FROM recipe_list r, unnest(r.langs) AS lang
  WHERE r.brand_owner_code = $1 AND r.recipe_id = ANY($2::uuid[])
  GROUP BY lang HAVING count(*) = (SELECT count(*) FROM recipe_list
    WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[]))
  ORDER BY lang`;

@QueryHandler(OfflinePackCompatibilityQuery)
export class OfflinePackCompatibilityHandler implements IQueryHandler<OfflinePackCompatibilityQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(streamsOf(offlinePackAggregate))
    private readonly streams: AggregateStreams<OfflinePackEvent, OfflinePackState>,
  ) {}

  async execute({ brand, id }: OfflinePackCompatibilityQuery): Promise<OfflinePackCompatibility> {
    // The stream, not the read model: whether the pack was ever tested decides the override, as the decider does.
    const { state } = await this.streams.load(brand, id);
    if (state.status !== 'active') throw new DomainError(404, 'offline_pack_not_found');
    const { productCode, subBrandCode, recipeIds } = state.content;
    const languages = (await this.pool.query<{ lang: string }>(PACK_LANGUAGES, [brand, recipeIds])).rows.map(
      (r) => r.lang,
    );
    const { rows } = await this.pool.query<{ misfit: OfflinePackIncompatibility | null; devices: number }>(
      MISFIT_COUNTS,
      [brand, subBrandCode, productCode, languages],
    );
    const count = (misfit: OfflinePackIncompatibility | null) =>
      rows.find((r) => r.misfit === misfit)?.devices ?? 0;
    return {
      devices: rows.reduce((sum, r) => sum + r.devices, 0),
      eligible: count(null),
      incompatible: OFFLINE_PACK_INCOMPATIBILITIES.map((reason) => ({
        reason,
        devices: count(reason),
      })).filter((r) => r.devices > 0),
      languages,
      tested: Boolean(state.testedAt),
    };
  }
}
