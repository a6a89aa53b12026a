import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs } from '../../helpers/login.js';

/**
 * The answers' headers exactly as they go on the wire — names in their case, in their order, with
 * their values — for the kinds of answer an API client meets. The speed work set the security
 * headers once per server instead of building helmet per request; this pins that nothing a browser
 * acts on changed. Only the date and the body's length (which follow the clock and the data) are left out.
 */
const VARYING = new Set(['date', 'content-length']);

function rawHeaders(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Array<[string, string]> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { ...headers, connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!VARYING.has(res.rawHeaders[i].toLowerCase())) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs });
      });
    });
    req.on('error', reject);
  });
}

const SECURITY: Array<[string, string]> = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];
const NO_CACHE: Array<[string, string]> = [
  ['cache-control', 'no-cache, no-store, must-revalidate'],
  ['pragma', 'no-cache'],
  ['expires', '0'],
];
const JSON_TYPE: [string, string] = ['content-type', 'application/json; charset=utf-8'];

describe('response headers on the wire (names, case, order, values)', () => {
  let t: TestApp;
  let base: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    auth = (await loginAs(t.app, 'admin')).headers;
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('an API list answer (200)', async () => {
    const res = await rawHeaders(base, '/api/v1/deliveries?page=1&size=10', auth);
    expect(res.status).toBe(200);
    expect(res.headers).toEqual([...SECURITY, JSON_TYPE, ...NO_CACHE, ['Connection', 'close']]);
  });

  it('an API answer refused before its handler (401)', async () => {
    const res = await rawHeaders(base, '/api/v1/deliveries?page=1&size=10');
    expect(res.status).toBe(401);
    expect(res.headers).toEqual([...SECURITY, JSON_TYPE, ...NO_CACHE, ['Connection', 'close']]);
  });

  it('a request the schema refuses (400)', async () => {
    const res = await rawHeaders(base, '/api/v1/deliveries?page=zero&size=10', auth);
    expect(res.status).toBe(400);
    expect(res.headers).toEqual([...SECURITY, JSON_TYPE, ...NO_CACHE, ['Connection', 'close']]);
  });

  it('no route (404) and the health check', async () => {
    const missing = await rawHeaders(base, '/api/v1/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers).toEqual([...SECURITY, JSON_TYPE, ...NO_CACHE, ['Connection', 'close']]);
    const health = await rawHeaders(base, '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers).toEqual([...SECURITY, JSON_TYPE, ...NO_CACHE, ['Connection', 'close']]);
  });
});
