import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { storedObject } from '../../helpers/file-stores.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

interface Call {
  idempotencyKey: string | undefined;
  body: { appNo: string; compNo: string; taxNo: string };
}

/** A fake ERP vendor endpoint: records every POST; fails the next `failures` calls with 503. */
function fakeErp() {
  const calls: Call[] = [];
  const state = { failures: 0 };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      calls.push({ idempotencyKey: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(data) });
      if (state.failures > 0) {
        state.failures--;
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'ERP 점검 중' }));
        return;
      }
      const body = JSON.parse(data) as { compNo: string };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ docNo: `ERP-${body.compNo}` }));
    });
  });
  return { server, calls, state };
}

/** ERP vendor applications (/compGerpAppList, /compGerpAppEdit): sent once, idempotent, a failure visible and retryable. */
describe('ERP vendor applications', () => {
  let t: TestApp;
  let files: TestApp;
  let f: Flow;
  const erp = fakeErp();
  beforeAll(async () => {
    await new Promise<void>((resolve) => erp.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(erp.server.address() as AddressInfo).port}/erp/vendors`;
    t = await buildTestApp({ config: { erpVendorUrl: url, erpRetries: 0, erpBackoffMs: 0 } });
    f = { ...client(t), u: await logins(t, ['tfadmin', 'operator', 'monitor', 'buyer', 'supplier1']) };
    // The second app (no ERP_VENDOR_URL) is built here, under the hook's time limit: a copy of the
    // seeded database can take longer than one test's 30 s on a busy machine.
    files = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await files?.close();
    erp.server.close();
  });

  it('lists the seeded applications, one of them failed with the ERP’s message', async () => {
    const all = ok(await f.get('/api/v1/erp-vendor-apps?size=100', f.u.monitor));
    expect(new Set(all.rows.map((r: { status: string }) => r.status))).toEqual(new Set(['SENT', 'FAILED', 'READY']));
    const failed = ok(await f.get('/api/v1/erp-vendor-apps?status=FAILED', f.u.tfadmin));
    expect(failed.rows[0]).toMatchObject({ status: 'FAILED', httpStatus: 409, actions: ['send'] });
    expect(failed.rows[0].lastError).toContain('ERP');
    expect(ok(await f.get('/api/v1/erp-vendor-apps?status=SENT', f.u.tfadmin)).rows[0].actions).toEqual([]);
    expect(ok(await f.get('/api/v1/erp-vendor-apps?status=FAILED', f.u.monitor)).rows[0].actions).toEqual([]);
    refused(await f.get('/api/v1/erp-vendor-apps', f.u.buyer), 403);
    refused(await f.get('/api/v1/erp-vendor-apps', f.u.supplier1), 403);
  });

  it('applies once per trading supplier; sends once; a failure is recorded and retried with the same key; a second send is refused', async () => {
    // C00120 has no application in the seed; a suspended supplier cannot apply.
    const suspended = ok(await f.get('/api/v1/suppliers?status=SUSPENDED&size=1', f.u.tfadmin)).rows[0];
    refused(
      await f.post('/api/v1/erp-vendor-apps', f.u.tfadmin, { compNo: suspended.compNo }),
      409,
      'SUPPLIER_NOT_ACTIVE',
    );
    refused(await f.post('/api/v1/erp-vendor-apps', f.u.tfadmin, { compNo: 'C00001' }), 409, 'ERP_VENDOR_APP_EXISTS');
    refused(await f.post('/api/v1/erp-vendor-apps', f.u.tfadmin, { compNo: 'C09999' }), 404);
    refused(await f.post('/api/v1/erp-vendor-apps', f.u.operator, { compNo: 'C00120' }), 403);
    const target = ok(await f.get('/api/v1/suppliers?status=ACTIVE&sort=compNo:desc&size=1', f.u.tfadmin)).rows[0]
      .compNo;
    const created = ok(await f.post('/api/v1/erp-vendor-apps', f.u.tfadmin, { compNo: target, remark: '신규 거래' }));
    expect(created).toMatchObject({ compNo: target, status: 'READY', attempts: 0, actions: ['send'], version: 1 });
    expect(created.appNo).toMatch(/^GV\d{4}-\d{6}$/);

    // The ERP is down: 424 with its message, the application FAILED and sendable again.
    erp.state.failures = 1;
    const down = refused(
      await f.post(`/api/v1/erp-vendor-apps/${created.appNo}/send`, f.u.tfadmin, { version: 1 }),
      424,
      'ERP_VENDOR_FAILED',
    );
    expect(down.msg).toContain('ERP 점검 중');
    const failed = ok(await f.get(`/api/v1/erp-vendor-apps/${created.appNo}`, f.u.tfadmin));
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, httpStatus: 503, actions: ['send'], version: 3 });
    refused(
      await f.post(`/api/v1/erp-vendor-apps/${created.appNo}/send`, f.u.tfadmin, { version: 1 }),
      409,
      'VERSION_CONFLICT',
    );

    const sent = ok(await f.post(`/api/v1/erp-vendor-apps/${created.appNo}/send`, f.u.tfadmin, { version: 3 }));
    expect(sent).toMatchObject({
      status: 'SENT',
      erpVendorNo: `ERP-${target}`,
      attempts: 2,
      lastError: null,
      actions: [],
    });
    const mine = erp.calls.filter((c) => c.body.appNo === created.appNo);
    expect(mine).toHaveLength(2);
    expect(mine[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine[1].idempotencyKey).toBe(mine[0].idempotencyKey);
    expect(mine[1].body).toMatchObject({ compNo: target });

    const again = refused(
      await f.post(`/api/v1/erp-vendor-apps/${created.appNo}/send`, f.u.tfadmin, { version: sent.version }),
      409,
      'ERP_VENDOR_ALREADY_SENT',
    );
    expect(again.msg).toContain(`ERP-${target}`);
    expect(erp.calls.filter((c) => c.body.appNo === created.appNo)).toHaveLength(2);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'erp_vendor_app')
      .where('entityKey', '=', created.appNo)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'SEND', 'FAILED', 'SEND', 'SENT']);
  });

  it('without ERP_VENDOR_URL writes the vendor record under erp-vendors/ of the file store once', async () => {
    const g = { ...client(files), u: await logins(files, ['tfadmin']) };
    const ready = ok(await g.get('/api/v1/erp-vendor-apps?status=READY&size=1', g.u.tfadmin)).rows[0];
    const sent = ok(
      await g.post(`/api/v1/erp-vendor-apps/${ready.appNo}/send`, g.u.tfadmin, { version: ready.version }),
    );
    expect(sent.erpVendorNo).toBe(`FV-${ready.compNo}`);
    const stored = JSON.parse(String(await storedObject(files.config, `erp-vendors/${ready.appNo}.json`)));
    expect(stored.vendor).toMatchObject({ appNo: ready.appNo, compNo: ready.compNo });
  });
});
