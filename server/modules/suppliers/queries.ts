import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.generated.js';
import type { Db } from '../../db/connect.js';
import { given, likeEscape } from '../../http/list-query.js';

/** Application drafts past their expiry, oldest receipt first, locked; at most `limit`. */
export function lockExpiredDrafts(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('supplierApplication')
    .select(['receiptNo', 'status', 'step', 'fileId', 'version', 'expiresAt'])
    .where('status', '=', 'DRAFT')
    .where('expiresAt', '<=', now.toISOString())
    .orderBy('receiptNo')
    .limit(limit)
    .forUpdate()
    .execute();
}

/** An expired draft keeps only what tells a returning applicant it expired: attachments, code and bank account go. */
export async function markDraftExpired(db: Db, receiptNo: string, version: number, now: Date): Promise<void> {
  await db
    .updateTable('supplierApplication')
    .set({
      status: 'EXPIRED',
      fileId: null,
      certSeq: null,
      bankbookSeq: null,
      otpHash: null,
      otpPhone: null,
      otpExpiresAt: null,
      bankAccount: null,
      updatedAt: now,
      version: version + 1,
    })
    .where('receiptNo', '=', receiptNo)
    .execute();
}

/** The companies' names and trading status, for the eligibility check. */
export function companyStatuses(db: Db, compNos: string[]) {
  return db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'status', 'statusReason'])
    .where('compNo', 'in', compNos)
    .execute();
}

/** A registered company's Korean name, or null. */
export async function companyKoreanName(db: Db, compNo: string): Promise<string | null> {
  return (
    (await db.selectFrom('company').select('compNameKr').where('compNo', '=', compNo).executeTakeFirst())?.compNameKr ??
    null
  );
}

/* ------------------------------ supplier requests (request-flow.ts) ------------------------------ */

/**
 * The list filters both queries take: the company by number or by a part of its name, the
 * request states. Written as references to `r` and `c` because the two request tables differ
 * in type; the columns named exist in both (the suppliers API tests filter each list by them).
 */
export function requestFilters(q: {
  compNo?: string;
  compNameKr?: string;
  status?: readonly string[];
}): Array<Expression<SqlBool>> {
  const out: Array<Expression<SqlBool>> = [];
  const compNo = given(q.compNo);
  if (compNo) out.push(sql<SqlBool>`${sql.ref('r.compNo')} = ${compNo.toUpperCase()}`);
  const name = given(q.compNameKr);
  if (name) out.push(sql<SqlBool>`${sql.ref('c.compNameKr')} ilike ${`%${likeEscape(name)}%`}`);
  if (q.status?.length) out.push(sql<SqlBool>`${sql.ref('r.status')} in (${sql.join([...q.status])})`);
  return out;
}

/** A change or status request's decision recorded on its row. */
export async function markRequestDecided(
  trx: Db,
  table: 'companyChangeRequest' | 'companyStatusRequest',
  reqNo: string,
  values: {
    status: 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
    decidedBy: string;
    decidedAt: Date;
    decisionComment: string | null;
    version: number;
  },
): Promise<void> {
  await trx.updateTable(table).set(values).where('reqNo', '=', reqNo).execute();
}

/* ------------------------------ the application's checks (apply-checks.ts) ------------------------------ */

export function bankCodeExists(db: Db, bankCode: string) {
  return db
    .selectFrom('code')
    .select('code')
    .where('groupId', '=', 'BANK')
    .where('code', '=', bankCode)
    .executeTakeFirst();
}

/** Which of the codes are categories in use a supplier may apply for (depth 1 or 2). */
export function supplyCategories(db: Db, catCodes: string[]) {
  return db
    .selectFrom('itemCategory')
    .select('catCode')
    .where('catCode', 'in', catCodes)
    .where('depth', '<=', 2)
    .where('useYn', '=', 'Y')
    .execute();
}

export function companyWithTaxNo(db: Db, taxNo: string) {
  return db.selectFrom('company').select('compNo').where('taxNo', '=', taxNo).executeTakeFirst();
}

/** Another submitted new-company application with the business number. */
export function openNewCompanyApplication(db: Db, taxNo: string, exceptReceipt: string) {
  return db
    .selectFrom('supplierApplication')
    .select('receiptNo')
    .where('taxNo', '=', taxNo)
    .where('applyType', '=', 'NEW_COMPANY')
    .where('status', '=', 'SUBMITTED')
    .where('receiptNo', '<>', exceptReceipt)
    .executeTakeFirst();
}

/** A user whose login id is `lower` (lower case), case-insensitively. */
export function userWithLoginId(db: Db, lower: string) {
  return db
    .selectFrom('appUser')
    .select('userId')
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', lower))
    .executeTakeFirst();
}

/** Another submitted application asking for the login id `lower` (lower case), case-insensitively. */
export function openApplicationWithLoginId(db: Db, lower: string, exceptReceipt: string) {
  return db
    .selectFrom('supplierApplication')
    .select('receiptNo')
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', lower))
    .where('status', '=', 'SUBMITTED')
    .where('receiptNo', '<>', exceptReceipt)
    .executeTakeFirst();
}

/* ------------------------------ finishing an application (apply-finalize.ts) ------------------------------ */

export function registrationEvaluationOf(trx: Db, receiptNo: string) {
  return trx
    .selectFrom('registrationEvaluation')
    .select(['evalNo', 'status'])
    .where('receiptNo', '=', receiptNo)
    .executeTakeFirst();
}

export function companyNamedByTaxNo(trx: Db, taxNo: string) {
  return trx.selectFrom('company').select(['compNo', 'compNameKr']).where('taxNo', '=', taxNo).executeTakeFirst();
}

export async function insertCompany(trx: Db, company: Insertable<Database['company']>): Promise<void> {
  await trx.insertInto('company').values(company).execute();
}

export function applicationCategories(trx: Db, receiptNo: string) {
  return trx.selectFrom('supplierApplicationCategory').select('catCode').where('receiptNo', '=', receiptNo).execute();
}

export async function insertCompanyCategories(trx: Db, rows: Insertable<Database['companyCategory']>[]): Promise<void> {
  await trx.insertInto('companyCategory').values(rows).execute();
}

export async function insertCompanyContact(trx: Db, contact: Insertable<Database['companyContact']>): Promise<void> {
  await trx.insertInto('companyContact').values(contact).execute();
}

export async function insertErpVendorApp(trx: Db, app: Insertable<Database['erpVendorApp']>): Promise<void> {
  await trx.insertInto('erpVendorApp').values(app).execute();
}

export function lockCompanyStatus(trx: Db, compNo: string) {
  return trx
    .selectFrom('company')
    .select(['compNo', 'status'])
    .where('compNo', '=', compNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertAppUser(trx: Db, user: Insertable<Database['appUser']>): Promise<void> {
  await trx.insertInto('appUser').values(user).execute();
}

export async function updateApplication(
  trx: Db,
  receiptNo: string,
  values: Updateable<Database['supplierApplication']>,
): Promise<void> {
  await trx.updateTable('supplierApplication').set(values).where('receiptNo', '=', receiptNo).execute();
}
