import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given } from '../../http/list-query.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { writeAudit } from '../../db/audit.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst } from '../../domain/dates.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { checkFileId } from '../../domain/documents.js';
import { failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../domain/errors.js';
import { iso } from '../../domain/values.js';
import { REASON_BYTES, checkOpen, decisionOf, recordDecision, requestFilters, requestOrder, type DecisionKind } from './request-flow.js';
import { SUPPLIER_SCREENS, notFoundSupplier } from './master.js';
import { DecisionBody, ReqNoParams, StatusRequestCreateBody, StatusRequestList, StatusRequestListQuery, StatusRequestRow, STATUS_REQUEST_SORT } from './schemas.js';

const tags = ['suppliers'];
const SCREENS = [SUPPLIER_SCREENS.changeStatus, SUPPLIER_SCREENS.edit];
const notFoundRequest = () => missing('STATUS_REQUEST_NOT_FOUND', '거래상태 변경요청을 찾을 수 없습니다');
export const STATUS_TEXT: Record<string, string> = { ACTIVE: '거래중', SUSPENDED: '거래정지', CLOSED: '거래종료' };

/** What the caller may do with a request: decide it (not their own), or withdraw it (their own). */
function actionsFor(r: { status: string; requestedBy: string }, caller: Caller, canWrite: boolean): string[] {
  if (r.status !== 'REQUESTED' || !canWrite) return [];
  return r.requestedBy === caller.userId ? ['withdraw'] : ['approve', 'reject'];
}

async function listRequests(db: Db, where: { reqNo?: string; q?: Static<typeof StatusRequestListQuery> }) {
  let base = db
    .selectFrom('companyStatusRequest as r')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .leftJoin('appUser as ru', 'ru.userId', 'r.requestedBy')
    .leftJoin('appUser as du', 'du.userId', 'r.decidedBy');
  if (where.reqNo) base = base.where('r.reqNo', '=', where.reqNo);
  const q = where.q;
  if (q) {
    for (const condition of requestFilters(q)) base = base.where(condition);
    if (q.toStatus) base = base.where('r.toStatus', '=', q.toStatus);
    if (given(q.fromDate)) base = base.where('r.requestedAt', '>=', new Date(`${q.fromDate}T00:00:00+09:00`));
    if (given(q.toDate)) base = base.where('r.requestedAt', '<', new Date(new Date(`${q.toDate}T00:00:00+09:00`).getTime() + 86_400_000));
  }
  const { sortRef, direction, limit, offset } = requestOrder<(typeof STATUS_REQUEST_SORT)[number]>(q);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'r.reqNo', 'r.compNo', 'c.compNameKr', 'r.fromStatus', 'r.toStatus', 'r.reason', 'r.status', 'r.fileId', 'r.requestedBy', 'ru.hname as requestedByName',
        'r.requestedAt', 'r.decidedBy', 'du.hname as decidedByName', 'r.decidedAt', 'r.decisionComment', 'r.version',
      ])
      .orderBy(sortRef, direction)
      .orderBy('r.reqNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

async function present(db: Db, rows: Awaited<ReturnType<typeof listRequests>>['rows'], caller: Caller) {
  const canWrite = await groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.changeStatus], 'write');
  return rows.map((r) => ({ ...r, requestedAt: iso(r.requestedAt)!, decidedAt: iso(r.decidedAt), actions: actionsFor(r, caller, canWrite) }));
}

async function oneRequest(db: Db, reqNo: string, caller: Caller) {
  const { rows } = await listRequests(db, { reqNo });
  if (!rows.length) throw notFoundRequest();
  return (await present(db, rows, caller))[0];
}

/**
 * Status change requests (/compChangeStatusList): a staff member asks to suspend, close or
 * reactivate a supplier with a reason; another staff member approves (the company's status
 * changes, with the reason the buyers will see) or rejects it with a comment; the requester may
 * withdraw it while open. One open request per company.
 */
