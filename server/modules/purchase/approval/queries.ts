import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { jsonRows, parsedJson } from '../../../db/json-rows.js';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { writeAudit } from '../../../db/audit.js';
import { notifyApproval } from '../../notifications/approval.js';
import { refused } from '../../../domain/errors.js';
import { wonText } from '../../../domain/money.js';
import { iso } from '../../../domain/values.js';
import { likeEscape, type SortSpec } from '../../../http/list-query.js';
import type { LINE_SORT, RULE_SORT } from './schemas.js';
import { stepAssignee } from './delegation.js';
import { DOC_TYPE_LABELS, initialSteps, pickRule, withdraw, type DocType, type StepState } from './workflow.js';

/**
 * The tier the rules ask of a document type and amount: the rule whose band holds the amount, its
 * line and the line's approvers in order. No rule → 409 APPROVAL_RULE_MISSING; a line without
 * approvers → 409 APPROVAL_LINE_EMPTY.
 */
async function approvalTier(trx: Db, docType: DocType, amountKrw: string) {
  const rules = await trx
    .selectFrom('approvalRule as r')
    .innerJoin('approvalLine as l', 'l.lineId', 'r.lineId')
    .select(['r.ruleId', 'r.minAmount', 'r.maxAmount', 'r.lineId', 'l.lineName'])
    .where('r.docType', '=', docType)
    .where('r.useYn', '=', 'Y')
    .where('l.useYn', '=', 'Y')
    .execute();
  const rule = pickRule(rules, amountKrw);
  if (!rule) {
    throw refused(
      'APPROVAL_RULE_MISSING',
      `${DOC_TYPE_LABELS[docType]} ${wonText(amountKrw)}원에 해당하는 결재 규칙이 없습니다. 결재규칙을 먼저 등록하세요`,
    );
  }
  const approvers = await trx
    .selectFrom('approvalLineStep')
    .select(['approverId'])
    .where('lineId', '=', rule.lineId)
    .orderBy('stepNo')
    .execute();
  if (approvers.length === 0) throw refused('APPROVAL_LINE_EMPTY', `결재선 "${rule.lineName}"에 결재자가 없습니다`);
  return {
    ruleId: rule.ruleId,
    lineId: rule.lineId,
    lineName: rule.lineName,
    approvers: approvers.map((a) => a.approverId),
  };
}

/**
 * Whether an approval was given by every approver the tier of `docType` and `amountKrw` asks (each
 * one's step APPROVED, by him or by his deputy on his behalf): what another document's approval must
 * have had to stand for this one's (an executed contract amendment for its order's change).
 */
export async function approvalCovers(
  trx: Db,
  approvalId: number | null,
  tier: { docType: DocType; amountKrw: string },
): Promise<boolean> {
  if (approvalId === null) return false;
  const { approvers } = await approvalTier(trx, tier.docType, tier.amountKrw);
  const approval = await trx
    .selectFrom('approval')
    .select('status')
    .where('approvalId', '=', approvalId)
    .executeTakeFirst();
  if (approval?.status !== 'APPROVED') return false;
  const steps = await trx
    .selectFrom('approvalStep')
    .select(['approverId', 'onBehalfOf'])
    .where('approvalId', '=', approvalId)
    .where('status', '=', 'APPROVED')
    .execute();
  const approvedBy = new Set(steps.flatMap((s) => [s.approverId, ...(s.onBehalfOf ? [s.onBehalfOf] : [])]));
  return approvers.every((a) => approvedBy.has(a));
}

/**
 * Starts an approval for a document inside the caller's transaction: the rule for the document
 * type and amount picks the line, whose approvers are copied into the approval's own steps.
 * `alsoCover` names a second tier the same approval must stand for (a contract amendment that
 * changes its order: the PO_CHANGE tier of the order's new total): its approvers not already on
 * the line follow, in their line's order.
 */
