import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { Nullable, Version } from '../../../domain/schemas.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { iso, text } from '../../../domain/values.js';

/** The documents approvers decide on: a deputy must be in a group that may work on them (write authority; a read-only group may not). */
const DOCUMENT_SCREENS = ['/prEdit', '/prConfirmEdit', '/OrderRequestEdit', '/SimpleOrderEdit', '/LoiRequestEdit'];

/**
 * The deputy of an approver on a day (approval delegation), or null. Steps that become pending
 * then go to the deputy (approval_step.on_behalf_of keeps whose turn it was).
 */
export async function deputyOf(db: Db, approverId: string, today: string): Promise<string | null> {
  const d = await db
    .selectFrom('approvalDelegation')
    .select('deputyId')
    .where('approverId', '=', approverId)
    .where('status', '=', 'ACTIVE')
    .where('fromDate', '<=', today)
    .where('toDate', '>=', today)
    .orderBy('delegationId')
    .limit(1)
    .executeTakeFirst();
  return d?.deputyId ?? null;
}

/** Who gets a step that becomes pending now: the approver, or their deputy on their behalf. */
export async function stepAssignee(db: Db, approverId: string, now = new Date()): Promise<{ approverId: string; onBehalfOf: string | null }> {
  const deputy = await deputyOf(db, approverId, todayKst(now));
  return deputy ? { approverId: deputy, onBehalfOf: approverId } : { approverId, onBehalfOf: null };
}