export const supplierStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-status-requests',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: { operationId: 'listSupplierStatusRequests', tags, summary: 'Status change requests of suppliers (compChangeStatusList)', querystring: StatusRequestListQuery, response: { 200: StatusRequestList, ...commonErrors } },
    },
    async (request) => {
      const { rows, total } = await listRequests(request.db, { q: request.query });
      return { rows: await present(request.db, rows, request.caller!), total };
    },
  );

  app.get(
    '/api/v1/supplier-status-requests/:reqNo',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: { operationId: 'getSupplierStatusRequest', tags, summary: 'One status change request', params: ReqNoParams, response: { 200: StatusRequestRow, ...commonErrors } },
    },
    async (request) => oneRequest(request.db, request.params.reqNo, request.caller!),
  );

  app.post(
    '/api/v1/supplier-status-requests',
    {
      config: { access: access.login([SUPPLIER_SCREENS.changeStatus], 'write', ['I']) },
      schema: {
        operationId: 'createSupplierStatusRequest',
        tags,
        summary: 'Ask to change a supplier’s trading status (ACTIVE / SUSPENDED / CLOSED) with a reason; one open request per supplier',
        body: StatusRequestCreateBody,
        response: { 200: StatusRequestRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const compNo = b.compNo.trim().toUpperCase();
      const errors: FieldError[] = [];
      const reason = b.reason.trim();
      if (!reason) errors.push({ path: 'body/reason', message: '변경 사유를 입력하세요' });
      else if (byteLength(reason) > REASON_BYTES) errors.push({ path: 'body/reason', message: `변경 사유는 ${REASON_BYTES}바이트를 넘을 수 없습니다` });
      failIf(errors);
      await checkFileId(request.db, 'body/fileId', b.fileId);
      const reqNo = await request.db.transaction().execute(async (trx) => {
        const company = await trx.selectFrom('company').select(['compNo', 'status']).where('compNo', '=', compNo).forUpdate().executeTakeFirst();
        if (!company) throw notFoundSupplier();
        if (company.status === b.toStatus) throw refused('STATUS_UNCHANGED', `이미 ${STATUS_TEXT[b.toStatus]} 상태인 협력사입니다`);
        const open = await trx.selectFrom('companyStatusRequest').select('reqNo').where('compNo', '=', compNo).where('status', '=', 'REQUESTED').executeTakeFirst();
        if (open) throw refused('STATUS_REQUEST_OPEN', `처리 중인 거래상태 변경요청이 있습니다: ${open.reqNo}`, { reqNo: open.reqNo });
        const reqNo = await nextDocumentNumber(trx, 'CSR', todayKst());
        const row = { reqNo, compNo, fromStatus: company.status as 'ACTIVE' | 'SUSPENDED' | 'CLOSED', toStatus: b.toStatus, reason, status: 'REQUESTED' as const, fileId: b.fileId ?? null, requestedBy: caller.userId };
        await trx.insertInto('companyStatusRequest').values(row).execute();
        await writeAudit(trx, { entity: 'company_status_request', entityKey: reqNo, action: 'CREATE', actor: caller.userId, after: row, reason });
        return reqNo;
      });
      return oneRequest(request.db, reqNo, caller);
    },
  );

  const decide = (kind: DecisionKind) => async (request: { params: { reqNo: string }; body: Static<typeof DecisionBody>; db: Db; caller: Caller | null }) => {
    const caller = request.caller!;
    const { comment, status } = decisionOf(kind, request.body);
    await request.db.transaction().execute(async (trx) => {
      const r = await trx.selectFrom('companyStatusRequest').selectAll().where('reqNo', '=', request.params.reqNo).forUpdate().executeTakeFirst();
      if (!r) throw notFoundRequest();
      checkOpen(r, request.body.version);
      if (kind === 'withdraw' && r.requestedBy !== caller.userId) throw notAllowed('요청자만 변경요청을 철회할 수 있습니다');
      if (kind !== 'withdraw' && r.requestedBy === caller.userId) throw notAllowed('자신이 올린 변경요청은 승인하거나 반려할 수 없습니다');
      const now = new Date();
      if (kind === 'approve') {
        const company = await trx.selectFrom('company').select(['status', 'statusReason', 'version']).where('compNo', '=', r.compNo).forUpdate().executeTakeFirstOrThrow();
        if (company.status !== r.fromStatus) throw wrongState(`요청 이후 협력사 상태가 바뀌었습니다 (현재 ${STATUS_TEXT[company.status] ?? company.status}). 반려 후 다시 요청하세요`, company.status);
        const statusReason = r.toStatus === 'ACTIVE' ? null : r.reason;
        await trx.updateTable('company').set({ status: r.toStatus, statusReason, statusChangedAt: now, updatedAt: now, version: company.version + 1 }).where('compNo', '=', r.compNo).execute();
        await writeAudit(trx, { entity: 'company', entityKey: r.compNo, action: 'STATUS_CHANGE', actor: caller.userId, before: { status: company.status, statusReason: company.statusReason }, after: { status: r.toStatus, statusReason, reqNo: r.reqNo }, reason: r.reason });
      }
      await recordDecision(trx, 'companyStatusRequest', r, { status, comment, actor: caller.userId, at: now });
    });
    return oneRequest(request.db, request.params.reqNo, caller);
  };

  const route = (kind: DecisionKind, operationId: string, summary: string) =>
    app.post(
      `/api/v1/supplier-status-requests/:reqNo/${kind}`,
      {
        config: { access: access.login([SUPPLIER_SCREENS.changeStatus], 'write', ['I']) },
        schema: { operationId, tags, summary, params: ReqNoParams, body: DecisionBody, response: { 200: StatusRequestRow, 409: Type.Ref('ErrorBody'), ...commonErrors } },
      },
      decide(kind),
    );
  route('approve', 'approveSupplierStatusRequest', 'Approve a request (not one’s own): the supplier’s status and reason change; a suspended or closed supplier can no longer be invited to quote or ordered from');
  route('reject', 'rejectSupplierStatusRequest', 'Reject a request (not one’s own) with a comment');
  route('withdraw', 'withdrawSupplierStatusRequest', 'Withdraw one’s own open request');
};
