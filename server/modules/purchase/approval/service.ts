import type { Static } from 'typebox';
import { josa } from '../../../../lib/josa.js';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { HttpError } from '../../../http/errors.js';
import { pageWindow } from '../../../http/list-query.js';
import {
  checkVersion,
  failIf,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { checkDecimal, requireText, text, type DecimalRule } from '../../../domain/values.js';
import { notifyApproval, notifyBudgetHeld } from '../../notifications/approval.js';
import { findLine, findRule } from './queries.js';
import { stepAssignee } from './delegation.js';
import { applyOutcome } from './outcome.js';
import type { OutcomeHandlers } from './outcome-handlers.js';
import {
  approvalUses,
  deleteLine,
  deleteRule,
  findActiveRules,
  findApprovalSteps,
  findEmployeeAccounts,
  findLineSteps,
  findLineUse,
  findRuleOfLine,
  insertDelegation,
  insertLine,
  insertRule,
  listDelegations,
  loadApprovals,
  lockActiveDelegations,
  lockApproval,
  lockDelegation,
  lockLine,
  lockRule,
  updateApproval,
  updateApprovalStep,
  updateDelegation,
  updateLine,
  updateRule,
} from './queries.js';
import type { DecisionBody, DelegationCreateBody } from './schemas.js';
import {
  DOC_TYPE_LABELS,
  bandsOverlap,
  decide,
  type ApprovalStatus,
  type DocType,
  type StepState,
} from './workflow.js';

export const RULE_SCREEN = '/portal/approval/approvalRule';
export const LINE_SCREEN = '/portal/approval/approvalLine';
/**
 * The documents approvers decide on. Being the current approver is the real authority to decide;
 * a deputy must be in a group that may work on them (write authority; a read-only group may not).
 */
export const DOCUMENT_SCREENS = [
  '/prEdit',
  '/prConfirmEdit',
  '/OrderRequestEdit',
  '/SimpleOrderEdit',
  '/LoiRequestEdit',
  '/budget/budgetTransfer',
  '/contract/contractDetail',
];

const MIN_AMOUNT: DecimalRule = { label: '하한 금액', scale: 0, intDigits: 18, sign: 'nonNegative' };
const MAX_AMOUNT: DecimalRule = { label: '상한 금액', scale: 0, intDigits: 18, sign: 'positive' };

const ruleMissing = () => missing('APPROVAL_RULE_NOT_FOUND', '결재 규칙을 찾을 수 없습니다');
const lineMissing = () => missing('APPROVAL_LINE_NOT_FOUND', '결재선을 찾을 수 없습니다');

/* ------------------------------ rules ------------------------------ */

type RuleInput = {
  docType: DocType;
  minAmount: string;
  maxAmount?: string | null;
  lineId: number;
  description?: string | null;
  useYn?: 'Y' | 'N';
};

async function checkRule(
  trx: Db,
  b: RuleInput,
  ruleId: number | null,
): Promise<{ minAmount: string; maxAmount: string | null }> {
  const errors: FieldError[] = [];
  checkDecimal(errors, 'body/minAmount', b.minAmount, MIN_AMOUNT);
  const max = text(b.maxAmount ?? null);
  if (max !== null) checkDecimal(errors, 'body/maxAmount', max, MAX_AMOUNT);
  failIf(errors);
  const minAmount = b.minAmount.trim();
  if (max !== null && BigInt(max) <= BigInt(minAmount))
    failIf([{ path: 'body/maxAmount', message: '상한 금액은 하한 금액보다 커야 합니다' }]);
  const line = await findLineUse(trx, b.lineId);
  if (!line) failIf([{ path: 'body/lineId', message: '결재선을 찾을 수 없습니다' }]);
  if ((b.useYn ?? 'Y') === 'Y') {
    if (line!.useYn !== 'Y') failIf([{ path: 'body/lineId', message: '사용하지 않는 결재선입니다' }]);
    const others = await findActiveRules(trx, b.docType);
    const clash = others.find((o) => o.ruleId !== ruleId && bandsOverlap(o, { minAmount, maxAmount: max }));
    if (clash) {
      throw refused(
        'APPROVAL_RULE_OVERLAP',
        `${DOC_TYPE_LABELS[b.docType]} 결재 규칙의 금액 구간이 다른 규칙(${clash.ruleId})과 겹칩니다`,
        [
          {
            path: 'body/minAmount',
            message: `규칙 ${clash.ruleId}의 구간(${clash.minAmount} ~ ${clash.maxAmount ?? '상한 없음'})과 겹칩니다`,
          },
        ],
      );
    }
  }
  return { minAmount, maxAmount: max };
}

export async function getApprovalRule(db: Db, ruleId: number) {
  const rule = await findRule(db, ruleId);
  if (!rule) throw ruleMissing();
  return rule;
}

/** A rule; bands of one document type may not overlap. */
export async function createApprovalRule(db: Db, b: RuleInput, actor: string) {
  const ruleId = await db.transaction().execute(async (trx) => {
    const band = await checkRule(trx, b, null);
    const values = {
      docType: b.docType,
      ...band,
      lineId: b.lineId,
      description: text(b.description ?? null),
      useYn: b.useYn ?? 'Y',
    };
    const ruleId = await insertRule(trx, values);
    await writeAudit(trx, {
      entity: 'approval_rule',
      entityKey: String(ruleId),
      action: 'CREATE',
      actor,
      after: values,
    });
    return ruleId;
  });
  return (await findRule(db, ruleId))!;
}

export async function updateApprovalRule(db: Db, ruleId: number, b: RuleInput & { version: number }, actor: string) {
  await db.transaction().execute(async (trx) => {
    const before = await lockRule(trx, ruleId);
    if (!before) throw ruleMissing();
    checkVersion(b.version, before.version);
    const band = await checkRule(trx, b, ruleId);
    const after = {
      docType: b.docType,
      ...band,
      lineId: b.lineId,
      description: b.description === undefined ? before.description : text(b.description),
      useYn: b.useYn ?? before.useYn,
    };
    await updateRule(trx, ruleId, { ...after, version: before.version + 1, updatedAt: new Date() });
    await writeAudit(trx, {
      entity: 'approval_rule',
      entityKey: String(ruleId),
      action: 'UPDATE',
      actor,
      before,
      after,
    });
  });
  return (await findRule(db, ruleId))!;
}

/** Deletes a rule no approval used yet (a used one is switched off with useYn N). */
export async function deleteApprovalRule(db: Db, ruleId: number, version: number, actor: string) {
  await db.transaction().execute(async (trx) => {
    const before = await lockRule(trx, ruleId);
    if (!before) throw ruleMissing();
    checkVersion(version, before.version);
    if (await approvalUses(trx, { ruleId }))
      throw refused('APPROVAL_RULE_IN_USE', '결재에 사용된 규칙은 삭제할 수 없습니다. 사용여부를 N으로 바꾸세요');
    await deleteRule(trx, ruleId);
    await writeAudit(trx, { entity: 'approval_rule', entityKey: String(ruleId), action: 'DELETE', actor, before });
  });
  return { code: 'OK' as const };
}

/* ------------------------------ lines ------------------------------ */

type LineInput = {
  lineName: string;
  description?: string | null;
  useYn?: 'Y' | 'N';
  steps: Array<{ approverId: string }>;
};

async function checkLine(trx: Db, b: LineInput): Promise<string[]> {
  const errors: FieldError[] = [];
  requireText(errors, 'body/lineName', b.lineName, '결재선 이름');
  if (b.steps.length === 0) errors.push({ path: 'body/steps', message: '결재자를 한 명 이상 지정하세요' });
  const ids = b.steps.map((s) => s.approverId.trim());
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (!id) errors.push({ path: `body/steps/${i}/approverId`, message: '결재자를 입력하세요' });
    else if (seen.has(id))
      errors.push({ path: `body/steps/${i}/approverId`, message: '같은 결재자를 두 번 지정할 수 없습니다' });
    seen.add(id);
  });
  failIf(errors);
  const people = await findEmployeeAccounts(trx, ids);
  const ok = new Map(people.map((p) => [p.singleid, p.status === 'ACTIVE' && p.useFlag === 'Y']));
  ids.forEach((id, i) => {
    if (!ok.has(id))
      errors.push({ path: `body/steps/${i}/approverId`, message: `사원(내부 사용자)을 찾을 수 없습니다: ${id}` });
    else if (!ok.get(id))
      errors.push({ path: `body/steps/${i}/approverId`, message: `재직 중이 아니거나 사용 중지된 사원입니다: ${id}` });
  });
  failIf(errors);
  return ids;
}

