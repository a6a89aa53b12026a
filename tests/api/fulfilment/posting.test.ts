import fs from 'node:fs';
import path from 'node:path';
import { FILE_STORES, storedKeys, storedObject } from '../../helpers/file-stores.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { appPostingTo, closeWithErp, fakeErp } from './fake-erp.js';
import { api, expectError } from './helpers.js';

describe('ERP posting over HTTP: retries with backoff, one idempotency key per voucher, recorded errors', () => {
  const erp = fakeErp<{ voucherNo: string; amount: string; lines: Array<{ side: string; amount: string }> }>();
  let t: TestApp;
  let operator: LoggedIn;
  let monitor: LoggedIn;
  let supplier1: LoggedIn;
  let httpApi: ReturnType<typeof api>;
  let confirmed: Array<{ settleNo: string; version: number }>;

  beforeAll(async () => {
    t = await appPostingTo(erp);
    httpApi = api(t.app);
    [operator, monitor, supplier1] = [
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'monitor'),
      await sessionAs(t.app, 'supplier1'),
    ];
    confirmed = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'version'])
      .where('status', '=', 'CONFIRMED')
      .orderBy('settleNo')
      .execute();
    expect(confirmed.length).toBeGreaterThanOrEqual(7);
  });
  afterAll(() => closeWithErp(t, erp));

  const voucherOf = (settleNo: string) =>
    t.db.db.selectFrom('erpVoucher').selectAll().where('settleNo', '=', settleNo).executeTakeFirstOrThrow();
  const settlementStatus = async (settleNo: string) =>
    (await t.db.db.selectFrom('settlement').select('status').where('settleNo', '=', settleNo).executeTakeFirstOrThrow())
      .status;

  it('ERP down: 424 with the ERP’s message after 1 + 2 tries under one key; the failure is recorded, nothing lost', async () => {
    erp.state.mode = 'down';
    const s = confirmed[0];
    const r = await httpApi.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: s.version });
    expectError(r, 424, 'ERP_POSTING_FAILED');
    expect(r.body.msg).toContain('ERP 시스템 점검 중입니다 (HTTP 503)');
    const v = await voucherOf(s.settleNo);
    expect(r.body.details).toMatchObject({
      voucherNo: v.voucherNo,
      attempts: 3,
      httpStatus: 503,
      erpCode: 'MAINTENANCE',
    });
    expect(v).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      connector: 'http',
      erpDocNo: null,
      lastError: 'ERP 시스템 점검 중입니다 (HTTP 503)',
    });
    expect(erp.requests.get(v.idempotencyKey)).toBe(3);
    expect(await settlementStatus(s.settleNo)).toBe('POST_FAILED');
    const errors = await httpApi.get(`/api/v1/posting-errors?voucherNo=${v.voucherNo}&status=FAILED`, operator);
    expect(errors.body.rows).toEqual([
      expect.objectContaining({
        voucherNo: v.voucherNo,
        status: 'FAILED',
        httpStatus: 503,
        erpCode: 'MAINTENANCE',
        attempt: 3,
        message: 'ERP 시스템 점검 중입니다 (HTTP 503)',
        voucherVersion: v.version,
      }),
    ]);
    // What the ERP received: the voucher, balanced.
    const sent = erp.bodies.filter((b) => b.key === v.idempotencyKey).map((b) => b.body);
    expect(new Set(sent.map((b) => JSON.stringify(b))).size).toBe(1);
    const debit = sent[0].lines.filter((l) => l.side === 'DEBIT').reduce((a, l) => a + Number(l.amount), 0);
    const credit = sent[0].lines.filter((l) => l.side === 'CREDIT').reduce((a, l) => a + Number(l.amount), 0);
    expect(debit).toBe(credit);
    expect(sent[0].voucherNo).toBe(v.voucherNo);
  });

  it('retry from posting-error: the ERP fails once more then books; POSTED under the same key, error marked retried', async () => {
    erp.state.mode = 'failOnce';
    const s = confirmed[0];
    const v = await voucherOf(s.settleNo);
    expectError(
      await httpApi.post(`/api/v1/vouchers/${v.voucherNo}/retry`, operator, { version: v.version - 1 }),
      409,
      'VERSION_CONFLICT',
    );
    expect(erp.requests.get(v.idempotencyKey)).toBe(3);
    expect((await httpApi.post(`/api/v1/vouchers/${v.voucherNo}/retry`, monitor, { version: v.version })).status).toBe(
      403,
    );
    const r = await httpApi.post(`/api/v1/vouchers/${v.voucherNo}/retry`, operator, { version: v.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.voucher).toMatchObject({
      voucherNo: v.voucherNo,
      status: 'POSTED',
      attempts: 5,
      erpDocNo: erp.booked.get(v.idempotencyKey),
      openErrors: 0,
    });
    expect(erp.requests.get(v.idempotencyKey)).toBe(5);
    expect(r.body.errors.map((e: { status: string; retriedBy: string }) => [e.status, e.retriedBy])).toEqual([
      ['RETRIED', 'operator'],
    ]);
    expect(await settlementStatus(s.settleNo)).toBe('POSTED');
  });

  it('never posts a voucher twice: retrying or posting a posted one is 409 and sends nothing', async () => {
    const s = confirmed[0];
    const v = await voucherOf(s.settleNo);
    const before = erp.requests.get(v.idempotencyKey);
    expectError(
      await httpApi.post(`/api/v1/vouchers/${v.voucherNo}/retry`, operator, { version: v.version }),
      409,
      'ALREADY_POSTED',
    );
    const settlement = await t.db.db
      .selectFrom('settlement')
      .select('version')
      .where('settleNo', '=', s.settleNo)
      .executeTakeFirstOrThrow();
    expectError(
      await httpApi.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: settlement.version }),
      409,
      'ALREADY_POSTED',
    );
    expect(erp.requests.get(v.idempotencyKey)).toBe(before);
    expect(erp.booked.size).toBe(1);
  });

  it('a lost answer is retried under the same key and the ERP books the voucher once', async () => {
    erp.state.mode = 'dropAfterBooking';
    const s = confirmed[1];
    const r = await httpApi.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: s.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const v = await voucherOf(s.settleNo);
    expect(erp.requests.get(v.idempotencyKey)).toBe(2);
    expect([...erp.booked.keys()].filter((k) => k === v.idempotencyKey)).toHaveLength(1);
    expect(r.body.voucher).toMatchObject({ status: 'POSTED', attempts: 2, erpDocNo: erp.booked.get(v.idempotencyKey) });
  });

  it('an ERP refusal (4xx) is not retried; a hang-up and a timeout are, and are recorded with what happened', async () => {
    erp.state.mode = 'reject';
    const a = confirmed[2];
    const rejected = await httpApi.post(`/api/v1/settlements/${a.settleNo}/post`, operator, { version: a.version });
    expectError(rejected, 424, 'ERP_POSTING_FAILED');
    const va = await voucherOf(a.settleNo);
    expect(erp.requests.get(va.idempotencyKey)).toBe(1);
    expect(rejected.body.details).toMatchObject({ attempts: 1, httpStatus: 422, erpCode: 'VENDOR_NOT_FOUND' });

    erp.state.mode = 'hangup';
    const b = confirmed[3];
    const hung = await httpApi.post(`/api/v1/settlements/${b.settleNo}/post`, operator, { version: b.version });
    expectError(hung, 424, 'ERP_POSTING_FAILED');
    expect(hung.body.msg).toContain('ERP에 연결할 수 없습니다');
    expect(erp.requests.get((await voucherOf(b.settleNo)).idempotencyKey)).toBe(3);

    erp.state.mode = 'slow';
    const c = confirmed[4];
    const slow = await httpApi.post(`/api/v1/settlements/${c.settleNo}/post`, operator, { version: c.version });
    expectError(slow, 424, 'ERP_POSTING_FAILED');
    expect(slow.body.msg).toContain('ERP 응답 시간 초과 (500ms)');
    const errors = await httpApi.get('/api/v1/posting-errors?status=FAILED&size=500', operator);
    for (const s of [a, b, c])
      expect(errors.body.rows.some((e: { settleNo: string }) => e.settleNo === s.settleNo)).toBe(true);
  });

  it('a voucher being sent is not sent again meanwhile', async () => {
    erp.state.mode = 'ok';
    const s = confirmed[2];
    const v = await voucherOf(s.settleNo);
    await t.db.db
      .updateTable('erpVoucher')
      .set({ status: 'SENT', sentAt: new Date(), version: v.version + 1 })
      .where('voucherNo', '=', v.voucherNo)
      .execute();
    expectError(
      await httpApi.post(`/api/v1/vouchers/${v.voucherNo}/retry`, operator, { version: v.version + 1 }),
      409,
      'POSTING_IN_PROGRESS',
    );
    expect(erp.requests.get(v.idempotencyKey)).toBe(1);
  });

  it('lists vouchers and shows one with what was sent; suppliers have no access', async () => {
    const list = await httpApi.get('/api/v1/vouchers?status=POSTED&sort=postedAt:desc&size=3', monitor);
    expect(list.status).toBe(200);
    expect(list.body.rows).toHaveLength(3);
    expect(Number(list.body.totals.amount)).toBeGreaterThan(0);
    const one = await httpApi.get(`/api/v1/vouchers/${list.body.rows[0].voucherNo}`, monitor);
    expect(one.body.payload).toMatchObject({ voucherNo: list.body.rows[0].voucherNo, currency: 'KRW' });
    expect((await httpApi.get('/api/v1/vouchers', supplier1)).status).toBe(403);
    expect((await httpApi.get('/api/v1/posting-errors', supplier1)).status).toBe(403);
    const s = confirmed[5];
    expect((await httpApi.post(`/api/v1/settlements/${s.settleNo}/post`, monitor, { version: s.version })).status).toBe(
      403,
    );
  });
});

