import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';
import { insertReportFixture } from './fixtures.js';

const URL11 = '/api/v1/reports/monthly/11';
const DRILL = '/api/v1/reports/evaluation-totals';
const Q = 'fromMonth=201901&toMonth=201906';

/**
 * Evaluation periods in 2019 over the report fixture's orders (fixtures.ts: P1 C00001 D1220 buyer
 * E000005, P2 C00001 D2110, P3 C00002 D2130, P4 C00002 D1220 requester E000005, P5 cancelled, P6 draft;
 * all in 2019-01…03), so every figure is worked out by hand:
 *
 * | period | dates | supplier | total | status | grade / action | published |
 * |---|---|---|---|---|---|---|
 * | E1 | 2019-01-01…03-31, CLOSED | C00001 | 70.00 rev 1 | SUPERSEDED (not counted) | C / WARN | – |
 * |    |                          | C00001 | 91.50 rev 2 | FINAL | A / NONE | yes |
 * |    |                          | C00002 | 65.00 | FINAL | C / WARN | no |
 * |    |                          | C00003 | 40.00 | FINAL | D / BLOCK | yes |
 * | E2 | 2019-04-01…06-30, OPEN   | C00001 | 85.25 | DRAFT | B / NONE | – |
 * | E3 | 2019-07-01…12-31 (after 201906: outside) | C00001 | 99.00 | FINAL | A | – |
 *
 * E1: 3 suppliers, 3 final, 2 published, average 196.5 / 3 = 65.50, A 1, C 1, D 1, warn 1, block 1.
 * E2: 1 supplier, 0 final, average 85.25, B 1. Totals: 4 suppliers, average 281.75 / 4 = 70.4375 → 70.44.
 * Scope — a supplier counts when it had an order of the scope (approved or later) dated in the period:
 * buyer (30, E000005): P1 (C00001), P4 (C00002) → E1 with C00001, C00002: average (91.5 + 65) / 2 = 78.25;
 * uadmin1 (31, D2110): P2 → E1 with C00001 only; uadmin2 (32, D2000): P2, P3 → C00001, C00002.
 * No order in April–June: E2 has no row for a scoped user.
 */
async function insertEvaluations(t: TestApp): Promise<{ e1: number; e2: number }> {
  const db = t.app.dbh.db;
  const period = (periodName: string, startDate: string, endDate: string, status: 'OPEN' | 'CLOSED') => ({
    periodName,
    startDate,
    endDate,
    dueDate: endDate,
    status,
    createdBy: 'test',
  });
  const [e1, e2, e3] = await Promise.all(
    [
      period('2019 1분기 시험평가', '2019-01-01', '2019-03-31', 'CLOSED'),
      period('2019 2분기 시험평가', '2019-04-01', '2019-06-30', 'OPEN'),
      period('2019 하반기 시험평가', '2019-07-01', '2019-12-31', 'CLOSED'),
    ].map(
      async (p) =>
        (await db.insertInto('evaPeriod').values(p).returning('periodId').executeTakeFirstOrThrow()).periodId,
    ),
  );
  const at = new Date('2019-04-05T00:00:00Z');
  const total = (
    periodId: number,
    compNo: string,
    revision: number,
    status: 'DRAFT' | 'FINAL' | 'SUPERSEDED',
    score: string,
    grade: 'A' | 'B' | 'C' | 'D',
    gradeAction: 'NONE' | 'WARN' | 'BLOCK',
    published: boolean,
    rankNo: number,
  ) => ({
    periodId,
    compNo,
    revision,
    status,
    computedScore: score,
    totalScore: score,
    grade,
    gradeAction,
    rankNo,
    finalizedAt: status === 'DRAFT' ? null : at,
    finalizedBy: status === 'DRAFT' ? null : 'test',
    publishedAt: published ? at : null,
    publishedBy: published ? 'test' : null,
  });
  await db
    .insertInto('evaTotal')
    .values([
      total(e1, 'C00001', 1, 'SUPERSEDED', '70.00', 'C', 'WARN', false, 2),
      total(e1, 'C00001', 2, 'FINAL', '91.50', 'A', 'NONE', true, 1),
      total(e1, 'C00002', 1, 'FINAL', '65.00', 'C', 'WARN', false, 2),
      total(e1, 'C00003', 1, 'FINAL', '40.00', 'D', 'BLOCK', true, 3),
      total(e2, 'C00001', 1, 'DRAFT', '85.25', 'B', 'NONE', false, 1),
      total(e3, 'C00001', 1, 'FINAL', '99.00', 'A', 'NONE', false, 1),
    ])
    .execute();
  return { e1, e2 };
}