export async function startApproval(
  trx: Db,
  input: {
    docType: DocType;
    docNo: string;
    amountKrw: string;
    submitterId: string;
    actorUserId: string;
    alsoCover?: { docType: DocType; amountKrw: string } | null;
  },
  now: Date,
): Promise<{ approvalId: number; firstApproverId: string; lineName: string }> {
  const rule = await approvalTier(trx, input.docType, input.amountKrw);
  const extra = input.alsoCover ? await approvalTier(trx, input.alsoCover.docType, input.alsoCover.amountKrw) : null;
  const steps = initialSteps([
    ...rule.approvers,
    ...(extra?.approvers ?? []).filter((a) => !rule.approvers.includes(a)),
  ]);
  // Delegation: the first step goes to the approver's deputy when one is named for today.
  const first = await stepAssignee(trx, steps[0].approverId, now);
  const { approvalId } = await trx
    .insertInto('approval')
    .values({
      docType: input.docType,
      docNo: input.docNo,
      ruleId: rule.ruleId,
      lineId: rule.lineId,
      // Both lines by name when a second tier's approvers were added.
      lineName: (extra && extra.lineId !== rule.lineId ? `${rule.lineName} + ${extra.lineName}` : rule.lineName).slice(
        0,
        100,
      ),
      amountKrw: input.amountKrw,
      status: 'PENDING',
      currentStep: 1,
      submittedBy: input.submitterId,
    })
    .returning('approvalId')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('approvalStep')
    .values(
      steps.map((s) =>
        s.stepNo === 1
          ? { approvalId, stepNo: 1, approverId: first.approverId, onBehalfOf: first.onBehalfOf, status: s.status }
          : { approvalId, stepNo: s.stepNo, approverId: s.approverId, status: s.status },
      ),
    )
    .execute();
  await writeAudit(trx, {
    entity: 'approval',
    entityKey: String(approvalId),
    action: 'SUBMIT',
    actor: input.actorUserId,
    after: {
      docType: input.docType,
      docNo: input.docNo,
      amountKrw: input.amountKrw,
      ruleId: rule.ruleId,
      lineId: rule.lineId,
      approvers: steps.map((s) => s.approverId),
      ...(input.alsoCover && extra
        ? { alsoCover: { ...input.alsoCover, ruleId: extra.ruleId, lineId: extra.lineId } }
        : {}),
    },
  });
  await notifyApproval(trx, approvalId);
  return { approvalId, firstApproverId: first.approverId, lineName: rule.lineName };
}

/** The requester withdrew the document: an open approval ends as WITHDRAWN, its open steps skipped. */
/** now: the business clock — the approval's completedAt is the document's moment, as a decision's is. */
export async function withdrawApproval(
  trx: Db,
  approvalId: number | null,
  actorUserId: string,
  now: Date,
): Promise<void> {
  if (approvalId === null) return;
  const approval = await trx
    .selectFrom('approval')
    .select(['status', 'version'])
    .where('approvalId', '=', approvalId)
    .forUpdate()
    .executeTakeFirst();
  if (!approval || (approval.status !== 'PENDING' && approval.status !== 'IN_PROGRESS')) return;
  const steps = (await trx
    .selectFrom('approvalStep')
    .select(['stepNo', 'approverId', 'status'])
    .where('approvalId', '=', approvalId)
    .execute()) as StepState[];
  for (const s of withdraw(steps)) {
    if (s.status !== steps.find((x) => x.stepNo === s.stepNo)!.status) {
      await trx
        .updateTable('approvalStep')
        .set({ status: s.status })
        .where('approvalId', '=', approvalId)
        .where('stepNo', '=', s.stepNo)
        .execute();
    }
  }
  await trx
    .updateTable('approval')
    .set({ status: 'WITHDRAWN', currentStep: null, completedAt: now, version: approval.version + 1 })
    .where('approvalId', '=', approvalId)
    .execute();
  await writeAudit(trx, {
    entity: 'approval',
    entityKey: String(approvalId),
    action: 'WITHDRAW',
    actor: actorUserId,
    before: { status: approval.status },
  });
}

