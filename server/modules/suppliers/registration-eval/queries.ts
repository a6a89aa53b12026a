import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { EVALUATION_SORT, EvaluationListQuery } from '../apply-schemas.js';

/** Registration evaluations with their application and evaluator: one by number, or a filtered page. */
export async function listEvaluations(db: Db, where: { evalNo?: string; q?: Static<typeof EvaluationListQuery> }) {
  let base = db
    .selectFrom('registrationEvaluation as e')
    .innerJoin('supplierApplication as a', 'a.receiptNo', 'e.receiptNo')
    .leftJoin('appUser as u', 'u.userId', 'e.evaluator');
  if (where.evalNo) base = base.where('e.evalNo', '=', where.evalNo);
  const q = where.q;
  if (q) {
    const no = given(q.evalNo);
    if (no)
      base = base.where((eb) =>
        eb.or([eb('e.evalNo', 'ilike', `%${likeEscape(no)}%`), eb('e.receiptNo', 'ilike', `%${likeEscape(no)}%`)]),
      );
    const name = given(q.compNameKr);
    if (name) base = base.where('a.compNameKr', 'ilike', `%${likeEscape(name)}%`);
    if (q.status?.length)
      base = base.where('e.status', 'in', q.status as Array<'OPEN' | 'PASSED' | 'FAILED' | 'CANCELLED'>);
  }
  const sort = parseSort(q?.sort, { field: 'evalNo', direction: 'desc' });
  const field = sort.field as (typeof EVALUATION_SORT)[number];
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'e.evalNo',
        'e.receiptNo',
        'a.compNameKr',
        'a.taxNo',
        'a.ceoName',
        'a.bizType',
        'a.bizItem',
        'a.address',
        'a.status as applicationStatus',
        'a.userDecision',
        'a.fileId',
        'a.compNo',
        'e.status',
        'e.chkCert',
        'e.chkBank',
        'e.chkTax',
        'e.chkCredit',
        'e.chkQuality',
        'e.score',
        'e.passMark',
        'e.remark',
        'e.failReason',
        'e.evaluator',
        'u.hname as evaluatorName',
        'e.evaluatedAt',
        'e.createdAt',
        'e.version',
      ])
      .orderBy(field === 'compNameKr' ? sql.ref('a.compNameKr') : sql.ref(`e.${field}`), sort.direction)
      .orderBy('e.evalNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export type EvaluationListRow = Awaited<ReturnType<typeof listEvaluations>>['rows'][number];

export const lockEvaluation = (trx: Db, evalNo: string) =>
  trx.selectFrom('registrationEvaluation').selectAll().where('evalNo', '=', evalNo).forUpdate().executeTakeFirst();
