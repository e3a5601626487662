/**
 * Gathers the items of many jobs into one write. A job hands its items over and waits until they are
 * committed, so a job completes only after its rows are in Postgres: a worker killed mid-write leaves its jobs
 * active, BullMQ takes them up again, and the idempotent write stores each message once.
 *
 * A write starts when `maxItems` are waiting or `lingerMs` after the first arrived; at most `maxConcurrent`
 * writes run at once, and while they do the next batch keeps growing (bigger batches under load). When a
 * shared write fails, each job's items are written alone, so one bad job cannot fail the others.
 */
export class BatchWriter<T> {
  private waiting = 0;
  private waiters: { items: T[]; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly options: { maxItems: number; lingerMs: number; maxConcurrent: number },
  ) {}

  add(items: T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting += items.length;
      this.waiters.push({ items, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (!this.waiters.length || this.running >= this.options.maxConcurrent) return;
    if (this.waiting >= this.options.maxItems) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (this.running < this.options.maxConcurrent) this.flush();
    }, this.options.lingerMs);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Whole jobs only, up to maxItems (a job larger than that goes alone).
    const waiters: typeof this.waiters = [];
    let count = 0;
    while (
      this.waiters.length &&
      (count === 0 || count + this.waiters[0]!.items.length <= this.options.maxItems)
    ) {
      const w = this.waiters.shift()!;
      waiters.push(w);
      count += w.items.length;
    }
    this.waiting -= count;
    this.running++;
    void this.run(waiters).finally(() => {
      this.running--;
      this.schedule();
    });
  }

  private async run(waiters: typeof this.waiters): Promise<void> {
    try {
      await this.write(waiters.flatMap((w) => w.items));
      for (const w of waiters) w.resolve();
    } catch (error) {
      if (waiters.length === 1) return waiters[0]!.reject(error);
      for (const w of waiters) {
        try {
          await this.write(w.items);
          w.resolve();
        } catch (own) {
          w.reject(own);
        }
      }
    }
  }

  /** Items waiting for a write. */
  get pending(): number {
    return this.waiting;
  }
}
