import { isRouteErrorResponse } from 'react-router-dom';
import { ChunkLoadTimeoutError } from './lazy-page';

export type RouteErrorKind = 'notFound' | 'chunk' | 'server';

/**
 * Sorts what a route threw. A chunk that failed to download (a new deployment removed the old
 * file, or the network dropped) needs a reload, not a "server error" message.
 */
export function routeErrorKind(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 404) return 'notFound';
  if (error instanceof ChunkLoadTimeoutError) return 'chunk';
  const message = error instanceof Error ? error.message : '';
  if (/dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message)) return 'chunk';
  return 'server';
}
