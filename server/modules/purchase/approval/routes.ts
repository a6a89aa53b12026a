import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { ApprovalView } from '../shared/schemas.js';
import { checkDecimal, requireText, text, type DecimalRule } from '../../../domain/values.js';
import { findLine, findRule, listLines, listRules } from './admin.js';
import { applyOutcome } from './outcome.js';
import { stepAssignee } from './delegation.js';
import { loadApprovals } from './queries.js';
import {
  ApprovalParams,
  DecisionAnswer,
  DecisionBody,
  LineCreateBody,
  LineDetail,
  LineListQuery,
  LineParams,
  LineRow,
  LineUpdateBody,
  RuleCreateBody,
  RuleListQuery,
  RuleParams,
  RuleRow,
  RuleUpdateBody,
  VersionQuery,
} from './schemas.js';
import { DOC_TYPE_LABELS, bandsOverlap, decide, type ApprovalStatus, type DocType, type StepState } from './workflow.js';
import { notifyApproval } from '../../notifications/approval.js';

const RULE_SCREEN = '/portal/approval/approvalRule';
const LINE_SCREEN = '/portal/approval/approvalLine';
/** Approvers open the document they decide on; being the current approver is the real authority. */
export const DOCUMENT_SCREENS = ['/prEdit', '/prConfirmEdit', '/OrderRequestEdit', '/SimpleOrderEdit', '/LoiRequestEdit'];

const MIN_AMOUNT: DecimalRule = { label: '하한 금액', scale: 0, intDigits: 18, sign: 'nonNegative' };
const MAX_AMOUNT: DecimalRule = { label: '상한 금액', scale: 0, intDigits: 18, sign: 'positive' };

type RuleInput = { docType: DocType; minAmount: string; maxAmount?: string | null; lineId: number; description?: string | null; useYn?: 'Y' | 'N' };

async function checkRule(trx: Db, b: RuleInput, ruleId: number | null): Promise<{ minAmount: string; maxAmount: string | null }> {
  const errors: FieldError[] = [];
  checkDecimal(errors, 'body/minAmount', b.minAmount, MIN_AMOUNT);
  const max = text(b.maxAmount ?? null);
  if (max !== null) checkDecimal(errors, 'body/maxAmount', max, MAX_AMOUNT);
  failIf(errors);
  const minAmount = b.minAmount.trim();
  if (max !== null && BigInt(max) <= BigInt(minAmount)) failIf([{ path: 'body/maxAmount', message: '상한 금액은 하한 금액보다 커야 합니다' }]);
  const line = await trx.selectFrom('approvalLine').select(['lineId', 'useYn']).where('lineId', '=', b.lineId).executeTakeFirst();
  if (!line) failIf([{ path: 'body/lineId', message: '결재선을 찾을 수 없습니다' }]);
  if ((b.useYn ?? 'Y') === 'Y') {
    if (line!.useYn !== 'Y') failIf([{ path: 'body/lineId', message: '사용하지 않는 결재선입니다' }]);
    const others = await trx.selectFrom('approvalRule').select(['ruleId', 'minAmount', 'maxAmount']).where('docType', '=', b.docType).where('useYn', '=', 'Y').execute();
    const clash = others.find((o) => o.ruleId !== ruleId && bandsOverlap(o, { minAmount, maxAmount: max }));
    if (clash) {
      throw refused('APPROVAL_RULE_OVERLAP', `${DOC_TYPE_LABELS[b.docType]} 결재 규칙의 금액 구간이 다른 규칙(${clash.ruleId})과 겹칩니다`, [
        { path: 'body/minAmount', message: `규칙 ${clash.ruleId}의 구간(${clash.minAmount} ~ ${clash.maxAmount ?? '상한 없음'})과 겹칩니다` },
      ]);
    }
  }
  return { minAmount, maxAmount: max };
}

type LineInput = { lineName: string; description?: string | null; useYn?: 'Y' | 'N'; steps: Array<{ approverId: string }> };

