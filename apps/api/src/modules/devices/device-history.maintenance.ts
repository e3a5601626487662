import { Inject, Injectable } from '@nestjs/common';
import { maintainDeviceHistory } from '@kb/devices';
import type pg from 'pg';
import { PeriodicTask } from '../../common/periodic-task.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';

/**
 * The device history's upkeep on a timer: partitions made ahead, each brand's retention applied (see
 * maintainDeviceHistory). Every API process runs the timer; an advisory lock lets one of them do the work.
 * The first run is at start, so a fresh or long-stopped system has its current partitions at once.
 */
@Injectable()
export class DeviceHistoryMaintenance extends PeriodicTask {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super('DeviceHistory', config.DEVICE_HISTORY_MAINTENANCE_MS, true);
  }

  protected async run(): Promise<void> {
    const r = await maintainDeviceHistory(this.pool);
    if (r.created.length || r.dropped.length || r.deleted)
      this.logger.log(
        `partitions created ${r.created.join(', ') || '-'}; dropped ${r.dropped.join(', ') || '-'}; rows past retention deleted ${r.deleted}`,
      );
  }
}
