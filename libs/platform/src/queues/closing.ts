/**
 * Closes within `ms` or gives up waiting and forces it. A BullMQ worker or an ioredis connection whose Redis went
 * away (or came back while it was reconnecting) can wait for ever on a graceful close; a process shutting down must
 * not.
 */
export async function closeWithin(
  ms: number,
  close: () => Promise<unknown>,
  force: () => unknown,
): Promise<'closed' | 'forced'> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    close().then(
      () => 'closed' as const,
      () => 'forced' as const,
    ),
    new Promise<'forced'>((resolve) => {
      timer = setTimeout(() => resolve('forced'), ms);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === 'forced') {
    // A forced close can itself wait on a connection that never comes back: it gets two seconds at most.
    await Promise.race([
      Promise.resolve(force()).catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.min(ms, 2000));
      }),
    ]);
    clearTimeout(timer);
  }
  return outcome;
}

/** QUIT, or a hard disconnect if Redis does not answer in `ms`. */
export function closeRedis(
  connection: { quit(): Promise<unknown>; disconnect(): void },
  ms = 2000,
): Promise<'closed' | 'forced'> {
  return closeWithin(
    ms,
    () => connection.quit(),
    () => connection.disconnect(),
  );
}

/** A BullMQ worker or queue closed gracefully (the running job finishes) within `ms`, else disconnected. */
export function closeQueueClient(
  client: { close(): Promise<void>; disconnect(): Promise<void> },
  ms = 10_000,
): Promise<'closed' | 'forced'> {
  return closeWithin(
    ms,
    () => client.close(),
    () => client.disconnect(),
  );
}

/**
 * An ioredis `retryStrategy` that reconnects (backing off to 2 s) until `stop()`: then the connection, and the
 * copies BullMQ makes of it, end instead of waiting for a Redis that is gone, so a worker's close can finish.
 */
export function reconnectUntilStopped(): { retryStrategy: (times: number) => number | null; stop(): void } {
  let stopped = false;
  return {
    retryStrategy: (times) => (stopped ? null : Math.min(times * 100, 2000)),
    stop: () => {
      stopped = true;
    },
  };
}
