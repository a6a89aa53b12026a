import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

describe('the built SPA: both portals from one server, with history fallback', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GPMS</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets/export.worker-abc123.js'), 'self.onmessage = () => {}');
    t = await buildTestApp({ seeded: false, config: { distDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/prList', '/cyber', '/cyber/prCheckList', '/portal/author/menuManage?x=1', '/no/such/page'])(
    'GET %s answers the app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    },
  );

  it('serves fingerprinted assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a script of the build goes without the headers only documents and workers act on; the page and a worker keep them', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection'])
      expect(script.headers[name], name).toBeUndefined();
    const worker = await t.app.inject({ method: 'GET', url: '/assets/export.worker-abc123.js' });
    expect(String(worker.headers['content-security-policy'])).toContain("script-src 'self'");
    const page = await t.app.inject({ method: 'GET', url: '/prList', headers: { accept: 'text/html' } });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a missing file or API path is a 404, not the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/none', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('never serves files from outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/../../../etc/passwd' });
    expect(res.body).not.toContain('root:');
  });
});
