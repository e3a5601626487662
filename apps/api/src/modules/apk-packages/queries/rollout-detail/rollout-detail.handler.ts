import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ApkRolloutDetail } from '@kb/contracts';
import { DomainError, type ExistingApk } from '@kb/domain';
import { PG_POOL } from '../../../../infra/tokens.js';
import { ApkFleet } from '../../apk-fleet.js';
import { RolloutDetailQuery } from './rollout-detail.query.js';

const NO_DEVICES: ApkRolloutDetail['devices'] = {
  targeted: 0,
  inStage: 0,
  onNew: 0,
  onOld: 0,
  activeNew: 0,
  activeOld: 0,
};

@QueryHandler(RolloutDetailQuery)
export class RolloutDetailHandler implements IQueryHandler<RolloutDetailQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly fleet: ApkFleet,
  ) {}

  async execute({ brand, lang, id }: RolloutDetailQuery): Promise<ApkRolloutDetail> {
    const { rows } = await this.pool.query<{ state: ExistingApk }>(
      `SELECT state FROM apk_detail WHERE brand_owner_code = $1 AND apk_id = $2`,
      [brand, id],
    );
    const state = rows[0]?.state;
    const apk = await this.fleet.package(brand, id);
    if (!state || !apk) throw new DomainError(404, 'apk_not_found');
    const rollout = state.rollout ?? null;
    const needs = rollout ?? { minFirmware: null, languages: [] };
    const compatibility = await this.fleet.compatibility(brand, apk, needs);
    const figures = rollout
      ? await this.fleet.watchFigures(brand, apk, rollout, lang)
      : { devices: { ...NO_DEVICES, targeted: compatibility.eligible }, faults: [] };
    return {
      id,
      versionNumber: state.content.versionNumber,
      apkVersion: state.content.apkVersion,
      tested: Boolean(state.testedAt),
      rollout,
      ...figures,
      compatibility,
    };
  }
}
