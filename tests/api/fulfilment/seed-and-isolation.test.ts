import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api } from './helpers.js';

/**
 * The demo seed's fulfilment documents: every state present over two years, every amount
 * reconciling (received ≤ delivered ≤ ordered, settlements = decided receipts × PO prices),
 * and each supplier seeing only its own.
 */
describe('fulfilment seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const one = async (text: string) => (await sql.raw<{ n: number }>(text).execute(t.db.db)).rows[0].n;
  const states = async (table: string, column: string) =>
    (await sql.raw<{ s: string }>(`select distinct ${column} as s from ${table} order by 1`).execute(t.db.db)).rows.map(
      (r) => r.s,
    );

  it('reconciles every order line: delivered and received quantities are the sums of their documents, received ≤ delivered ≤ ordered', async () => {
    expect(
      await one(
        `select count(*)::int as n from po_line where not (received_qty <= delivered_qty and delivered_qty <= quantity)`,
      ),
    ).toBe(0);
    expect(
      await one(
        `select count(*)::int as n from po_line p where delivered_qty <> coalesce((select sum(dl.quantity) from delivery_line dl join delivery d on d.delivery_no = dl.delivery_no where d.status <> 'CANCELLED' and dl.po_no = p.po_no and dl.po_line_no = p.line_no), 0)`,
      ),
    ).toBe(0);
    expect(
      await one(
        `select count(*)::int as n from po_line p where received_qty <> coalesce((select sum(rl.quantity) from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no where r.status <> 'CANCELLED' and rl.po_no = p.po_no and rl.po_line_no = p.line_no), 0)`,
      ),
    ).toBe(0);
  });

  it('settles every decided receipt line once, at the PO price, totals = Σ lines + approved adjustments', async () => {
    expect(
      await one(
        `select count(*)::int as n from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no where r.status = 'DECIDED' and not exists (select 1 from settlement_line s where s.wh_req_no = rl.wh_req_no and s.wh_line_no = rl.line_no)`,
      ),
    ).toBe(0);
    expect(
      await one(
        `select count(*)::int as n from settlement_line s join po_line p on p.po_no = s.po_no and p.line_no = s.po_line_no where s.unit_price <> p.unit_price or s.amount <> round(s.quantity * s.unit_price, 0)`,
      ),
    ).toBe(0);
    expect(
      await one(`select count(*)::int as n from settlement_line where currency = 'KRW' and krw_amount <> amount`),
    ).toBe(0);
    expect(
      await one(
        `select count(*)::int as n from settlement_line l join settlement s on s.settle_no = l.settle_no where l.currency = 'JPY' and l.krw_amount <> round(l.amount * s.jpy_rate / 100, 0)`,
      ),
    ).toBe(0);
    expect(
      await one(`select count(*)::int as n from settlement s where goods_amount <> (select coalesce(sum(krw_amount), 0) from settlement_line l where l.settle_no = s.settle_no)
      or adjustment_amount <> (select coalesce(sum(amount), 0) from settlement_adjustment a where a.settle_no = s.settle_no and a.status = 'APPROVED')
      or line_count <> (select count(*) from settlement_line l where l.settle_no = s.settle_no)`),
    ).toBe(0);
    expect(
      await one(
        `select count(*)::int as n from erp_voucher v join settlement s on s.settle_no = v.settle_no where v.amount <> s.total_amount or (v.status = 'POSTED') <> (s.status = 'POSTED')`,
      ),
    ).toBe(0);
  });

  it('has every state over two years, the demo suppliers included', async () => {
    expect(await states('delivery', 'status')).toEqual(['CANCELLED', 'RECEIVED', 'REGISTERED']);
    expect(await states('delivery', 'no_po')).toEqual(['N', 'Y']);
    expect(await states('wh_receipt', 'status')).toEqual(['APPROVED', 'CANCELLED', 'DECIDED', 'REQUESTED']);
    expect(await states('wh_receipt', 'approval_status')).toEqual([
      'APPROVED',
      'IN_PROGRESS',
      'NONE',
      'PENDING',
      'REJECTED',
    ]);
    expect(await states('wh_receipt', 'source_system')).toEqual(['GERP', 'GPMS', 'LEGACY', 'MES', 'WMS']);
    expect(await states('settlement', 'status')).toEqual([
      'CONFIRMED',
      'CONFIRM_REQUESTED',
      'DISPUTED',
      'DRAFT',
      'POSTED',
      'POST_FAILED',
    ]);
    expect(await states('settlement_adjustment', 'status')).toEqual(['APPROVED', 'CANCELLED', 'REJECTED', 'REQUESTED']);
    expect(await states('erp_voucher', 'status')).toEqual(['FAILED', 'POSTED', 'READY']);
    expect(await states('posting_error', 'status')).toEqual(['FAILED', 'RETRIED']);
    expect(await one(`select count(*)::int as n from settlement where jpy_goods_amount > 0`)).toBeGreaterThan(10);
    const span = (
      await sql<{ lo: string; hi: string }>`select min(period) as lo, max(period) as hi from settlement`.execute(
        t.db.db,
      )
    ).rows[0];
    expect(span.lo <= '202412' && span.hi >= '202610').toBe(true);
    for (const comp of ['C00001', 'C00002']) {
      const mine = (
        await sql<{
          s: string;
        }>`select distinct status as s from settlement where comp_no = ${comp} order by 1`.execute(t.db.db)
      ).rows.map((r) => r.s);
      expect(mine, comp).toEqual(['CONFIRMED', 'CONFIRM_REQUESTED', 'DISPUTED', 'DRAFT', 'POSTED', 'POST_FAILED']);
      const deliveries = (
        await sql<{
          s: string;
        }>`select distinct status || no_po as s from delivery where comp_no = ${comp} order by 1`.execute(t.db.db)
      ).rows.map((r) => r.s);
      expect(deliveries, comp).toEqual(
        expect.arrayContaining(['CANCELLEDN', 'RECEIVEDN', 'REGISTEREDN', 'REGISTEREDY']),
      );
    }
    expect(
      await one(
        `select count(*)::int as n from document_sequence where prefix in ('DLV', 'WR', 'WA', 'ST', 'AJ', 'VC')`,
      ),
    ).toBeGreaterThanOrEqual(12);
  });
});

