import type { PageWindow } from '../../../db/lists/keyset.js';
import type { Static } from 'typebox';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { checkVersion, failIf, missing, staleVersion, type FieldError } from '../../../domain/errors.js';
import type { SortSpec } from '../../../http/list-query.js';
import { compareDecimals } from '../../../../lib/money.js';
import {
  insertLine,
  knownAccounts,
  knownDepartments,
  listAccounts,
  listBudgetLines,
  lockAccount,
  lockLine,
  updateAccountPolicy,
  updateLineAmount,
  type LineFilter,
} from './queries.js';
import type { BUDGET_LINE_SORT, BudgetLinesSaveBody, BudgetPolicyBody } from './schemas.js';
import { compareBudgetKeys } from '../lock-order.js';

type Sort = SortSpec<(typeof BUDGET_LINE_SORT)[number]>;

/** Whole won typed by a person ('1,500,000'); null when it is not a whole, non-negative number that fits. */
export function parseWon(raw: string): string | null {
  const s = raw.replace(/,/g, '').trim();
  if (!/^\d{1,18}$/.test(s)) return null;
  return s.replace(/^0+(?=\d)/, '');
}

export async function getBudgetLines(db: Db, f: LineFilter, sort: Sort, w: PageWindow) {
  const { rows, total, nextCursor, prevCursor } = await listBudgetLines(db, f, sort, w);
  return {
    rows: rows.map((r) => {
      const amount = String(r.amount);
      const transferred = String(r.transferred);
      const consumed = String(r.consumed);
      const available = String(BigInt(amount) + BigInt(transferred) - BigInt(consumed));
      return {
        ...r,
        key: `${r.fiscalYear}-${r.month}-${r.deptcd}-${r.accountCode}`,
        amount,
        transferred,
        consumed,
        available,
        updatedAt: new Date(r.updatedAt).toISOString(),
      };
    }),
    total,
    nextCursor,
    prevCursor,
  };
}

/**
 * Adds or changes budget lines in one transaction: every row checked first (amount, department,
 * account, a key given twice), so a bad row changes nothing; an existing line needs the version read.
 */
export async function saveBudgetLines(db: Db, body: Static<typeof BudgetLinesSaveBody>, actor: string) {
  const errors: FieldError[] = [];
  const at = (i: number, f: string) => `body/lines/${i}/${f}`;
  const [depts, accounts] = await Promise.all([
    knownDepartments(
      db,
      body.lines.map((l) => l.deptcd.trim()),
    ),
    knownAccounts(
      db,
      body.lines.map((l) => l.accountCode.trim()),
    ),
  ]);
  const seen = new Map<string, number>();
  const lines = body.lines.map((l, i) => {
    const amount = parseWon(l.amount);
    if (amount === null)
      errors.push({ path: at(i, 'amount'), message: `예산 금액은 0 이상의 원 단위 숫자로 입력하세요: ${l.amount}` });
    const deptcd = l.deptcd.trim();
    const accountCode = l.accountCode.trim();
    if (!depts.has(deptcd)) errors.push({ path: at(i, 'deptcd'), message: `부서를 찾을 수 없습니다: ${deptcd}` });
    if (!accounts.has(accountCode))
      errors.push({ path: at(i, 'accountCode'), message: `등록되지 않은 예산계정입니다: ${accountCode}` });
    const key = `${l.fiscalYear}|${l.month}|${deptcd}|${accountCode}`;
    if (seen.has(key))
      errors.push({
        path: at(i, 'month'),
        message: `같은 예산(연도·월·부서·계정)이 ${seen.get(key)! + 1}번째 줄에도 있습니다`,
      });
    else seen.set(key, i);
    return { fiscalYear: l.fiscalYear, month: l.month, deptcd, accountCode, amount: amount ?? '0', version: l.version };
  });
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    // In the global lock order (../lock-order.ts), whatever order the rows came in.
    for (const l of [...lines].sort(compareBudgetKeys)) {
      const { version, amount, ...k } = l;
      const before = await lockLine(trx, k);
      if (!before) {
        if (version !== undefined) throw missing('BUDGET_LINE_NOT_FOUND', '예산을 찾을 수 없습니다. 다시 조회하세요');
        await insertLine(trx, { ...k, amount, createdBy: actor, updatedBy: actor });
        await writeAudit(trx, {
          entity: 'budget_line',
          entityKey: `${k.fiscalYear}-${k.month}-${k.deptcd}-${k.accountCode}`,
          action: 'CREATE',
          actor,
          after: { ...k, amount },
        });
        continue;
      }
      if (version === undefined) throw staleVersion(before.version);
      checkVersion(version, before.version);
      if (compareDecimals(String(before.amount), amount) === 0) continue;
      await updateLineAmount(trx, k, amount, before.version + 1, actor);
      await writeAudit(trx, {
        entity: 'budget_line',
        entityKey: `${k.fiscalYear}-${k.month}-${k.deptcd}-${k.accountCode}`,
        action: 'UPDATE',
        actor,
        before: { amount: String(before.amount) },
        after: { amount },
      });
    }
  });
  return { saved: lines.length };
}

export async function getBudgetAccounts(db: Db) {
  const rows = await listAccounts(db);
  return { rows, total: rows.length };
}

/** Changes an account's policy (STOP / WARN / IGNORE) with the version read. */
export async function setBudgetPolicy(
  db: Db,
  accountCode: string,
  body: Static<typeof BudgetPolicyBody>,
  actor: string,
) {
  await db.transaction().execute(async (trx) => {
    const a = await lockAccount(trx, accountCode);
    if (!a) throw missing('BUDGET_ACCOUNT_NOT_FOUND', `등록되지 않은 예산계정입니다: ${accountCode}`);
    checkVersion(body.version, a.version);
    await updateAccountPolicy(trx, accountCode, body.policy, a.version + 1, actor);
    await writeAudit(trx, {
      entity: 'budget_account',
      entityKey: accountCode,
      action: 'UPDATE',
      actor,
      before: { policy: a.policy },
      after: { policy: body.policy },
    });
  });
  const { rows } = await getBudgetAccounts(db);
  return rows.find((r) => r.accountCode === accountCode)!;
}
