// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ChunkLoadTimeoutError, lazyPage } from './lazy-page';
import { routeErrorKind } from './route-error-kind';
import { ApiError } from '../api/api-error';

describe('lazyPage', () => {
  it('passes a loaded chunk through', async () => {
    await expect(lazyPage(async () => ({ Component: 'page' }))()).resolves.toEqual({ Component: 'page' });
  });

  it('gives up on a chunk that never arrives (spec §9: 120 s in the app)', async () => {
    const never = () => new Promise<never>(() => {});
    await expect(lazyPage(never, 20)()).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
  });
});

describe('routeErrorKind', () => {
  it('tells chunk failures from server errors', () => {
    expect(routeErrorKind(new ChunkLoadTimeoutError(1))).toBe('chunk');
    expect(routeErrorKind(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe('chunk');
    expect(routeErrorKind(new Error('boom'))).toBe('server');
    // The shape react-router throws when no route matches.
    expect(routeErrorKind({ status: 404, statusText: 'Not Found', internal: true, data: '' })).toBe('notFound');
  });

  it('a database out of reach (503) is "try again shortly", not a server error', () => {
    expect(routeErrorKind(new ApiError(503, { code: 'DATABASE_UNAVAILABLE', msg: '잠시 후 다시 시도하세요' }))).toBe(
      'unavailable',
    );
    expect(routeErrorKind(new ApiError(503, null))).toBe('unavailable');
    expect(routeErrorKind({ status: 503, statusText: 'Service Unavailable', internal: false, data: '' })).toBe(
      'unavailable',
    );
    expect(routeErrorKind(new ApiError(503, { code: 'PRINT_FONT_MISSING' }))).toBe('server');
    expect(routeErrorKind(new ApiError(500, { code: 'INTERNAL' }))).toBe('server');
  });
});
