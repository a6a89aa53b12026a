import type { Static } from 'typebox';
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { CompanyStatusRequestTable } from '../../../db/schema.generated.js';
import { kstDayStart } from '../../../domain/dates.js';
import { given } from '../../../http/list-query.js';
import { requestOrder } from '../request-flow.js';
import { requestFilters } from '../queries.js';
import type { StatusRequestListQuery, STATUS_REQUEST_SORT } from '../schemas.js';

/** Status change requests with their company and the names of who asked and who decided: one by number, or a filtered page. */
export async function listStatusRequests(db: Db, where: { reqNo?: string; q?: Static<typeof StatusRequestListQuery> }) {
  let base = db
    .selectFrom('companyStatusRequest as r')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .leftJoin('appUser as ru', 'ru.userId', 'r.requestedBy')
    .leftJoin('appUser as du', 'du.userId', 'r.decidedBy');
  if (where.reqNo) base = base.where('r.reqNo', '=', where.reqNo);
  const q = where.q;
  if (q) {
    for (const condition of requestFilters(q)) base = base.where(condition);
    if (q.toStatus) base = base.where('r.toStatus', '=', q.toStatus);
    if (given(q.fromDate)) base = base.where('r.requestedAt', '>=', kstDayStart(q.fromDate!, 0));
    if (given(q.toDate)) base = base.where('r.requestedAt', '<', kstDayStart(q.toDate!, 1));
  }
  const { sortRef, direction, limit, offset } = requestOrder<(typeof STATUS_REQUEST_SORT)[number]>(q);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'r.reqNo',
        'r.compNo',
        'c.compNameKr',
        'r.fromStatus',
        'r.toStatus',
        'r.reason',
        'r.status',
        'r.fileId',
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

export type StatusRequestListRow = Awaited<ReturnType<typeof listStatusRequests>>['rows'][number];

export const lockCompanyStatus = (trx: Db, compNo: string) =>
  trx
    .selectFrom('company')
    .select(['compNo', 'status', 'statusReason', 'version'])
    .where('compNo', '=', compNo)
    .forUpdate()
    .executeTakeFirst();

export const insertStatusRequest = (trx: Db, row: Insertable<CompanyStatusRequestTable>) =>
  trx.insertInto('companyStatusRequest').values(row).execute();

export const lockStatusRequest = (trx: Db, reqNo: string) =>
  trx.selectFrom('companyStatusRequest').selectAll().where('reqNo', '=', reqNo).forUpdate().executeTakeFirst();
