import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * A task an API process runs on a timer of its own (a rollout's clock, the device history's upkeep), from the
 * application's start to its shutdown: one run at a time, the next `every` ms after the last one ended (0: never),
 * the first at start when `atStart`; a failure is logged and the timer kept. Shutdown waits for a run in flight,
 * and a long run can end early by looking at `stopped`.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private ended = false;

  constructor(
    context: string,
    private readonly every: number,
    private readonly atStart = false,
  ) {
    this.logger = new Logger(context);
  }

  /** One run of the task. */
  protected abstract run(): Promise<unknown>;

  onApplicationBootstrap(): void {
    if (this.every <= 0) return;
    if (this.atStart) this.runOnce();
    else this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.ended = true;
    clearTimeout(this.timer);
    await this.running;
  }

  protected get stopped(): boolean {
    return this.ended;
  }

  private schedule(): void {
    if (this.ended) return;
    this.timer = setTimeout(() => this.runOnce(), this.every);
    this.timer.unref();
  }

  private runOnce(): void {
    this.running = this.run()
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`${this.constructor.name} failed: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
  }
}
