import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { maintainDeviceHistory } from '@kb/devices';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';

/**
 * The device history's upkeep on a timer: partitions made ahead, each brand's retention applied (see
 * maintainDeviceHistory). Every API process runs the timer; an advisory lock lets one of them do the work.
 * The first run is at start, so a fresh or long-stopped system has its current partitions at once.
 */
@Injectable()
export class DeviceHistoryMaintenance implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeviceHistory');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.DEVICE_HISTORY_MAINTENANCE_MS;
    if (!every) return;
    this.run();
    this.timer = setInterval(() => this.run(), every);
    this.timer.unref();
  }

  private run(): void {
    if (this.running) return;
    this.running = maintainDeviceHistory(this.pool)
      .then((r) => {
        if (r.created.length || r.dropped.length || r.deleted)
          this.logger.log(
            `partitions created ${r.created.join(', ') || '-'}; dropped ${r.dropped.join(', ') || '-'}; rows past retention deleted ${r.deleted}`,
          );
      })
      .catch((err: unknown) => this.logger.warn(`device history upkeep failed: ${(err as Error).message}`))
      .finally(() => (this.running = undefined));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
