import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';

/** The budget key every figure is summed by. */
export interface BudgetKey {
  fiscalYear: number;
  month: number;
  deptcd: string;
  accountCode: string;
}

/** The PR a document was taken from (null: none, or no such document). */
export async function findSourcePr(db: Db, docType: 'PR' | 'PO' | 'LOI', docNo: string): Promise<string | null> {
  if (docType === 'PR') return docNo;
  if (docType === 'PO')
    return (await db.selectFrom('poHeader').select('prNo').where('poNo', '=', docNo).executeTakeFirst())?.prNo ?? null;
  return (await db.selectFrom('loi').select('prNo').where('loiNo', '=', docNo).executeTakeFirst())?.prNo ?? null;
}

/**
 * The PR, locked until the transaction ends: every change of a document of its chain (the PR, its
 * orders, its LOIs) recomputes the chain under this lock, so the second of two reads what the first
 * wrote. `FOR NO KEY UPDATE`: a document inserted with a reference to the PR holds a key-share lock on
 * it, which this one does not wait for (two such inserts then queue here instead of deadlocking).
 */
export function lockPrForBudget(db: Db, prNo: string) {
  return db
    .selectFrom('prHeader')
    .select(['prNo', 'prDate', 'deptcd', 'status', 'currency'])
    .where('prNo', '=', prNo)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export function findPrLinesForBudget(db: Db, prNo: string) {
  return db
    .selectFrom('prLine')
    .select(['lineNo', 'estAmount', 'budgetAccount'])
    .where('prNo', '=', prNo)
    .orderBy('lineNo')
    .execute();
}

/** Every order taken from the PR, with its lines (any status: a cancelled one still holds what it received). */
export function findOrderLinesOfPr(db: Db, prNo: string) {
  return db
    .selectFrom('poHeader as h')
    .innerJoin('poLine as l', 'l.poNo', 'h.poNo')
    .select(['h.poNo', 'h.status', 'h.currency', 'l.lineNo', 'l.prLineNo', 'l.amount', 'l.unitPrice', 'l.receivedQty'])
    .where('h.prNo', '=', prNo)
    .orderBy('h.poNo')
    .orderBy('l.lineNo')
    .execute();
}

export function findLoisOfPr(db: Db, prNo: string) {
  return db
    .selectFrom('loi')
    .select(['loiNo', 'status', 'currency', 'amount'])
    .where('prNo', '=', prNo)
    .orderBy('loiNo')
    .execute();
}

/** What the ledger holds for these documents, summed per line, kind and key. */
export function ledgerOfDocuments(db: Db, docs: ReadonlyArray<{ docType: 'PR' | 'PO' | 'LOI'; docNo: string }>) {
  return db
    .selectFrom('budgetLedger')
    .select([
      'docType',
      'docNo',
      'lineNo',
      'kind',
      'fiscalYear',
      'month',
      'deptcd',
      'accountCode',
      (eb) => eb.fn.sum<string>('amount').as('amount'),
    ])
    .where((eb) => eb.or(docs.map((d) => eb.and([eb('docType', '=', d.docType), eb('docNo', '=', d.docNo)]))))
    .groupBy(['docType', 'docNo', 'lineNo', 'kind', 'fiscalYear', 'month', 'deptcd', 'accountCode'])
    .execute();
}

/**
 * The budget line of a key, locked until the transaction ends: two requests for the same key
 * wait for each other here, so the second sums a ledger that holds the first's rows.
 */
export function lockBudgetLine(db: Db, k: BudgetKey) {
  return (
    db
      .selectFrom('budgetLine as b')
      .innerJoin('budgetAccount as a', 'a.accountCode', 'b.accountCode')
      // The budget in force: as assigned plus the approved transfers in and out (docs/budget.md "Transfers").
      .select([sql<string>`b.amount + b.transferred`.as('amount'), 'a.policy'])
      .where('b.fiscalYear', '=', k.fiscalYear)
      .where('b.month', '=', k.month)
      .where('b.deptcd', '=', k.deptcd)
      .where('b.accountCode', '=', k.accountCode)
      .forUpdate('b')
      .executeTakeFirst()
  );
}

/** Pre-committed + committed + actual of a key, in whole won. */
export async function consumedOf(db: Db, k: BudgetKey): Promise<string> {
  const row = await db
    .selectFrom('budgetLedger')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('amount'))
    .where('fiscalYear', '=', k.fiscalYear)
    .where('month', '=', k.month)
    .where('deptcd', '=', k.deptcd)
    .where('accountCode', '=', k.accountCode)
    .executeTakeFirstOrThrow();
  return String(row.amount);
}

export function keyNames(db: Db, k: BudgetKey) {
  return Promise.all([
    db.selectFrom('department').select('deptnm').where('deptcd', '=', k.deptcd).executeTakeFirst(),
    db
      .selectFrom('code')
      .select('textKo')
      .where('groupId', '=', 'BUDGET_ACCOUNT')
      .where('code', '=', k.accountCode)
      .executeTakeFirst(),
  ]).then(([d, a]) => ({ deptnm: d?.deptnm ?? k.deptcd, accountName: a?.textKo ?? k.accountCode }));
}

export interface LedgerInsert extends BudgetKey {
  docType: 'PR' | 'PO' | 'LOI';
  docNo: string;
  lineNo: number;
  kind: 'PRE_COMMIT' | 'COMMIT' | 'ACTUAL';
  event: 'APPROVE' | 'ORDER' | 'CHANGE' | 'RECEIPT' | 'CANCEL' | 'RETURN' | 'RELEASE';
  amount: string;
  createdBy: string;
}

export async function insertLedger(db: Db, rows: readonly LedgerInsert[]): Promise<void> {
  if (rows.length)
    await db
      .insertInto('budgetLedger')
      .values([...rows])
      .execute();
}

export async function insertException(
  db: Db,
  row: BudgetKey & {
    policy: 'WARN' | 'IGNORE';
    docType: string;
    docNo: string;
    available: string;
    requested: string;
    confirmedBy: string | null;
  },
): Promise<void> {
  await db.insertInto('budgetException').values(row).execute();
}
