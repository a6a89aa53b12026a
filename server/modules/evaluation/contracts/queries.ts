import { sql, type Insertable, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { PurContractTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { ContractListQuery } from '../schemas.js';

function contractQuery(db: Db) {
  // The newest finalized grade of each supplier.
  const standing = db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .select([
      't.compNo',
      't.grade',
      't.gradeAction',
      't.totalScore',
      'p.periodName',
      sql<number>`row_number() over (partition by t.comp_no order by p.end_date desc)`.as('rn'),
    ])
    .where('t.status', '=', 'FINAL');
  return db
    .selectFrom('purContract as k')
    .innerJoin('company as c', 'c.compNo', 'k.compNo')
    .leftJoin('sourcingGroup as g', 'g.sgCode', 'k.sgCode')
    .leftJoin(standing.as('s'), (j) => j.onRef('s.compNo', '=', 'k.compNo').on('s.rn', '=', 1));
}

const SORT = {
  contractNo: 'k.contractNo',
  compNo: 'k.compNo',
  compName: 'c.compNameKr',
  contractYear: 'k.contractYear',
  endDate: 'k.endDate',
  grade: 's.grade',
} as const;

/** Contracts with their supplier, sourcing group, the supplier's newest finalized grade and its open evaluation tasks: a page, and the count of all. */
export async function listContractRows(db: Db, f: Static<typeof ContractListQuery> & { contractNo?: string }) {
  let q = contractQuery(db);
  if (f.contractNo) q = q.where('k.contractNo', '=', f.contractNo);
  if (f.contractYear) q = q.where('k.contractYear', '=', f.contractYear);
  if (f.status) q = q.where('k.status', '=', f.status);
  if (f.grade) q = q.where('s.grade', '=', f.grade);
  if (given(f.compNo)) q = q.where('k.compNo', '=', f.compNo!.trim().toUpperCase());
  if (given(f.compName)) q = q.where('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(f.sort, { field: 'contractNo', direction: 'desc' });
  const w = pageWindow(f);
  const rows = await q
    .select([
      'k.contractNo',
      'k.compNo',
      'c.compNameKr as compName',
      'k.contractYear',
      'k.title',
      'k.sgCode',
      'g.sgName',
      'k.startDate',
      'k.endDate',
      'k.paymentTerms',
      'k.deliveryTerms',
      'k.amountLimit',
      'k.status',
      'k.remark',
      'k.version',
      's.grade',
      's.gradeAction',
      's.periodName as gradePeriod',
      's.totalScore as gradeScore',
      sql<number>`(select count(*) from eva_task x join eva_period y on y.period_id = x.period_id where x.comp_no = k.comp_no and y.status = 'OPEN' and x.status <> 'SUBMITTED')`.as(
        'openTasks',
      ),
    ])
    .orderBy(sql.ref(SORT[sort.field]), sort.direction)
    .orderBy('k.contractNo')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { total, rows };
}

/** The supplier's totals by period, newest first (superseded revisions left out). */
export const gradeHistory = (db: Db, compNo: string) =>
  db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .select([
      'p.periodName',
      't.totalScore',
      't.grade',
      't.status',
      sql<'Y' | 'N'>`case when t.published_at is null then 'N' else 'Y' end`.as('published'),
    ])
    .where('t.compNo', '=', compNo)
    .where('t.status', '<>', 'SUPERSEDED')
    .orderBy('p.endDate', 'desc')
    .execute();

export const insertContract = (trx: Db, row: Insertable<PurContractTable>) =>
  trx.insertInto('purContract').values(row).execute();

export const lockContract = (trx: Db, contractNo: string) =>
  trx.selectFrom('purContract').selectAll().where('contractNo', '=', contractNo).forUpdate().executeTakeFirst();

export const updateContract = (trx: Db, contractNo: string, set: Updateable<PurContractTable>) =>
  trx.updateTable('purContract').set(set).where('contractNo', '=', contractNo).execute();
