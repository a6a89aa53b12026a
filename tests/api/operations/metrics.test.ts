import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueNotification } from '../../../server/modules/notifications/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs } from '../../helpers/login.js';
import { metricSamples as parse, sumOf as value } from '../../helpers/prometheus.js';

/**
 * GET /metrics: Prometheus text from this server's own registry, after real
 * requests — logins that succeed, fail and lock, a list, a background job run, a notification
 * delivered — and refused from an address outside METRICS_ALLOW without the token, with a wrong
 * token, and on the external host even with the right one.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
const EXTERNAL = 'partner.example.co.kr';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN, externalHost: EXTERNAL } });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return parse(res.body);
  };

  it('counts logins, requests by operation, database time, job runs and deliveries', async () => {
    const before = await scrape();
    const operator = await loginAs(t.app, 'operator');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/pos?page=1&size=10', headers: operator.headers });
    expect(list.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      remoteAddress: '10.9.9.9',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'operator', password: 'wrong-Password-1' }),
    });
    expect(wrong.statusCode).toBe(401);
    // Wrong passwords from one client on one account lock it (server/auth/throttle.ts).
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cyberLogin',
        remoteAddress: '10.9.9.10',
        ...formRequest({ userId: 'supplier1', userPw: 'wrong-Password-1', optGubun: 'SMS' }),
      });
      codes.push(r.json().errorCode);
    }
    expect(codes).toContain('AUTH102');
    await enqueueNotification(t.app.dbh.db, {
      channel: 'EMAIL',
      to: 'someone@corp.test',
      template: 'approval.request',
      params: { docType: 'PR', docNo: 'PR-1', title: 't', amount: 1, submitter: 's' },
    });
    await t.app.jobs.register();
    const ran = await t.app.jobs.runDue();
    expect(ran).toContain('notify.deliver');

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    expect(delta('gpms_logins_total', { portal: 'I', outcome: 'success' })).toBe(1);
    expect(delta('gpms_logins_total', { portal: 'I', outcome: 'failure' })).toBe(1);
    expect(delta('gpms_logins_total', { portal: 'X', outcome: 'locked' })).toBe(
      codes.filter((c) => c === 'AUTH102').length,
    );
    expect(delta('gpms_logins_total', { portal: 'X', outcome: 'failure' })).toBe(
      codes.filter((c) => c !== 'AUTH102').length,
    );
    // By operationId, not by URL: the query string and ids never make a label.
    expect(delta('gpms_http_requests_total', { operation: 'listPos', method: 'GET', status: '200' })).toBe(1);
    expect(after.some((s) => s.name === 'gpms_http_requests_total' && s.labels.operation.includes('/'))).toBe(false);
    expect(delta('gpms_http_requests_total', { operation: 'cyberLogin', status: '401' })).toBe(7);
    expect(delta('gpms_http_request_duration_seconds_count', { operation: 'listPos', status_class: '2xx' })).toBe(1);
    expect(value(after, 'gpms_http_request_duration_seconds_bucket', { operation: 'listPos', le: '+Inf' })).toBe(
      value(after, 'gpms_http_request_duration_seconds_count', { operation: 'listPos' }),
    );
    // The scrape itself is in flight while it is answered.
    expect(value(after, 'gpms_http_requests_in_flight')).toBe(1);
    expect(delta('gpms_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(10);
    expect(value(after, 'gpms_db_query_duration_seconds_sum')).toBeGreaterThan(0);
    for (const job of ran) expect(delta('gpms_job_runs_total', { job })).toBe(1);
    expect(delta('gpms_job_runs_total', { job: 'notify.deliver', status: 'OK' })).toBe(1);
    expect(delta('gpms_notification_deliveries_total', { channel: 'EMAIL', outcome: 'sent' })).toBeGreaterThanOrEqual(
      1,
    );
    if (t.app.dbh.kind === 'postgres') {
      expect(value(after, 'gpms_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(after.some((s) => s.name === 'gpms_db_pool_connections' && s.labels.state === 'waiting')).toBe(true);
    }
    expect(after.some((s) => s.name === 'process_cpu_seconds_total')).toBe(true);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  }, 120_000);

  it('the Grafana dashboard (docs/grafana-dashboard.json) asks only for series this server exposes', async () => {
    const samples = await scrape();
    const exposed = new Set(samples.map((s) => s.name));
    // Present on one database kind only: the pool on PostgreSQL, the queue with PGlite's worker thread.
    exposed.add(t.app.dbh.kind === 'postgres' ? 'gpms_pglite_queue_length' : 'gpms_db_pool_connections');
    if (t.app.dbh.kind !== 'postgres') exposed.add('gpms_pglite_queue_length');
    const dashboard = JSON.parse(fs.readFileSync('docs/grafana-dashboard.json', 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const asked = new Set(
      dashboard.panels.flatMap((p) =>
        p.targets.flatMap((q) => q.expr.match(/\b(gpms|process|nodejs)_[a-z0-9_]+/g) ?? []),
      ),
    );
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('counts exports at work and waiting for a server', async () => {
    const base = {
      userId: 'operator',
      sessionId: 's',
      operationId: 'listPos',
      request: '{}',
      sheetName: 'x',
      status: 'RUNNING' as const,
      serverId: 'elsewhere',
    };
    await t.app.dbh.db
      .insertInto('exportJob')
      .values([
        { ...base, exportId: crypto.randomUUID(), leaseUntil: new Date(Date.now() + 60_000) },
        { ...base, exportId: crypto.randomUUID(), leaseUntil: new Date(Date.now() - 60_000) },
        { ...base, exportId: crypto.randomUUID(), leaseUntil: new Date(Date.now() - 60_000) },
      ])
      .execute();
    const samples = await scrape();
    expect(value(samples, 'gpms_export_jobs', { state: 'running' })).toBe(1);
    expect(value(samples, 'gpms_export_jobs', { state: 'queued' })).toBe(2);
    await t.app.dbh.db.deleteFrom('exportJob').where('serverId', '=', 'elsewhere').execute();
  });

  it('answers only allowed addresses or the token, and never on the external host', async () => {
    const get = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    // Loopback (the default allow list), v4 and v6.
    expect((await get({}, '127.0.0.1')).statusCode).toBe(200);
    expect((await get({}, '::1')).statusCode).toBe(200);
    // Another address: refused without the token, and with a wrong one.
    const outside = await get({}, '10.1.2.3');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('METRICS_FORBIDDEN');
    expect(outside.body).not.toContain('gpms_');
    expect((await get({ authorization: `Bearer ${TOKEN}x` }, '10.1.2.3')).statusCode).toBe(403);
    expect((await get({ authorization: TOKEN }, '10.1.2.3')).statusCode).toBe(403);
    // The token opens it from anywhere…
    const withToken = await get({ authorization: `Bearer ${TOKEN}` }, '10.1.2.3');
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('gpms_http_requests_total');
    // …but not on the supplier-facing host, not even from loopback with the token.
    for (const remote of ['127.0.0.1', '10.1.2.3']) {
      const external = await get({ host: EXTERNAL, authorization: `Bearer ${TOKEN}` }, remote);
      expect(external.statusCode).not.toBe(200);
      expect(external.body).not.toContain('gpms_');
    }
  });
});
