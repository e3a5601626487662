/** The slice of a pino logger the framework uses; pass the app's pino instance. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function errorFields(error: unknown): { err: { message: string; name?: string; stack?: string } } {
  if (error instanceof Error)
    return { err: { message: error.message, name: error.name, stack: error.stack } };
  return { err: { message: String(error) } };
}

export function formatPosition(p: { transactionId: bigint; globalPosition: bigint }): string {
  return `${p.transactionId}/${p.globalPosition}`;
}

/**
 * While a client is checked out of the pool, nothing listens for its 'error' event, and a connection lost between
 * two queries would crash the process. The next query on it fails anyway, so a no-op listener is enough.
 */
export function quietErrors(client: {
  on(event: 'error', l: () => void): unknown;
  off(event: 'error', l: () => void): unknown;
}) {
  const ignore = () => undefined;
  client.on('error', ignore);
  return () => void client.off('error', ignore);
}