const DelegationRow = Type.Object({
  delegationId: Type.Integer(),
  approverId: Type.String(),
  approverName: Type.String(),
  deputyId: Type.String(),
  deputyName: Type.String(),
  deputyDeptnm: Type.String(),
  fromDate: Type.String(),
  toDate: Type.String(),
  reason: Nullable(Type.String()),
  status: Type.String({ description: 'ACTIVE or CANCELLED' }),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

const CreateBody = Type.Object(
  {
    deputyId: Type.String({ minLength: 1, maxLength: 30, description: 'The deputy (an employee, singleid)' }),
    fromDate: Type.String({ maxLength: 10, description: 'First day (YYYY-MM-DD, not before today)' }),
    toDate: Type.String({ maxLength: 10, description: 'Last day (YYYY-MM-DD)' }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

async function listOf(db: Db, where: { approverId?: string; delegationId?: number }) {
  let q = db
    .selectFrom('approvalDelegation as d')
    .innerJoin('employee as a', 'a.singleid', 'd.approverId')
    .innerJoin('employee as p', 'p.singleid', 'd.deputyId')
    .innerJoin('department as dp', 'dp.deptcd', 'p.deptcd')
    .select(['d.delegationId', 'd.approverId', 'a.hname as approverName', 'd.deputyId', 'p.hname as deputyName', 'dp.deptnm as deputyDeptnm', 'd.fromDate', 'd.toDate', 'd.reason', 'd.status', 'd.createdAt', 'd.version']);
  if (where.approverId) q = q.where('d.approverId', '=', where.approverId);
  if (where.delegationId) q = q.where('d.delegationId', '=', where.delegationId);
  const rows = await q.orderBy('d.fromDate', 'desc').orderBy('d.delegationId', 'desc').execute();
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)! }));
}

/**
 * Approval delegation (docs/purchasing.md "Delegation"): an approver names a deputy for a period;
 * approvals that reach the approver then go to the deputy, and the history shows on whose behalf.
 * Refused: oneself as deputy, a deputy who cannot open the documents (outside the groups with
 * authority over them), a period that overlaps another of one's own active delegations.
 */
export const delegationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['approval'];
  const config = { access: access.login(DOCUMENT_SCREENS, 'read', ['I']) };
  // Naming or ending a deputy writes: write authority on a document menu, as deciding needs.
  const writeConfig = { access: access.login(DOCUMENT_SCREENS, 'write', ['I']) };
  const list = Type.Object({ rows: Type.Array(DelegationRow), total: Type.Integer() });

  app.get('/api/v1/approval/delegations', {
    config,
    schema: { operationId: 'listMyDelegations', tags, summary: 'My approval delegations (newest period first)', response: { 200: list, ...commonErrors } },
  }, async (request) => {
    const actor = await internalActor(request.db, request.caller);
    const rows = await listOf(request.db, { approverId: actor.singleid });
    return { rows, total: rows.length };
  });

  app.post('/api/v1/approval/delegations', {
    config: writeConfig,
    schema: {
      operationId: 'createDelegation', tags,
      summary: 'Name a deputy for a period: approvals reaching me then go to the deputy (not myself; a deputy who can open the documents; no overlap with my other delegations: 409)',
      body: CreateBody, response: { 200: DelegationRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request) => {
    const actor = await internalActor(request.db, request.caller);
    const b = request.body;
    const errors: FieldError[] = [];
    checkDate(errors, 'body/fromDate', b.fromDate, '시작일', { required: true, notBefore: todayKst(), notBeforeLabel: '시작일은 오늘 이후여야 합니다' });
    checkDate(errors, 'body/toDate', b.toDate, '종료일', { required: true });
    const [from, to] = [b.fromDate.trim(), b.toDate.trim()];
    if (errors.length === 0 && to < from) errors.push({ path: 'body/toDate', message: '종료일은 시작일 이후여야 합니다' });
    const deputyId = b.deputyId.trim();
    if (deputyId === actor.singleid) errors.push({ path: 'body/deputyId', message: '본인을 대리 결재자로 지정할 수 없습니다' });
    failIf(errors);
    const deputy = await request.db
      .selectFrom('employee as e')
      .innerJoin('appUser as u', 'u.singleid', 'e.singleid')
      .select(['e.singleid', 'e.hname', 'e.status', 'u.useFlag', 'u.authGroupId', 'u.portal'])
      .where('e.singleid', '=', deputyId)
      .executeTakeFirst();
    if (!deputy) failIf([{ path: 'body/deputyId', message: `사원(내부 사용자)을 찾을 수 없습니다: ${deputyId}` }]);
    if (deputy!.status !== 'ACTIVE' || deputy!.useFlag !== 'Y') failIf([{ path: 'body/deputyId', message: `재직 중이 아니거나 사용 중지된 사원입니다: ${deputyId}` }]);
    if (deputy!.portal !== 'I' || !(await groupHoldsScreen(request.db, deputy!.authGroupId, DOCUMENT_SCREENS, 'write'))) {
      throw refused('DELEGATION_GROUP_NOT_ALLOWED', `${deputy!.hname}님의 권한그룹은 결재 문서를 열 수 없어 대리 결재자가 될 수 없습니다`, [{ path: 'body/deputyId', message: '결재 문서 권한이 없는 사원입니다' }]);
    }
    const id = await request.db.transaction().execute(async (trx) => {
      // Serialise one approver's delegations: lock their existing rows before the overlap check.
      const mine = await trx.selectFrom('approvalDelegation').select(['delegationId', 'fromDate', 'toDate']).where('approverId', '=', actor.singleid).where('status', '=', 'ACTIVE').forUpdate().execute();
      const clash = mine.find((d) => d.fromDate <= to && from <= d.toDate);
      if (clash) {
        throw refused('DELEGATION_OVERLAP', `대리 결재 기간이 다른 위임(${clash.fromDate} ~ ${clash.toDate})과 겹칩니다`, [{ path: 'body/fromDate', message: `${clash.fromDate} ~ ${clash.toDate}과 겹칩니다` }]);
      }
      const row = { approverId: actor.singleid, deputyId, fromDate: from, toDate: to, reason: text(b.reason), createdBy: actor.userId };
      const { delegationId } = await trx.insertInto('approvalDelegation').values(row).returning('delegationId').executeTakeFirstOrThrow();
      await writeAudit(trx, { entity: 'approval_delegation', entityKey: String(delegationId), action: 'CREATE', actor: actor.userId, after: row });
      return delegationId;
    });
    return (await listOf(request.db, { delegationId: id }))[0];
  });

  app.post('/api/v1/approval/delegations/:delegationId/cancel', {
    config: writeConfig,
    schema: {
      operationId: 'cancelDelegation', tags, summary: 'End one of my delegations (steps already given to the deputy stay with them)',
      params: Type.Object({ delegationId: Type.Integer({ minimum: 1 }) }), body: Type.Object({ version: Version }, { additionalProperties: false }),
      response: { 200: DelegationRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request) => {
    const actor = await internalActor(request.db, request.caller);
    const { delegationId } = request.params;
    await request.db.transaction().execute(async (trx) => {
      const d = await trx.selectFrom('approvalDelegation').selectAll().where('delegationId', '=', delegationId).forUpdate().executeTakeFirst();
      if (!d) throw missing('DELEGATION_NOT_FOUND', '대리 결재 위임을 찾을 수 없습니다');
      if (d.approverId !== actor.singleid) throw notAllowed('본인의 위임만 취소할 수 있습니다');
      checkVersion(request.body.version, d.version);
      if (d.status !== 'ACTIVE') throw wrongState('이미 취소된 위임입니다', d.status);
      await trx.updateTable('approvalDelegation').set({ status: 'CANCELLED', cancelledAt: new Date(), version: d.version + 1 }).where('delegationId', '=', delegationId).execute();
      await writeAudit(trx, { entity: 'approval_delegation', entityKey: String(delegationId), action: 'CANCEL', actor: actor.userId, before: { status: d.status }, after: { status: 'CANCELLED' } });
    });
    return (await listOf(request.db, { delegationId }))[0];
  });
};
