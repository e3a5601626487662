import type { Queue } from 'bullmq';

/** One accepted post as a job carries it: who posted, when, and its messages. */
export interface QueuedPost {
  messages: readonly unknown[];
}

/**
 * Gathers the posts that arrive together into one job (`{ posts, checked? }`), so a queue write (one Redis round
 * trip) and the workers' per-job cost (taking, completing and parsing the job) are paid once for all of them
 * instead of once per post. A post is answered only when the job holding it is in Redis: `add` resolves then, or rejects
 * when Redis did not take it (nothing of the post was accepted). One job is written at a time: the posts that
 * arrive while it is on its way go in the next one, written at the end of the event-loop turn in which it is in
 * (so under load a job carries every post of a round trip, not only those of one turn), and no sooner than
 * `gapMs` after the job before it started: under load a job then carries at least `gapMs` of posts, however short
 * the round trip to Redis. A job holds at most `maxPosts` posts and, past `maxMessages`, is written at once; so a
 * lone post (none written for `gapMs`) waits for no timer, only for the end of the turn it arrived in.
 */
export class PostCoalescer<P extends QueuedPost = QueuedPost & Record<string, unknown>> {
  private posts: P[] = [];
  private messages = 0;
  private waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  /** Jobs on their way to Redis. */
  private writing = 0;
  /** When the last job started on its way (performance.now()). */
  private lastWrite = -Infinity;

  constructor(
    private readonly queue: Queue,
    private readonly jobName: string,
    private readonly options: {
      maxPosts?: number;
      maxMessages?: number;
      /** The mark of the schema every post was checked against (`checkedMark`), written on each job. */
      checked?: string;
      /** The least time between the starts of two jobs' writes (0: a job as soon as the one before is in). */
      gapMs?: number;
    } = {},
  ) {}

  add(post: P): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.posts.push(post);
      this.messages += post.messages.length;
      this.waiters.push({ resolve, reject });
      if (
        this.posts.length >= (this.options.maxPosts ?? 500) ||
        this.messages >= (this.options.maxMessages ?? 2000)
      )
        this.flush();
      else if (!this.writing) this.schedule();
    });
  }

  /** Writes the gathered posts at the end of this turn, or once `gapMs` has passed since the last job started. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const wait = this.lastWrite + (this.options.gapMs ?? 0) - performance.now();
    if (wait > 0) setTimeout(() => this.flush(), wait);
    else setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    if (!this.posts.length) return;
    const posts = this.posts;
    const waiters = this.waiters;
    this.posts = [];
    this.waiters = [];
    this.messages = 0;
    this.writing++;
    this.lastWrite = performance.now();
    this.queue
      .add(this.jobName, this.options.checked ? { posts, checked: this.options.checked } : { posts })
      .then(
        () => {
          this.written();
          for (const w of waiters) w.resolve();
        },
        (err: unknown) => {
          this.written();
          for (const w of waiters) w.reject(err);
        },
      );
  }

  /**
   * A job is in Redis (or refused): the posts that arrived meanwhile go at the end of this turn of the event loop
   * (or once the gap since the last job has passed), with those of every request read meanwhile. Written at once,
   * the job would leave behind the requests read just after the answer from Redis, for the next round trip: more,
   * smaller jobs, each costing its Redis writes, its taking and its completion.
   */
  private written(): void {
    this.writing--;
    if (!this.writing && this.posts.length) this.schedule();
  }
}
