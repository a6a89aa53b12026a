import type { Static } from 'typebox';
import { byteLength } from '../../../../lib/text.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { iso } from '../../../domain/values.js';
import { REASON_BYTES, checkOpen, decisionOf, recordDecision, type DecisionKind } from '../request-flow.js';
import { STATUS_TEXT, SUPPLIER_SCREENS } from '../screens.js';
import { notFoundSupplier } from '../master/service.js';
import { openStatusRequest, updateCompany } from '../master/queries.js';
import type { DecisionBody, StatusRequestCreateBody, StatusRequestListQuery } from '../schemas.js';
import {
  insertStatusRequest,
  listStatusRequests,
  lockCompanyStatus,
  lockStatusRequest,
  type StatusRequestListRow,
} from './queries.js';
import { assertBindable } from '../../files/owners.js';

const notFoundRequest = () => missing('STATUS_REQUEST_NOT_FOUND', '거래상태 변경요청을 찾을 수 없습니다');

/** What the caller may do with a request: decide it (not their own), or withdraw it (their own). */
function actionsFor(r: { status: string; requestedBy: string }, caller: Caller, canWrite: boolean): string[] {
  if (r.status !== 'REQUESTED' || !canWrite) return [];
  return r.requestedBy === caller.userId ? ['withdraw'] : ['approve', 'reject'];
}

async function present(db: Db, rows: StatusRequestListRow[], caller: Caller) {
  const canWrite = await groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.changeStatus], 'write');
  return rows.map((r) => ({
    ...r,
    requestedAt: iso(r.requestedAt)!,
    decidedAt: iso(r.decidedAt),
    actions: actionsFor(r, caller, canWrite),
  }));
}

export async function searchStatusRequests(db: Db, q: Static<typeof StatusRequestListQuery>, caller: Caller) {
  const { rows, total } = await listStatusRequests(db, { q });
  return { rows: await present(db, rows, caller), total };
}

export async function statusRequest(db: Db, reqNo: string, caller: Caller) {
  const { rows } = await listStatusRequests(db, { reqNo });
  if (!rows.length) throw notFoundRequest();
  return (await present(db, rows, caller))[0];
}

/** Asks to change a supplier's trading status with a reason; one open request per supplier. */
export async function createStatusRequest(
  db: Db,
  b: Static<typeof StatusRequestCreateBody>,
  caller: Caller,
  now: Date,
) {
  const compNo = b.compNo.trim().toUpperCase();
  const errors: FieldError[] = [];
  const reason = b.reason.trim();
  if (!reason) errors.push({ path: 'body/reason', message: '변경 사유를 입력하세요' });
  else if (byteLength(reason) > REASON_BYTES)
    errors.push({ path: 'body/reason', message: `변경 사유는 ${REASON_BYTES}바이트를 넘을 수 없습니다` });
  failIf(errors);
  await assertBindable(db, caller, 'body/fileId', b.fileId, { docType: 'COMPANY_STATUS', docNo: null });
  const reqNo = await db.transaction().execute(async (trx) => {
    const company = await lockCompanyStatus(trx, compNo);
    if (!company) throw notFoundSupplier();
    if (company.status === b.toStatus)
      throw refused('STATUS_UNCHANGED', `이미 ${STATUS_TEXT[b.toStatus]} 상태인 협력사입니다`);
    const open = await openStatusRequest(trx, compNo);
    if (open)
      throw refused('STATUS_REQUEST_OPEN', `처리 중인 거래상태 변경요청이 있습니다: ${open.reqNo}`, {
        reqNo: open.reqNo,
      });
    const reqNo = await nextDocumentNumber(trx, 'CSR', todayKst(now));
    const row = {
      reqNo,
      compNo,
      fromStatus: company.status as 'ACTIVE' | 'SUSPENDED' | 'CLOSED',
      toStatus: b.toStatus,
      reason,
      status: 'REQUESTED' as const,
      fileId: b.fileId ?? null,
      requestedBy: caller.userId,
    };
    await insertStatusRequest(trx, row);
    await writeAudit(trx, {
      entity: 'company_status_request',
      entityKey: reqNo,
      action: 'CREATE',
      actor: caller.userId,
      after: row,
      reason,
    });
    return reqNo;
  });
  return statusRequest(db, reqNo, caller);
}

/**
 * Approve (the company's status and reason change), reject with a comment, or withdraw one's own
 * open request. Nobody decides their own request.
 */
export async function decideStatusRequest(
  db: Db,
  kind: DecisionKind,
  reqNo: string,
  body: Static<typeof DecisionBody>,
  caller: Caller,
  now: Date,
) {
  const { comment, status } = decisionOf(kind, body);
  await db.transaction().execute(async (trx) => {
    const r = await lockStatusRequest(trx, reqNo);
    if (!r) throw notFoundRequest();
    checkOpen(r, body.version);
    if (kind === 'withdraw' && r.requestedBy !== caller.userId)
      throw notAllowed('요청자만 변경요청을 철회할 수 있습니다');
    if (kind !== 'withdraw' && r.requestedBy === caller.userId)
      throw notAllowed('자신이 올린 변경요청은 승인하거나 반려할 수 없습니다');
    if (kind === 'approve') {
      const company = (await lockCompanyStatus(trx, r.compNo))!;
      if (company.status !== r.fromStatus)
        throw wrongState(
          `요청 이후 협력사 상태가 바뀌었습니다 (현재 ${STATUS_TEXT[company.status] ?? company.status}). 반려 후 다시 요청하세요`,
          company.status,
        );
      const statusReason = r.toStatus === 'ACTIVE' ? null : r.reason;
      await updateCompany(trx, r.compNo, {
        status: r.toStatus,
        statusReason,
        statusChangedAt: now,
        updatedAt: now,
        version: company.version + 1,
      });
      await writeAudit(trx, {
        entity: 'company',
        entityKey: r.compNo,
        action: 'STATUS_CHANGE',
        actor: caller.userId,
        before: { status: company.status, statusReason: company.statusReason },
        after: { status: r.toStatus, statusReason, reqNo: r.reqNo },
        reason: r.reason,
      });
    }
    await recordDecision(trx, 'companyStatusRequest', r, { status, comment, actor: caller.userId, at: now });
  });
  return statusRequest(db, reqNo, caller);
}
