import { comparePositions, type EventStore, type GlobalPosition, type ReadPage } from '@kb/event-store';
import type { Projection } from './projection.js';

/**
 * One read of a page of the log for every projection runner of a process that needs it. Runners catching up from
 * the same checkpoint walk the same pages (a full page is the same whoever reads it: the log never gains events
 * below a page already read), so the first runner to ask for a page reads it, with the event types any of the
 * projections wants (and payloads of the types a projection that reads payloads wants), and the others take it
 * from here, each keeping only its own event types. Without
 * this, every projection read and parsed the whole log again (four reads of every event in a catch-up).
 *
 * A page stays here until every runner that was reading when it was read has taken it or moved past it. A runner
 * ahead of the others waits before it reads a new page while `LIMIT` pages wait for the slower ones (for `WAIT_MS`
 * at most, in case one of them is stuck): it would otherwise read everything again for them, and they share the
 * process's CPU anyway (measured: letting the fast ones run ahead made the slow one read every page again).
 * Runners at the head (a page that is not full), failing or stopped leave (`leave`), so no runner waits for them.
 * Pages that are not full are never kept: near the head the next read may find more.
 */
export class SharedReads {
  private readonly types: string[] | undefined;
  private readonly withData: boolean | string[];
  /** Runners reading, so runners a page may wait for. */
  private readonly readers = new Set<object>();
  /** Where each reading runner asked last: a page waits only for runners not yet past it. */
  private readonly positions = new Map<object, GlobalPosition>();
  /** Pages read and not yet taken by every runner they wait for, oldest first. */
  private entries: { from: GlobalPosition; page: Promise<ReadPage>; waiting: Set<object> }[] = [];
  private changed: (() => void) | null = null;

  /** Pages kept at most for slower runners. */
  static readonly LIMIT = 3;
  /** The longest a runner ahead of the others waits for them before it reads a page of its own. */
  static readonly WAIT_MS = 10_000;

  constructor(
    private readonly store: EventStore,
    projections: readonly Projection[],
    private readonly batchSize: number,
  ) {
    const typesOf = (ps: readonly Projection[]) =>
      ps.some((p) => p.handles === '*')
        ? undefined
        : [...new Set(ps.flatMap((p) => p.handles as readonly string[]))];
    this.types = typesOf(projections);
    // Payloads only of the types a projection reading them handles: the others' are never sent or parsed.
    const reading = projections.filter((p) => p.readsData ?? true);
    this.withData = reading.length === 0 ? false : (typesOf(reading) ?? true);
  }

  /** The page of `batchSize` events after `from`, read here or taken from the runner that read it. */
  async read(reader: object, from: GlobalPosition): Promise<ReadPage> {
    this.readers.add(reader);
    this.positions.set(reader, from);
    for (const e of this.entries) if (comparePositions(e.from, from) < 0) e.waiting.delete(reader);
    this.prune();
    const deadline = performance.now() + SharedReads.WAIT_MS;
    for (;;) {
      const kept = this.entries.find((e) => comparePositions(e.from, from) === 0);
      if (kept) {
        kept.waiting.delete(reader);
        this.prune();
        return kept.page;
      }
      // Ahead of the others: pages this runner has taken already wait for them. (Pages that wait for this
      // runner never hold it up: it is behind them.)
      const ahead = this.entries.filter((e) => !e.waiting.has(reader)).length;
      if (ahead < SharedReads.LIMIT || performance.now() >= deadline) break;
      await this.change(deadline - performance.now());
    }
    const page = this.store.readAllPage({
      from,
      maxCount: this.batchSize,
      types: this.types,
      withData: this.withData,
      // Payloads parsed only where a projection reads them: the fold thread takes them as text.
      lazyJson: true,
    });
    // Only runners at or before this page will ask for it: one already past it never takes it, and a page waiting
    // for it would hold this runner up (two runners of different checkpoints would each wait for the other).
    const behind = [...this.readers].filter(
      (r) => r !== reader && comparePositions(this.positions.get(r)!, from) <= 0,
    );
    const entry = { from, page, waiting: new Set(behind) };
    if (entry.waiting.size > 0) {
      this.entries.push(entry);
      // Past the limit only after a wait that ran out: the oldest page goes (its runners read it themselves).
      while (this.entries.length > 4 * SharedReads.LIMIT) this.entries.shift();
      const forget = () => {
        this.entries = this.entries.filter((e) => e !== entry);
        this.notify();
      };
      page.then((p) => p.scanned < this.batchSize && forget(), forget);
    }
    return page;
  }

  /** The runner reads nothing for a while (it is at the head, failed or stopped): no page waits for it. */
  leave(reader: object): void {
    if (!this.readers.delete(reader)) return;
    this.positions.delete(reader);
    for (const e of this.entries) e.waiting.delete(reader);
    this.prune();
  }

  private prune(): void {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.waiting.size > 0);
    if (this.entries.length < before) this.notify();
  }

  private notify(): void {
    const wake = this.changed;
    this.changed = null;
    wake?.();
  }

  private change(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(1, ms));
      const previous = this.changed;
      function done() {
        clearTimeout(timer);
        resolve();
        previous?.();
      }
      this.changed = done;
    });
  }
}