export async function getApprovalLine(db: Db, lineId: number) {
  const line = await findLine(db, lineId);
  if (!line) throw lineMissing();
  return line;
}

export async function createApprovalLine(db: Db, b: LineInput, actor: string) {
  const lineId = await db.transaction().execute(async (trx) => {
    const approvers = await checkLine(trx, b);
    const values = { lineName: b.lineName.trim(), description: text(b.description ?? null), useYn: b.useYn ?? 'Y' };
    const lineId = await insertLine(trx, values, approvers);
    await writeAudit(trx, {
      entity: 'approval_line',
      entityKey: String(lineId),
      action: 'CREATE',
      actor,
      after: { ...values, approvers },
    });
    return lineId;
  });
  return (await findLine(db, lineId))!;
}

/** Changes a line's name, use and approvers; a line a rule in use refers to stays in use. */
export async function updateApprovalLine(db: Db, lineId: number, b: LineInput & { version: number }, actor: string) {
  await db.transaction().execute(async (trx) => {
    const before = await lockLine(trx, lineId);
    if (!before) throw lineMissing();
    checkVersion(b.version, before.version);
    const approvers = await checkLine(trx, b);
    const useYn = b.useYn ?? before.useYn;
    if (useYn === 'N' && before.useYn === 'Y') {
      const rule = await findRuleOfLine(trx, lineId, true);
      if (rule)
        throw refused(
          'APPROVAL_LINE_IN_USE',
          `사용 중인 결재 규칙(${rule.ruleId})이 이 결재선을 씁니다. 규칙을 먼저 바꾸세요`,
        );
    }
    const oldSteps = await findLineSteps(trx, lineId);
    const after = {
      lineName: b.lineName.trim(),
      description: b.description === undefined ? before.description : text(b.description),
      useYn,
    };
    await updateLine(trx, lineId, { ...after, version: before.version + 1, updatedAt: new Date() }, approvers);
    await writeAudit(trx, {
      entity: 'approval_line',
      entityKey: String(lineId),
      action: 'UPDATE',
      actor,
      before: { ...before, approvers: oldSteps.map((s) => s.approverId) },
      after: { ...after, approvers },
    });
  });
  return (await findLine(db, lineId))!;
}

