import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { ApkRollout } from '@kb/contracts';
import { apkAggregate, rolloutStep, type Actor, type ApkPath } from '@kb/aggregates';
import { faultWatchFinding, type ExistingApk } from '@kb/domain';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { pathOf } from '../../common/aggregate-kit/aggregate-providers.js';
import { PeriodicTask } from '../../common/periodic-task.js';
import { ApkFleet } from './apk-fleet.js';

/** Who the watch's events name as their actor. */
export const ROLLOUT_WATCH_ACCOUNT = 'system';

/**
 * The fault watch of running rollouts, and the clock of their scheduled stages: every ROLLOUT_WATCH_MS it reads the
 * running rollouts, starts a stage whose time has come, and pauses a rollout whose new version reports a fault type
 * past its threshold (`faultWatchFinding`), through the APK command path like any staff command.
 *
 * A periodic job in the API rather than a projection: the watch is driven by time and by the device tables
 * (faults, versions, activity), not by the event stream, and its output is commands, which the API's command path
 * runs (a projection writes read models only). Several API instances may each run it: the decider records nothing
 * for a rollout paused already or a stage started already, and a race is a version conflict, so at most one event
 * is recorded per decision.
 */
@Injectable()
export class ApkRolloutWatch extends PeriodicTask {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(pathOf(apkAggregate)) private readonly path: ApkPath,
    private readonly fleet: ApkFleet,
  ) {
    super('ApkRolloutWatch', config.ROLLOUT_WATCH_MS);
  }

  protected run(): Promise<number> {
    return this.tick();
  }

  /** One look at every running rollout; answers how many it changed. */
  async tick(now = new Date()): Promise<number> {
    const { rows } = await this.pool.query<{ id: string; brand: string; state: ExistingApk }>(
      `SELECT apk_id::text AS id, brand_owner_code AS brand, state FROM apk_detail
        WHERE state->'rollout'->>'status' = 'running'`,
    );
    let changed = 0;
    for (const { id, brand, state } of rows) {
      if (this.stopped) break;
      try {
        if (await this.watch(id, brand, state, state.rollout!, now)) changed++;
      } catch (error) {
        this.logger.warn(`rollout watch of ${id}: ${(error as Error).message}`);
      }
    }
    return changed;
  }

  private async watch(id: string, brand: string, state: ExistingApk, rollout: ApkRollout, now: Date) {
    const actor: Actor = {
      brand,
      account: ROLLOUT_WATCH_ACCOUNT,
      role: 'admin',
      correlationId: randomUUID(),
      lang: 'zh',
    };
    const apk = {
      id,
      subBrandCode: state.content.subBrandCode,
      productCode: state.content.productCode,
      apkVersion: state.content.apkVersion,
    };
    const { faults } = await this.fleet.watchFigures(brand, apk, rollout, 'zh', now);
    const finding = faultWatchFinding(faults, rollout.watch);
    if (finding) {
      const paused = await this.path.run(actor, id, () => [
        rolloutStep(ROLLOUT_WATCH_ACCOUNT, { type: 'PauseApkRollout', kind: 'faults', note: '', finding }),
      ]);
      return paused.changed;
    }
    const next = rollout.stages[rollout.stage + 1];
    if (!next?.startAt || next.startAt > now.toISOString()) return false;
    const started = await this.path.run(actor, id, () => [
      rolloutStep(ROLLOUT_WATCH_ACCOUNT, { type: 'StartNextApkRolloutStage', scheduled: true }),
    ]);
    return started.changed;
  }
}
