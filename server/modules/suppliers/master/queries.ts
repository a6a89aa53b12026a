import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { CompanyTable } from '../../../db/schema.generated.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type PageWindow } from '../../../db/lists/keyset.js';
import type { SUPPLIER_SORT, SUPPLIER_STATUSES } from '../schemas.js';

export interface SupplierFilter {
  compNo?: string;
  name?: string;
  taxDigits?: string;
  status?: ReadonlyArray<(typeof SUPPLIER_STATUSES)[number]>;
  forwardYn?: 'Y' | 'N';
  councilYn?: 'Y' | 'N';
  catCode?: string;
  sgCode?: string;
  changeRequested: boolean;
}

/** The supplier master's page (with categories by name, users and the open change request) and its count. */
export async function listSuppliers(
  db: Db,
  f: SupplierFilter,
  sort: SortSpec<(typeof SUPPLIER_SORT)[number]>,
  w: PageWindow,
) {
  let base = db.selectFrom('company as c');
  if (f.compNo) base = base.where('c.compNo', 'ilike', `%${likeEscape(f.compNo)}%`);
  const name = f.name;
  if (name)
    base = base.where((eb) =>
      eb.or([
        eb('c.compNameKr', 'ilike', `%${likeEscape(name)}%`),
        eb('c.compNameEn', 'ilike', `%${likeEscape(name)}%`),
      ]),
    );
  if (f.taxDigits) base = base.where('c.taxNo', 'like', `%${likeEscape(f.taxDigits)}%`);
  if (f.status?.length) base = base.where('c.status', 'in', [...f.status]);
  if (f.forwardYn) base = base.where('c.forwardYn', '=', f.forwardYn);
  if (f.councilYn) base = base.where('c.councilYn', '=', f.councilYn);
  const cat = f.catCode;
  if (cat)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('companyCategory as cc')
          .select('cc.compNo')
          .whereRef('cc.compNo', '=', 'c.compNo')
          .where('cc.catCode', '=', cat),
      ),
    );
  const sg = f.sgCode;
  if (sg)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('companySourcingGroup as cs')
          .select('cs.compNo')
          .whereRef('cs.compNo', '=', 'c.compNo')
          .where('cs.sgCode', '=', sg),
      ),
    );
  if (f.changeRequested)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('companyChangeRequest as cr')
          .select('cr.compNo')
          .whereRef('cr.compNo', '=', 'c.compNo')
          .where('cr.status', '=', 'REQUESTED'),
      ),
    );
  // Every sort column is NOT NULL; the company number is the key.
  const ks = keyset(
    sortId(sort),
    [
      { ref: `c.${sort.field}`, direction: sort.direction },
      { ref: 'c.compNo', direction: 'asc' },
    ],
    w,
  );
  const [count, page] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'c.compNo',
        'c.compNameKr',
        'c.compNameEn',
        'c.taxNo2',
        'c.corpNo',
        'c.ceoName',
        'c.bizType',
        'c.bizItem',
        'c.phoneNo',
        'c.email',
        'c.status',
        'c.statusReason',
        'c.forwardYn',
        'c.councilYn',
        'c.regDate',
        'c.updatedAt',
      ])
      .select((eb) => [
        sql<string>`coalesce((select string_agg(ic.name_ko, ', ' order by ic.cat_code) from company_category cc join item_category ic on ic.cat_code = cc.cat_code where cc.comp_no = c.comp_no), '')`.as(
          'categories',
        ),
        eb
          .selectFrom('appUser as u')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('u.compNo', '=', 'c.compNo')
          .as('userCount'),
        eb
          .selectFrom('companyChangeRequest as cr')
          .select('cr.reqNo')
          .whereRef('cr.compNo', '=', 'c.compNo')
          .where('cr.status', '=', 'REQUESTED')
          .limit(1)
          .as('openChangeReqNo'),
      ])
      .$call((q) => ks.select(q))
      .$call((q) => ks.page(q))
      .execute()
      .then((r) => ks.answer(r)),
  ]);
  return { rows: page.rows, total: Number(count.n), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** Item categories a supplier may be said to supply: levels 1 and 2, in use. */
export const listCategoryOptions = (db: Db) =>
  db
    .selectFrom('itemCategory')
    .select(['catCode', 'nameKo', 'depth'])
    .where('depth', '<=', 2)
    .where('useYn', '=', 'Y')
    .orderBy('catCode')
    .execute();

export const bankCodeExists = async (db: Db, bankCode: string): Promise<boolean> =>
  !!(await db
    .selectFrom('code')
    .select('code')
    .where('groupId', '=', 'BANK')
    .where('code', '=', bankCode)
    .executeTakeFirst());

export const existingCategoryCodes = async (db: Db, catCodes: string[]): Promise<Set<string>> =>
  new Set(
    (await db.selectFrom('itemCategory').select('catCode').where('catCode', 'in', catCodes).execute()).map(
      (r) => r.catCode,
    ),
  );

export const findCompany = (db: Db, compNo: string) =>
  db.selectFrom('company').selectAll().where('compNo', '=', compNo).executeTakeFirst();

export const lockCompany = (trx: Db, compNo: string) =>
  trx.selectFrom('company').selectAll().where('compNo', '=', compNo).forUpdate().executeTakeFirst();

export const companyExists = async (db: Db, compNo: string): Promise<boolean> =>
  !!(await db.selectFrom('company').select('compNo').where('compNo', '=', compNo).executeTakeFirst());

/** The company holding a business registration number, if any. */
export const companyByTaxNo = (db: Db, taxNo: string) =>
  db.selectFrom('company').select(['compNo', 'compNameKr', 'status']).where('taxNo', '=', taxNo).executeTakeFirst();

export const insertCompany = (trx: Db, row: Insertable<CompanyTable>) =>
  trx.insertInto('company').values(row).execute();

export const updateCompany = (trx: Db, compNo: string, set: Updateable<CompanyTable>) =>
  trx.updateTable('company').set(set).where('compNo', '=', compNo).execute();

export type ContactValues = {
  name: string;
  deptName: string | null;
  positionNm: string | null;
  phoneNo: string | null;
  cellPhoneNo: string | null;
  email: string | null;
  mainYn: 'Y' | 'N';
};

/** The company's contacts replaced whole, numbered in the order given. */
export async function replaceContacts(trx: Db, compNo: string, contacts: ContactValues[]): Promise<void> {
  await trx.deleteFrom('companyContact').where('compNo', '=', compNo).execute();
  if (contacts.length)
    await trx
      .insertInto('companyContact')
      .values(contacts.map((c, i) => ({ compNo, seq: i + 1, ...c })))
      .execute();
}

export async function replaceCategories(trx: Db, compNo: string, catCodes: string[]): Promise<void> {
  await trx.deleteFrom('companyCategory').where('compNo', '=', compNo).execute();
  if (catCodes.length)
    await trx
      .insertInto('companyCategory')
      .values(catCodes.map((catCode) => ({ compNo, catCode })))
      .execute();
}

export async function replaceSourcingGroups(trx: Db, compNo: string, sgCodes: string[]): Promise<void> {
  await trx.deleteFrom('companySourcingGroup').where('compNo', '=', compNo).execute();
  if (sgCodes.length)
    await trx
      .insertInto('companySourcingGroup')
      .values(sgCodes.map((sgCode) => ({ compNo, sgCode })))
      .execute();
}

/**
 * The next company number (C + five digits), allocated inside the caller's transaction from the
 * counter row COMP/ALL of document_sequence (migration 0240). The upsert locks that row until the
 * caller commits, so two approvals at the same moment get different numbers (the second waits and
 * re-reads the row on PostgreSQL); a rolled-back transaction gives its number back. `greatest` with
 * the table's maximum keeps the counter ahead of companies written without it (the seed, imports).
 */
export async function nextCompNo(trx: Db): Promise<string> {
  const { rows } = await sql<{ lastValue: number }>`
    insert into document_sequence (prefix, period, last_value)
    values ('COMP', 'ALL', (select coalesce(max(substr(comp_no, 2)::integer), 0) + 1 from company where comp_no ~ '^C[0-9]{5}$'))
    on conflict (prefix, period) do update set last_value = greatest(document_sequence.last_value + 1, excluded.last_value)
    returning last_value`.execute(trx);
  const n = Number(rows[0].lastValue);
  if (n > 99_999) throw new Error('company numbers C00001–C99999 are exhausted');
  return `C${String(n).padStart(5, '0')}`;
}

export const listContacts = (db: Db, compNo: string) =>
  db
    .selectFrom('companyContact')
    .select(['seq', 'name', 'deptName', 'positionNm', 'phoneNo', 'cellPhoneNo', 'email', 'mainYn'])
    .where('compNo', '=', compNo)
    .orderBy('seq')
    .execute();

export const listCompanyCategories = (db: Db, compNo: string) =>
  db
    .selectFrom('companyCategory as cc')
    .innerJoin('itemCategory as ic', 'ic.catCode', 'cc.catCode')
    .select(['cc.catCode as code', 'ic.nameKo as name'])
    .where('cc.compNo', '=', compNo)
    .orderBy('cc.catCode')
    .execute();

export const listCompanySourcingGroups = (db: Db, compNo: string) =>
  db
    .selectFrom('companySourcingGroup as cs')
    .innerJoin('sourcingGroup as sg', 'sg.sgCode', 'cs.sgCode')
    .select(['cs.sgCode as code', 'sg.sgName as name'])
    .where('cs.compNo', '=', compNo)
    .orderBy('cs.sgCode')
    .execute();

/** The company's status change request still waiting for a decision, if any (one at a time). */
export const openStatusRequest = (db: Db, compNo: string) =>
  db
    .selectFrom('companyStatusRequest')
    .select('reqNo')
    .where('compNo', '=', compNo)
    .where('status', '=', 'REQUESTED')
    .executeTakeFirst();

export const companySummary = (db: Db, compNo: string) =>
  db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'taxNo2', 'status', 'statusReason', 'forwardYn'])
    .where('compNo', '=', compNo)
    .executeTakeFirst();