describe.each(FILE_STORES)('ERP posting through the default file connector (%s store)', (store) => {
  let t: TestApp;
  let operator: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ fileStore: store });
    operator = await sessionAs(t.app, 'operator');
  });
  afterAll(() => t.close());

  it('writes the voucher under erp-vouchers/ of the store once and posts it', async () => {
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'version', 'period', 'totalAmount'])
      .where('status', '=', 'CONFIRMED')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/settlements/${s.settleNo}/post`,
      headers: operator.headers,
      payload: { version: s.version },
    });
    expect(r.statusCode, r.body).toBe(200);
    const v = r.json().voucher;
    expect(v).toMatchObject({
      status: 'POSTED',
      connector: 'file',
      erpDocNo: `F-${v.voucherNo}`,
      amount: s.totalAmount,
    });
    const key = `erp-vouchers/${s.period}/${v.voucherNo}.json`;
    const stored = JSON.parse(String(await storedObject(t.config, key)));
    expect(stored).toMatchObject({
      idempotencyKey: v.idempotencyKey,
      erpDocNo: v.erpDocNo,
      voucher: { voucherNo: v.voucherNo, amount: s.totalAmount },
    });
    // Nothing else in the period's folder: no temporary file left behind.
    expect(await storedKeys(t.config, `erp-vouchers/${s.period}/`)).toEqual([key]);
    if (store === 'disk')
      expect(fs.readdirSync(path.join(t.dataDir, 'erp-vouchers', s.period))).toEqual([`${v.voucherNo}.json`]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/vouchers/${v.voucherNo}/retry`,
      headers: operator.headers,
      payload: { version: v.version },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_POSTED');
  });
});
