import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import type { Db } from '../../../db/connect.js';
import { assertPrVisible } from '../../purchase/pr/service.js';
import { jpyRate, toKrw, wonText } from '../../../domain/money.js';
import { missing } from '../../../domain/errors.js';
import { todayKst } from '../../../domain/dates.js';
import {
  availabilityOf,
  budgetsOf,
  departmentName,
  findPrForAvailability,
  ledgerSums,
  listLedger,
  namesOf,
  prLinesWithAccounts,
  transferRequesters,
  type LedgerFilter,
} from './queries.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { BUDGET_SCREENS } from '../screens.js';
import { josa } from '../../../../lib/josa.js';
import type { BudgetReportQuery } from './schemas.js';

interface Figures {
  budget: bigint;
  transferred: bigint;
  preCommitted: bigint;
  committed: bigint;
  actual: bigint;
}
const zero = (): Figures => ({ budget: 0n, transferred: 0n, preCommitted: 0n, committed: 0n, actual: 0n });
const FIELD = { PRE_COMMIT: 'preCommitted', COMMIT: 'committed', ACTUAL: 'actual' } as const;

function show(f: Figures) {
  return {
    budget: String(f.budget),
    transferred: String(f.transferred),
    preCommitted: String(f.preCommitted),
    committed: String(f.committed),
    actual: String(f.actual),
    available: String(f.budget - f.preCommitted - f.committed - f.actual),
  };
}

/**
 * Budget against pre-committed, committed, actual and available, every figure a sum of the budget
 * lines and the ledger: per department × account × month, per department × account, or per month.
 */
export async function budgetReport(db: Db, q: Static<typeof BudgetReportQuery>, now: Date) {
  const fiscalYear = q.fiscalYear ?? Number(todayKst(now).slice(0, 4));
  const f = {
    fiscalYear,
    month: q.month,
    deptcd: q.deptcd?.trim() || undefined,
    accountCode: q.accountCode?.trim() || undefined,
  };
  const by = q.by ?? 'detail';
  const [budgets, sums, names] = await Promise.all([budgetsOf(db, f), ledgerSums(db, f), namesOf(db)]);
  const groupOf = (r: { month: number; deptcd: string; accountCode: string }) =>
    by === 'month'
      ? { month: r.month, deptcd: null, accountCode: null }
      : by === 'deptAccount'
        ? { month: null, deptcd: r.deptcd, accountCode: r.accountCode }
        : { month: r.month, deptcd: r.deptcd, accountCode: r.accountCode };
  const groups = new Map<string, { key: ReturnType<typeof groupOf>; f: Figures }>();
  const at = (r: { month: number; deptcd: string; accountCode: string }) => {
    const key = groupOf(r);
    const k = `${key.month}|${key.deptcd}|${key.accountCode}`;
    if (!groups.has(k)) groups.set(k, { key, f: zero() });
    return groups.get(k)!.f;
  };
  const totals = zero();
  for (const b of budgets) {
    // The budget in force: as assigned plus the approved transfers (shown apart as `transferred`).
    const t = BigInt(String(b.transferred));
    const v = BigInt(String(b.amount)) + t;
    const g = at(b);
    g.budget += v;
    g.transferred += t;
    totals.budget += v;
    totals.transferred += t;
  }
  for (const s of sums) {
    const v = BigInt(String(s.amount ?? '0'));
    at(s)[FIELD[s.kind]] += v;
    totals[FIELD[s.kind]] += v;
  }
  const rows = [...groups.values()]
    .sort(
      (a, b) =>
        (a.key.deptcd ?? '').localeCompare(b.key.deptcd ?? '') ||
        (a.key.accountCode ?? '').localeCompare(b.key.accountCode ?? '') ||
        (a.key.month ?? 0) - (b.key.month ?? 0),
    )
    .map(({ key, f: fig }) => {
      const deptnm = key.deptcd ? (names.dept.get(key.deptcd) ?? key.deptcd) : null;
      const accountName = key.accountCode ? (names.account.get(key.accountCode) ?? key.accountCode) : null;
      const label = [deptnm, accountName, key.month ? `${key.month}월` : null].filter(Boolean).join(' · ');
      return {
        key: `${key.month ?? ''}|${key.deptcd ?? ''}|${key.accountCode ?? ''}`,
        label,
        fiscalYear,
        month: key.month,
        deptcd: key.deptcd,
        deptnm,
        accountCode: key.accountCode,
        accountName,
        ...show(fig),
      };
    });
  return {
    rows,
    total: rows.length,
    totals: {
      key: '',
      label: '합계',
      fiscalYear,
      month: f.month ?? null,
      deptcd: f.deptcd ?? null,
      deptnm: null,
      accountCode: f.accountCode ?? null,
      accountName: null,
      ...show(totals),
    },
  };
}

