import type { Static } from 'typebox';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { ErpVendorAppTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { ERP_APP_SORT, ERP_APP_STATES, ErpAppListQuery } from '../schemas.js';

/** ERP vendor applications with their company and requester: one by number, or a filtered page. */
export async function listErpVendorApps(db: Db, filter: { appNo?: string; q?: Static<typeof ErpAppListQuery> }) {
  let base = db
    .selectFrom('erpVendorApp as a')
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .leftJoin('appUser as u', 'u.userId', 'a.requestedBy');
  if (filter.appNo) base = base.where('a.appNo', '=', filter.appNo);
  const q = filter.q;
  if (q) {
    if (q.status?.length) base = base.where('a.status', 'in', q.status as Array<(typeof ERP_APP_STATES)[number]>);
    const compNo = given(q.compNo);
    if (compNo) base = base.where('a.compNo', '=', compNo.toUpperCase());
    const name = given(q.compNameKr);
    if (name) base = base.where('c.compNameKr', 'ilike', `%${likeEscape(name)}%`);
  }
  const sort = parseSort(q?.sort, { field: 'requestedAt', direction: 'desc' });
  const field = sort.field as (typeof ERP_APP_SORT)[number];
  const ref = field === 'compNameKr' ? ('c.compNameKr' as const) : (`a.${field}` as const);
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'a.appNo',
        'a.compNo',
        'c.compNameKr',
        'c.taxNo2',
        'c.status as compStatus',
        'a.status',
        'a.erpVendorNo',
        'a.attempts',
        'a.lastError',
        'a.httpStatus',
        'a.remark',
        'a.requestedBy',
        'u.hname as requestedByName',
        'a.requestedAt',
        'a.sendingAt',
        'a.sentAt',
        'a.sentBy',
        'a.version',
      ])
      .orderBy(ref, sort.direction)
      .orderBy('a.appNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ErpVendorAppListRow = Awaited<ReturnType<typeof listErpVendorApps>>['rows'][number];

export const appOfCompany = (trx: Db, compNo: string) =>
  trx.selectFrom('erpVendorApp').select(['appNo', 'status']).where('compNo', '=', compNo).executeTakeFirst();

export const insertErpVendorApp = (trx: Db, row: Insertable<ErpVendorAppTable>) =>
  trx.insertInto('erpVendorApp').values(row).execute();

export const lockErpVendorApp = (trx: Db, appNo: string) =>
  trx.selectFrom('erpVendorApp').selectAll().where('appNo', '=', appNo).forUpdate().executeTakeFirst();

export const updateErpVendorApp = (trx: Db, appNo: string, set: Updateable<ErpVendorAppTable>) =>
  trx.updateTable('erpVendorApp').set(set).where('appNo', '=', appNo).execute();