export interface ApprovalView {
  approvalId: number;
  docType: string;
  docNo: string;
  status: string;
  lineName: string;
  amountKrw: string;
  currentStep: number | null;
  submittedBy: string;
  submittedByName: string;
  submittedAt: string;
  completedAt: string | null;
  version: number;
  steps: Array<{
    stepNo: number;
    approverId: string;
    approverName: string;
    positionNm: string;
    deptnm: string;
    status: string;
    comment: string | null;
    actedAt: string | null;
    onBehalfOf: string | null;
    onBehalfOfName: string | null;
  }>;
}

/** Every approval round of the documents asked for (oldest first), with their steps. */
export async function loadApprovals(
  db: Db,
  where: { docTypes: DocType[]; docNo: string } | { approvalId: number },
): Promise<ApprovalView[]> {
  // The rounds and their steps in one statement (a round's row once per step, a round without a step
  // once): the steps' read waited on the rounds' before, one more round trip on every document opened.
  // The steps as they were read alone (their approver's employee and department inner-joined), then
  // joined to the rounds.
  const steps = db
    .selectFrom('approvalStep as st')
    .innerJoin('employee as e', 'e.singleid', 'st.approverId')
    .innerJoin('department as d', 'd.deptcd', 'e.deptcd')
    .leftJoin('employee as b', 'b.singleid', 'st.onBehalfOf')
    .select([
      'st.approvalId',
      'st.stepNo',
      'st.approverId',
      'e.hname as approverName',
      'e.positionNm',
      'd.deptnm',
      'st.status',
      'st.comment',
      'st.actedAt',
      'st.onBehalfOf',
      'b.hname as onBehalfOfName',
    ]);
  let q = db
    .selectFrom('approval as a')
    .innerJoin('employee as s', 's.singleid', 'a.submittedBy')
    .leftJoin(steps.as('x'), 'x.approvalId', 'a.approvalId')
    .select([
      'a.approvalId',
      'a.docType',
      'a.docNo',
      'a.status',
      'a.lineName',
      'a.amountKrw',
      'a.currentStep',
      'a.submittedBy',
      's.hname as submittedByName',
      'a.submittedAt',
      'a.completedAt',
      'a.version',
      'x.stepNo',
      'x.approverId',
      'x.approverName',
      'x.positionNm',
      'x.deptnm',
      'x.status as stepStatus',
      'x.comment',
      'x.actedAt',
      'x.onBehalfOf',
      'x.onBehalfOfName',
    ]);
  q =
    'approvalId' in where
      ? q.where('a.approvalId', '=', where.approvalId)
      : q.where('a.docType', 'in', where.docTypes).where('a.docNo', '=', where.docNo);
  const rows = await q.orderBy('a.submittedAt').orderBy('a.approvalId').orderBy('x.stepNo').execute();
  const rounds: ApprovalView[] = [];
  for (const r of rows) {
    let round = rounds.at(-1);
    if (!round || round.approvalId !== r.approvalId) {
      round = {
        approvalId: r.approvalId,
        docType: r.docType,
        docNo: r.docNo,
        status: r.status,
        lineName: r.lineName,
        amountKrw: r.amountKrw,
        currentStep: r.currentStep,
        submittedBy: r.submittedBy,
        submittedByName: r.submittedByName,
        submittedAt: iso(r.submittedAt)!,
        completedAt: iso(r.completedAt),
        version: r.version,
        steps: [],
      };
      rounds.push(round);
    }
    if (r.stepNo === null) continue;
    round.steps.push({
      stepNo: r.stepNo,
      approverId: r.approverId!,
      approverName: r.approverName!,
      positionNm: r.positionNm!,
      deptnm: r.deptnm!,
      status: r.stepStatus!,
      comment: r.comment,
      onBehalfOf: r.onBehalfOf,
      onBehalfOfName: r.onBehalfOfName,
      actedAt: iso(r.actedAt),
    });
  }
  return rounds;
}

