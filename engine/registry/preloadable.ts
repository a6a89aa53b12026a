import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/** A component in a chunk of its own that can be fetched before it is first shown. */
export interface Preloadable<P extends object> extends FunctionComponent<P> {
  /** Starts the download (once); the component then renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy with a preload: a link that is shown or hovered fetches the next screen's code, and
 * once it is here the component renders at once — React.lazy alone suspends once even for a module
 * already loaded, and a suspended screen change keeps the old screen up.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        // A failed download may be tried again (the next hover, or the screen itself).
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}

/**
 * Fetches a component's chunk when it is a preloadable one (anything else is already here). Settles
 * when it is here or failed: a failure shows where the component renders (its error boundary).
 */
export function preloadComponent(c: unknown): Promise<void> {
  const p = (c as Partial<Preloadable<object>> | undefined)?.preload;
  if (typeof p !== 'function') return Promise.resolve();
  return p().then(
    () => undefined,
    () => undefined,
  );
}