export async function budgetLedger(db: Db, f: LedgerFilter, w: { limit: number; offset: number }) {
  const { rows, total } = await listLedger(db, { ...f, docNo: f.docNo?.trim() || undefined }, w);
  return {
    rows: rows.map((r) => ({ ...r, amount: String(r.amount), createdAt: new Date(r.createdAt).toISOString() })),
    total,
  };
}

/**
 * What each line of a PR would draw on: its account's budget for the PR's department and month, and
 * what is left of it. Only for a caller who may read the PR (its detail's scope: 404 otherwise).
 */
export async function prBudget(db: Db, caller: Caller | null, prNo: string) {
  const pr = await findPrForAvailability(db, prNo);
  if (!pr) throw missing('PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');
  await assertPrVisible(db, caller, prNo);
  const [y, m] = pr.prDate.split('-').map(Number);
  const lines = await prLinesWithAccounts(db, prNo);
  const rate = pr.currency === 'JPY' ? await jpyRate(db) : null;
  const avail = await availabilityOf(db, { fiscalYear: y, month: m, deptcd: pr.deptcd }, [
    ...new Set(lines.map((l) => l.budgetAccount).filter((a): a is string => !!a)),
  ]);
  const base = lines.map((l) => {
    const a = l.budgetAccount ? avail.get(l.budgetAccount) : undefined;
    return {
      lineNo: l.lineNo,
      itemName: l.itemName,
      accountCode: l.budgetAccount,
      accountName: l.accountName,
      policy: l.policy,
      controlled: !!a,
      budget: a ? a.budget : null,
      available: a ? String(BigInt(a.budget) - BigInt(a.consumed)) : null,
      requested: toKrw(String(l.estAmount), pr.currency, rate),
    };
  });
  // What the PR asks of each account (its lines together) against what is available: the approval's
  // check, seen before submitting — a STOP line will be refused, a WARN one asks the approver.
  const asked = new Map<string, bigint>();
  for (const r of base)
    if (r.accountCode && r.controlled) asked.set(r.accountCode, (asked.get(r.accountCode) ?? 0n) + BigInt(r.requested));
  const dept = await departmentName(db, pr.deptcd);
  // What to do about a shortfall: who may ask for a transfer is decided by the transfer screen's write authority.
  const anyOver = base.some((r) => {
    const total = r.accountCode ? asked.get(r.accountCode) : undefined;
    return (
      total !== undefined &&
      r.available !== null &&
      (r.policy === 'STOP' || r.policy === 'WARN') &&
      total > BigInt(r.available)
    );
  });
  const mayTransfer =
    anyOver && !!caller && (await groupHoldsScreen(db, caller.authGroupId, [BUDGET_SCREENS.transfer], 'write'));
  const askWhom =
    anyOver && !mayTransfer
      ? (await transferRequesters(db, BUDGET_SCREENS.transfer, pr.deptcd)).map(
          (p) => `${p.hname}(${p.deptnm ?? p.deptcd}, ${p.groupName})`,
        )
      : [];
  const nextStep = (accountName: string | null, shortfall: bigint) =>
    mayTransfer
      ? `예산전용 화면(구매관리 › 예산관리 › 예산전용)에서 ${josa(`${accountName ?? ''} 계정`, '으로/로')} ${wonText(String(shortfall))}원 이상을 옮기는 전용을 요청하세요.`
      : askWhom.length > 0
        ? `예산전용은 예산관리 권한이 있는 담당자만 요청할 수 있습니다. ${askWhom.join(', ')}에게 ${accountName ?? ''} ${wonText(String(shortfall))}원의 예산전용을 요청하세요.`
        : `예산전용은 예산관리 권한이 있는 담당자만 요청할 수 있습니다. 시스템 관리자에게 문의하세요.`;
  const rows = base.map((r) => {
    const total = r.accountCode ? asked.get(r.accountCode) : undefined;
    const available = r.available === null ? null : BigInt(r.available);
    const over =
      total !== undefined && available !== null && (r.policy === 'STOP' || r.policy === 'WARN') && total > available;
    if (!over) return { ...r, exceeds: null, shortfall: null, warning: null, nextStep: null };
    const shown = available! < 0n ? 0n : available!;
    const where = `${dept?.deptnm ?? pr.deptcd}(${pr.deptcd}) ${r.accountName} ${y}년 ${m}월 — 가용 ${wonText(String(shown))}원, 요청 ${wonText(String(total))}원`;
    return {
      ...r,
      exceeds: r.policy,
      shortfall: String(total! - shown),
      warning: r.policy === 'STOP' ? `예산을 초과합니다: ${where}` : `예산을 초과합니다. 확인 후 진행하세요: ${where}`,
      nextStep: nextStep(r.accountName, total! - shown),
    };
  });
  return { prNo, deptcd: pr.deptcd, fiscalYear: y, month: m, rows, total: rows.length };
}
