/** An item the database would not take, and what it said. */
export interface Refusal<T> {
  item: T;
  reason: string;
}

/**
 * Gathers the items of many jobs into one write. A job hands its items over and waits until they are
 * committed, so a job completes only after its rows are in Postgres: a worker killed mid-write leaves its jobs
 * active, BullMQ takes them up again, and the idempotent write stores each message once.
 *
 * A write starts when `maxItems` are waiting or `lingerMs` after the first arrived; at most `maxConcurrent`
 * writes run at once, and while they do the next batch keeps growing (bigger batches under load).
 *
 * When a shared write fails, each job's items are written alone, so one bad job cannot fail the others. When a
 * job's own write is refused for its data (`isRefusal`: a value the database will never take, as opposed to a
 * database that is away), its items are halved and written again until the refused items stand alone: every
 * other item is written, and the job learns which items were refused and why. Any other failure rejects the
 * job, which BullMQ retries (the write is idempotent, so items already written are not written twice).
 */
export class BatchWriter<T> {
  private waiting = 0;
  private waiters: {
    items: T[];
    resolve: (refused: Refusal<T>[]) => void;
    reject: (err: unknown) => void;
  }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly options: {
      maxItems: number;
      lingerMs: number;
      maxConcurrent: number;
      isRefusal: (error: unknown) => boolean;
    },
  ) {}

  /** Writes the items; answers those refused for their data (none when all were written). */
  add(items: T[]): Promise<Refusal<T>[]> {
    return new Promise<Refusal<T>[]>((resolve, reject) => {
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
    let shared: unknown;
    try {
      await this.write(waiters.flatMap((w) => w.items));
      for (const w of waiters) w.resolve([]);
      return;
    } catch (error) {
      shared = error;
    }
    for (const w of waiters) {
      try {
        w.resolve(await this.isolate(w.items, waiters.length === 1 ? { error: shared } : undefined));
      } catch (own) {
        w.reject(own);
      }
    }
  }

  /** Writes `items`, halving on a refusal of data until each refused item stands alone. */
  private async isolate(items: T[], failed?: { error: unknown }): Promise<Refusal<T>[]> {
    let error: unknown;
    if (failed) error = failed.error;
    else
      try {
        await this.write(items);
        return [];
      } catch (own) {
        error = own;
      }
    if (!this.options.isRefusal(error)) throw error;
    if (items.length === 1) return [{ item: items[0]!, reason: (error as Error).message ?? String(error) }];
    const half = Math.ceil(items.length / 2);
    return [...(await this.isolate(items.slice(0, half))), ...(await this.isolate(items.slice(half)))];
  }

  /** Items waiting for a write. */
  get pending(): number {
    return this.waiting;
  }
}
