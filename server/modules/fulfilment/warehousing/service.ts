import { recordBudgetMovement } from '../../budget/consumption/index.js';
import type { Static } from 'typebox';
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { employeeOf } from '../../../domain/actor.js';
import { isActiveCode } from '../../../domain/codes.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import {
  checkVersion,
  failIf,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { qty } from '../../../domain/money.js';
import { text } from '../../../domain/values.js';
import type { ReceiveBody } from '../delivery/schemas.js';
import { deemedPassed, INSPECTION_DAYS, plusDays } from '../../../domain/subcontracting.js';
import { findClockLine, receiptClocks, updateInspection } from './queries-subcon.js';
import type { InspectionBody } from './schemas.js';
import { findDeliveryLines, lockDelivery, updateDelivery, updatePoLine } from '../delivery/queries.js';
import { assertTermsAcknowledged, syncPoDeliveryStatus } from '../delivery/service.js';
import {
  clearDeliveryShorts,
  findDeliveryShorts,
  findReceiptLineQuantities,
  insertReceipt,
  lockDeliveryVersion,
  lockOrderHeader,
  lockOrderLine,
  lockOrderLines,
  lockOrderToReceive,
  lockReceipt,
  updateDeliveryLine,
  updateReceipt,
  warehousingDetail,
} from './queries.js';
import {
  NATIVE_SYSTEM,
  WH_RULES,
  WRONG_STATE_MSG,
  canDo,
  planReceipt,
  type ShortLine,
  type WhAction,
} from './workflow.js';

export async function getWarehousing(db: Db, whReqNo: string, now: Date) {
  const d = await warehousingDetail(db, whReqNo);
  if (!d) throw missing('RECEIPT_NOT_FOUND', '입고를 찾을 수 없습니다');
  return { ...d, subconClocks: await receiptClocks(db, whReqNo, todayKst(now)) };
}

/** §9②: a line passed by law (no written result by day 10) is no longer returned nor rejected. */
const deemedPassedRefusal = (lineNo: number, due: string) =>
  refused(
    'SUBCON_DEEMED_ACCEPTED',
    `${lineNo}번 줄은 검사 기한(${due})까지 서면 검사 결과가 없어 합격으로 간주되었으므로 반품하거나 불합격 처리할 수 없습니다 (하도급법 제9조제2항)`,
    { lineNo, inspectionDue: due },
  );

/**
 * Records the written inspection result of a received line of a 하도급 order (it stops the 10-day clock).
 * A 불합격 after day 10 with no result is refused: the line was passed by law.
 */
export async function recordInspection(
  db: Db,
  whReqNo: string,
  lineNo: number,
  b: Static<typeof InspectionBody>,
  actor: string,
  now: Date,
) {
  const today = todayKst(now);
  const errors: FieldError[] = [];
  const date = checkDate(errors, 'body/inspectionDate', b.inspectionDate, '검사일') ?? today;
  if (date > today) errors.push({ path: 'body/inspectionDate', message: '검사일은 오늘 이후일 수 없습니다' });
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const r = await lockReceipt(trx, whReqNo);
    if (!r) throw missing('RECEIPT_NOT_FOUND', '입고를 찾을 수 없습니다');
    checkVersion(b.version, r.version);
    if (r.status === 'CANCELLED') throw wrongState('취소된 입고에는 검사 결과를 기록할 수 없습니다', r.status);
    const line = await findClockLine(trx, whReqNo, lineNo);
    if (!line) throw missing('RECEIPT_LINE_NOT_FOUND', '입고 품목을 찾을 수 없습니다');
    if (!line.subconKind) throw refused('NOT_SUBCONTRACT', '하도급 발주의 입고만 검사 결과를 기록합니다');
    if (line.inspectionResult) throw refused('INSPECTION_RECORDED', '이 줄의 검사 결과는 이미 기록되어 있습니다');
    if (date < r.whReqDate) failIf([{ path: 'body/inspectionDate', message: '검사일은 입고요청일 이후여야 합니다' }]);
    if (b.result === 'FAIL' && deemedPassed(r.whReqDate, today, null))
      throw deemedPassedRefusal(lineNo, plusDays(r.whReqDate, INSPECTION_DAYS));
    await updateInspection(trx, whReqNo, lineNo, {
      inspectionResult: b.result,
      inspectionDate: date,
      inspectedBy: actor,
    });
    await updateReceipt(trx, whReqNo, { version: r.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'wh_receipt',
      entityKey: whReqNo,
      action: 'INSPECTION',
      actor,
      after: { lineNo, result: b.result, inspectionDate: date },
    });
  });
  return getWarehousing(db, whReqNo, now);
}