/** Deletes a line no rule refers to and no approval used. */
export async function deleteApprovalLine(db: Db, lineId: number, version: number, actor: string) {
  await db.transaction().execute(async (trx) => {
    const before = await lockLine(trx, lineId);
    if (!before) throw lineMissing();
    checkVersion(version, before.version);
    const rule = await findRuleOfLine(trx, lineId, false);
    if (rule)
      throw refused(
        'APPROVAL_LINE_IN_USE',
        `결재 규칙(${rule.ruleId})이 이 결재선을 씁니다. 규칙을 먼저 지우거나 바꾸세요`,
      );
    if (await approvalUses(trx, { lineId }))
      throw refused('APPROVAL_LINE_IN_USE', '결재에 사용된 결재선은 삭제할 수 없습니다. 사용여부를 N으로 바꾸세요');
    await deleteLine(trx, lineId);
    await writeAudit(trx, { entity: 'approval_line', entityKey: String(lineId), action: 'DELETE', actor, before });
  });
  return { code: 'OK' as const };
}

/* ------------------------------ decisions ------------------------------ */

export async function getApproval(db: Db, approvalId: number) {
  const [a] = await loadApprovals(db, { approvalId });
  if (!a) throw missing('APPROVAL_NOT_FOUND', '결재를 찾을 수 없습니다');
  return a;
}

/**
 * The current approver (or their deputy) approves or rejects (a comment required): the next step
 * becomes pending (with its approver's deputy for today), and the last decision moves the document.
 */
