/** §9: a page's code that has not arrived after 120 seconds counts as failed (the error panel offers a retry). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Loading the page took longer than ${ms / 1000} s`)),
        ms,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
