import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { internalActor } from '../../../domain/actor.js';
import { todayKst } from '../../../domain/dates.js';
import {
  checkVersion,
  failIf,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { wonText } from '../../../domain/money.js';
import { iso, requireText, text } from '../../../domain/values.js';
import type { SortSpec } from '../../../http/list-query.js';
import { approvalState, loadApprovals, startApproval, withdrawApproval } from '../../purchase/approval/index.js';
import { parseWon } from '../lines/service.js';
import {
  consumedOf,
  ensureLine,
  insertTransfer,
  keyNames,
  knownAccount,
  knownDepartment,
  lineAvailability,
  listTransfers,
  lockLine,
  lockTransfer,
  shiftTransferred,
  updateTransfer,
  type LineKey,
  type TransferFilter,
} from './queries.js';
import type { TRANSFER_SORT, TransferCancelBody, TransferRequestBody } from './schemas.js';
import { compareBudgetKeys } from '../lock-order.js';

/**
 * Budget transfers (예산전용, docs/budget.md "Transfers"): an amount moved from one budget line to
 * another of the same fiscal year, through the approval lines (document type BUDGET). Nothing
 * moves until the last approval; then, in the approval's transaction, both lines are locked (in key
 * order, the lock the consumption check takes), the source's available amount is checked again and
 * `transferred` moves on both (a target without a line gets one at 0). A transfer never overdraws
 * its source, whatever the account's policy.
 */

const STATUS_LABEL: Record<string, string> = {
  IN_APPROVAL: '결재중',
  APPROVED: '결재완료',
  REJECTED: '반려',
  CANCELLED: '취소',
};
const keyText = (names: { deptnm: string; accountName: string }, k: LineKey) =>
  `${names.deptnm}(${k.deptcd}) ${names.accountName} ${k.fiscalYear}년 ${k.month}월`;
/** The lock order of every budget path (../lock-order.ts); 0: the same line. */
const keyOrder = compareBudgetKeys;

type Row = Awaited<ReturnType<typeof listTransfers>>['rows'][number];

function present(r: Row, singleid: string) {
  const { pendingApproverId, approvalId, ...rest } = r;
  const open = r.status === 'IN_APPROVAL' && r.pendingApprovalVersion !== null;
  const actions = [
    // The requester never approves their own transfer (SELF_APPROVAL): reject or cancel only.
    ...(open && pendingApproverId === singleid
      ? r.requesterId === singleid
        ? ['reject']
        : ['approve', 'reject']
      : []),
    ...(r.status === 'IN_APPROVAL' && r.requesterId === singleid ? ['cancel'] : []),
  ];
  return {
    ...rest,
    amount: String(r.amount),
    fromText: `${r.fromDeptnm} · ${r.fromAccountName} · ${r.fromMonth}월`,
    toText: `${r.toDeptnm} · ${r.toAccountName} · ${r.toMonth}월`,
    requestedAt: iso(r.requestedAt)!,
    approvedAt: iso(r.approvedAt),
    pendingApprovalId: open ? Number(approvalId) : null,
    pendingApprovalVersion: open ? Number(r.pendingApprovalVersion) : null,
    currentApproverName: open ? r.currentApproverName : null,
    actions,
  };
}

export async function getBudgetTransfers(
  db: Db,
  caller: Caller | null,
  f: TransferFilter,
  sort: SortSpec<(typeof TRANSFER_SORT)[number]>,
  w: { limit: number; offset: number },
) {
  const actor = await internalActor(db, caller);
  const { rows, total } = await listTransfers(db, f, sort, w);
  return { rows: rows.map((r) => present(r, actor.singleid)), total };
}

export async function getBudgetTransfer(db: Db, caller: Caller | null, transferNo: string) {
  const actor = await internalActor(db, caller);
  const { rows } = await listTransfers(
    db,
    { transferNo },
    { field: 'transferNo', direction: 'desc' },
    { limit: 1, offset: 0 },
  );
  if (!rows[0]) throw missing('BUDGET_TRANSFER_NOT_FOUND', '예산전용 요청을 찾을 수 없습니다');
  const r = rows[0];
  const [approvals, from] = await Promise.all([
    loadApprovals(db, { docTypes: ['BUDGET'], docNo: transferNo }),
    lineAvailability(db, {
      fiscalYear: r.fiscalYear,
      month: r.fromMonth,
      deptcd: r.fromDeptcd,
      accountCode: r.fromAccount,
    }),
  ]);
  return {
    ...present(r, actor.singleid),
    fromAvailable: from
      ? String(BigInt(String(from.amount)) + BigInt(String(from.transferred)) - BigInt(String(from.consumed)))
      : null,
    approvalSteps: approvalState(approvals, actor.singleid).approvalSteps,
  };
}

/** 409 BUDGET_TRANSFER_EXCEEDED naming the source, what it has and what was asked. */
async function exceeded(db: Db, k: LineKey, available: bigint, requested: bigint) {
  const names = await keyNames(db, k);
  const shown = available < 0n ? 0n : available;
  return refused(
    'BUDGET_TRANSFER_EXCEEDED',
    `전용 금액이 가용 예산을 초과합니다: ${keyText(names, k)} — 가용 ${wonText(String(shown))}원, 요청 ${wonText(String(requested))}원`,
    {
      deptcd: k.deptcd,
      deptnm: names.deptnm,
      accountCode: k.accountCode,
      accountName: names.accountName,
      fiscalYear: k.fiscalYear,
      month: k.month,
      available: String(shown),
      requested: String(requested),
    },
  );
}

/**
 * Asks for a transfer and submits it to the approval line the BUDGET rule for its amount picks.
 * Refused, nothing written: a bad amount, an unknown department or account, source = target, a
 * source without a budget line (400); more than the source has available now (409).
 */
export async function requestBudgetTransfer(
  db: Db,
  caller: Caller | null,
  b: Static<typeof TransferRequestBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const amount = parseWon(b.amount);
  if (amount === null || amount === '0')
    errors.push({ path: 'body/amount', message: `전용 금액은 0보다 큰 원 단위 숫자로 입력하세요: ${b.amount}` });
  requireText(errors, 'body/reason', b.reason, '전용 사유');
  const from: LineKey = {
    fiscalYear: b.fiscalYear,
    month: b.fromMonth,
    deptcd: b.fromDeptcd.trim(),
    accountCode: b.fromAccount.trim(),
  };
  const to: LineKey = {
    fiscalYear: b.fiscalYear,
    month: b.toMonth,
    deptcd: b.toDeptcd.trim(),
    accountCode: b.toAccount.trim(),
  };
  for (const [side, k] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!(await knownDepartment(db, k.deptcd)))
      errors.push({ path: `body/${side}Deptcd`, message: `부서를 찾을 수 없습니다: ${k.deptcd}` });
    if (!(await knownAccount(db, k.accountCode)))
      errors.push({ path: `body/${side}Account`, message: `등록되지 않은 예산계정입니다: ${k.accountCode}` });
  }
  if (keyOrder(from, to) === 0) errors.push({ path: 'body/toAccount', message: '보내는 예산과 받는 예산이 같습니다' });
  failIf(errors);
  const transferNo = await db.transaction().execute(async (trx) => {
    const source = await lineAvailability(trx, from);
    if (!source) {
      const names = await keyNames(trx, from);
      failIf(
        [{ path: 'body/fromAccount', message: `편성된 예산이 없어 전용할 수 없습니다: ${keyText(names, from)}` }],
        'BUDGET_LINE_NOT_FOUND',
      );
    }
    const available =
      BigInt(String(source!.amount)) + BigInt(String(source!.transferred)) - BigInt(String(source!.consumed));
    if (BigInt(amount!) > available) throw await exceeded(trx, from, available, BigInt(amount!));
    const no = await nextDocumentNumber(trx, 'BT', todayKst(now));
    await insertTransfer(trx, {
      transferNo: no,
      fiscalYear: b.fiscalYear,
      fromMonth: from.month,
      fromDeptcd: from.deptcd,
      fromAccount: from.accountCode,
      toMonth: to.month,
      toDeptcd: to.deptcd,
      toAccount: to.accountCode,
      amount: amount!,
      reason: text(b.reason)!,
      status: 'IN_APPROVAL',
      approvalStatus: 'PENDING',
      requesterId: actor.singleid,
      createdBy: actor.userId,
    });
    const { approvalId } = await startApproval(
      trx,
      {
        docType: 'BUDGET',
        docNo: no,
        amountKrw: amount!,
        submitterId: actor.singleid,
        actorUserId: actor.userId,
      },
      now,
    );
    await updateTransfer(trx, no, { approvalId });
    await writeAudit(trx, {
      entity: 'budget_transfer',
      entityKey: no,
      action: 'SUBMIT',
      actor: actor.userId,
      after: { from, to, amount, reason: text(b.reason), approvalId },
    });
    return no;
  });
  return getBudgetTransfer(db, caller, transferNo);
}