type RoundScope = ExpressionBuilder<Database & { a: Database['approval'] }, 'a'>;

/**
 * A document's approval rounds with their steps as one json column of the document's own statement
 * (server/db/json-rows.ts): rounds by `order` (oldest first by default), each round's steps by step,
 * read as `loadApprovals` reads them (the submitter and each step's approver and department
 * inner-joined); `approvalViews` turns the column into the same answer.
 */
export function approvalRounds(
  db: Db,
  which: (eb: RoundScope) => Expression<SqlBool>,
  order: 'submitted' | 'id' = 'submitted',
) {
  const rounds = db
    .selectFrom('approval as a')
    .innerJoin('employee as s', 's.singleid', 'a.submittedBy')
    .select((eb) => [
      'a.approvalId',
      'a.docType',
      'a.docNo',
      'a.status',
      'a.lineName',
      eb.cast<string>('a.amountKrw', 'text').as('amountKrw'),
      'a.currentStep',
      'a.submittedBy',
      's.hname as submittedByName',
      'a.submittedAt',
      'a.completedAt',
      'a.version',
      jsonRows(
        eb
          .selectFrom('approvalStep as st')
          .innerJoin('employee as e', 'e.singleid', 'st.approverId')
          .innerJoin('department as d', 'd.deptcd', 'e.deptcd')
          .leftJoin('employee as b', 'b.singleid', 'st.onBehalfOf')
          .select([
            'st.stepNo',
            'st.approverId',
            'e.hname as approverName',
            'e.positionNm',
            'd.deptnm',
            'st.status',
            'st.comment',
            'st.actedAt',
            'st.onBehalfOf',
            'b.hname as onBehalfOfName',
          ])
          .whereRef('st.approvalId', '=', 'a.approvalId'),
        ['stepNo'],
      ).as('steps'),
    ])
    // The rounds' condition names only the round (`a`); the submitter's join does not change it.
    .where((eb) => which(eb as unknown as RoundScope));
  return jsonRows(rounds, order === 'id' ? ['approvalId'] : ['submittedAt', 'approvalId']);
}

/** The rounds of `approvalRounds`' column as `loadApprovals` answers them. */
export function approvalViews(column: unknown): ApprovalView[] {
  type Round = Omit<ApprovalView, 'steps'> & { steps: ApprovalView['steps'] };
  return parsedJson(column as Round[]).map((r) => ({
    approvalId: r.approvalId,
    docType: r.docType,
    docNo: r.docNo,
    status: r.status,
    lineName: r.lineName,
    amountKrw: r.amountKrw,
    currentStep: r.currentStep,
    submittedBy: r.submittedBy,
    submittedByName: r.submittedByName,
    submittedAt: iso(r.submittedAt)!,
    completedAt: iso(r.completedAt),
    version: r.version,
    steps: r.steps.map((st) => ({
      stepNo: st.stepNo,
      approverId: st.approverId,
      approverName: st.approverName,
      positionNm: st.positionNm,
      deptnm: st.deptnm,
      status: st.status,
      comment: st.comment,
      onBehalfOf: st.onBehalfOf,
      onBehalfOfName: st.onBehalfOfName,
      actedAt: iso(st.actedAt),
    })),
  }));
}

