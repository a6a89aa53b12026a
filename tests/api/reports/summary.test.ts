import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, type Who } from '../purchase/helpers.js';
import { refreshReportSummary, reportJobs } from '../../../server/modules/reports/summary.js';
import { insertReportFixture, type Fixture } from './fixtures.js';

/**
 * The reports' monthly summaries (server/modules/reports/summary.ts, migration 0280): writes to
 * orders, lines and items mark their months; the job (every minute) or POST
 * /api/v1/reports/summary/rebuild rebuilds them, and a report GET only reads, saying which months of
 * its period wait. So every figure follows the writes behind it after a rebuild. Figures are the
 * fixture's (fixtures.ts), changed by hand here.
 */
const Q = 'fromMonth=201901&toMonth=201903';
type Row = Record<string, unknown>;
const pick = (rows: Row[], ...fields: string[]) => rows.map((r) => fields.map((f) => r[f]));

describe('report summaries follow the writes', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;
  let fx: Fixture;
  const db = () => t.app.dbh.db;
  /** What the job does within a minute, now (every marked month). */
  const rebuild = async () => ok(await http.post('/api/v1/reports/summary/rebuild', who.admin));
  const marks = async (month: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from report_summary_dirty where month = ${month}`.execute(db()))
        .rows[0].n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    fx = await insertReportFixture(t);
    http = client(t);
    who = await logins(t, ['admin']);
  }, 120_000);
  afterAll(async () => t?.close());

  it('a report GET writes nothing: it answers the months waiting and since when; the rebuild brings the change', async () => {
    const report = async () => ok(await http.get(`/api/v1/reports/monthly/01?${Q}`, who.admin));
    const figures = (r: { rows: Row[] }) => pick(r.rows, 'key', 'poCount', 'lineCount', 'totalKrw');
    const fresh = await report();
    expect(figures(fresh)).toEqual([
      ['D1000', 2, 3, '320000'],
      ['D2000', 2, 2, '109044'],
    ]);
    expect(fresh.summary.pendingMonths).toEqual([]);
    const beforeWrite = Date.now();

    await db().updateTable('poHeader').set({ status: 'CANCELLED' }).where('poNo', '=', 'RPT19-P4').execute();
    const summaryRows = async () =>
      (await sql<{ n: string }>`select count(*) as n from report_spend_month`.execute(db())).rows[0].n;
    const [marksBefore, rowsBefore] = [await marks('201902'), await summaryRows()];
    expect(marksBefore).toBeGreaterThan(0);
    const waiting = await report();
    // The figures as of before the write, said so; nothing rebuilt, nothing written.
    expect(figures(waiting)).toEqual(figures(fresh));
    expect(waiting.summary.pendingMonths).toEqual(['201902']);
    expect(Date.parse(waiting.summary.asOf)).toBeGreaterThanOrEqual(beforeWrite - 1000);
    expect([await marks('201902'), await summaryRows()]).toEqual([marksBefore, rowsBefore]);

    expect(
      ok(await http.post('/api/v1/reports/summary/rebuild', who.admin, { fromMonth: '201901', toMonth: '201903' }))
        .months,
    ).toEqual(['201902']);
    const rebuilt = await report();
    expect(figures(rebuilt)).toEqual([
      ['D1000', 1, 2, '250000'],
      ['D2000', 2, 2, '109044'],
    ]);
    expect(rebuilt.summary.pendingMonths).toEqual([]);
    expect(await marks('201902')).toBe(0);
    await db().updateTable('poHeader').set({ status: 'APPROVED' }).where('poNo', '=', 'RPT19-P4').execute();
  });

  it('a cancelled order, an edited line and a new line change the spend reports after the rebuild', async () => {
    const sections = async () => {
      await rebuild();
      return pick(
        ok(await http.get(`/api/v1/reports/monthly/01?${Q}`, who.admin)).rows,
        'key',
        'poCount',
        'lineCount',
        'totalKrw',
      );
    };
    expect(await sections()).toEqual([
      ['D1000', 2, 3, '320000'],
      ['D2000', 2, 2, '109044'],
    ]);

    await db().updateTable('poHeader').set({ status: 'CANCELLED' }).where('poNo', '=', 'RPT19-P4').execute();
    expect(await marks('201902')).toBeGreaterThan(0);
    expect(await sections()).toEqual([
      ['D1000', 1, 2, '250000'],
      ['D2000', 2, 2, '109044'],
    ]);
    expect(await marks('201902')).toBe(0);

    await db()
      .updateTable('poLine')
      .set({ unitPrice: '60000', amount: '60000' })
      .where('poNo', '=', 'RPT19-P1')
      .where('lineNo', '=', 2)
      .execute();
    expect(await sections()).toEqual([
      ['D1000', 1, 2, '260000'],
      ['D2000', 2, 2, '109044'],
    ]);

    // A second line on P3 (JPY, 201903: 905.32 won per 100 yen): 999 + 1,001 yen = 2,000 yen → 18,106.4 → 18,106 won.
    const item = await db()
      .selectFrom('item')
      .select(['itemCode', 'unitCode', 'sgCode'])
      .where('itemCode', '=', fx.itemA)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('poLine')
      .values({
        poNo: 'RPT19-P3',
        lineNo: 2,
        itemCode: item.itemCode,
        itemName: '추가 품목',
        unitCode: item.unitCode,
        sgCode: item.sgCode,
        quantity: '1',
        unitPrice: '1001',
        amount: '1001',
      })
      .execute();
    expect(await sections()).toEqual([
      ['D1000', 1, 2, '260000'],
      ['D2000', 2, 3, '118106'],
    ]);

    // Deleting it and restoring the order brings the fixture's figures back.
    await db().deleteFrom('poLine').where('poNo', '=', 'RPT19-P3').where('lineNo', '=', 2).execute();
    await db()
      .updateTable('poLine')
      .set({ unitPrice: '50000', amount: '50000' })
      .where('poNo', '=', 'RPT19-P1')
      .where('lineNo', '=', 2)
      .execute();
    await db().updateTable('poHeader').set({ status: 'APPROVED' }).where('poNo', '=', 'RPT19-P4').execute();
    expect(await sections()).toEqual([
      ['D1000', 2, 3, '320000'],
      ['D2000', 2, 2, '109044'],
    ]);
  });

  it('an order moved to another month leaves the old month and joins the new one', async () => {
    await db().updateTable('poHeader').set({ poDate: '2019-03-02' }).where('poNo', '=', 'RPT19-P2').execute();
    expect(await marks('201902')).toBeGreaterThan(0);
    expect(await marks('201903')).toBeGreaterThan(0);
    const departments = async (month: string) => (
      await rebuild(),
      pick(
        ok(await http.get(`/api/v1/reports/monthly/02?fromMonth=${month}&toMonth=${month}`, who.admin)).rows,
        'key',
        'poCount',
        'totalKrw',
      )
    );
    expect(await departments('201902')).toEqual([['D1220', 1, '70000']]);
    // P2's 10,000 yen now at 201903's rate: 905.32 won per 100 yen.
    expect(await departments('201903')).toEqual([
      ['D2110', 1, '90532'],
      ['D2130', 1, '9044'],
    ]);
    await db().updateTable('poHeader').set({ poDate: '2019-02-15' }).where('poNo', '=', 'RPT19-P2').execute();
    expect(await departments('201902')).toEqual([
      ['D2110', 1, '100000'],
      ['D1220', 1, '70000'],
    ]);
  });

  it('an item’s new category or reference price reaches the reports that use it', async () => {
    const categories = async () => (
      await rebuild(),
      pick(ok(await http.get(`/api/v1/reports/monthly/04?${Q}`, who.admin)).rows, 'key', 'poCount', 'totalKrw')
    );
    expect(await categories()).toEqual([
      [fx.catA, 3, '370000'],
      [fx.catB, 2, '59044'],
    ]);
    await db().updateTable('item').set({ catCode: fx.catA }).where('itemCode', '=', fx.itemB).execute();
    expect(await marks('201901')).toBeGreaterThan(0);
    // P1 has lines of both items: now one order in category A.
    expect(await categories()).toEqual([[fx.catA, 4, '429044']]);
    await db().updateTable('item').set({ catCode: fx.catB }).where('itemCode', '=', fx.itemB).execute();
    expect(await categories()).toEqual([
      [fx.catA, 3, '370000'],
      [fx.catB, 2, '59044'],
    ]);

    // Item A's reference 90,000 → 65,000: P1's 100,000 and P4's 70,000 are both above it now.
    const high = async () => (
      await rebuild(),
      ok(await http.get(`/api/v1/reports/cost-unit/high?${Q}`, who.admin)).rows.find(
        (r: Row) => r.itemCode === fx.itemA,
      )
    );
    expect(await high()).toMatchObject({ aboveCount: 1, excessAmount: '20000' });
    await db().updateTable('item').set({ refPrice: '65000' }).where('itemCode', '=', fx.itemA).execute();
    // (100,000 − 65,000) × 2 + (70,000 − 65,000) × 1 = 75,000; 53.8 % over at most.
    expect(await high()).toMatchObject({
      aboveCount: 2,
      excessAmount: '75000',
      excessKrw: '75000',
      maxOverPct: '53.8',
      refPrice: '65000',
    });
    await db().updateTable('item').set({ refPrice: '90000' }).where('itemCode', '=', fx.itemA).execute();
    expect(await high()).toMatchObject({ aboveCount: 1, excessAmount: '20000' });
  });

  it('writes that change no figure mark no month', async () => {
    await refreshReportSummary(db());
    const before = Number(
      (await sql<{ n: string }>`select count(*) as n from report_summary_dirty`.execute(db())).rows[0].n,
    );
    expect(before).toBe(0);
    // Receiving updates the quantities done; a draft order's lines are not spend; a title is not summarised.
    await db().updateTable('poLine').set({ receivedQty: '1' }).where('poNo', '=', 'RPT19-P1').execute();
    await db()
      .updateTable('poLine')
      .set({ amount: '400000', unitPrice: '400000' })
      .where('poNo', '=', 'RPT19-P6')
      .execute();
    await db().updateTable('poHeader').set({ title: '제목만 바꿈' }).where('poNo', '=', 'RPT19-P1').execute();
    await db().updateTable('item').set({ itemName: '이름만 바꿈' }).where('itemCode', '=', fx.itemA).execute();
    expect(
      Number((await sql<{ n: string }>`select count(*) as n from report_summary_dirty`.execute(db())).rows[0].n),
    ).toBe(0);
  });

  it('two rebuilds at once write each summary row once', async () => {
    const counts = async () =>
      (
        await sql<{
          s: string;
          p: string;
        }>`select (select count(*) from report_spend_month where month between '201901' and '201903') as s, (select count(*) from report_price_month where month between '201901' and '201903') as p`.execute(
          db(),
        )
      ).rows[0];
    await refreshReportSummary(db());
    const once = await counts();
    // P1 × items A and B, P2 × A, P3 × B, P4 × A.
    expect(Number(once.p)).toBe(5);
    await sql`insert into report_summary_dirty (month) values ('201901'), ('201902'), ('201903')`.execute(db());
    const rebuilt = await Promise.all([
      refreshReportSummary(db()),
      refreshReportSummary(db()),
      refreshReportSummary(db(), { fromMonth: '201902', toMonth: '201902' }),
    ]);
    expect(rebuilt.flat().sort()).toEqual(['201901', '201902', '201903']);
    expect(await counts()).toEqual(once);
  });

  it('the background job rebuilds every marked month', async () => {
    await sql`insert into report_summary_dirty (month) values ('201901'), ('201812')`.execute(db());
    const job = reportJobs.find((j) => j.name === 'reports.refreshSummary')!;
    expect(await job.run({ db: db(), log: t.app.log, config: t.app.config, now: new Date() })).toEqual({ months: 2 });
    expect(await marks('201901')).toBe(0);
  });
});
