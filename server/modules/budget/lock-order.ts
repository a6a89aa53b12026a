/** A budget line's key. */
export interface BudgetLineKey {
  fiscalYear: number;
  month: number;
  deptcd: string;
  accountCode: string;
}

const bytewise = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one order in which every path locks budget lines (docs/budget.md › Lock order): fiscal year,
 * month (as numbers), department code, account code (bytewise, as `collate "C"` sorts ASCII codes —
 * never the locale's order, which puts 'ext' before 'SUP'). Two transactions that lock lines in the
 * same order never wait on each other crosswise: the consumption check (a PR's approval, an order,
 * a receipt…), a transfer's approval, the budget screen's save and the upload / ERP import.
 */
export function compareBudgetKeys(a: BudgetLineKey, b: BudgetLineKey): number {
  return (
    a.fiscalYear - b.fiscalYear ||
    a.month - b.month ||
    bytewise(a.deptcd, b.deptcd) ||
    bytewise(a.accountCode, b.accountCode)
  );
}

// The same order in SQL, for a `SELECT … FOR UPDATE`: LOCK_ORDER_SQL in upload/queries.ts.