export async function decideApproval(
  handlers: OutcomeHandlers,
  db: Db,
  caller: Caller | null,
  approvalId: number,
  kind: 'approve' | 'reject',
  b: Static<typeof DecisionBody>,
  /** The business clock (app.clock): a change order put in force checks its agreements on its day. */
  businessNow: Date,
) {
  const comment = text(b.comment ?? null);
  if (kind === 'reject' && comment === null) failIf([{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  const documentStatus = await decideInTransaction(
    { handlers, businessNow },
    db,
    actor,
    approvalId,
    kind,
    b,
    comment,
  ).catch(async (err) => {
    // A last approval refused on a STOP budget rolled back whole: the requester is told apart, or would never know.
    if (kind === 'approve' && err instanceof HttpError && err.code === 'BUDGET_EXCEEDED')
      await db.transaction().execute((trx) => notifyBudgetHeld(trx, approvalId, actor.singleid, err.message));
    throw err;
  });
  const [approval] = await loadApprovals(db, { approvalId });
  return { approval, documentStatus };
}

async function decideInTransaction(
  { handlers, businessNow }: { handlers: OutcomeHandlers; businessNow: Date },
  db: Db,
  actor: Awaited<ReturnType<typeof internalActor>>,
  approvalId: number,
  kind: 'approve' | 'reject',
  b: Static<typeof DecisionBody>,
  comment: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const a = await lockApproval(trx, approvalId);
    if (!a) throw missing('APPROVAL_NOT_FOUND', '결재를 찾을 수 없습니다');
    checkVersion(b.version, a.version);
    const steps = (await findApprovalSteps(trx, approvalId)) as StepState[];
    const result = decide(a.status as ApprovalStatus, steps, actor.singleid, kind === 'approve' ? 'APPROVE' : 'REJECT');
    if (!result.ok && result.reason === 'FINISHED') throw wrongState('이미 끝난 결재입니다', a.status);
    if (!result.ok) throw notAllowed('현재 결재 차례인 결재자만 승인하거나 반려할 수 있습니다');
    // A budget transfer is never approved by the one who asked for it — as a receipt or a settlement
    // adjustment is not (SELF_APPROVAL); they may still reject or cancel it (docs/budget.md "Transfers").
    if (kind === 'approve' && a.docType === 'BUDGET' && a.submittedBy === actor.singleid)
      throw notAllowed('본인이 요청한 예산전용은 승인할 수 없습니다', 'SELF_APPROVAL');
    // The business clock: the step's actedAt and the deputy named for that day (a delegation's period is in its days).
    const now = businessNow;
    for (const s of result.steps) {
      const old = steps.find((x) => x.stepNo === s.stepNo)!;
      if (s.status === old.status) continue;
      const acted = s.stepNo === result.acted;
      // Delegation: a step that becomes pending goes to its approver's deputy named for today.
      const assignee = s.status === 'PENDING' ? await stepAssignee(trx, s.approverId, now) : null;
      await updateApprovalStep(trx, approvalId, s.stepNo, {
        status: s.status,
        ...(acted ? { comment, actedAt: now } : {}),
        ...(assignee ? assignee : {}),
      });
    }
    await updateApproval(trx, approvalId, {
      status: result.status,
      currentStep: result.currentStep,
      ...(result.outcome === 'NEXT' ? {} : { completedAt: now }),
      version: a.version + 1,
    });
    await writeAudit(trx, {
      entity: 'approval',
      entityKey: String(approvalId),
      action: kind === 'approve' ? 'APPROVE' : 'REJECT',
      actor: actor.userId,
      before: { status: a.status, step: result.acted },
      after: { status: result.status, currentStep: result.currentStep },
      reason: comment,
    });
    await notifyApproval(trx, approvalId);
    return applyOutcome(handlers, trx, a, result.outcome, actor.userId, comment, {
      confirmBudgetWarning: b.confirmBudgetWarning,
      now: businessNow,
    });
  });
}

/* ------------------------------ delegations ------------------------------ */

export async function listMyDelegations(db: Db, caller: Caller | null, paging: { page?: number; size?: number }) {
  const actor = await internalActor(db, caller);
  const rows = await listDelegations(db, { approverId: actor.singleid });
  const { limit, offset } = pageWindow(paging);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

/**
 * An approver names a deputy for a period (docs/purchasing.md "Delegation"). Refused: oneself, a
 * deputy who cannot open the documents (outside the groups with write authority over them), a
 * period that overlaps another of one's own active delegations.
 */
export async function createDelegation(
  db: Db,
  caller: Caller | null,
  b: Static<typeof DelegationCreateBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  checkDate(errors, 'body/fromDate', b.fromDate, '시작일', {
    required: true,
    notBefore: todayKst(now),
    notBeforeLabel: '시작일은 오늘 이후여야 합니다',
  });
  checkDate(errors, 'body/toDate', b.toDate, '종료일', { required: true });
  const [from, to] = [b.fromDate.trim(), b.toDate.trim()];
  if (errors.length === 0 && to < from)
    errors.push({ path: 'body/toDate', message: '종료일은 시작일 이후여야 합니다' });
  const deputyId = b.deputyId.trim();
  if (deputyId === actor.singleid)
    errors.push({ path: 'body/deputyId', message: '본인을 대리 결재자로 지정할 수 없습니다' });
  failIf(errors);
  const [deputy] = await findEmployeeAccounts(db, [deputyId]);
  if (!deputy) failIf([{ path: 'body/deputyId', message: `사원(내부 사용자)을 찾을 수 없습니다: ${deputyId}` }]);
  if (deputy!.status !== 'ACTIVE' || deputy!.useFlag !== 'Y')
    failIf([{ path: 'body/deputyId', message: `재직 중이 아니거나 사용 중지된 사원입니다: ${deputyId}` }]);
  if (deputy!.portal !== 'I' || !(await groupHoldsScreen(db, deputy!.authGroupId, DOCUMENT_SCREENS, 'write'))) {
    throw refused(
      'DELEGATION_GROUP_NOT_ALLOWED',
      `${deputy!.hname}님의 권한그룹은 결재 문서를 열 수 없어 대리 결재자가 될 수 없습니다`,
      [{ path: 'body/deputyId', message: '결재 문서 권한이 없는 사원입니다' }],
    );
  }
  const id = await db.transaction().execute(async (trx) => {
    // Serialise one approver's delegations: lock their existing rows before the overlap check.
    const mine = await lockActiveDelegations(trx, actor.singleid);
    const clash = mine.find((d) => d.fromDate <= to && from <= d.toDate);
    if (clash) {
      throw refused(
        'DELEGATION_OVERLAP',
        `대리 결재 기간이 다른 위임(${clash.fromDate} ~ ${clash.toDate})과 겹칩니다`,
        [{ path: 'body/fromDate', message: `${clash.fromDate} ~ ${josa(clash.toDate, '와/과')} 겹칩니다` }],
      );
    }
    const row = {
      approverId: actor.singleid,
      deputyId,
      fromDate: from,
      toDate: to,
      reason: text(b.reason),
      createdBy: actor.userId,
    };
    const delegationId = await insertDelegation(trx, row);
    await writeAudit(trx, {
      entity: 'approval_delegation',
      entityKey: String(delegationId),
      action: 'CREATE',
      actor: actor.userId,
      after: row,
    });
    return delegationId;
  });
  return (await listDelegations(db, { delegationId: id }))[0];
}

/** Ends one of the caller's delegations (steps already given to the deputy stay with them). */
export async function cancelDelegation(
  db: Db,
  caller: Caller | null,
  delegationId: number,
  version: number,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const d = await lockDelegation(trx, delegationId);
    if (!d) throw missing('DELEGATION_NOT_FOUND', '대리 결재 위임을 찾을 수 없습니다');
    if (d.approverId !== actor.singleid) throw notAllowed('본인의 위임만 취소할 수 있습니다');
    checkVersion(version, d.version);
    if (d.status !== 'ACTIVE') throw wrongState('이미 취소된 위임입니다', d.status);
    await updateDelegation(trx, delegationId, { status: 'CANCELLED', cancelledAt: now, version: d.version + 1 });
    await writeAudit(trx, {
      entity: 'approval_delegation',
      entityKey: String(delegationId),
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: d.status },
      after: { status: 'CANCELLED' },
    });
  });
  return (await listDelegations(db, { delegationId }))[0];
}