/** The requester withdraws a transfer still in approval (nothing had moved, so nothing is released). */
export async function cancelBudgetTransfer(
  db: Db,
  caller: Caller | null,
  transferNo: string,
  b: Static<typeof TransferCancelBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const reason = text(b.reason);
  if (reason === null) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const t = await lockTransfer(trx, transferNo);
    if (!t) throw missing('BUDGET_TRANSFER_NOT_FOUND', '예산전용 요청을 찾을 수 없습니다');
    if (t.requesterId !== actor.singleid) throw notAllowed('요청한 사람만 예산전용을 취소할 수 있습니다');
    checkVersion(b.version, t.version);
    if (t.status !== 'IN_APPROVAL')
      throw wrongState(`${STATUS_LABEL[t.status] ?? t.status} 상태의 예산전용은 취소할 수 없습니다`, t.status);
    await withdrawApproval(trx, t.approvalId, actor.userId, now);
    await updateTransfer(trx, transferNo, {
      status: 'CANCELLED',
      approvalStatus: 'WITHDRAWN',
      cancelledAt: now,
      cancelReason: reason,
      version: t.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'budget_transfer',
      entityKey: transferNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: t.status },
      after: { status: 'CANCELLED' },
      reason,
    });
  });
  return getBudgetTransfer(db, caller, transferNo);
}