async function checkLine(trx: Db, b: LineInput): Promise<string[]> {
  const errors: FieldError[] = [];
  requireText(errors, 'body/lineName', b.lineName, '결재선 이름');
  if (b.steps.length === 0) errors.push({ path: 'body/steps', message: '결재자를 한 명 이상 지정하세요' });
  const ids = b.steps.map((s) => s.approverId.trim());
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (!id) errors.push({ path: `body/steps/${i}/approverId`, message: '결재자를 입력하세요' });
    else if (seen.has(id)) errors.push({ path: `body/steps/${i}/approverId`, message: '같은 결재자를 두 번 지정할 수 없습니다' });
    seen.add(id);
  });
  failIf(errors);
  const people = await trx
    .selectFrom('employee as e')
    .innerJoin('appUser as u', 'u.singleid', 'e.singleid')
    .select(['e.singleid', 'e.status', 'u.useFlag'])
    .where('e.singleid', 'in', ids)
    .execute();
  const ok = new Map(people.map((p) => [p.singleid, p.status === 'ACTIVE' && p.useFlag === 'Y']));
  ids.forEach((id, i) => {
    if (!ok.has(id)) errors.push({ path: `body/steps/${i}/approverId`, message: `사원(내부 사용자)을 찾을 수 없습니다: ${id}` });
    else if (!ok.get(id)) errors.push({ path: `body/steps/${i}/approverId`, message: `재직 중이 아니거나 사용 중지된 사원입니다: ${id}` });
  });
  failIf(errors);
  return ids;
}