/** Adds `delta` to the received quantity of each PO line (rows locked by the caller). */
async function addReceived(
  trx: Db,
  poNo: string,
  deltas: ReadonlyArray<{ poLineNo: number; quantity: string }>,
  sign: 1 | -1,
): Promise<void> {
  for (const d of deltas) {
    const line = await lockOrderLine(trx, poNo, d.poLineNo);
    const next = qty(sumDecimals([line.receivedQty, sign === 1 ? d.quantity : `-${d.quantity}`]));
    await updatePoLine(trx, poNo, d.poLineNo, { receivedQty: next });
  }
}

/**
 * A partial receipt: what was not accepted leaves the order line's delivered quantity (so it is
 * open again and can be delivered anew) and is kept on the delivery line with its reason.
 */
async function returnShorts(
  trx: Db,
  deliveryNo: string,
  poNo: string,
  shorts: readonly ShortLine[],
  actor: string,
): Promise<void> {
  if (shorts.length === 0) return;
  for (const s of shorts) {
    await updateDeliveryLine(trx, deliveryNo, s.deliveryLineNo, {
      shortQty: s.quantity,
      shortReason: s.reason,
      shortRemark: s.remark,
    });
    const line = await lockOrderLine(trx, poNo, s.poLineNo);
    await updatePoLine(trx, poNo, s.poLineNo, {
      deliveredQty: qty(sumDecimals([line.deliveredQty, `-${s.quantity}`])),
    });
  }
  await syncPoDeliveryStatus(trx, poNo, actor);
}

/**
 * A cancelled partial receipt gives the delivery back whole: its shortfall is delivered again on
 * the order line — refused when the supplier has meanwhile delivered that remainder anew.
 */
async function restoreShorts(trx: Db, deliveryNo: string, poNo: string, actor: string): Promise<void> {
  const shorts = await findDeliveryShorts(trx, deliveryNo);
  if (shorts.length === 0) return;
  for (const s of shorts) {
    const line = await lockOrderLine(trx, poNo, s.poLineNo!);
    const next = qty(sumDecimals([line.deliveredQty, s.shortQty]));
    if (compareDecimals(next, line.quantity) > 0) {
      throw refused(
        'SHORTFALL_REDELIVERED',
        `${s.lineNo}번 줄의 미입고분이 이미 다시 납품되어 이 입고를 취소할 수 없습니다`,
      );
    }
    await updatePoLine(trx, poNo, s.poLineNo!, { deliveredQty: next });
  }
  await clearDeliveryShorts(trx, deliveryNo);
  await syncPoDeliveryStatus(trx, poNo, actor);
}

/**
 * Receives a registered delivery into a receipt request (WR…) awaiting approval: accepted
 * quantities at most what was delivered; less is a partial receipt whose shortfall goes back to
 * the order.
 */