describe('monthlyReport11: evaluation summary', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;
  let ids: { e1: number; e2: number };

  beforeAll(async () => {
    t = await buildTestApp();
    await insertReportFixture(t);
    ids = await insertEvaluations(t);
    http = client(t);
    who = await logins(t, ['admin', 'buyer', 'uadmin1', 'uadmin2', 'tfadmin', 'supplier1']);
  }, 120_000);
  afterAll(async () => t?.close());

  it('counts each period’s current totals per grade, with the average score, warned, blocked, finalized and published', async () => {
    const body = ok(await http.get(`${URL11}?${Q}`, who.admin));
    expect(body.total).toBe(2);
    expect(body.rows).toEqual([
      {
        periodId: ids.e1,
        periodName: '2019 1분기 시험평가',
        startDate: '2019-01-01',
        endDate: '2019-03-31',
        periodStatus: 'CLOSED',
        supplierCount: 3,
        finalCount: 3,
        publishedCount: 2,
        avgScore: '65.5',
        scoreSum: '196.5',
        gradeA: 1,
        gradeB: 0,
        gradeC: 1,
        gradeD: 1,
        warnCount: 1,
        blockCount: 1,
      },
      {
        periodId: ids.e2,
        periodName: '2019 2분기 시험평가',
        startDate: '2019-04-01',
        endDate: '2019-06-30',
        periodStatus: 'OPEN',
        supplierCount: 1,
        finalCount: 0,
        publishedCount: 0,
        avgScore: '85.25',
        scoreSum: '85.25',
        gradeA: 0,
        gradeB: 1,
        gradeC: 0,
        gradeD: 0,
        warnCount: 0,
        blockCount: 0,
      },
    ]);
    expect(body.totals).toEqual({
      supplierCount: 4,
      finalCount: 3,
      publishedCount: 2,
      scoreSum: '281.75',
      avgScore: '70.44',
      gradeA: 1,
      gradeB: 1,
      gradeC: 1,
      gradeD: 1,
      warnCount: 1,
      blockCount: 1,
    });
    // A period counts when it overlaps the months: 201904–201906 holds E2 only, 201903–201904 both.
    expect(
      ok(await http.get(`${URL11}?fromMonth=201904&toMonth=201906`, who.admin)).rows.map(
        (r: { periodId: number }) => r.periodId,
      ),
    ).toEqual([ids.e2]);
    expect(
      ok(await http.get(`${URL11}?fromMonth=201903&toMonth=201904`, who.admin)).rows.map(
        (r: { periodId: number }) => r.periodId,
      ),
    ).toEqual([ids.e1, ids.e2]);
    const sorted = ok(await http.get(`${URL11}?${Q}&sort=avgScore:desc&size=1`, who.admin));
    expect(sorted.rows.map((r: { periodId: number }) => r.periodId)).toEqual([ids.e2]);
    expect(sorted.totals.supplierCount).toBe(4);
  });

  it('scopes by authority group and by the section / department filter (suppliers with an order of the scope in the period)', async () => {
    const counts = (b: { rows: Array<{ periodId: number; supplierCount: number; avgScore: string }> }) =>
      b.rows.map((r) => [r.periodId, r.supplierCount, r.avgScore]);
    expect(counts(ok(await http.get(`${URL11}?${Q}`, who.buyer)))).toEqual([[ids.e1, 2, '78.25']]);
    expect(counts(ok(await http.get(`${URL11}?${Q}`, who.uadmin1)))).toEqual([[ids.e1, 1, '91.5']]);
    expect(counts(ok(await http.get(`${URL11}?${Q}`, who.uadmin2)))).toEqual([[ids.e1, 2, '78.25']]);
    expect(counts(ok(await http.get(`${URL11}?${Q}&deptcd=D2130`, who.admin)))).toEqual([[ids.e1, 1, '65']]);
    refused(await http.get(`${URL11}?${Q}&deptcd=D2110`, who.buyer), 403, 'REPORT_SCOPE');
    refused(await http.get(`${DRILL}?${Q}&section=D1000`, who.uadmin1), 403, 'REPORT_SCOPE');
  });

  it('drills down to the suppliers’ totals behind a period (and a grade), in the same scope', async () => {
    const all = ok(await http.get(`${DRILL}?${Q}&periodId=${ids.e1}`, who.admin));
    expect(
      all.rows.map(
        (r: {
          compNo: string;
          totalScore: string;
          grade: string;
          gradeAction: string;
          status: string;
          published: string;
        }) => [r.compNo, r.totalScore, r.grade, r.gradeAction, r.status, r.published],
      ),
    ).toEqual([
      ['C00001', '91.5', 'A', 'NONE', 'FINAL', 'Y'],
      ['C00002', '65', 'C', 'WARN', 'FINAL', 'N'],
      ['C00003', '40', 'D', 'BLOCK', 'FINAL', 'Y'],
    ]);
    expect(
      ok(await http.get(`${DRILL}?${Q}&periodId=${ids.e1}&grade=D`, who.admin)).rows.map(
        (r: { compNo: string }) => r.compNo,
      ),
    ).toEqual(['C00003']);
    expect(
      ok(await http.get(`${DRILL}?${Q}&periodId=${ids.e1}`, who.buyer)).rows.map((r: { compNo: string }) => r.compNo),
    ).toEqual(['C00001', 'C00002']);
    expect(ok(await http.get(`${DRILL}?${Q}&periodId=${ids.e2}`, who.uadmin2)).total).toBe(0);
  });

  it('refuses a bad month range (400) and callers without the report menu or portal (403)', async () => {
    refused(await http.get(`${URL11}?fromMonth=201906&toMonth=201901`, who.admin), 400, 'REPORT_PERIOD');
    refused(await http.get(`${URL11}?fromMonth=201501&toMonth=201906`, who.admin), 400, 'REPORT_PERIOD');
    expect((await http.get(`${URL11}?${Q}`, who.tfadmin)).statusCode).toBe(403);
    expect((await http.get(`${URL11}?${Q}`, who.supplier1)).statusCode).toBe(403);
    expect((await http.get(`${DRILL}?${Q}`, who.supplier1)).statusCode).toBe(403);
  });
});
