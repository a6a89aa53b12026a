import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, count, expectError, insertAcknowledgedPo } from './helpers.js';

/** Goods receipts: receive a delivery, approve, reject, resubmit, decide, cancel; the spec §3 filter; saved filters. */
describe('warehousing', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let monitor: LoggedIn;
  let http: ReturnType<typeof api>;
  let poNo: string;
  const today = todayKst(new Date());

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, operator, admin, monitor] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'admin'),
      await sessionAs(t.app, 'monitor'),
    ];
    poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [
      { quantity: '10', unitPrice: '1000' },
      { quantity: '5', unitPrice: '700' },
    ]);
  });
  afterAll(() => t.close());

  const deliver = async (lines: Array<{ poLineNo: number; quantity: string }>) => {
    const r = await http.post('/api/v1/cyber/deliveries', supplier1, { poNo, deliveryDate: today, lines });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.delivery as { deliveryNo: string; version: number };
  };
  const received = async () =>
    (await t.db.db.selectFrom('poLine').select('receivedQty').where('poNo', '=', poNo).orderBy('lineNo').execute()).map(
      (l) => l.receivedQty,
    );

  let first: { whReqNo: string; version: number };

  it('receives a delivery into a receipt request: WR number, pending approval, received quantities, delivery received', async () => {
    const d = await deliver([
      { poLineNo: 1, quantity: '6' },
      { poLineNo: 2, quantity: '5' },
    ]);
    const before = await count(t, 'whReceipt');
    expectError(
      await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
        version: d.version + 1,
        expenses: 'MATERIAL',
      }),
      409,
      'VERSION_CONFLICT',
    );
    const badCode = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: d.version,
      expenses: 'NOPE',
    });
    expectError(badCode, 400, 'VALIDATION');
    expect(badCode.body.details[0].path).toBe('body/expenses');
    const over = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: d.version,
      expenses: 'MATERIAL',
      lines: [
        { lineNo: 1, quantity: '6.5' },
        { lineNo: 2, quantity: '5' },
      ],
    });
    expectError(over, 400, 'OVER_RECEIPT');
    expect(await count(t, 'whReceipt')).toBe(before);
    expect(await received()).toEqual(['0.000', '0.000']);

    const r = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: d.version,
      expenses: 'MATERIAL',
      BIGO: '검수 완료',
      lines: [
        { lineNo: 1, quantity: '6' },
        { lineNo: 2, quantity: '4', shortReason: 'DAMAGED' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.receipt).toMatchObject({
      poNo,
      deliveryNo: d.deliveryNo,
      compNo: 'C00001',
      sourceSystem: 'GPMS',
      status: 'REQUESTED',
      approvalStatus: 'PENDING',
      whAppNo: null,
      expenses: 'MATERIAL',
      whReqDate: today,
      AMT: '8800.00',
      BIGO: '검수 완료',
      requestedBy: 'operator',
      receiveName: '김민수',
      lineCount: 2,
    });
    expect(r.body.receipt.whReqNo).toMatch(/^WR\d{4}-\d{6}$/);
    expect(
      r.body.lines.map((l: { quantity: string; PRICE: string; AMT: string }) => [l.quantity, l.PRICE, l.AMT]),
    ).toEqual([
      ['6.000', '1000.00', '6000.00'],
      ['4.000', '700.00', '2800.00'],
    ]);
    expect(await received()).toEqual(['6.000', '4.000']);
    const delivery = await http.get(`/api/v1/deliveries/${d.deliveryNo}`, operator);
    expect(delivery.body.delivery).toMatchObject({ status: 'RECEIVED', whReqNo: r.body.receipt.whReqNo });
    expectError(
      await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
        version: delivery.body.delivery.version,
        expenses: 'MATERIAL',
      }),
      409,
      'INVALID_STATE',
    );
    first = r.body.receipt;
  });

  it('approves (not one’s own request): a WA number; a monitor cannot', async () => {
    expectError(
      await http.post(`/api/v1/warehousing/${first.whReqNo}/approve`, operator, { version: first.version }),
      403,
      'SELF_APPROVAL',
    );
    expect(
      (await http.post(`/api/v1/warehousing/${first.whReqNo}/approve`, monitor, { version: first.version })).status,
    ).toBe(403);
    expectError(
      await http.post(`/api/v1/warehousing/${first.whReqNo}/approve`, admin, { version: first.version + 1 }),
      409,
      'VERSION_CONFLICT',
    );
    const r = await http.post(`/api/v1/warehousing/${first.whReqNo}/approve`, admin, { version: first.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.receipt).toMatchObject({
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
      approverId: 'admin',
      version: first.version + 1,
    });
    expect(r.body.receipt.whAppNo).toMatch(/^WA\d{4}-\d{6}$/);
    first = r.body.receipt;
    expectError(
      await http.post(`/api/v1/warehousing/${first.whReqNo}/approve`, admin, { version: first.version }),
      409,
      'INVALID_STATE',
    );
  });

  it('finally decides an approved receipt on a date not before its request and not in the future', async () => {
    const future = await http.post(`/api/v1/warehousing/${first.whReqNo}/decide`, operator, {
      version: first.version,
      lastDeciDate: '2999-01-01',
    });
    expectError(future, 400, 'VALIDATION');
    expect(future.body.details[0].path).toBe('body/lastDeciDate');
    expectError(
      await http.post(`/api/v1/warehousing/${first.whReqNo}/decide`, operator, {
        version: first.version,
        lastDeciDate: '2020-01-01',
      }),
      400,
      'VALIDATION',
    );
    const r = await http.post(`/api/v1/warehousing/${first.whReqNo}/decide`, operator, { version: first.version });
    expect(r.status).toBe(200);
    expect(r.body.receipt).toMatchObject({ status: 'DECIDED', lastDeciDate: today, decidedBy: 'operator' });
    expectError(
      await http.post(`/api/v1/warehousing/${first.whReqNo}/cancel`, operator, {
        version: r.body.receipt.version,
        reason: '취소',
      }),
      409,
      'INVALID_STATE',
    );
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'wh_receipt')
      .where('entityKey', '=', first.whReqNo)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['REQUEST', 'APPROVE', 'DECIDE']);
  });

  it('rejects with a reason, resubmits, cancels: quantities and the delivery come back, and it can be received again', async () => {
    const d = await deliver([{ poLineNo: 1, quantity: '4' }]);
    const r = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: d.version,
      expenses: 'REPAIR',
    });
    let rc = r.body.receipt;
    expect(await received()).toEqual(['10.000', '4.000']);
    expectError(
      await http.post(`/api/v1/warehousing/${rc.whReqNo}/reject`, admin, { version: rc.version, reason: '' }),
      400,
      'VALIDATION',
    );
    const rejected = await http.post(`/api/v1/warehousing/${rc.whReqNo}/reject`, admin, {
      version: rc.version,
      reason: '검사성적서 미첨부',
    });
    expect(rejected.body.receipt).toMatchObject({
      status: 'REQUESTED',
      approvalStatus: 'REJECTED',
      rejectReason: '검사성적서 미첨부',
    });
    rc = rejected.body.receipt;
    expectError(
      await http.post(`/api/v1/warehousing/${rc.whReqNo}/approve`, admin, { version: rc.version }),
      409,
      'INVALID_STATE',
    );
    expectError(
      await http.post(`/api/v1/warehousing/${rc.whReqNo}/decide`, admin, { version: rc.version }),
      409,
      'INVALID_STATE',
    );
    const again = await http.post(`/api/v1/warehousing/${rc.whReqNo}/resubmit`, operator, { version: rc.version });
    expect(again.body.receipt).toMatchObject({ approvalStatus: 'PENDING', rejectReason: null });
    rc = again.body.receipt;
    expectError(
      await http.post(`/api/v1/warehousing/${rc.whReqNo}/cancel`, operator, { version: rc.version, reason: ' ' }),
      400,
      'VALIDATION',
    );
    const cancelled = await http.post(`/api/v1/warehousing/${rc.whReqNo}/cancel`, operator, {
      version: rc.version,
      reason: '수량 재확인',
    });
    expect(cancelled.body.receipt).toMatchObject({ status: 'CANCELLED', cancelReason: '수량 재확인' });
    expect(await received()).toEqual(['6.000', '4.000']);
    const delivery = (await http.get(`/api/v1/deliveries/${d.deliveryNo}`, operator)).body.delivery;
    expect(delivery).toMatchObject({ status: 'REGISTERED', whReqNo: null });
    const second = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: delivery.version,
      expenses: 'REPAIR',
    });
    expect(second.status).toBe(200);
    expect(await received()).toEqual(['10.000', '4.000']);
    const history = (await http.get(`/api/v1/deliveries/${d.deliveryNo}`, operator)).body.receipts;
    expect(history.map((h: { status: string }) => h.status)).toEqual(['CANCELLED', 'REQUESTED']);
  });

  it('never changes a receipt copied from another source system', async () => {
    const copy = await t.db.db
      .selectFrom('whReceipt')
      .select(['whReqNo', 'version'])
      .where('sourceSystem', '<>', 'GPMS')
      .orderBy('whReqNo')
      .executeTakeFirstOrThrow();
    expectError(
      await http.post(`/api/v1/warehousing/${copy.whReqNo}/cancel`, operator, {
        version: copy.version,
        reason: '테스트',
      }),
      409,
      'RECEIPT_READ_ONLY',
    );
  });

  it('filters by every field of the saved warehousing filter (spec §3), with totals per currency', async () => {
    const q = (params: string) => http.get(`/api/v1/warehousing?${params}`, monitor);
    const all = await q('size=1');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(1000);
    expect(Number(all.body.totals.KRW)).toBeGreaterThan(0);
    expect(Number(all.body.totals.JPY)).toBeGreaterThan(0);
    const byNo = (await q(`whReqNo=${first.whReqNo}`)).body;
    expect(byNo.rows.map((r: { whReqNo: string }) => r.whReqNo)).toEqual([first.whReqNo]);
    expect(byNo.totals).toEqual({ KRW: '8800.00', JPY: '0.00' });
    const r = byNo.rows[0];
    const exact = await q(
      [
        `poNo=${poNo}`,
        `whReqNo=${first.whReqNo}`,
        `whAppNo=${r.whAppNo}`,
        `section=${r.section}`,
        `deptName=${encodeURIComponent(r.deptName)}`,
        `eprName=${encodeURIComponent(r.eprName)}`,
        `receiveName=${encodeURIComponent('김민수')}`,
        'expenses=MATERIAL',
        'approvalStatus=APPROVED',
        'approvalStatus=PENDING',
        'status=DECIDED',
        'status=APPROVED',
        `whReqDates=${today}`,
        `whReqDates=${today}`,
        `lastDeciDates=${today}`,
        'lastDeciDates=',
        'system=GPMS',
        'sourceSystemList=GPMS',
        'isSearched=true',
      ].join('&'),
    );
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.rows.map((x: { whReqNo: string }) => x.whReqNo)).toEqual([first.whReqNo]);
    // Each field alone narrows the list to rows that match it.
    const checks: Array<[string, (row: Record<string, string>) => boolean]> = [
      ['status=REQUESTED&status=CANCELLED', (x) => ['REQUESTED', 'CANCELLED'].includes(x.status)],
      ['approvalStatus=REJECTED', (x) => x.approvalStatus === 'REJECTED'],
      ['expenses=IT', (x) => x.expenses === 'IT'],
      [`section=${r.section}`, (x) => x.section === r.section],
      [
        'whReqDates=2026-10-01&whReqDates=2026-10-31',
        (x) => x.whReqDate >= '2026-10-01' && x.whReqDate <= '2026-10-31',
      ],
      [
        'lastDeciDates=2026-09-01&lastDeciDates=2026-09-30',
        (x) => x.lastDeciDate >= '2026-09-01' && x.lastDeciDate <= '2026-09-30',
      ],
      ['system=OTHER', (x) => x.sourceSystem !== 'GPMS'],
      ['sourceSystemList=WMS&sourceSystemList=MES', (x) => ['WMS', 'MES'].includes(x.sourceSystem)],
      [`deptName=${encodeURIComponent(r.deptName.slice(0, 2))}`, (x) => x.deptName.includes(r.deptName.slice(0, 2))],
      [
        `eprName=${encodeURIComponent(r.eprName.slice(0, 1))}`,
        (x) => (x.eprName ?? '').includes(r.eprName.slice(0, 1)),
      ],
    ];
    for (const [params, ok] of checks) {
      const res = await q(`${params}&size=200`);
      expect(res.status, params).toBe(200);
      expect(res.body.rows.length, params).toBeGreaterThan(0);
      expect(res.body.rows.every(ok), params).toBe(true);
      expect(res.body.total, params).toBeLessThan(all.body.total);
    }
    expectError(await q('whReqDates=2026-10-31&whReqDates=2026-10-01'), 400, 'VALIDATION');
    expect((await q('status=NOPE')).status).toBe(400);
    expect((await q('system=MES')).status).toBe(400);
    expect((await q('sort=requestedBy:asc')).status).toBe(400);
    const sorted = (await q('sort=AMT:desc&size=20')).body.rows.map((x: { AMT: string }) => Number(x.AMT));
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it('lists receipt lines with the grid fields PRICE, AMT, BIGO, FILE_SEQ', async () => {
    const res = await http.get(`/api/v1/warehousing/items?poNo=${poNo}&sort=lineNo:asc`, monitor);
    expect(res.status).toBe(200);
    expect(res.body.rows[0]).toEqual(
      expect.objectContaining({
        PRICE: expect.any(String),
        AMT: expect.any(String),
        BIGO: null,
        FILE_SEQ: null,
        itemName: expect.any(String),
      }),
    );
    expect(res.body.totals.KRW).toBe('16800.00');
    const copies = await http.get('/api/v1/warehousing/items?system=OTHER&size=5', monitor);
    expect(copies.body.rows.every((x: { sourceSystem: string }) => x.sourceSystem !== 'GPMS')).toBe(true);
  });

  it('pages by keys: small pages walked in turn are the one big page, whatever the sort and filter names', async () => {
    // The page's keys are chosen joining only what the filter and sort name; the rows then
    // read every name. Walking pages of 10 must give exactly the rows, order and totals of one page.
    const month = 'whReqDates=2026-10-01&whReqDates=2026-10-15';
    const cases = [
      ['/api/v1/warehousing', `${month}&sort=receiveName:asc`],
      ['/api/v1/warehousing', `${month}&sort=compName:desc`],
      ['/api/v1/warehousing', `${month}&eprName=${encodeURIComponent('김')}&sort=sectionName:asc`],
      ['/api/v1/warehousing/items', `${month}&sort=eprName:desc`],
      ['/api/v1/warehousing/items', `${month}&sort=itemName:asc`],
      [
        '/api/v1/warehousing/items',
        `whReqDates=2026-10-01&whReqDates=2026-10-31&deptName=${encodeURIComponent('부')}&sort=deptName:asc`,
      ],
    ] as const;
    for (const [path, params] of cases) {
      const whole = await http.get(`${path}?${params}&size=500`, monitor);
      expect(whole.status, params).toBe(200);
      expect(whole.body.total, params).toBeGreaterThan(10);
      expect(whole.body.rows.length, params).toBe(whole.body.total);
      const walked: unknown[] = [];
      for (let page = 1; (page - 1) * 10 < whole.body.total; page++) {
        const part = await http.get(`${path}?${params}&size=10&page=${page}`, monitor);
        expect(part.body.total, params).toBe(whole.body.total);
        expect(part.body.totals, params).toEqual(whole.body.totals);
        walked.push(...part.body.rows);
      }
      expect(walked, `${path}?${params}`).toEqual(whole.body.rows);
    }
  }, 120_000);

  it('enforces menu authority: read-only monitor, no warehousing for the TF admin or suppliers', async () => {
    const tfadmin = await sessionAs(t.app, 'tfadmin');
    expect((await http.get('/api/v1/warehousing', tfadmin)).status).toBe(403);
    expect((await http.get('/api/v1/warehousing', supplier1)).status).toBe(403);
    const buyer = await sessionAs(t.app, 'buyer');
    expect((await http.get('/api/v1/warehousing?size=1', buyer)).status).toBe(200);
  });

  it('remembers a user’s warehousing filter (userPrefs), versioned and checked against the filter', async () => {
    const key = 'warehousingList.filter';
    expect((await http.get(`/api/v1/userPrefs/${key}`, operator)).body).toEqual({
      key,
      value: null,
      version: 0,
      updatedAt: null,
    });
    const filter = {
      poNo: 'PO2026',
      approvalStatus: ['PENDING'],
      status: ['REQUESTED', 'APPROVED'],
      whReqDates: ['2026-10-01', ''],
      system: 'GPMS',
      sourceSystemList: [],
      isSearched: true,
    };
    const saved = await http.put(`/api/v1/userPrefs/${key}`, operator, { value: filter, version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ key, value: filter, version: 1 });
    expectError(
      await http.put(`/api/v1/userPrefs/${key}`, operator, { value: filter, version: 0 }),
      409,
      'VERSION_CONFLICT',
    );
    const bad = await http.put(`/api/v1/userPrefs/${key}`, operator, {
      value: { ...filter, status: ['NOPE'], unknownField: 1 },
      version: 1,
    });
    expectError(bad, 400, 'VALIDATION');
    expect(bad.body.details.length).toBeGreaterThan(0);
    expect((await http.get(`/api/v1/userPrefs/${key}`, admin)).body.value).toBeNull();
    expect((await http.get(`/api/v1/userPrefs/${key}`, operator)).body.value).toEqual(filter);
    const free = await http.put('/api/v1/userPrefs/deliverInfo.columns', supplier1, {
      value: { hidden: ['BIGO'] },
      version: 0,
    });
    expect(free.status).toBe(200);
    // A key named like an Object property is a free key too, not a shape.
    const inherited = await http.put('/api/v1/userPrefs/constructor', supplier1, { value: { a: 1 }, version: 0 });
    expect(inherited.status, JSON.stringify(inherited.body)).toBe(200);
    expect((await http.del(`/api/v1/userPrefs/${key}?version=1`, operator)).body.version).toBe(0);
  });
});
