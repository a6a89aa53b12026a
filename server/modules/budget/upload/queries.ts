import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';

/**
 * `ORDER BY` of a `SELECT … FOR UPDATE` of budget lines in the order of compareBudgetKeys
 * (../lock-order.ts): PostgreSQL locks the rows as the sort returns them.
 */
const LOCK_ORDER_SQL = sql`fiscal_year, month, deptcd collate "C", account_code collate "C"`;

/**
 * The year's budget lines, amount and version, locked when `lock` (the upload decides under the lock),
 * in the global lock order (../lock-order.ts), so an upload never waits crosswise on an approval.
 */
export async function yearLines(db: Db, fiscalYear: number, lock: boolean) {
  let q = db
    .selectFrom('budgetLine')
    .select(['month', 'deptcd', 'accountCode', 'amount', 'version'])
    .where('fiscalYear', '=', fiscalYear)
    .orderBy(LOCK_ORDER_SQL);
  if (lock) q = q.forUpdate();
  return q.execute();
}

/**
 * The rows of a year's workbook: every active department × account × month, with the line's amount
 * and version where there is one (a year without lines gives the keys with nothing filled in), and
 * lines of departments no longer in use.
 */
export async function workbookRows(db: Db, fiscalYear: number) {
  const { rows } = await sql<{
    month: number;
    deptcd: string;
    deptnm: string;
    accountCode: string;
    accountName: string;
    amount: string | null;
    version: number | null;
  }>`
    with keys as (
      select m.month, d.deptcd, a.account_code from department d
        cross join budget_account a cross join generate_series(1, 12) as m(month)
        where d.use_yn = 'Y'
      union
      select month, deptcd, account_code from budget_line where fiscal_year = ${fiscalYear}
    )
    select k.month, k.deptcd, coalesce(d.deptnm, k.deptcd) as deptnm, k.account_code as "accountCode",
           coalesce(c.text_ko, k.account_code) as "accountName", b.amount::text as amount, b.version
      from keys k
      left join department d on d.deptcd = k.deptcd
      left join code c on c.group_id = 'BUDGET_ACCOUNT' and c.code = k.account_code
      left join budget_line b on b.fiscal_year = ${fiscalYear} and b.month = k.month and b.deptcd = k.deptcd and b.account_code = k.account_code
     order by k.deptcd, coalesce(c.sort_order, 0), k.account_code, k.month`.execute(db);
  return rows;
}

export async function insertBatch(trx: Db, row: Insertable<Database['budgetUploadBatch']>) {
  await trx.insertInto('budgetUploadBatch').values(row).execute();
}

export async function insertRows(trx: Db, rows: Array<Insertable<Database['budgetUploadRow']>>) {
  for (let i = 0; i < rows.length; i += 1000)
    await trx
      .insertInto('budgetUploadRow')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export interface LineWrite {
  month: number;
  deptcd: string;
  accountCode: string;
  amount: string;
}

/** New lines, in one statement per 1,000. */
export async function insertLines(trx: Db, fiscalYear: number, lines: LineWrite[], actor: string) {
  for (let i = 0; i < lines.length; i += 1000) {
    await trx
      .insertInto('budgetLine')
      .values(lines.slice(i, i + 1000).map((l) => ({ fiscalYear, ...l, createdBy: actor, updatedBy: actor })))
      .execute();
  }
}

/** Changed lines: the new amount and version + 1, in one statement (the lines are locked already). */
export async function updateLines(trx: Db, fiscalYear: number, lines: LineWrite[], actor: string) {
  if (lines.length === 0) return;
  await sql`
    update budget_line b set amount = v.amount, version = b.version + 1, updated_by = ${actor}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as v(month integer, deptcd text, "accountCode" text, amount numeric)
     where b.fiscal_year = ${fiscalYear} and b.month = v.month and b.deptcd = v.deptcd and b.account_code = v."accountCode"`.execute(
    trx,
  );
}

export const batchWithCreator = (db: Db, batchId: string) =>
  db
    .selectFrom('budgetUploadBatch as b')
    .leftJoin('appUser as u', 'u.userId', 'b.createdBy')
    .selectAll('b')
    .select('u.hname as createdByName')
    .where('b.batchId', '=', batchId)
    .executeTakeFirst();

export async function listRows(
  db: Db,
  batchId: string,
  result: string | undefined,
  w: { limit: number; offset: number },
) {
  let s = db.selectFrom('budgetUploadRow').where('batchId', '=', batchId);
  if (result) s = s.where('result', '=', result as 'ERROR');
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await s
    .select(['rowNo', 'result', 'data', 'errors'])
    .orderBy(sql`case result when 'ERROR' then 0 else 1 end`)
    .orderBy('rowNo')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export const errorRows = (db: Db, batchId: string) =>
  db
    .selectFrom('budgetUploadRow')
    .select(['rowNo', 'data', 'errors'])
    .where('batchId', '=', batchId)
    .where('result', '=', 'ERROR')
    .orderBy('rowNo')
    .execute();

export const setErrorFile = (db: Db, batchId: string, fileId: string) =>
  db.updateTable('budgetUploadBatch').set({ errorFileId: fileId }).where('batchId', '=', batchId).execute();

/** A file group of one file (a workbook made here, for the screens' file links). */
export async function insertFileOfOne(trx: Db, entry: Insertable<Database['fileEntry']>): Promise<void> {
  await trx.insertInto('fileGroup').values({ fileId: entry.fileId, createdBy: entry.createdBy }).execute();
  await trx.insertInto('fileEntry').values(entry).execute();
}

/** The newest file of a group still there. */
export const newestFile = (db: Db, fileId: string) =>
  db
    .selectFrom('fileEntry')
    .select(['originalName', 'storedName', 'mimeType'])
    .where('fileId', '=', fileId)
    .where('deletedAt', 'is', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();

export const batchByImportKey = (db: Db, importKey: string) =>
  db
    .selectFrom('budgetUploadBatch')
    .select(['batchId', 'payloadHash'])
    .where('importKey', '=', importKey)
    .executeTakeFirst();

/** The uploads and imports, newest first, with who made them. */
export async function listBatches(
  db: Db,
  f: { fiscalYear?: number; source?: 'EXCEL' | 'ERP_HTTP' | 'ERP_FILE'; status?: 'APPLIED' | 'REJECTED' },
  w: { limit: number; offset: number },
) {
  let s = db.selectFrom('budgetUploadBatch as b').leftJoin('appUser as u', 'u.userId', 'b.createdBy');
  if (f.fiscalYear !== undefined) s = s.where('b.fiscalYear', '=', f.fiscalYear);
  if (f.source) s = s.where('b.source', '=', f.source);
  if (f.status) s = s.where('b.status', '=', f.status);
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await s
    .selectAll('b')
    .select('u.hname as createdByName')
    .orderBy('b.createdAt', 'desc')
    .orderBy('b.batchId', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { rows, total: Number(total.n) };
}
