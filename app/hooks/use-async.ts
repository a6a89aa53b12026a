import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T; at: Date } | { status: 'error'; error: Error; at: Date };

/**
 * Runs `load` on mount and on `reload()`, aborting the previous run when a new one starts or
 * the component unmounts, so a slow answer never overwrites a newer one.
 * `load` must be stable (a module-level function or a useCallback).
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>): AsyncState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, at: new Date() });
      },
      (err: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', error: err instanceof Error ? err : new Error(String(err)), at: new Date() });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}
