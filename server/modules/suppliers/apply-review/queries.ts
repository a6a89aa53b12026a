import { sql, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import { kstDayStart } from '../../../domain/dates.js';
import type { RegistrationEvaluationTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { APPLICATION_SORT, ApplicationListQuery } from '../apply-schemas.js';

/** A draft past its seven days reads as EXPIRED whether or not anything has marked it so. */
const shownStatus = sql<string>`case when a.status = 'DRAFT' and a.expires_at <= now() then 'EXPIRED' else a.status end`;

/** Applications with their evaluation and company name (a new user's from the master): one by receipt number, or a filtered page. */
export async function listApplications(db: Db, where: { receiptNo?: string; q?: Static<typeof ApplicationListQuery> }) {
  let base = db
    .selectFrom('supplierApplication as a')
    .leftJoin('registrationEvaluation as e', 'e.receiptNo', 'a.receiptNo')
    .leftJoin('company as ex', 'ex.compNo', 'a.compNo');
  if (where.receiptNo) base = base.where('a.receiptNo', '=', where.receiptNo);
  const q = where.q;
  if (q) {
    const r = given(q.receiptNo);
    if (r) base = base.where('a.receiptNo', 'ilike', `%${likeEscape(r)}%`);
    const name = given(q.compNameKr);
    if (name)
      base = base.where((eb) =>
        eb.or([
          eb('a.compNameKr', 'ilike', `%${likeEscape(name)}%`),
          eb('ex.compNameKr', 'ilike', `%${likeEscape(name)}%`),
        ]),
      );
    if (q.applyType) base = base.where('a.applyType', '=', q.applyType);
    if (q.status?.length) base = base.where(shownStatus, 'in', q.status);
    if (q.userDecision) base = base.where('a.userDecision', '=', q.userDecision);
    if (given(q.fromDate)) base = base.where('a.createdAt', '>=', kstDayStart(q.fromDate!));
    if (given(q.toDate)) base = base.where('a.createdAt', '<', kstDayStart(q.toDate!, 1));
  }
  const sort = parseSort(q?.sort, { field: 'receiptNo', direction: 'desc' });
  const field = sort.field as (typeof APPLICATION_SORT)[number];
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'a.receiptNo',
        'a.applyType',
        shownStatus.as('status'),
        'a.step',
        'a.taxNo',
        'a.corpNo',
        'a.ceoName',
        'a.address',
        'a.bizType',
        'a.bizItem',
        'a.compNo',
        'a.userId',
        'a.hname',
        'a.email',
        'a.cellPhoneNo',
        'a.bankCode',
        'a.bankAccount',
        'a.bankHolder',
        'a.userDecision',
        'a.userDecidedBy',
        'a.userDecidedAt',
        'e.evalNo',
        'e.status as evalStatus',
        'e.score',
        'a.rejectReason',
        'a.submittedAt',
        'a.decidedAt',
        'a.expiresAt',
        'a.version',
        'a.fileId',
        sql<string | null>`coalesce(a.comp_name_kr, ex.comp_name_kr)`.as('compNameKr'),
        // Staff learn which registered company already holds a new company's number.
        sql<
          string | null
        >`(select c.comp_name_kr || ' (' || c.comp_no || ')' from company c where c.tax_no = a.tax_no and a.apply_type = 'NEW_COMPANY' and a.status <> 'APPROVED' limit 1)`.as(
          'duplicateOf',
        ),
      ])
      .orderBy(
        field === 'compNameKr'
          ? sql`coalesce(a.comp_name_kr, ex.comp_name_kr)`
          : field === 'status'
            ? shownStatus
            : sql.ref(`a.${field}`),
        sort.direction,
      )
      .orderBy('a.receiptNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ApplicationListRow = Awaited<ReturnType<typeof listApplications>>['rows'][number];

export const applicationCategoryNames = (db: Db, receiptNo: string) =>
  db
    .selectFrom('supplierApplicationCategory as c')
    .innerJoin('itemCategory as i', 'i.catCode', 'c.catCode')
    .select(['i.nameKo'])
    .where('c.receiptNo', '=', receiptNo)
    .orderBy('c.catCode')
    .execute();

/** The application's registration evaluation still open, if any. */
export const openEvaluationOf = (trx: Db, receiptNo: string) =>
  trx
    .selectFrom('registrationEvaluation')
    .select(['evalNo', 'version'])
    .where('receiptNo', '=', receiptNo)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();

export const updateEvaluation = (trx: Db, evalNo: string, set: Updateable<RegistrationEvaluationTable>) =>
  trx.updateTable('registrationEvaluation').set(set).where('evalNo', '=', evalNo).execute();
