import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';
import { insertReportFixture } from './fixtures.js';

/**
 * The spend cube's received and settled measures (docs/reports.md "The spend cube", measures), from
 * report_flow_month (migration 1010): by hand on the 2019 fixture (fixtures.ts: receipts W1–W4,
 * settlements S1–S2), to the won against monthlyReport07's receipt lines and monthlyReport08's
 * settled won per month on the fixture and the whole seeded data, kept by the writes; and the cube,
 * its drill and its rebuild open to a group that holds only the /spendCube menu.
 */
const Q = 'fromMonth=201901&toMonth=201903';
const CUBE = '/api/v1/reports/cube';
type Row = Record<string, unknown>;
const pick = (rows: Row[], ...fields: string[]) => rows.map((r) => fields.map((f) => r[f]));

describe('the spend cube: received and settled', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;
  const db = () => t.app.dbh.db;
  const rebuild = async () => ok(await http.post('/api/v1/reports/summary/rebuild', who.admin));

  beforeAll(async () => {
    t = await buildTestApp();
    await insertReportFixture(t);
    http = client(t);
    who = await logins(t, ['admin', 'buyer', 'uadmin1']);
    await rebuild();
  }, 180_000);
  afterAll(async () => t?.close());

  it('by supplier and by month: the hand-computed received and settled won', async () => {
    // Received: W1 200,000 + W2 50,000 + W4 10,000 yen × 1000 ÷ 100 (February's rate) = 350,000 (C00001,
    // three lines); W3 70,000 (C00002). Settled as settled: S1 200,000 + 100,000 (C00001), S2 70,000 (C00002).
    const s = ok(await http.get(`${CUBE}?${Q}&dim1=supplier&sort=key1:asc`, who.admin));
    expect(
      pick(s.rows, 'key1', 'receivedLineCount', 'receivedKrw', 'settledLineCount', 'settledKrw', 'totalKrw'),
    ).toEqual([
      ['C00001', 3, '350000', 2, '300000', '350000'],
      ['C00002', 1, '70000', 1, '70000', '79044'],
    ]);
    expect(s.totals).toMatchObject({ receivedLineCount: 4, receivedKrw: '420000', settledKrw: '370000' });
    // By month: received by receipt date, settled by settlement month, ordered by order date.
    const m = ok(await http.get(`${CUBE}?${Q}&dim1=month&sort=key1:asc`, who.admin));
    expect(pick(m.rows, 'key1', 'receivedKrw', 'settledKrw', 'totalKrw')).toEqual([
      ['201901', '250000', '0', '250000'],
      ['201902', '170000', '300000', '170000'],
      ['201903', '0', '70000', '9044'],
    ]);
    // The next quarter has them as its previous period.
    const next = ok(await http.get(`${CUBE}?fromMonth=201904&toMonth=201906&dim1=supplier&sort=key1:asc`, who.admin));
    expect(pick(next.rows, 'key1', 'receivedKrw', 'prevReceivedKrw', 'settledKrw', 'prevSettledKrw')).toEqual([
      ['C00001', '0', '350000', '0', '300000'],
      ['C00002', '0', '70000', '0', '70000'],
    ]);
  });

  it('by category: each line under its order line’s category; the scope of group 30', async () => {
    const c = ok(await http.get(`${CUBE}?${Q}&dim1=category&size=100`, who.admin));
    const received = c.rows.reduce((a: number, r: Row) => a + Number(r.receivedKrw), 0);
    expect(received).toBe(420000);
    // buyer (E000005) bought P1 and requested P4: W1, W2, W3; S1's P1 line and S2.
    const own = ok(await http.get(`${CUBE}?${Q}&dim1=supplier&sort=key1:asc`, who.buyer));
    expect(pick(own.rows, 'key1', 'receivedKrw', 'settledKrw')).toEqual([
      ['C00001', '250000', '200000'],
      ['C00002', '70000', '70000'],
    ]);
  });

  it('reconciles with monthlyReport07 (receipt lines) and 08 (settled won) month by month, on the fixture and the seeded data', async () => {
    for (const q of [Q, 'fromMonth=202401&toMonth=202612']) {
      const cube = ok(await http.get(`${CUBE}?${q}&dim1=month&size=100`, who.admin));
      const byMonth = (field: string) =>
        Object.fromEntries(
          (cube.rows as Row[]).filter((r) => r[field] !== 0 && r[field] !== '0').map((r) => [r.key1, r[field]]),
        );
      const r07 = ok(await http.get(`/api/v1/reports/monthly/07?${q}&size=100`, who.admin));
      const r08 = ok(await http.get(`/api/v1/reports/monthly/08?${q}&size=100`, who.admin));
      expect(r07.rows.length, q).toBeGreaterThan(0);
      expect(r08.rows.length, q).toBeGreaterThan(0);
      expect(byMonth('receivedLineCount'), q).toEqual(
        Object.fromEntries(r07.rows.map((r: Row) => [r.month, r.lineCount])),
      );
      expect(byMonth('settledKrw'), q).toEqual(
        Object.fromEntries(r08.rows.filter((r: Row) => r.totalKrw !== '0').map((r: Row) => [r.month, r.totalKrw])),
      );
      expect(cube.totals.settledKrw, q).toBe(r08.totals.totalKrw);
      // Received won against the receipt lines themselves (no report sums them): converted per receipt month.
      const { rows } = await sql<{ won: string }>`
        select coalesce(sum(won), 0)::text as won from (
          select case when currency = 'JPY' then round(sum(amount) * coalesce(
                   (select rate from fx_rate where currency = 'JPY' and period = month),
                   (select attr_1::numeric from code where group_id = 'SYSTEM_CONST' and code = 'JPY_RATE')) / 100)
                 else round(sum(amount)) end as won
          from (
            select h.currency, to_char(r.wh_req_date, 'YYYYMM') as month, rl.amount
            from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no join po_header h on h.po_no = rl.po_no
            where r.status <> 'CANCELLED' and h.status in ('APPROVED','SENT','ACKNOWLEDGED','PARTLY_DELIVERED','DELIVERED','CLOSED')
          ) l
          where month between ${q.slice(10, 16)} and ${q.slice(-6)}
          group by currency, month) x`.execute(db());
      expect(cube.totals.receivedKrw, q).toBe(rows[0].won);
    }
  });

  it('follows the writes: a cancelled receipt and a settlement line’s amount are seen after the rebuild', async () => {
    await db().updateTable('whReceipt').set({ status: 'CANCELLED' }).where('whReqNo', '=', 'RPT19-W2').execute();
    await db()
      .updateTable('settlementLine')
      .set({ krwAmount: '65000' })
      .where('settleNo', '=', 'RPT19-S2')
      .where('lineNo', '=', 1)
      .execute();
    try {
      const before = ok(await http.get(`${CUBE}?${Q}&dim1=supplier`, who.admin));
      expect(before.summary.pendingMonths).toEqual(['201901', '201903']);
      await rebuild();
      const s = ok(await http.get(`${CUBE}?${Q}&dim1=supplier&sort=key1:asc`, who.admin));
      expect(pick(s.rows, 'key1', 'receivedLineCount', 'receivedKrw', 'settledKrw')).toEqual([
        ['C00001', 2, '300000', '300000'],
        ['C00002', 1, '70000', '65000'],
      ]);
    } finally {
      await db().updateTable('whReceipt').set({ status: 'REQUESTED' }).where('whReqNo', '=', 'RPT19-W2').execute();
      await db().updateTable('settlementLine').set({ krwAmount: '70000' }).where('settleNo', '=', 'RPT19-S2').execute();
      await rebuild();
    }
  });

  it('a group holding only the /spendCube menu reads the cube, drills a cell and rebuilds; the reports stay closed', async () => {
    const group = (
      await db().selectFrom('appUser').select('authGroupId').where('userId', '=', 'uadmin1').executeTakeFirstOrThrow()
    ).authGroupId;
    const taken = await db()
      .deleteFrom('menuAuth')
      .where('authGroupId', '=', group)
      .where('pgmId', 'like', 'RPT%')
      .where('pgmId', '<>', 'RPT_SPEND_CUBE')
      .returningAll()
      .execute();
    try {
      expect(taken.length).toBeGreaterThan(0);
      refused(await http.get(`/api/v1/reports/monthly/03?${Q}`, who.uadmin1), 403);
      const cube = ok(await http.get(`${CUBE}?${Q}&dim1=supplier`, who.uadmin1));
      expect(pick(cube.rows, 'key1', 'totalKrw')).toEqual([['C00001', '100000']]);
      const drill = ok(await http.get(`/api/v1/reports/orders?${Q}&dim1=supplier&key1=C00001`, who.uadmin1));
      expect(drill.rows.map((r: Row) => r.poNo)).toEqual(['RPT19-P2']);
      ok(await http.post('/api/v1/reports/summary/rebuild', who.uadmin1));
    } finally {
      if (taken.length) await db().insertInto('menuAuth').values(taken).execute();
    }
  });
});
