/**
 * The one door other modules use to move budget: call `recordBudgetMovement` inside
 * the document's transaction after the document changed. It recomputes what the ledger should
 * hold for the PR the document belongs to and everything taken from it (./plan.ts), checks each
 * budget key that would consume more under its account's policy, and posts the difference.
 *
 * - STOP: a key whose available amount would fall below zero refuses with 409 BUDGET_EXCEEDED,
 *   naming department, account, month, available and requested;
 * - WARN: refuses with 409 BUDGET_WARN_CONFIRM unless `confirmWarning`, then records who confirmed;
 * - IGNORE: records the overdraft only.
 * A key without a budget line is not controlled (its movements are still in the ledger).
 * Race-safety (docs/budget.md › Lock order): the PR is locked first, then the budget lines of its
 * chain in the global order, and only then is anything read that the difference is computed from —
 * so two documents of one PR changing at once are serialised (the second computes from what the
 * first posted), and two requests for the last won of a line are too (the second sums the first's rows).
 */
import type { Db } from '../../../db/connect.js';
import { conflict } from '../../../http/errors.js';
import { jpyRate, wonText } from '../../../domain/money.js';
import { chainTargets, movements, netByKey, type DocType } from './plan.js';
import { compareBudgetKeys } from '../lock-order.js';
import {
  consumedOf,
  findLoisOfPr,
  findOrderLinesOfPr,
  findPrLinesForBudget,
  findSourcePr,
  insertException,
  insertLedger,
  keyNames,
  ledgerOfDocuments,
  lockBudgetLine,
  lockPrForBudget,
  type BudgetKey,
} from './queries.js';

export interface BudgetMovement {
  /** What happened to the document (recorded on every ledger row it causes). */
  event: 'APPROVE' | 'ORDER' | 'CHANGE' | 'RECEIPT' | 'CANCEL' | 'RETURN';
  docType: DocType;
  docNo: string;
  /** The acting user id. */
  actor: string;
  /** The caller confirmed overdrawing a WARN account (the request's confirmBudgetWarning). */
  confirmWarning?: boolean | null;
  /** Documents that left this PR's chain in this transaction (an LOI draft re-pointed): what the ledger holds for them is released. */
  left?: ReadonlyArray<{ docType: DocType; docNo: string }>;
}

export async function recordBudgetMovement(trx: Db, m: BudgetMovement): Promise<void> {
  const prNo = await findSourcePr(trx, m.docType, m.docNo);
  if (!prNo) return;
  const pr = await lockPrForBudget(trx, prNo);
  if (!pr) return;
  const [prLines, orderLines, lois] = await Promise.all([
    findPrLinesForBudget(trx, prNo),
    findOrderLinesOfPr(trx, prNo),
    findLoisOfPr(trx, prNo),
  ]);
  if (!prLines.some((l) => l.budgetAccount)) return;
  // Every key the chain can grow on is the PR's department and month with one of its lines' accounts:
  // those lines are locked now, in the global order, before the ledger is read.
  const [fiscalYear, month] = pr.prDate.split('-').map(Number);
  const chainKeys: BudgetKey[] = [...new Set(prLines.flatMap((l) => (l.budgetAccount ? [l.budgetAccount] : [])))]
    .map((accountCode) => ({ fiscalYear, month, deptcd: pr.deptcd, accountCode }))
    .sort(compareBudgetKeys);
  const locked = new Map<string, Awaited<ReturnType<typeof lockBudgetLine>>>();
  const keyId = (k: BudgetKey) => [k.fiscalYear, k.month, k.deptcd, k.accountCode].join('|');
  for (const k of chainKeys) locked.set(keyId(k), await lockBudgetLine(trx, k));
  const usesJpy =
    pr.currency === 'JPY' || orderLines.some((l) => l.currency === 'JPY') || lois.some((l) => l.currency === 'JPY');
  const rate = usesJpy ? await jpyRate(trx) : null;
  const targets = chainTargets({ pr, prLines, orderLines, lois, jpyRate: rate });
  const docs = [
    { docType: 'PR' as const, docNo: prNo },
    ...[...new Set(orderLines.map((l) => l.poNo))].map((docNo) => ({ docType: 'PO' as const, docNo })),
    ...lois.map((l) => ({ docType: 'LOI' as const, docNo: l.loiNo })),
    ...(m.left ?? []),
  ];
  const rows = movements(targets, await ledgerOfDocuments(trx, docs));
  if (rows.length === 0) return;

  // Every key is checked before anything is refused: a STOP key that does not fit refuses outright, before
  // any WARN key asks — so an approver is never asked to confirm a warning and then refused on a hard limit.
  type Line = NonNullable<Awaited<ReturnType<typeof lockBudgetLine>>>;
  const over: Array<{ key: BudgetKey & { amount: bigint }; policy: Line['policy']; available: bigint }> = [];
  for (const key of netByKey(rows)) {
    if (key.amount <= 0n) continue;
    const line = locked.has(keyId(key)) ? locked.get(keyId(key)) : await lockBudgetLine(trx, key);
    if (!line) continue;
    const available = BigInt(String(line.amount)) - BigInt(await consumedOf(trx, key));
    if (key.amount > available) over.push({ key, policy: line.policy, available });
  }
  const refusal = over.find((o) => o.policy === 'STOP') ?? over.find((o) => o.policy === 'WARN' && !m.confirmWarning);
  if (refusal) {
    const { key, available } = refusal;
    const shown = available < 0n ? 0n : available;
    const { deptnm, accountName } = await keyNames(trx, key);
    const details = {
      deptcd: key.deptcd,
      deptnm,
      accountCode: key.accountCode,
      accountName,
      fiscalYear: key.fiscalYear,
      month: key.month,
      available: String(shown),
      requested: String(key.amount),
    };
    const where = `${deptnm}(${key.deptcd}) ${accountName} ${key.fiscalYear}년 ${key.month}월 — 가용 ${wonText(String(shown))}원, 요청 ${wonText(String(key.amount))}원`;
    if (refusal.policy === 'STOP')
      throw conflict(
        'BUDGET_EXCEEDED',
        `예산을 초과합니다: ${where}. 통제(STOP) 계정이라 부족한 ${wonText(String(key.amount - shown))}원을 예산전용(구매관리 › 예산관리 › 예산전용)으로 채운 뒤에 다시 처리할 수 있습니다`,
        details,
      );
    throw conflict('BUDGET_WARN_CONFIRM', `예산을 초과합니다. 확인 후 진행하세요: ${where}`, details);
  }
  for (const { key, policy, available } of over) {
    if (policy === 'STOP') continue;
    const { amount: _a, ...k } = key;
    await insertException(trx, {
      ...k,
      policy,
      docType: m.docType,
      docNo: m.docNo,
      available: String(available),
      requested: String(key.amount),
      confirmedBy: policy === 'WARN' ? m.actor : null,
    });
  }
  await insertLedger(
    trx,
    rows.map((r) => ({
      fiscalYear: r.fiscalYear,
      month: r.month,
      deptcd: r.deptcd,
      accountCode: r.accountCode,
      docType: r.docType,
      docNo: r.docNo,
      lineNo: r.lineNo,
      kind: r.kind,
      event: r.docType === m.docType || m.event !== 'ORDER' ? m.event : 'RELEASE',
      amount: String(r.amount),
      createdBy: m.actor,
    })),
  );
}
