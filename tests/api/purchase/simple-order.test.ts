import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, refused, snapshot, type Flow } from './helpers.js';

const order = (overrides: Record<string, unknown> = {}) => ({
  compNo: 'C00002',
  title: '사무용품 소액구매',
  currency: 'KRW',
  dueDate: day(10),
  lines: [
    { itemCode: 'MRO0101-0002', quantity: '100', unitPrice: '110' },
    { itemName: '명함 인쇄', unitCode: 'BOX', quantity: '3', unitPrice: '15000' },
  ],
  ...overrides,
});

/** Simple orders: a PO without PR below SYSTEM_CONST / SIMPLE_ORDER_LIMIT (KRW; JPY converted). */
describe('simple orders', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'opadmin', 'operator', 'tfadmin', 'monitor', 'supplier2']) };
  });
  afterAll(() => t.close());

  it('answers the limit from the common codes', async () => {
    expect(ok(await f.get('/api/v1/simple-orders/limit', f.u.operator))).toEqual({
      limit: '5000000',
      currency: 'KRW',
      jpyRate: '905.32',
    });
  });

  it('creates a draft below the limit; at or above it (JPY converted per 100 yen) is refused and nothing is written', async () => {
    const created = ok(await f.post('/api/v1/simple-orders', f.u.operator, order()));
    expect(created).toMatchObject({
      poType: 'SIMPLE',
      status: 'DRAFT',
      compNo: 'C00002',
      buyerId: 'E000004',
      prNo: null,
      totalAmount: '56000.00',
    });
    expect(created.poNo).toMatch(/^PO\d{4}-\d{6}$/);
    const snap = await snapshot(t, 'poHeader');
    const at = refused(
      await f.post(
        '/api/v1/simple-orders',
        f.u.operator,
        order({ lines: [{ itemName: '장비', unitCode: 'EA', quantity: '1', unitPrice: '5000000' }] }),
      ),
      400,
      'SIMPLE_ORDER_OVER_LIMIT',
    );
    expect(at.msg).toContain('5,000,000원 미만');
    expect(at.details![0].path).toBe('body/lines');
    // 552,300 JPY × 905.32 / 100 = 5,000,082.36 → 5,000,082 won: over; 552,000 JPY = 4,997,366 won: under.
    refused(
      await f.post(
        '/api/v1/simple-orders',
        f.u.operator,
        order({
          currency: 'JPY',
          lines: [{ itemName: '수입 부품', unitCode: 'EA', quantity: '1', unitPrice: '552300' }],
        }),
      ),
      400,
      'SIMPLE_ORDER_OVER_LIMIT',
    );
    expect(await snapshot(t, 'poHeader')).toEqual(snap);
    ok(
      await f.post(
        '/api/v1/simple-orders',
        f.u.operator,
        order({
          currency: 'JPY',
          lines: [{ itemName: '수입 부품', unitCode: 'EA', quantity: '1', unitPrice: '552000' }],
        }),
      ),
    );
    const bad = refused(
      await f.post(
        '/api/v1/simple-orders',
        f.u.operator,
        order({
          compNo: 'C99999',
          dueDate: day(-1),
          lines: [{ itemCode: 'NOPE', quantity: '-1', unitPrice: '1.001' }],
        }),
      ),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path).sort()).toEqual(
      [
        'body/compNo',
        'body/dueDate',
        'body/lines/0/itemCode',
        'body/lines/0/quantity',
        'body/lines/0/unitPrice',
      ].sort(),
    );
    refused(await f.post('/api/v1/simple-orders', f.u.buyer, order()), 403, 'GPMS006');
    refused(await f.post('/api/v1/simple-orders', f.u.monitor, order()), 403, 'GPMS006');
  });

  it('follows the limit as the common code changes', async () => {
    await t.db.db
      .updateTable('code')
      .set({ attr1: '50000' })
      .where('groupId', '=', 'SYSTEM_CONST')
      .where('code', '=', 'SIMPLE_ORDER_LIMIT')
      .execute();
    try {
      refused(await f.post('/api/v1/simple-orders', f.u.operator, order()), 400, 'SIMPLE_ORDER_OVER_LIMIT');
    } finally {
      await t.db.db
        .updateTable('code')
        .set({ attr1: '5000000' })
        .where('groupId', '=', 'SYSTEM_CONST')
        .where('code', '=', 'SIMPLE_ORDER_LIMIT')
        .execute();
    }
  });

  it('edits a draft (its buyer or a manager), approves by the SIMPLE rule, sends and is acknowledged', async () => {
    const created = ok(await f.post('/api/v1/simple-orders', f.u.operator, order()));
    const edited = ok(
      await f.put(`/api/v1/simple-orders/${created.poNo}`, f.u.tfadmin, {
        ...order({
          compNo: 'C00002',
          lines: [{ itemName: '복사용지', unitCode: 'BOX', quantity: '10', unitPrice: '25000' }],
        }),
        version: created.version,
      }),
    );
    expect(edited).toMatchObject({ totalAmount: '250000.00', version: created.version + 1 });
    expect(edited.lines).toHaveLength(1);
    refused(
      await f.put(`/api/v1/simple-orders/${created.poNo}`, f.u.operator, { ...order(), version: created.version }),
      409,
      'VERSION_CONFLICT',
    );
    const sent = ok(await f.post(`/api/v1/pos/${created.poNo}/submit`, f.u.operator, { version: edited.version }));
    expect(sent.approvals[0]).toMatchObject({ docType: 'SIMPLE', lineName: '소액발주 결재', amountKrw: '250000' });
    refused(
      await f.put(`/api/v1/simple-orders/${created.poNo}`, f.u.operator, { ...order(), version: sent.version }),
      409,
      'INVALID_STATE',
    );
    ok(
      await f.post(`/api/v1/approvals/${sent.approvals[0].approvalId}/approve`, f.u.opadmin, {
        version: sent.approvals[0].version,
      }),
    );
    const approved = ok(await f.get(`/api/v1/simple-orders/${created.poNo}`, f.u.operator));
    expect(approved.status).toBe('APPROVED');
    const out = ok(await f.post(`/api/v1/pos/${created.poNo}/send`, f.u.operator, { version: approved.version }));
    const seen = ok(await f.get(`/api/v1/cyber/pos/${created.poNo}`, f.u.supplier2));
    expect(seen).toMatchObject({ poType: 'SIMPLE', status: 'SENT' });
    ok(await f.post(`/api/v1/cyber/pos/${created.poNo}/acknowledge`, f.u.supplier2, { version: out.version }));
    // A change may not take a simple order to the limit.
    const ackd = ok(await f.get(`/api/v1/pos/${created.poNo}`, f.u.operator));
    refused(
      await f.post(`/api/v1/pos/${created.poNo}/change`, f.u.operator, {
        version: ackd.version,
        reason: '증량',
        lines: [{ lineNo: 1, quantity: '300' }],
      }),
      400,
      'SIMPLE_ORDER_OVER_LIMIT',
    );
  });

  it('lists only simple orders; a PO number of the other type is not a simple order', async () => {
    const list = ok(await f.get('/api/v1/simple-orders?size=50&sort=poDate:desc', f.u.operator));
    expect(list.total).toBeGreaterThan(0);
    expect(list.rows.every((r: { poType: string }) => r.poType === 'SIMPLE')).toBe(true);
    const po = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('poType', '=', 'PO')
      .limit(1)
      .executeTakeFirstOrThrow();
    refused(await f.get(`/api/v1/simple-orders/${po.poNo}`, f.u.operator), 404, 'PO_NOT_FOUND');
  });
});