/** Was this employee an approver of any round of the document (they may read it)? */
export async function isApproverOf(db: Db, docTypes: DocType[], docNo: string, singleid: string): Promise<boolean> {
  const row = await db
    .selectFrom('approval as a')
    .innerJoin('approvalStep as st', 'st.approvalId', 'a.approvalId')
    .select('a.approvalId')
    .where('a.docType', 'in', docTypes)
    .where('a.docNo', '=', docNo)
    .where('st.approverId', '=', singleid)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/* ------------------------------ a decision's statements ------------------------------ */

/** The approval locked for a decision (the whole row: the outcome reads it). */
export function lockApproval(trx: Db, approvalId: number) {
  return trx.selectFrom('approval').selectAll().where('approvalId', '=', approvalId).forUpdate().executeTakeFirst();
}

export function findApprovalSteps(trx: Db, approvalId: number) {
  return trx
    .selectFrom('approvalStep')
    .select(['stepNo', 'approverId', 'status'])
    .where('approvalId', '=', approvalId)
    .orderBy('stepNo')
    .execute();
}

export async function updateApprovalStep(
  trx: Db,
  approvalId: number,
  stepNo: number,
  values: Updateable<Database['approvalStep']>,
) {
  await trx
    .updateTable('approvalStep')
    .set(values)
    .where('approvalId', '=', approvalId)
    .where('stepNo', '=', stepNo)
    .execute();
}

export async function updateApproval(trx: Db, approvalId: number, values: Updateable<Database['approval']>) {
  await trx.updateTable('approval').set(values).where('approvalId', '=', approvalId).execute();
}

/* ------------------------------ rules and lines (administration) ------------------------------ */

export function findLineUse(trx: Db, lineId: number) {
  return trx.selectFrom('approvalLine').select(['lineId', 'useYn']).where('lineId', '=', lineId).executeTakeFirst();
}

/** The rules in use for a document type, whose amount bands a new or changed rule may not overlap. */
export function findActiveRules(trx: Db, docType: DocType) {
  return trx
    .selectFrom('approvalRule')
    .select(['ruleId', 'minAmount', 'maxAmount'])
    .where('docType', '=', docType)
    .where('useYn', '=', 'Y')
    .execute();
}

export async function insertRule(trx: Db, values: Insertable<Database['approvalRule']>): Promise<number> {
  return (await trx.insertInto('approvalRule').values(values).returning('ruleId').executeTakeFirstOrThrow()).ruleId;
}

export function lockRule(trx: Db, ruleId: number) {
  return trx.selectFrom('approvalRule').selectAll().where('ruleId', '=', ruleId).forUpdate().executeTakeFirst();
}

export async function updateRule(trx: Db, ruleId: number, values: Updateable<Database['approvalRule']>) {
  await trx.updateTable('approvalRule').set(values).where('ruleId', '=', ruleId).execute();
}

export async function deleteRule(trx: Db, ruleId: number) {
  await trx.deleteFrom('approvalRule').where('ruleId', '=', ruleId).execute();
}

/** Some approval was started by the rule, or through the line. */
export async function approvalUses(trx: Db, by: { ruleId: number } | { lineId: number }): Promise<boolean> {
  const q = trx.selectFrom('approval').select('approvalId');
  const row = await ('ruleId' in by ? q.where('ruleId', '=', by.ruleId) : q.where('lineId', '=', by.lineId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A rule that uses the line (any, or only one in use). */
export function findRuleOfLine(trx: Db, lineId: number, onlyInUse: boolean) {
  return trx
    .selectFrom('approvalRule')
    .select('ruleId')
    .where('lineId', '=', lineId)
    .$if(onlyInUse, (q) => q.where('useYn', '=', 'Y'))
    .limit(1)
    .executeTakeFirst();
}

/** Employees with their internal account, as approvers or deputies are checked. */
export function findEmployeeAccounts(trx: Db, singleids: string[]) {
  return trx
    .selectFrom('employee as e')
    .innerJoin('appUser as u', 'u.singleid', 'e.singleid')
    .select(['e.singleid', 'e.hname', 'e.status', 'u.useFlag', 'u.authGroupId', 'u.portal'])
    .where('e.singleid', 'in', singleids)
    .execute();
}

export async function insertLine(
  trx: Db,
  values: Insertable<Database['approvalLine']>,
  approvers: readonly string[],
): Promise<number> {
  const { lineId } = await trx.insertInto('approvalLine').values(values).returning('lineId').executeTakeFirstOrThrow();
  await trx
    .insertInto('approvalLineStep')
    .values(approvers.map((approverId, i) => ({ lineId, stepNo: i + 1, approverId })))
    .execute();
  return lineId;
}

export function lockLine(trx: Db, lineId: number) {
  return trx.selectFrom('approvalLine').selectAll().where('lineId', '=', lineId).forUpdate().executeTakeFirst();
}

export function findLineSteps(trx: Db, lineId: number) {
  return trx
    .selectFrom('approvalLineStep')
    .select(['stepNo', 'approverId'])
    .where('lineId', '=', lineId)
    .orderBy('stepNo')
    .execute();
}

/** Changes a line and replaces its approvers. */
export async function updateLine(
  trx: Db,
  lineId: number,
  values: Updateable<Database['approvalLine']>,
  approvers: readonly string[],
) {
  await trx.updateTable('approvalLine').set(values).where('lineId', '=', lineId).execute();
  await trx.deleteFrom('approvalLineStep').where('lineId', '=', lineId).execute();
  await trx
    .insertInto('approvalLineStep')
    .values(approvers.map((approverId, i) => ({ lineId, stepNo: i + 1, approverId })))
    .execute();
}

export async function deleteLine(trx: Db, lineId: number) {
  await trx.deleteFrom('approvalLineStep').where('lineId', '=', lineId).execute();
  await trx.deleteFrom('approvalLine').where('lineId', '=', lineId).execute();
}

/* ------------------------------ delegations ------------------------------ */

export async function listDelegations(db: Db, where: { approverId?: string; delegationId?: number }) {
  let q = db
    .selectFrom('approvalDelegation as d')
    .innerJoin('employee as a', 'a.singleid', 'd.approverId')
    .innerJoin('employee as p', 'p.singleid', 'd.deputyId')
    .innerJoin('department as dp', 'dp.deptcd', 'p.deptcd')
    .select([
      'd.delegationId',
      'd.approverId',
      'a.hname as approverName',
      'd.deputyId',
      'p.hname as deputyName',
      'dp.deptnm as deputyDeptnm',
      'd.fromDate',
      'd.toDate',
      'd.reason',
      'd.status',
      'd.createdAt',
      'd.version',
    ]);
  if (where.approverId) q = q.where('d.approverId', '=', where.approverId);
  if (where.delegationId) q = q.where('d.delegationId', '=', where.delegationId);
  const rows = await q.orderBy('d.fromDate', 'desc').orderBy('d.delegationId', 'desc').execute();
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)! }));
}

