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
 * (so under load a job carries every post of a round trip, not only those of one turn). A job holds at most
 * `maxPosts` posts and, past `maxMessages`, is written at once; so a lone post waits for no timer, only for the
 * end of the turn it arrived in (and for the job before it, if one is on its way).
 */
export class PostCoalescer<P extends QueuedPost = QueuedPost & Record<string, unknown>> {
  private posts: P[] = [];
  private messages = 0;
  private waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  /** Jobs on their way to Redis. */
  private writing = 0;

  constructor(
    private readonly queue: Queue,
    private readonly jobName: string,
    private readonly options: {
      maxPosts?: number;
      maxMessages?: number;
      /** The mark of the schema every post was checked against (`checkedMark`), written on each job. */
      checked?: string;
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
      else if (!this.scheduled && !this.writing) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
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
   * A job is in Redis (or refused): the posts that arrived meanwhile go at the end of this turn of the event loop,
   * with those of every request read in the same turn. Written at once, the job would leave behind the requests
   * read just after the answer from Redis, for the next round trip: more, smaller jobs, each costing its Redis
   * writes, its taking and its completion.
   */
  private written(): void {
    this.writing--;
    if (!this.writing && !this.scheduled && this.posts.length) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }
}
