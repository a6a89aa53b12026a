import { isRouteErrorResponse } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { ChunkLoadTimeoutError } from './lazy-page';

export type RouteErrorKind = 'notFound' | 'chunk' | 'unavailable' | 'server';

/**
 * Sorts what a route threw. A chunk that failed to download (a new deployment removed the old
 * file, or the network dropped) needs a reload, not a "server error" message; nor does a 503.
 */
export function routeErrorKind(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 404) return 'notFound';
  if (error instanceof ChunkLoadTimeoutError) return 'chunk';
  // The database (or the whole server) briefly out of reach: "try again shortly", not a failure.
  if (isRouteErrorResponse(error) && error.status === 503) return 'unavailable';
  if (
    error instanceof ApiError &&
    error.status === 503 &&
    (error.code === null || error.code === 'DATABASE_UNAVAILABLE')
  )
    return 'unavailable';
  const message = error instanceof Error ? error.message : '';
  if (
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  )
    return 'chunk';
  return 'server';
}