/** Approval rules and lines (portal administration) and the approvers' decisions. */
export const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ruleRead = { access: access.login([RULE_SCREEN], 'read', ['I']) };
  const ruleWrite = { access: access.login([RULE_SCREEN], 'write', ['I']) };
  const lineRead = { access: access.login([LINE_SCREEN, RULE_SCREEN], 'read', ['I']) };
  const lineWrite = { access: access.login([LINE_SCREEN], 'write', ['I']) };
  const tags = ['approval'];
  const ruleMissing = () => missing('APPROVAL_RULE_NOT_FOUND', '결재 규칙을 찾을 수 없습니다');
  const lineMissing = () => missing('APPROVAL_LINE_NOT_FOUND', '결재선을 찾을 수 없습니다');

  app.get(
    '/api/v1/approval/rules',
    { config: ruleRead, schema: { operationId: 'listApprovalRules', tags, summary: 'Approval rules: document type and KRW amount band → approval line', querystring: RuleListQuery, response: { 200: Type.Object({ rows: Type.Array(RuleRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const q = request.query;
      return listRules(request.db, q, parseSort(q.sort, { field: 'docType', direction: 'asc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/approval/rules/:ruleId',
    { config: ruleRead, schema: { operationId: 'getApprovalRule', tags, summary: 'One approval rule (the administration screen edits it)', params: RuleParams, response: { 200: RuleRow, ...commonErrors } } },
    async (request) => {
      const rule = await findRule(request.db, request.params.ruleId);
      if (!rule) throw ruleMissing();
      return rule;
    },
  );

  app.post(
    '/api/v1/approval/rules',
    { config: ruleWrite, schema: { operationId: 'createApprovalRule', tags, summary: 'Add a rule (bands of one document type may not overlap); effective for the next submission', body: RuleCreateBody, response: { 200: RuleRow, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const actor = request.caller!.userId;
      const ruleId = await request.db.transaction().execute(async (trx) => {
        const band = await checkRule(trx, b, null);
        const values = { docType: b.docType, ...band, lineId: b.lineId, description: text(b.description ?? null), useYn: b.useYn ?? 'Y' };
        const { ruleId } = await trx.insertInto('approvalRule').values(values).returning('ruleId').executeTakeFirstOrThrow();
        await writeAudit(trx, { entity: 'approval_rule', entityKey: String(ruleId), action: 'CREATE', actor, after: values });
        return ruleId;
      });
      return (await findRule(request.db, ruleId))!;
    },
  );

  app.put(
    '/api/v1/approval/rules/:ruleId',
    { config: ruleWrite, schema: { operationId: 'updateApprovalRule', tags, summary: 'Change a rule (stale version: 409); documents already in approval keep their line', params: RuleParams, body: RuleUpdateBody, response: { 200: RuleRow, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const { ruleId } = request.params;
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('approvalRule').selectAll().where('ruleId', '=', ruleId).forUpdate().executeTakeFirst();
        if (!before) throw ruleMissing();
        checkVersion(b.version, before.version);
        const band = await checkRule(trx, b, ruleId);
        const after = { docType: b.docType, ...band, lineId: b.lineId, description: b.description === undefined ? before.description : text(b.description), useYn: b.useYn ?? before.useYn };
        await trx.updateTable('approvalRule').set({ ...after, version: before.version + 1, updatedAt: new Date() }).where('ruleId', '=', ruleId).execute();
        await writeAudit(trx, { entity: 'approval_rule', entityKey: String(ruleId), action: 'UPDATE', actor, before, after });
      });
      return (await findRule(request.db, ruleId))!;
    },
  );

  app.delete(
    '/api/v1/approval/rules/:ruleId',
    { config: ruleWrite, schema: { operationId: 'deleteApprovalRule', tags, summary: 'Delete a rule no approval used yet (a used one is switched off with useYn N)', params: RuleParams, querystring: VersionQuery, response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { ruleId } = request.params;
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('approvalRule').selectAll().where('ruleId', '=', ruleId).forUpdate().executeTakeFirst();
        if (!before) throw ruleMissing();
        checkVersion(request.query.version, before.version);
        const used = await trx.selectFrom('approval').select('approvalId').where('ruleId', '=', ruleId).limit(1).executeTakeFirst();
        if (used) throw refused('APPROVAL_RULE_IN_USE', '결재에 사용된 규칙은 삭제할 수 없습니다. 사용여부를 N으로 바꾸세요');
        await trx.deleteFrom('approvalRule').where('ruleId', '=', ruleId).execute();
        await writeAudit(trx, { entity: 'approval_rule', entityKey: String(ruleId), action: 'DELETE', actor, before });
      });
      return { code: 'OK' as const };
    },
  );

  app.get(
    '/api/v1/approval/lines',
    { config: lineRead, schema: { operationId: 'listApprovalLines', tags, summary: 'Approval lines with their approvers in order', querystring: LineListQuery, response: { 200: Type.Object({ rows: Type.Array(LineRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const q = request.query;
      return listLines(request.db, q, parseSort(q.sort, { field: 'lineId', direction: 'asc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/approval/lines/:lineId',
    { config: lineRead, schema: { operationId: 'getApprovalLine', tags, summary: 'One approval line: ordered approvers and the rules that use it', params: LineParams, response: { 200: LineDetail, ...commonErrors } } },
    async (request) => {
      const line = await findLine(request.db, request.params.lineId);
      if (!line) throw lineMissing();
      return line;
    },
  );

  app.post(
    '/api/v1/approval/lines',
    { config: lineWrite, schema: { operationId: 'createApprovalLine', tags, summary: 'Add an approval line (1–10 ordered approvers)', body: LineCreateBody, response: { 200: LineDetail, ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const actor = request.caller!.userId;
      const lineId = await request.db.transaction().execute(async (trx) => {
        const approvers = await checkLine(trx, b);
        const values = { lineName: b.lineName.trim(), description: text(b.description ?? null), useYn: b.useYn ?? 'Y' };
        const { lineId } = await trx.insertInto('approvalLine').values(values).returning('lineId').executeTakeFirstOrThrow();
        await trx.insertInto('approvalLineStep').values(approvers.map((approverId, i) => ({ lineId, stepNo: i + 1, approverId }))).execute();
        await writeAudit(trx, { entity: 'approval_line', entityKey: String(lineId), action: 'CREATE', actor, after: { ...values, approvers } });
        return lineId;
      });
      return (await findLine(request.db, lineId))!;
    },
  );

  app.put(
    '/api/v1/approval/lines/:lineId',
    { config: lineWrite, schema: { operationId: 'updateApprovalLine', tags, summary: 'Change a line’s name, use and approvers (stale version: 409); effective for the next submission', params: LineParams, body: LineUpdateBody, response: { 200: LineDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const { lineId } = request.params;
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('approvalLine').selectAll().where('lineId', '=', lineId).forUpdate().executeTakeFirst();
        if (!before) throw lineMissing();
        checkVersion(b.version, before.version);
        const approvers = await checkLine(trx, b);
        const useYn = b.useYn ?? before.useYn;
        if (useYn === 'N' && before.useYn === 'Y') {
          const rule = await trx.selectFrom('approvalRule').select('ruleId').where('lineId', '=', lineId).where('useYn', '=', 'Y').limit(1).executeTakeFirst();
          if (rule) throw refused('APPROVAL_LINE_IN_USE', `사용 중인 결재 규칙(${rule.ruleId})이 이 결재선을 씁니다. 규칙을 먼저 바꾸세요`);
        }
        const oldSteps = await trx.selectFrom('approvalLineStep').select(['stepNo', 'approverId']).where('lineId', '=', lineId).orderBy('stepNo').execute();
        const after = { lineName: b.lineName.trim(), description: b.description === undefined ? before.description : text(b.description), useYn };
        await trx.updateTable('approvalLine').set({ ...after, version: before.version + 1, updatedAt: new Date() }).where('lineId', '=', lineId).execute();
        await trx.deleteFrom('approvalLineStep').where('lineId', '=', lineId).execute();
        await trx.insertInto('approvalLineStep').values(approvers.map((approverId, i) => ({ lineId, stepNo: i + 1, approverId }))).execute();
        await writeAudit(trx, { entity: 'approval_line', entityKey: String(lineId), action: 'UPDATE', actor, before: { ...before, approvers: oldSteps.map((s) => s.approverId) }, after: { ...after, approvers } });
      });
      return (await findLine(request.db, lineId))!;
    },
  );

  app.delete(
    '/api/v1/approval/lines/:lineId',
    { config: lineWrite, schema: { operationId: 'deleteApprovalLine', tags, summary: 'Delete a line no rule refers to', params: LineParams, querystring: VersionQuery, response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { lineId } = request.params;
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('approvalLine').selectAll().where('lineId', '=', lineId).forUpdate().executeTakeFirst();
        if (!before) throw lineMissing();
        checkVersion(request.query.version, before.version);
        const rule = await trx.selectFrom('approvalRule').select('ruleId').where('lineId', '=', lineId).limit(1).executeTakeFirst();
        if (rule) throw refused('APPROVAL_LINE_IN_USE', `결재 규칙(${rule.ruleId})이 이 결재선을 씁니다. 규칙을 먼저 지우거나 바꾸세요`);
        const used = await trx.selectFrom('approval').select('approvalId').where('lineId', '=', lineId).limit(1).executeTakeFirst();
        if (used) throw refused('APPROVAL_LINE_IN_USE', '결재에 사용된 결재선은 삭제할 수 없습니다. 사용여부를 N으로 바꾸세요');
        await trx.deleteFrom('approvalLineStep').where('lineId', '=', lineId).execute();
        await trx.deleteFrom('approvalLine').where('lineId', '=', lineId).execute();
        await writeAudit(trx, { entity: 'approval_line', entityKey: String(lineId), action: 'DELETE', actor, before });
      });
      return { code: 'OK' as const };
    },
  );

  app.get(
    '/api/v1/approvals/:approvalId',
    {
      config: { access: access.login(DOCUMENT_SCREENS, 'read', ['I']) },
      schema: { operationId: 'getApproval', tags, summary: 'One approval round and its steps', params: ApprovalParams, response: { 200: ApprovalView, ...commonErrors } },
    },
    async (request) => {
      const [a] = await loadApprovals(request.db, { approvalId: request.params.approvalId });
      if (!a) throw missing('APPROVAL_NOT_FOUND', '결재를 찾을 수 없습니다');
      return a;
    },
  );

  const decision = (kind: 'approve' | 'reject') =>
    app.post(
      `/api/v1/approvals/:approvalId/${kind}`,
      {
        // A decision is a write: write authority on a document menu, and then the handler checks
        // that the caller is the current approver (or their deputy).
        config: { access: access.login(DOCUMENT_SCREENS, 'write', ['I']) },
        schema: {
          operationId: kind === 'approve' ? 'approveApproval' : 'rejectApproval',
          tags,
          summary:
            kind === 'approve'
              ? 'The current approver approves (optional comment); the last approval approves the document (a PO to a FORWARD_YN=Y supplier is sent at once)'
              : 'The current approver rejects with a comment (required): a PR is rejected, a PO or LOI returns to draft',
          params: ApprovalParams,
          body: DecisionBody,
          response: { 200: DecisionAnswer, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => {
        const { approvalId } = request.params;
        const b = request.body;
        const comment = text(b.comment ?? null);
        if (kind === 'reject' && comment === null) failIf([{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
        const actor = await internalActor(request.db, request.caller);
        const documentStatus = await request.db.transaction().execute(async (trx) => {
          const a = await trx.selectFrom('approval').selectAll().where('approvalId', '=', approvalId).forUpdate().executeTakeFirst();
          if (!a) throw missing('APPROVAL_NOT_FOUND', '결재를 찾을 수 없습니다');
          checkVersion(b.version, a.version);
          const steps = (await trx.selectFrom('approvalStep').select(['stepNo', 'approverId', 'status']).where('approvalId', '=', approvalId).orderBy('stepNo').execute()) as StepState[];
          const result = decide(a.status as ApprovalStatus, steps, actor.singleid, kind === 'approve' ? 'APPROVE' : 'REJECT');
          if (!result.ok && result.reason === 'FINISHED') throw wrongState('이미 끝난 결재입니다', a.status);
          if (!result.ok) throw notAllowed('현재 결재 차례인 결재자만 승인하거나 반려할 수 있습니다');
          const now = new Date();
          for (const s of result.steps) {
            const old = steps.find((x) => x.stepNo === s.stepNo)!;
            if (s.status === old.status) continue;
            const acted = s.stepNo === result.acted;
            // Delegation: a step that becomes pending goes to its approver's deputy named for today.
            const assignee = s.status === 'PENDING' ? await stepAssignee(trx, s.approverId, now) : null;
            await trx
              .updateTable('approvalStep')
              .set({ status: s.status, ...(acted ? { comment, actedAt: now } : {}), ...(assignee ? assignee : {}) })
              .where('approvalId', '=', approvalId)
              .where('stepNo', '=', s.stepNo)
              .execute();
          }
          await trx
            .updateTable('approval')
            .set({ status: result.status, currentStep: result.currentStep, ...(result.outcome === 'NEXT' ? {} : { completedAt: now }), version: a.version + 1 })
            .where('approvalId', '=', approvalId)
            .execute();
          await writeAudit(trx, { entity: 'approval', entityKey: String(approvalId), action: kind === 'approve' ? 'APPROVE' : 'REJECT', actor: actor.userId, before: { status: a.status, step: result.acted }, after: { status: result.status, currentStep: result.currentStep }, reason: comment });
          await notifyApproval(trx, approvalId);
          return applyOutcome(trx, a, result.outcome, actor.userId, comment);
        });
        const [approval] = await loadApprovals(request.db, { approvalId });
        return { approval, documentStatus };
      },
    );
  decision('approve');
  decision('reject');
};