/** One approver's active delegations, locked: creating another is serialised behind them. */
export function lockActiveDelegations(trx: Db, approverId: string) {
  return trx
    .selectFrom('approvalDelegation')
    .select(['delegationId', 'fromDate', 'toDate'])
    .where('approverId', '=', approverId)
    .where('status', '=', 'ACTIVE')
    .forUpdate()
    .execute();
}

export async function insertDelegation(trx: Db, values: Insertable<Database['approvalDelegation']>): Promise<number> {
  return (await trx.insertInto('approvalDelegation').values(values).returning('delegationId').executeTakeFirstOrThrow())
    .delegationId;
}

export function lockDelegation(trx: Db, delegationId: number) {
  return trx
    .selectFrom('approvalDelegation')
    .selectAll()
    .where('delegationId', '=', delegationId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateDelegation(
  trx: Db,
  delegationId: number,
  values: Updateable<Database['approvalDelegation']>,
) {
  await trx.updateTable('approvalDelegation').set(values).where('delegationId', '=', delegationId).execute();
}

/** The approver's first active delegation covering `today` (a KST date). */
export function activeDelegation(db: Db, approverId: string, today: string) {
  return db
    .selectFrom('approvalDelegation')
    .select('deputyId')
    .where('approverId', '=', approverId)
    .where('status', '=', 'ACTIVE')
    .where('fromDate', '<=', today)
    .where('toDate', '>=', today)
    .orderBy('delegationId')
    .limit(1)
    .executeTakeFirst();
}

/* ------------------------------ approval lines and rules (administration) ------------------------------ */

type Window = { limit: number; offset: number };

/** "강동현 → 박성호": a line's approvers in order, for one grid cell. */
const approverNames = (alias: 'r' | 'l') =>
  sql<string>`coalesce((select string_agg(e.hname, ' → ' order by s.step_no) from approval_line_step s join employee e on e.singleid = s.approver_id where s.line_id = ${sql.raw(alias)}.line_id), '')`;

export async function listRules(
  db: Db,
  f: { docType?: string; useYn?: string; lineId?: number },
  sort: SortSpec<(typeof RULE_SORT)[number]>,
  w: Window,
) {
  let base = db.selectFrom('approvalRule as r').innerJoin('approvalLine as l', 'l.lineId', 'r.lineId');
  if (f.docType) base = base.where('r.docType', '=', f.docType as never);
  if (f.useYn) base = base.where('r.useYn', '=', f.useYn as 'Y' | 'N');
  if (f.lineId) base = base.where('r.lineId', '=', f.lineId);
  const column = sort.field === 'lineName' ? 'l.lineName' : (`r.${sort.field}` as const);
  const [rows, count] = await Promise.all([
    base
      .select([
        'r.ruleId',
        'r.docType',
        'r.minAmount',
        'r.maxAmount',
        'r.lineId',
        'l.lineName',
        'r.description',
        'r.useYn',
        'r.version',
        'r.updatedAt',
      ])
      .select(approverNames('r').as('approvers'))
      .orderBy(column, sort.direction)
      .orderBy('r.docType')
      .orderBy('r.minAmount')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, updatedAt: iso(r.updatedAt)! })), total: Number(count.n) };
}

