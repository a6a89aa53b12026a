import { describe, expect, it } from 'vitest';
import { ChunkLoadTimeoutError, lazyPage } from './lazy-page';
import { routeErrorKind } from './route-error-kind';

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
});