export async function receiveDelivery(
  db: Db,
  deliveryNo: string,
  b: Static<typeof ReceiveBody>,
  actor: string,
  now: Date,
) {
  const errors: FieldError[] = [];
  const whReqDate = checkDate(errors, 'body/whReqDate', b.whReqDate, '입고요청일') ?? todayKst(now);
  if (whReqDate > todayKst(now))
    errors.push({ path: 'body/whReqDate', message: '입고요청일은 오늘 이후일 수 없습니다' });
  const whReqNo = await db.transaction().execute(async (trx) => {
    const d = await lockDelivery(trx, deliveryNo);
    if (!d) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
    checkVersion(b.version, d.version);
    if (d.noPo === 'Y')
      throw refused('DELIVERY_WITHOUT_PO', '발주 없는 납품은 입고할 수 없습니다. 발주를 먼저 등록하세요');
    if (d.status !== 'REGISTERED')
      throw wrongState(
        d.status === 'RECEIVED' ? '이미 입고된 납품입니다' : '취소된 납품은 입고할 수 없습니다',
        d.status,
      );
    if (!(await isActiveCode(trx, 'EXPENSES', b.expenses)))
      errors.push({ path: 'body/expenses', message: `비용 유형 코드가 아닙니다: ${b.expenses}` });
    if (whReqDate < d.deliveryDate)
      errors.push({ path: 'body/whReqDate', message: '입고요청일은 납품일 이후여야 합니다' });
    const po = await lockOrderToReceive(trx, d.poNo!);
    const dLines = await findDeliveryLines(trx, d.deliveryNo);
    // A receipt is priced at the order line: never at terms the supplier has not acknowledged.
    await assertTermsAcknowledged(
      trx,
      po.poNo,
      dLines.flatMap((l) => (l.poLineNo === null ? [] : [l.poLineNo])),
      '입고',
    );
    const poLines = await lockOrderLines(trx, po.poNo);
    const plan = planReceipt(dLines, b.lines, new Map(poLines.map((l) => [l.lineNo, l])), po.currency);
    failIf([...errors, ...plan.errors], plan.overReceipt && errors.length === 0 ? 'OVER_RECEIPT' : 'VALIDATION');

    const no = await nextDocumentNumber(trx, 'WR', whReqDate);
    const header = {
      whReqNo: no,
      sourceSystem: NATIVE_SYSTEM,
      compNo: d.compNo,
      poNo: po.poNo,
      deliveryNo: d.deliveryNo,
      section: po.section,
      deptcd: po.deptcd,
      eprId: po.requesterId,
      receiverId: await employeeOf(trx, actor),
      expenses: b.expenses,
      status: 'REQUESTED' as const,
      approvalStatus: 'PENDING' as const,
      currency: po.currency,
      totalAmount: plan.total,
      whReqDate,
      remark: text(b.BIGO),
      requestedBy: actor,
    };
    const lines = plan.lines.map((l) => ({
      whReqNo: no,
      lineNo: l.lineNo,
      compNo: d.compNo,
      poNo: l.poNo,
      poLineNo: l.poLineNo,
      deliveryNo: d.deliveryNo,
      deliveryLineNo: l.deliveryLineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
      remark: l.remark,
    }));
    await insertReceipt(trx, header, lines);
    await addReceived(trx, po.poNo, plan.lines, 1);
    await recordBudgetMovement(trx, { event: 'RECEIPT', docType: 'PO', docNo: po.poNo, actor });
    await returnShorts(trx, d.deliveryNo, po.poNo, plan.shorts, actor);
    await updateDelivery(trx, d.deliveryNo, {
      status: 'RECEIVED',
      receivedAt: now,
      version: d.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'delivery',
      entityKey: d.deliveryNo,
      action: 'RECEIVE',
      actor,
      before: { status: d.status },
      after: { status: 'RECEIVED', whReqNo: no, shorts: plan.shorts },
    });
    await writeAudit(trx, {
      entity: 'wh_receipt',
      entityKey: no,
      action: 'REQUEST',
      actor,
      after: { ...header, lines },
    });
    return no;
  });
  return getWarehousing(db, whReqNo, now);
}

/**
 * One workflow action on a receipt (approve, reject, resubmit, decide, cancel): lock, version,
 * read-only copies, state, then the change; a cancellation gives the quantities and the delivery back.
 */