/** The overview's counts: open RFQs and orders, deliveries since `since` (on time or not), disputes, users in use. */
export async function overviewCounts(db: Db, compNo: string, since: string) {
  const [rfqs, pos, deliveries, disputes, users] = await Promise.all([
    db
      .selectFrom('quotation as q')
      .innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('q.compNo', '=', compNo)
      .where('r.status', '=', 'OPEN')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('poHeader')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('compNo', '=', compNo)
      .where('status', 'in', ['APPROVED', 'SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('delivery as d')
      .innerJoin('poHeader as p', 'p.poNo', 'd.poNo')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        sql<number>`count(*) filter (where d.delivery_date <= p.due_date)`.as('onTime'),
      ])
      .where('d.compNo', '=', compNo)
      .where('d.status', '<>', 'CANCELLED')
      .where('d.deliveryDate', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('settlement')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('compNo', '=', compNo)
      .where('status', '=', 'DISPUTED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('compNo', '=', compNo)
      .where('useFlag', '=', 'Y')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rfqs: Number(rfqs.n),
    pos: Number(pos.n),
    deliveries: Number(deliveries.n),
    onTime: Number(deliveries.onTime),
    disputes: Number(disputes.n),
    users: Number(users.n),
  };
}

/** Orders placed (not drafts, cancelled, rejected or in approval) from `fromDate` on, by month and currency. */
export const spendByMonth = (db: Db, compNo: string, fromDate: string) =>
  db
    .selectFrom('poHeader')
    .select((eb) => [
      sql<string>`to_char(po_date, 'YYYY-MM')`.as('month'),
      'currency',
      eb.fn.sum<string>('totalAmount').as('amount'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('compNo', '=', compNo)
    .where('status', 'not in', ['DRAFT', 'CANCELLED', 'REJECTED', 'IN_APPROVAL'])
    .where('poDate', '>=', fromDate)
    .groupBy([sql`to_char(po_date, 'YYYY-MM')`, 'currency'])
    .execute();

export const listCompanyUsers = (db: Db, compNo: string) =>
  db
    .selectFrom('appUser')
    .select(['userId', 'hname', 'authGroupId', 'email', 'cellPhoneNo', 'useFlag', 'status', 'lockedAt', 'lastLoginAt'])
    .where('compNo', '=', compNo)
    .orderBy('userId')
    .execute();