describe('supplier isolation on every fulfilment operation', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    supplier1 = await sessionAs(t.app, 'supplier1');
    supplier2 = await sessionAs(t.app, 'supplier2');
  });
  afterAll(() => t.close());

  it('answers another company’s deliveries, settlements and statements as missing, and lists only one’s own', async () => {
    const d = await t.db.db
      .selectFrom('delivery')
      .select(['deliveryNo', 'version'])
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'REGISTERED')
      .where('noPo', '=', 'N')
      .orderBy('deliveryNo')
      .executeTakeFirstOrThrow();
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'version'])
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'CONFIRM_REQUESTED')
      .executeTakeFirstOrThrow();
    expect((await http.get(`/api/v1/cyber/deliveries/${d.deliveryNo}`, supplier2)).status).toBe(404);
    expect(
      (
        await http.put(`/api/v1/cyber/deliveries/${d.deliveryNo}`, supplier2, {
          version: d.version,
          deliveryDate: '2026-11-01',
          lines: [{ poLineNo: 1, quantity: '1' }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http.post(`/api/v1/cyber/deliveries/${d.deliveryNo}/cancel`, supplier2, {
          version: d.version,
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await http.get(`/api/v1/cyber/settlements/${s.settleNo}`, supplier2)).status).toBe(404);
    expect(
      (await http.post(`/api/v1/cyber/settlements/${s.settleNo}/confirm`, supplier2, { version: s.version })).status,
    ).toBe(404);
    expect(
      (
        await http.post(`/api/v1/cyber/settlements/${s.settleNo}/dispute`, supplier2, {
          version: s.version,
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await http.get(`/api/v1/cyber/statements/${s.settleNo}`, supplier2)).status).toBe(404);
    const status = await t.db.db
      .selectFrom('settlement')
      .select('status')
      .where('settleNo', '=', s.settleNo)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('CONFIRM_REQUESTED');
    for (const url of [
      '/api/v1/cyber/deliveries?size=500',
      '/api/v1/cyber/deliveries/none-order?size=500',
      '/api/v1/cyber/settlements?size=500',
      '/api/v1/cyber/deliverable-orders?size=500',
    ]) {
      const rows = (await http.get(url, supplier2)).body.rows as Array<{ compNo?: string }>;
      expect(rows.length, url).toBeGreaterThan(0);
      if (rows[0].compNo !== undefined)
        expect(
          rows.every((r) => r.compNo === 'C00002'),
          url,
        ).toBe(true);
    }
    const orders = (await http.get('/api/v1/cyber/deliverable-orders?size=500', supplier2)).body.rows as Array<{
      poNo: string;
    }>;
    const owners = await t.db.db
      .selectFrom('poHeader')
      .select('compNo')
      .where(
        'poNo',
        'in',
        orders.map((o) => o.poNo),
      )
      .execute();
    expect(owners.every((o) => o.compNo === 'C00002')).toBe(true);
  });

  it('refuses staff operations to suppliers', async () => {
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'version'])
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'CONFIRMED')
      .executeTakeFirstOrThrow();
    for (const [method, url] of [
      ['GET', '/api/v1/settlements'],
      ['GET', '/api/v1/warehousing'],
      ['GET', '/api/v1/deliveries'],
      ['GET', '/api/v1/vouchers'],
      ['GET', '/api/v1/three-way-match?period=202610'],
      ['POST', `/api/v1/settlements/${s.settleNo}/post`],
      ['POST', '/api/v1/settlements/build'],
      ['GET', `/api/v1/statements/${s.settleNo}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: supplier1.headers,
        ...(method === 'POST' ? { payload: { version: s.version, period: '202610' } } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