export async function findRule(db: Db, ruleId: number) {
  const r = await db
    .selectFrom('approvalRule as r')
    .innerJoin('approvalLine as l', 'l.lineId', 'r.lineId')
    .select([
      'r.ruleId',
      'r.docType',
      'r.minAmount',
      'r.maxAmount',
      'r.lineId',
      'l.lineName',
      'r.description',
      'r.useYn',
      'r.version',
      'r.updatedAt',
    ])
    .select(approverNames('r').as('approvers'))
    .where('r.ruleId', '=', ruleId)
    .executeTakeFirst();
  return r ? { ...r, updatedAt: iso(r.updatedAt)! } : undefined;
}

export async function listLines(
  db: Db,
  f: { q?: string; useYn?: string },
  sort: SortSpec<(typeof LINE_SORT)[number]>,
  w: Window,
) {
  let base = db.selectFrom('approvalLine as l');
  if (f.q?.trim()) base = base.where('l.lineName', 'ilike', `%${likeEscape(f.q.trim())}%`);
  if (f.useYn) base = base.where('l.useYn', '=', f.useYn as 'Y' | 'N');
  const stepCount = sql<number>`(select count(*) from approval_line_step s where s.line_id = l.line_id)`;
  const ruleCount = sql<number>`(select count(*) from approval_rule r where r.line_id = l.line_id)`;
  const columns = { lineId: 'l.lineId', lineName: 'l.lineName', useYn: 'l.useYn', updatedAt: 'l.updatedAt' } as const;
  const column = sort.field === 'stepCount' ? stepCount : columns[sort.field];
  const [rows, count] = await Promise.all([
    base
      .select(['l.lineId', 'l.lineName', 'l.description', 'l.useYn', 'l.version', 'l.updatedAt'])
      .select([stepCount.as('stepCount'), ruleCount.as('ruleCount'), approverNames('l').as('approvers')])
      .orderBy(column, sort.direction)
      .orderBy('l.lineId')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const { steps, rules } = await lineParts(
    db,
    rows.map((r) => r.lineId),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      stepCount: Number(r.stepCount),
      ruleCount: Number(r.ruleCount),
      updatedAt: iso(r.updatedAt)!,
      steps: steps.filter((s) => s.lineId === r.lineId).map(({ lineId: _l, ...s }) => s),
      rules: rules.filter((x) => x.lineId === r.lineId).map(({ lineId: _l, ...x }) => x),
    })),
    total: Number(count.n),
  };
}

