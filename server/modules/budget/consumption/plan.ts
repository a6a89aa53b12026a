/**
 * What the ledger should hold for one PR and everything taken from it (pure; docs/budget.md):
 * - each PR line with an account is pre-committed at its estimated amount in KRW while the PR is
 *   approved, received or out for quotation and no live order or LOI was taken from it;
 * - each line of an order taken from the PR is committed at its amount less what was received, and
 *   what was received is actual (a cancelled or closed order commits nothing; what it received stays);
 * - an LOI taken from the PR, while no order is, commits its amount spread over the PR's lines in
 *   proportion to their estimates.
 * The order line's account is that of the PR line it orders (`po_line.pr_line_no`: an award or a
 * quotation request may number its order lines otherwise); a line without one (added by a change
 * order) takes the account of the PR's first line that has one: charged somewhere, never escaping the
 * budget by the number it happens to get.
 * The movement posted is the difference from what the ledger holds, so replaying an event never
 * counts twice and every change of a document (cancel, reduce, receive) is one recomputation.
 */
import { lineAmount, toKrw, type Currency } from '../../../domain/money.js';
import type { BudgetKey } from './queries.js';
import { compareBudgetKeys } from '../lock-order.js';

type Kind = 'PRE_COMMIT' | 'COMMIT' | 'ACTUAL';
export type DocType = 'PR' | 'PO' | 'LOI';

export interface Target extends BudgetKey {
  docType: DocType;
  docNo: string;
  lineNo: number;
  kind: Kind;
  amount: bigint;
}

export interface ChainInput {
  pr: { prNo: string; prDate: string; deptcd: string; status: string; currency: Currency };
  prLines: ReadonlyArray<{ lineNo: number; estAmount: string; budgetAccount: string | null }>;
  orderLines: ReadonlyArray<{
    poNo: string;
    status: string;
    currency: Currency;
    lineNo: number;
    /** The PR line this order line orders (null: a line added by a change order). */
    prLineNo: number | null;
    amount: string;
    unitPrice: string;
    receivedQty: string;
  }>;
  lois: ReadonlyArray<{ loiNo: string; status: string; currency: Currency; amount: string }>;
  /** KRW per 100 yen; null when no JPY document is involved. */
  jpyRate: string | null;
}

const PRE_COMMITTED_PR = ['APPROVED', 'RECEIVED', 'QUOT_REQUESTED'];
const LIVE_LOI = ['DRAFT', 'IN_APPROVAL', 'ISSUED', 'ACCEPTED'];
const COMMITTING_ORDER = (status: string) => status !== 'CANCELLED' && status !== 'CLOSED';

export function chainTargets(c: ChainInput): Target[] {
  const [y, m] = c.pr.prDate.split('-').map(Number);
  const key = { fiscalYear: y, month: m, deptcd: c.pr.deptcd };
  const krw = (amount: string, currency: Currency) => BigInt(toKrw(amount, currency, c.jpyRate));
  const accountOf = new Map(c.prLines.filter((l) => l.budgetAccount).map((l) => [l.lineNo, l.budgetAccount!]));
  const firstAccount = c.prLines.find((l) => l.budgetAccount)?.budgetAccount ?? undefined;
  const out: Target[] = [];

  const liveOrder = c.orderLines.some((l) => l.status !== 'CANCELLED');
  const liveLois = c.lois.filter((l) => LIVE_LOI.includes(l.status));
  const taken = liveOrder || liveLois.length > 0;

  if (PRE_COMMITTED_PR.includes(c.pr.status) && !taken) {
    for (const l of c.prLines) {
      const acc = accountOf.get(l.lineNo);
      if (acc)
        out.push({
          ...key,
          accountCode: acc,
          docType: 'PR',
          docNo: c.pr.prNo,
          lineNo: l.lineNo,
          kind: 'PRE_COMMIT',
          amount: krw(l.estAmount, c.pr.currency),
        });
    }
  }

  for (const l of c.orderLines) {
    const acc = l.prLineNo === null ? firstAccount : accountOf.get(l.prLineNo);
    if (!acc) continue;
    const actual = krw(lineAmount(l.receivedQty, l.unitPrice, l.currency), l.currency);
    const remaining = krw(l.amount, l.currency) - actual;
    const base = { ...key, accountCode: acc, docType: 'PO' as const, docNo: l.poNo, lineNo: l.lineNo };
    out.push({ ...base, kind: 'ACTUAL', amount: actual });
    out.push({ ...base, kind: 'COMMIT', amount: COMMITTING_ORDER(l.status) && remaining > 0n ? remaining : 0n });
  }

  if (!liveOrder) {
    const weights = c.prLines
      .filter((l) => accountOf.has(l.lineNo))
      .map((l) => ({ lineNo: l.lineNo, acc: accountOf.get(l.lineNo)!, w: krw(l.estAmount, c.pr.currency) }));
    const total = weights.reduce((s, w) => s + w.w, 0n);
    for (const loi of liveLois) {
      const amount = krw(loi.amount, loi.currency);
      let left = amount;
      weights.forEach((w, i) => {
        // The last line takes the rounding remainder, so the parts add up to the LOI exactly.
        const part = i === weights.length - 1 ? left : total > 0n ? (amount * w.w) / total : 0n;
        left -= part;
        out.push({
          ...key,
          accountCode: w.acc,
          docType: 'LOI',
          docNo: loi.loiNo,
          lineNo: w.lineNo,
          kind: 'COMMIT',
          amount: part,
        });
      });
    }
  }
  return out;
}

const targetKey = (t: Omit<Target, 'amount'>) =>
  [t.docType, t.docNo, t.lineNo, t.kind, t.fiscalYear, t.month, t.deptcd, t.accountCode].join('|');

/** The rows that bring the ledger (`held`) to the targets: one per line, kind and key that differs. */
export function movements(
  targets: readonly Target[],
  held: ReadonlyArray<Omit<Target, 'amount'> & { amount: string | bigint }>,
): Target[] {
  const want = new Map<string, Target>();
  for (const t of targets) {
    const k = targetKey(t);
    const prev = want.get(k);
    want.set(k, prev ? { ...prev, amount: prev.amount + t.amount } : t);
  }
  const have = new Map(held.map((h) => [targetKey(h), { ...h, amount: BigInt(h.amount) }]));
  const out: Target[] = [];
  for (const [k, t] of want) {
    const d = t.amount - (have.get(k)?.amount ?? 0n);
    if (d !== 0n) out.push({ ...t, amount: d });
  }
  for (const [k, h] of have) if (!want.has(k) && h.amount !== 0n) out.push({ ...h, amount: -h.amount });
  return out;
}

/** The net change per budget key (a conversion within one key nets to zero). */
export function netByKey(rows: readonly Target[]): Array<BudgetKey & { amount: bigint }> {
  const m = new Map<string, BudgetKey & { amount: bigint }>();
  for (const r of rows) {
    const k = [r.fiscalYear, r.month, r.deptcd, r.accountCode].join('|');
    const prev = m.get(k);
    m.set(k, {
      fiscalYear: r.fiscalYear,
      month: r.month,
      deptcd: r.deptcd,
      accountCode: r.accountCode,
      amount: (prev?.amount ?? 0n) + r.amount,
    });
  }
  // In the lock order every path shares (../lock-order.ts): the check locks the lines one by one in this order.
  return [...m.values()].sort(compareBudgetKeys);
}
