import { sql, type Insertable, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { EvaTotalTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { MyTotalListQuery, TotalListQuery } from '../schemas.js';

/** Totals with their rank among the period's current totals (live for drafts; finalized ones keep the rank they were finalized with). */
function totalsQuery(db: Db) {
  const ranked = db
    .selectFrom('evaTotal')
    .selectAll()
    .select(sql<number>`rank() over (partition by period_id order by total_score desc)`.as('liveRank'))
    .where('status', '<>', 'SUPERSEDED');
  return db
    .selectFrom('evaTotal as t')
    .leftJoin(ranked.as('r'), 'r.totalId', 't.totalId')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .innerJoin('company as c', 'c.compNo', 't.compNo');
}

const SORT = {
  totalScore: 't.totalScore',
  rankNo: 'rankNo',
  compNo: 't.compNo',
  compName: 'c.compNameKr',
  grade: 't.grade',
  status: 't.status',
  periodName: 'p.periodName',
} as const;

/** A page of totals with their period, supplier and rank, and the count of all. */
export async function listTotalRows(
  db: Db,
  f: Static<typeof TotalListQuery> & { totalId?: number; includeSuperseded?: boolean },
) {
  let q = totalsQuery(db);
  if (!f.includeSuperseded) q = q.where('t.status', '<>', 'SUPERSEDED');
  if (f.totalId) q = q.where('t.totalId', '=', f.totalId);
  if (f.periodId) q = q.where('t.periodId', '=', f.periodId);
  if (f.grade) q = q.where('t.grade', '=', f.grade);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.published === 'Y') q = q.where('t.publishedAt', 'is not', null);
  if (f.published === 'N') q = q.where('t.publishedAt', 'is', null);
  if (given(f.compNo)) q = q.where('t.compNo', '=', f.compNo!.trim().toUpperCase());
  if (given(f.compName)) q = q.where('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(f.sort, { field: 'rankNo', direction: 'asc' });
  // A rank means something only within its period: across periods, the newest period comes first.
  const byPeriod = sort.field === 'rankNo' ? q.orderBy('p.startDate', 'desc').orderBy('t.periodId', 'desc') : q;
  const rows = await byPeriod
    .select([
      't.totalId',
      't.periodId',
      'p.periodName',
      'p.status as periodStatus',
      't.compNo',
      'c.compNameKr as compName',
      't.revision',
      't.status',
      't.computedScore',
      't.adjustment',
      't.adjustReason',
      't.totalScore',
      't.grade',
      't.gradeAction',
      sql<number>`coalesce(t.rank_no, r.live_rank, 0)`.as('rankNo'),
      't.prevScore',
      't.correctionReason',
      't.finalizedAt',
      't.finalizedBy',
      't.publishedAt',
      't.publishedBy',
      't.version',
    ])
    .orderBy(sql.ref(SORT[sort.field]), sort.direction)
    .orderBy('t.compNo')
    .limit(pageWindow(f).limit)
    .offset(pageWindow(f).offset)
    .execute();
  return { total, rows };
}

/** A total's lines: each criterion's figures, band score, weight and weighted score. */
export const totalLines = (db: Db, totalId: number) =>
  db
    .selectFrom('evaTotalLine')
    .select([
      'criterionId',
      'seq',
      'category',
      'name',
      'kind',
      'measure',
      'weight',
      'effectiveWeight',
      'numerator',
      'denominator',
      'rate',
      'score',
      'weighted',
      'answers',
      'comments',
    ])
    .where('totalId', '=', totalId)
    .orderBy('seq')
    .execute();

/** Every revision of a supplier's total in a period. */
export const totalRevisions = (db: Db, periodId: number, compNo: string) =>
  db
    .selectFrom('evaTotal')
    .select(['totalId', 'revision', 'status', 'totalScore', 'grade', 'correctionReason', 'finalizedAt', 'publishedAt'])
    .where('periodId', '=', periodId)
    .where('compNo', '=', compNo)
    .orderBy('revision')
    .execute();

/** A supplier's finalized totals, oldest period first. */
export const finalTrend = (db: Db, compNo: string) =>
  db
    .selectFrom('evaTotal as x')
    .innerJoin('evaPeriod as p', 'p.periodId', 'x.periodId')
    .select(['p.periodName', 'x.totalScore', 'x.grade'])
    .where('x.compNo', '=', compNo)
    .where('x.status', '=', 'FINAL')
    .orderBy('p.endDate')
    .execute();

export const lockTotalRow = (trx: Db, totalId: number) =>
  trx.selectFrom('evaTotal').selectAll().where('totalId', '=', totalId).forUpdate().executeTakeFirst();

export const updateTotal = (trx: Db, totalId: number, set: Updateable<EvaTotalTable>) =>
  trx.updateTable('evaTotal').set(set).where('totalId', '=', totalId).execute();

export const insertTotal = async (trx: Db, row: Insertable<EvaTotalTable>): Promise<number> =>
  (await trx.insertInto('evaTotal').values(row).returning('totalId').executeTakeFirstOrThrow()).totalId;

/** Copies a total's lines to another total. */
export async function copyTotalLines(trx: Db, fromId: number, toId: number): Promise<void> {
  const lines = await trx.selectFrom('evaTotalLine').selectAll().where('totalId', '=', fromId).execute();
  if (lines.length)
    await trx
      .insertInto('evaTotalLine')
      .values(lines.map((l) => ({ ...l, totalId: toId })))
      .execute();
}

export const periodNameAndState = (trx: Db, periodId: number) =>
  trx
    .selectFrom('evaPeriod')
    .select(['status', 'periodName'])
    .where('periodId', '=', periodId)
    .executeTakeFirstOrThrow();

/** The rank a total of `score` takes among the period's current totals. */
export async function rankOf(trx: Db, periodId: number, score: string): Promise<number> {
  const rank = await sql<{
    n: number;
  }>`select count(*) + 1 as n from eva_total where period_id = ${periodId} and status <> 'SUPERSEDED' and total_score > ${score}`.execute(
    trx,
  );
  return Number(rank.rows[0].n);
}

/** Published results: one company's, or (staff, null) every supplier's. */
function publishedTotals(db: Db, compNo: string | null) {
  return db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .$if(compNo !== null, (q) => q.where('t.compNo', '=', compNo!))
    .where('t.status', '=', 'FINAL')
    .where('t.publishedAt', 'is not', null)
    .innerJoin('company as c', 'c.compNo', 't.compNo');
}

/** A page of published results and the count of all. */
export async function listPublishedTotals(db: Db, compNo: string | null, query: Static<typeof MyTotalListQuery>) {
  const q = publishedTotals(db, compNo);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(query.sort, { field: 'endDate', direction: 'desc' });
  const col = { endDate: 'p.endDate', totalScore: 't.totalScore', grade: 't.grade' } as const;
  const w = pageWindow(query);
  const rows = await q
    .select([
      't.totalId',
      't.compNo',
      'c.compNameKr as compName',
      'p.periodName',
      'p.startDate',
      'p.endDate',
      't.revision',
      't.totalScore',
      't.grade',
      't.prevScore',
      't.publishedAt',
    ])
    .orderBy(sql.ref(col[sort.field]), sort.direction)
    .orderBy('t.totalId', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { total, rows };
}

export const publishedTotal = (db: Db, compNo: string | null, totalId: number) =>
  publishedTotals(db, compNo)
    .select([
      't.totalId',
      'p.periodName',
      'p.startDate',
      'p.endDate',
      't.revision',
      't.totalScore',
      't.grade',
      't.prevScore',
      't.publishedAt',
      't.compNo',
      'c.compNameKr as compName',
      't.adjustment',
      't.adjustReason',
      't.correctionReason',
    ])
    .where('t.totalId', '=', totalId)
    .executeTakeFirst();