/** The ordered approvers and the rules of some lines (one query each, whatever their number). */
async function lineParts(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return { steps: [], rules: [] };
  const [steps, rules] = await Promise.all([
    db
      .selectFrom('approvalLineStep as s')
      .innerJoin('employee as e', 'e.singleid', 's.approverId')
      .innerJoin('businessSection as b', 'b.topDept', 'e.section')
      .innerJoin('department as d', 'd.deptcd', 'e.deptcd')
      .select([
        's.lineId',
        's.stepNo',
        's.approverId',
        'e.hname as approverName',
        'e.positionNm',
        'b.sectionName',
        'd.deptnm',
      ])
      .where('s.lineId', 'in', lineIds)
      .orderBy('s.lineId')
      .orderBy('s.stepNo')
      .execute(),
    db
      .selectFrom('approvalRule')
      .select(['lineId', 'ruleId', 'docType', 'minAmount', 'maxAmount', 'useYn'])
      .where('lineId', 'in', lineIds)
      .orderBy('docType')
      .orderBy('minAmount')
      .execute(),
  ]);
  return { steps, rules };
}

export async function findLine(db: Db, lineId: number) {
  const line = await db
    .selectFrom('approvalLine')
    .select(['lineId', 'lineName', 'description', 'useYn', 'version', 'updatedAt'])
    .where('lineId', '=', lineId)
    .executeTakeFirst();
  if (!line) return undefined;
  const { steps, rules } = await lineParts(db, [lineId]);
  return {
    ...line,
    updatedAt: iso(line.updatedAt)!,
    steps: steps.map(({ lineId: _l, ...s }) => s),
    rules: rules.map(({ lineId: _l, ...r }) => r),
  };
}

/* ------------------------------ the documents an approval decides (outcome.ts) ------------------------------ */

export function lockPrForApproval(trx: Db, prNo: string) {
  return trx
    .selectFrom('prHeader')
    .select(['status', 'approvalId', 'version', 'approvalStatus'])
    .where('prNo', '=', prNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePrAfterApproval(
  trx: Db,
  prNo: string,
  values: Updateable<Database['prHeader']>,
): Promise<void> {
  await trx.updateTable('prHeader').set(values).where('prNo', '=', prNo).execute();
}

/** The order locked, with its supplier's forwarding flag. */
export function lockPoForApproval(trx: Db, poNo: string) {
  return trx
    .selectFrom('poHeader as h')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .select([
      'h.status',
      'h.approvalId',
      'h.version',
      'h.approvalStatus',
      'h.totalAmount',
      'c.forwardYn',
      'h.subconKind',
    ])
    .where('h.poNo', '=', poNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePoAfterApproval(
  trx: Db,
  poNo: string,
  values: Updateable<Database['poHeader']>,
): Promise<void> {
  await trx.updateTable('poHeader').set(values).where('poNo', '=', poNo).execute();
}

export function lockLoiForApproval(trx: Db, loiNo: string) {
  return trx
    .selectFrom('loi')
    .select(['status', 'approvalId', 'version', 'approvalStatus'])
    .where('loiNo', '=', loiNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateLoiAfterApproval(
  trx: Db,
  loiNo: string,
  values: Updateable<Database['loi']>,
): Promise<void> {
  await trx.updateTable('loi').set(values).where('loiNo', '=', loiNo).execute();
}
