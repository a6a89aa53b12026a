import type { Insertable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { CompanyChangeRequestTable } from '../../../db/schema.generated.js';
import { requestOrder } from '../request-flow.js';
import { requestFilters } from '../queries.js';
import type { CHANGE_REQUEST_SORT, ChangeRequestListQuery } from '../change-request-schemas.js';

/** Change requests with their company and the names of who asked and who decided: one by number, or a filtered page. */
export async function listChangeRequests(db: Db, where: { reqNo?: string; q?: Static<typeof ChangeRequestListQuery> }) {
  let base = db
    .selectFrom('companyChangeRequest as r')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .leftJoin('appUser as ru', 'ru.userId', 'r.requestedBy')
    .leftJoin('appUser as du', 'du.userId', 'r.decidedBy');
  if (where.reqNo) base = base.where('r.reqNo', '=', where.reqNo);
  const q = where.q;
  if (q) {
    for (const condition of requestFilters(q)) base = base.where(condition);
  }
  const { sortRef, direction, limit, offset } = requestOrder<(typeof CHANGE_REQUEST_SORT)[number]>(q);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'r.reqNo',
        'r.compNo',
        'c.compNameKr',
        'r.kinds',
        'r.changes',
        'r.reason',
        'r.fileId',
        'r.status',
        'r.requestedBy',
        'ru.hname as requestedByName',
        'r.requestedAt',
        'r.decidedBy',
        'du.hname as decidedByName',
        'r.decidedAt',
        'r.decisionComment',
        'r.version',
      ])
      .orderBy(sortRef, direction)
      .orderBy('r.reqNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ChangeRequestListRow = Awaited<ReturnType<typeof listChangeRequests>>['rows'][number];

/** The company's change request still waiting for staff, if any (one at a time). */
export const openChangeRequest = (trx: Db, compNo: string) =>
  trx
    .selectFrom('companyChangeRequest')
    .select('reqNo')
    .where('compNo', '=', compNo)
    .where('status', '=', 'REQUESTED')
    .executeTakeFirst();

export const insertChangeRequest = (trx: Db, row: Insertable<CompanyChangeRequestTable>) =>
  trx.insertInto('companyChangeRequest').values(row).execute();

export const lockChangeRequest = (trx: Db, reqNo: string) =>
  trx.selectFrom('companyChangeRequest').selectAll().where('reqNo', '=', reqNo).forUpdate().executeTakeFirst();
