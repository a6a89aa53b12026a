import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

describe('health, readiness and cross-cutting answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
  });
  afterAll(() => t.close());

  it('GET /healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.db.kind });
  });

  it('every GET answer carries no-cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/properties/dwpAuth' });
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(res.headers.pragma).toBe('no-cache');
    expect(res.headers.expires).toBe('0');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('an unknown API path is a JSON 404 with a Korean message, not the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(res.json().msg).toContain('요청한 경로가 없습니다');
  });

  it('a 500 never leaks internals', async () => {
    const app = t.app;
    // A route that fails on purpose is added to a fresh instance of the same error handling.
    const { default: Fastify } = await import('fastify');
    const { errorHandler } = await import('../../../server/plugins/error-handler.js');
    const probe = Fastify();
    await probe.register(errorHandler);
    probe.get('/boom', async () => {
      throw new Error('secret table gpms_internal is corrupt');
    });
    const res = await probe.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', msg: '서버 내부 오류가 발생했습니다' });
    await probe.close();
    expect(app.printRoutes()).toContain('healthz');
  });
});