/**
 * An approval decision on a transfer, in the approval's transaction (called by the approval module's
 * outcome): the next step marks it in progress, a rejection rejects it (nothing moved, nothing to
 * release), the last approval moves the amount — or refuses with 409 and the decision is undone.
 */
export async function applyTransferOutcome(
  trx: Db,
  a: { approvalId: number; docNo: string },
  outcome: 'NEXT' | 'APPROVED' | 'REJECTED',
  actor: string,
  comment: string | null,
  /** The business clock the decision was taken on (the transfer's approved moment). */
  now: Date,
): Promise<string> {
  const t = await lockTransfer(trx, a.docNo);
  if (!t || Number(t.approvalId) !== Number(a.approvalId) || t.status !== 'IN_APPROVAL') {
    throw refused('APPROVAL_DOCUMENT_MISMATCH', '결재 문서의 상태가 결재와 맞지 않습니다. 다시 조회하세요');
  }
  if (outcome === 'NEXT') {
    await updateTransfer(trx, a.docNo, { approvalStatus: 'IN_PROGRESS', version: t.version + 1, updatedAt: now });
    return t.status;
  }
  if (outcome === 'REJECTED') {
    await updateTransfer(trx, a.docNo, {
      status: 'REJECTED',
      approvalStatus: 'REJECTED',
      version: t.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'budget_transfer',
      entityKey: a.docNo,
      action: 'REJECTED',
      actor,
      before: { status: t.status },
      after: { status: 'REJECTED' },
      reason: comment,
    });
    return 'REJECTED';
  }
  const amount = BigInt(String(t.amount));
  const from: LineKey = {
    fiscalYear: t.fiscalYear,
    month: t.fromMonth,
    deptcd: t.fromDeptcd,
    accountCode: t.fromAccount,
  };
  const to: LineKey = { fiscalYear: t.fiscalYear, month: t.toMonth, deptcd: t.toDeptcd, accountCode: t.toAccount };
  if (await ensureLine(trx, to, actor)) {
    await writeAudit(trx, {
      entity: 'budget_line',
      entityKey: `${to.fiscalYear}-${to.month}-${to.deptcd}-${to.accountCode}`,
      action: 'CREATE',
      actor,
      after: { ...to, amount: '0' },
      reason: `예산전용 ${a.docNo}`,
    });
  }
  // Both lines locked in the global lock order (../lock-order.ts), the order the consumption check and the
  // upload take too, so a transfer never waits crosswise on another transfer or on a PR's approval.
  const locked = new Map<LineKey, NonNullable<Awaited<ReturnType<typeof lockLine>>>>();
  for (const k of [from, to].sort(keyOrder)) {
    const line = await lockLine(trx, k);
    if (!line)
      throw refused(
        'BUDGET_LINE_NOT_FOUND',
        `예산을 찾을 수 없습니다: ${k.fiscalYear}년 ${k.month}월 ${k.deptcd} ${k.accountCode}`,
      );
    locked.set(k, line);
  }
  const source = locked.get(from)!;
  const available =
    BigInt(String(source.amount)) + BigInt(String(source.transferred)) - BigInt(await consumedOf(trx, from));
  if (amount > available) throw await exceeded(trx, from, available, amount);
  for (const [k, delta] of [
    [from, -amount],
    [to, amount],
  ] as const) {
    const line = locked.get(k)!;
    await shiftTransferred(trx, k, delta, line.version + 1, actor);
    await writeAudit(trx, {
      entity: 'budget_line',
      entityKey: `${k.fiscalYear}-${k.month}-${k.deptcd}-${k.accountCode}`,
      action: 'TRANSFER',
      actor,
      before: { transferred: String(line.transferred) },
      after: { transferred: String(BigInt(String(line.transferred)) + delta) },
      reason: `예산전용 ${a.docNo}`,
    });
  }
  await updateTransfer(trx, a.docNo, {
    status: 'APPROVED',
    approvalStatus: 'APPROVED',
    approvedAt: now,
    version: t.version + 1,
    updatedAt: now,
  });
  await writeAudit(trx, {
    entity: 'budget_transfer',
    entityKey: a.docNo,
    action: 'APPROVED',
    actor,
    before: { status: t.status },
    after: { status: 'APPROVED' },
    reason: comment,
  });
  return 'APPROVED';
}
