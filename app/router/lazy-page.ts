/** Spec §9: a route chunk that has not arrived after 120 s counts as failed. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`A page chunk did not load within ${ms} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * Wraps a dynamic import for react-router's `lazy`: the chunk is fetched when the route is
 * first visited, and a stalled download becomes an error the route's error page can show
 * instead of a page that never appears.
 */
export function lazyPage<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
}