export async function actOnWarehousing(
  db: Db,
  name: WhAction,
  whReqNo: string,
  b: { version: number; reason?: string; lastDeciDate?: string },
  actor: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    const r = await lockReceipt(trx, whReqNo);
    if (!r) throw missing('RECEIPT_NOT_FOUND', '입고를 찾을 수 없습니다');
    checkVersion(b.version, r.version);
    if (r.sourceSystem !== NATIVE_SYSTEM)
      throw refused('RECEIPT_READ_ONLY', `${r.sourceSystem}에서 가져온 입고는 이 시스템에서 변경할 수 없습니다`);
    if (!canDo(name, r)) throw wrongState(WRONG_STATE_MSG[name], `${r.status}/${r.approvalStatus}`);
    const to = WH_RULES[name].to;
    const change: Record<string, unknown> = {
      status: to.status,
      ...(to.approval ? { approvalStatus: to.approval } : {}),
    };
    const errors: FieldError[] = [];
    const reason = text(b.reason);
    if (name === 'approve') {
      if (r.requestedBy === actor) throw notAllowed('본인이 요청한 입고는 승인할 수 없습니다', 'SELF_APPROVAL');
      change.whAppNo = await nextDocumentNumber(trx, 'WA', todayKst(now));
      change.approvedAt = now;
      change.approverId = actor;
    } else if (name === 'reject') {
      if (!reason) errors.push({ path: 'body/reason', message: '반려 사유를 입력하세요' });
      change.rejectReason = reason;
    } else if (name === 'resubmit') {
      change.rejectReason = null;
    } else if (name === 'decide') {
      const date = checkDate(errors, 'body/lastDeciDate', b.lastDeciDate, '최종확정일') ?? todayKst(now);
      if (date > todayKst(now))
        errors.push({ path: 'body/lastDeciDate', message: '최종확정일은 오늘 이후일 수 없습니다' });
      if (date < r.whReqDate)
        errors.push({ path: 'body/lastDeciDate', message: '최종확정일은 입고요청일 이후여야 합니다' });
      change.lastDeciDate = date;
      change.decidedBy = actor;
    } else if (name === 'cancel') {
      if (!reason) errors.push({ path: 'body/reason', message: '취소 사유를 입력하세요' });
      change.cancelReason = reason;
    }
    failIf(errors);
    if (name === 'cancel') {
      // Cancelling a receipt sends its goods back: not for a line the law has already passed.
      const passed = (await receiptClocks(trx, whReqNo, todayKst(now))).find(
        (c) => c.inspectionState === 'DEEMED_PASS',
      );
      if (passed) throw deemedPassedRefusal(passed.lineNo, passed.inspectionDue);
      const lines = await findReceiptLineQuantities(trx, whReqNo);
      await lockOrderHeader(trx, r.poNo);
      await addReceived(trx, r.poNo, lines, -1);
      await recordBudgetMovement(trx, { event: 'CANCEL', docType: 'PO', docNo: r.poNo, actor });
      if (r.deliveryNo) await restoreShorts(trx, r.deliveryNo, r.poNo, actor);
      if (r.deliveryNo) {
        const d = await lockDeliveryVersion(trx, r.deliveryNo);
        await updateDelivery(trx, r.deliveryNo, {
          status: 'REGISTERED',
          receivedAt: null,
          version: d.version + 1,
          updatedAt: now,
        });
        await writeAudit(trx, {
          entity: 'delivery',
          entityKey: r.deliveryNo,
          action: 'RECEIPT_CANCELLED',
          actor,
          before: { status: 'RECEIVED' },
          after: { status: 'REGISTERED', whReqNo },
        });
      }
    }
    await updateReceipt(trx, whReqNo, { ...change, version: r.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'wh_receipt',
      entityKey: whReqNo,
      action: name.toUpperCase(),
      actor,
      before: { status: r.status, approvalStatus: r.approvalStatus },
      after: change,
      reason,
    });
  });
  return getWarehousing(db, whReqNo, now);
}
