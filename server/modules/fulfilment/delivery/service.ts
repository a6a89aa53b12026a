import { deliveryClocks } from '../warehousing/queries-subcon.js';
import type { Static } from 'typebox';
import { sumDecimals } from '../../../../lib/money.js';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { PageWindow } from '../../../db/lists/keyset.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SortSpec } from '../../../http/list-query.js';
import { checkDate, dateRange, todayKst } from '../../../domain/dates.js';
import { existingCodes } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { qty, type Currency } from '../../../domain/money.js';
import { text } from '../../../domain/values.js';
import { bindingError } from '../../files/owners.js';
import {
  deliverableOrder,
  deliveryDetail,
  existingItemCodes,
  findDeliveryLineQuantities,
  findDeliveryLines,
  findPoLineQuantities,
  findPoStatus,
  findRevisionTerms,
  insertDelivery,
  listDeliveries,
  lockDelivery,
  lockDeliveryToCancel,
  lockOrderHeader,
  lockOrderLines,
  replaceDeliveryLines,
  updateDelivery,
  updatePoHeader,
  updatePoLine,
  type DeliveryFilter,
} from './queries.js';
import type { DELIVERY_SORT, DeliveryCreateBody, DeliveryUpdateBody } from './schemas.js';
import {
  DELIVERABLE_PO_STATUSES,
  DELIVERY_ACTIONS,
  DELIVERY_DRIVEN_PO_STATUSES,
  linesChangedUnacknowledged,
  planNoPoDelivery,
  planPoDelivery,
  poStatusByDeliveries,
  unacknowledgedRefusal,
  type DeliveryLineInput,
  type DeliveryPlan,
  type PlannedLine,
} from './workflow.js';

type Window = PageWindow;

interface HeaderInput {
  deliveryDate: string;
  arrivalDate?: string;
  delivererName?: string;
  delivererPhone?: string;
  vehicleNo?: string;
  FILE_SEQ?: string;
  BIGO?: string;
}

function checkHeader(b: HeaderInput): FieldError[] {
  const errors: FieldError[] = [];
  const delivery = checkDate(errors, 'body/deliveryDate', b.deliveryDate, '납품일', { required: true });
  const arrival = checkDate(errors, 'body/arrivalDate', b.arrivalDate, '입고 예정일');
  if (delivery && arrival && arrival < delivery)
    errors.push({ path: 'body/arrivalDate', message: '입고 예정일은 납품일 이후여야 합니다' });
  return errors;
}

/** The delivery's own group or the caller's fresh upload (files/owners: never another document's group). */
async function checkFile(
  trx: Db,
  caller: Caller,
  doc: { deliveryNo: string | null; compNo: string },
  fileId: string | undefined,
  errors: FieldError[],
): Promise<string | null> {
  const id = text(fileId);
  if (!id) return null;
  const error = await bindingError(trx, caller, 'body/FILE_SEQ', id, {
    docType: 'DELIVERY',
    docNo: doc.deliveryNo,
    compNo: doc.compNo,
  });
  if (error) errors.push(error);
  return id;
}

/** Units and item codes a delivery without an order names must exist. */
async function checkMasterData(trx: Db, input: readonly DeliveryLineInput[], errors: FieldError[]): Promise<void> {
  const units = [...new Set(input.map((l) => text(l.unitCode)).filter((u): u is string => !!u))];
  const items = [...new Set(input.map((l) => text(l.itemCode)).filter((c): c is string => !!c))];
  const knownUnits = await existingCodes(trx, 'unit', units);
  const knownItems = await existingItemCodes(trx, items);
  input.forEach((l, i) => {
    const u = text(l.unitCode);
    const c = text(l.itemCode);
    if (u && !knownUnits.has(u))
      errors.push({ path: `body/lines/${i}/unitCode`, message: `등록되지 않은 단위입니다: ${u}` });
    if (c && !knownItems.has(c))
      errors.push({ path: `body/lines/${i}/itemCode`, message: `등록되지 않은 품목 코드입니다: ${c}` });
  });
}

async function lockOrder(trx: Db, poNo: string) {
  const po = await lockOrderHeader(trx, poNo);
  if (!po) throw missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');
  const lines = await lockOrderLines(trx, poNo);
  return { po, lines };
}

/**
 * A delivery never runs on terms its supplier has not acknowledged: a line changed by a revision
 * newer than the last acknowledged one is refused (409 PO_REVISION_UNACKNOWLEDGED) until the
 * supplier acknowledges it (docs/fulfilment.md "Terms not yet acknowledged"). The caller holds the
 * order's lock, so no acknowledgement or change slips in between.
 */
export async function assertTermsAcknowledged(
  trx: Db,
  poNo: string,
  poLineNos: readonly number[],
  doing: '납품' | '입고',
): Promise<void> {
  const changed = linesChangedUnacknowledged(await findRevisionTerms(trx, poNo));
  const refusal = unacknowledgedRefusal(changed, poLineNos, doing);
  if (refusal) throw refused('PO_REVISION_UNACKNOWLEDGED', refusal.message, refusal.details);
}

const poLineNosOf = (lines: ReadonlyArray<{ poLineNo?: number | null }>) =>
  lines.flatMap((l) => (typeof l.poLineNo === 'number' ? [l.poLineNo] : []));

/** Adds each delta to the PO line's delivered quantity; the rows are locked by lockOrder. */
async function applyDeltas(
  trx: Db,
  poNo: string,
  current: ReadonlyArray<{ lineNo: number; deliveredQty: string }>,
  deltas: ReadonlyMap<number, string>,
): Promise<void> {
  for (const [lineNo, delta] of deltas) {
    const line = current.find((l) => l.lineNo === lineNo)!;
    const next = qty(sumDecimals([line.deliveredQty, delta]));
    if (next === qty(line.deliveredQty)) continue;
    await updatePoLine(trx, poNo, lineNo, { deliveredQty: next });
  }
}

const lineValues = (deliveryNo: string, compNo: string, poNo: string | null, lines: PlannedLine[]) =>
  lines.map((l) => ({
    deliveryNo,
    lineNo: l.lineNo,
    compNo,
    poNo: l.poLineNo === null ? null : poNo,
    poLineNo: l.poLineNo,
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
    remark: l.remark,
  }));

const headerValues = (b: HeaderInput, fileId: string | null) => ({
  deliveryDate: b.deliveryDate,
  arrivalDate: text(b.arrivalDate),
  delivererName: text(b.delivererName),
  delivererPhone: text(b.delivererPhone),
  vehicleNo: text(b.vehicleNo),
  fileId,
  remark: text(b.BIGO),
});

type ListQuery = {
  deliveryNo?: string;
  poNo?: string;
  status?: string[];
  deliveryDates?: string[];
  itemName?: string;
  compNo?: string;
  compName?: string;
  noPo?: 'Y' | 'N';
};

function listFilter(q: ListQuery): DeliveryFilter {
  const errors: FieldError[] = [];
  const { from, to } = dateRange(errors, 'querystring/deliveryDates', q.deliveryDates);
  failIf(errors);
  return {
    deliveryNo: text(q.deliveryNo) ?? undefined,
    poNo: text(q.poNo) ?? undefined,
    status: q.status,
    from,
    to,
    itemName: text(q.itemName) ?? undefined,
    compNo: text(q.compNo) ?? undefined,
    compName: text(q.compName) ?? undefined,
    noPo: q.noPo,
  };
}

/** Deliveries by the list filter (dates checked); `only` narrows further (deliveries without an order). */
export async function searchDeliveries(
  db: Db,
  q: ListQuery,
  sort: SortSpec<(typeof DELIVERY_SORT)[number]>,
  window: Window,
  only: Pick<DeliveryFilter, 'noPo'> = {},
) {
  return listDeliveries(db, { ...listFilter(q), ...only }, sort, window);
}

export async function getDelivery(db: Db, deliveryNo: string, now: Date) {
  const d = await deliveryDetail(db, deliveryNo);
  if (!d) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
  return { ...d, subconClocks: await deliveryClocks(db, deliveryNo, todayKst(now)) };
}

export async function getDeliverableOrder(db: Db, poNo: string) {
  const found = await deliverableOrder(db, poNo);
  if (!found) throw missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');
  return found;
}

/** Registers a delivery against the supplier's acknowledged order (at most its open quantities), or without an order (flagged). */
export async function createDelivery(db: Db, caller: Caller, b: Static<typeof DeliveryCreateBody>, now: Date) {
  const compNo = caller.compNo!;
  const errors = checkHeader(b);
  failIf(errors);
  const deliveryNo = await db.transaction().execute(async (trx) => {
    let plan: DeliveryPlan;
    let currency: Currency;
    let poNo: string | null = null;
    let poLines: Awaited<ReturnType<typeof lockOrder>>['lines'] = [];
    if (b.poNo) {
      const locked = await lockOrder(trx, b.poNo);
      if (!(DELIVERABLE_PO_STATUSES as readonly string[]).includes(locked.po.status)) {
        throw wrongState('발주확인(접수)된 발주에만 납품을 등록할 수 있습니다', locked.po.status);
      }
      currency = locked.po.currency;
      if (b.currency && b.currency !== currency)
        errors.push({ path: 'body/currency', message: `발주 통화(${currency})와 다릅니다` });
      poNo = locked.po.poNo;
      poLines = locked.lines;
      await assertTermsAcknowledged(trx, poNo, poLineNosOf(b.lines), '납품');
      plan = planPoDelivery(poLines, b.lines, currency);
    } else {
      currency = b.currency ?? 'KRW';
      plan = planNoPoDelivery(b.lines, currency);
      await checkMasterData(trx, b.lines, errors);
    }
    const fileId = await checkFile(trx, caller, { deliveryNo: null, compNo }, b.FILE_SEQ, errors);
    failIf([...errors, ...plan.errors], plan.overDelivery && errors.length === 0 ? 'OVER_DELIVERY' : 'VALIDATION');

    const no = await nextDocumentNumber(trx, 'DLV', todayKst(now));
    const header = {
      deliveryNo: no,
      compNo,
      poNo,
      noPo: poNo ? ('N' as const) : ('Y' as const),
      status: 'REGISTERED' as const,
      currency,
      totalAmount: plan.total,
      ...headerValues(b, fileId),
      registeredBy: caller.userId,
    };
    const lines = lineValues(no, compNo, poNo, plan.lines);
    await insertDelivery(trx, header, lines);
    if (poNo) {
      await applyDeltas(trx, poNo, poLines, plan.deltas);
      await syncPoDeliveryStatus(trx, poNo, caller.userId);
    }
    await writeAudit(trx, {
      entity: 'delivery',
      entityKey: no,
      action: 'CREATE',
      actor: caller.userId,
      after: { ...header, lines },
    });
    return no;
  });
  return getDelivery(db, deliveryNo, now);
}

/** Changes a registered delivery: dates, documents, lines and quantities (with the version read). */
export async function updateDeliveryDoc(
  db: Db,
  caller: Caller,
  deliveryNo: string,
  b: Static<typeof DeliveryUpdateBody>,
  now: Date,
) {
  const errors = checkHeader(b);
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const before = await lockDelivery(trx, deliveryNo);
    if (!before) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
    checkVersion(b.version, before.version);
    if (!DELIVERY_ACTIONS.update.includes(before.status))
      throw wrongState('등록 상태의 납품만 수정할 수 있습니다', before.status);
    const oldLines = await findDeliveryLines(trx, deliveryNo);
    let plan: DeliveryPlan;
    let poLines: Awaited<ReturnType<typeof lockOrder>>['lines'] = [];
    if (before.poNo) {
      const locked = await lockOrder(trx, before.poNo);
      if (![...DELIVERABLE_PO_STATUSES, 'DELIVERED'].includes(locked.po.status))
        throw wrongState('발주가 납품을 받을 수 있는 상태가 아닙니다', locked.po.status);
      poLines = locked.lines;
      // Its lines are priced again from the order: not on terms the supplier has not acknowledged.
      await assertTermsAcknowledged(trx, before.poNo, poLineNosOf(b.lines), '납품');
      const previous = new Map(oldLines.map((l) => [l.poLineNo!, l.quantity]));
      plan = planPoDelivery(poLines, b.lines, before.currency, previous);
    } else {
      plan = planNoPoDelivery(b.lines, before.currency);
      await checkMasterData(trx, b.lines, errors);
    }
    const fileId = await checkFile(trx, caller, { deliveryNo, compNo: before.compNo }, b.FILE_SEQ, errors);
    failIf([...errors, ...plan.errors], plan.overDelivery && errors.length === 0 ? 'OVER_DELIVERY' : 'VALIDATION');

    const after = { ...headerValues(b, fileId), totalAmount: plan.total };
    const lines = lineValues(deliveryNo, before.compNo, before.poNo, plan.lines);
    await replaceDeliveryLines(trx, deliveryNo, lines);
    await updateDelivery(trx, deliveryNo, { ...after, version: before.version + 1, updatedAt: new Date() });
    if (before.poNo) {
      await applyDeltas(trx, before.poNo, poLines, plan.deltas);
      await syncPoDeliveryStatus(trx, before.poNo, caller.userId);
    }
    await writeAudit(trx, {
      entity: 'delivery',
      entityKey: deliveryNo,
      action: 'UPDATE',
      actor: caller.userId,
      before: { ...before, lines: oldLines },
      after: { ...after, lines },
    });
  });
  return getDelivery(db, deliveryNo, now);
}

/** Cancels a registered (not yet received) delivery with a reason; its quantities return to the order. */
export async function cancelDelivery(
  db: Db,
  caller: Caller,
  deliveryNo: string,
  body: { version: number; reason: string },
  /** The business clock: the delivery's cancelled moment. */
  now: Date,
) {
  const reason = text(body.reason);
  await db.transaction().execute(async (trx) => {
    const before = await lockDeliveryToCancel(trx, deliveryNo);
    if (!before) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
    checkVersion(body.version, before.version);
    if (!DELIVERY_ACTIONS.cancel.includes(before.status)) {
      throw wrongState(
        before.status === 'RECEIVED' ? '입고된 납품은 취소할 수 없습니다' : '이미 취소된 납품입니다',
        before.status,
      );
    }
    failIf(reason ? [] : [{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
    if (before.poNo) {
      const locked = await lockOrder(trx, before.poNo);
      const lines = await findDeliveryLineQuantities(trx, deliveryNo);
      await applyDeltas(trx, before.poNo, locked.lines, new Map(lines.map((l) => [l.poLineNo!, `-${l.quantity}`])));
      await syncPoDeliveryStatus(trx, before.poNo, caller.userId);
    }
    await updateDelivery(trx, deliveryNo, {
      status: 'CANCELLED',
      cancelReason: reason,
      cancelledAt: now,
      version: before.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'delivery',
      entityKey: deliveryNo,
      action: 'CANCEL',
      actor: caller.userId,
      before,
      after: { status: 'CANCELLED' },
      reason,
    });
  });
  return getDelivery(db, deliveryNo, now);
}

/** Moves the order's status after its delivered quantities changed (in the caller's transaction). */
export async function syncPoDeliveryStatus(trx: Db, poNo: string, actor: string): Promise<void> {
  const header = await findPoStatus(trx, poNo);
  if (!header || !DELIVERY_DRIVEN_PO_STATUSES.includes(header.status)) return;
  const lines = await findPoLineQuantities(trx, poNo);
  const next = poStatusByDeliveries(lines);
  if (next === header.status) return;
  await updatePoHeader(trx, poNo, { status: next, version: header.version + 1, updatedAt: new Date() });
  await writeAudit(trx, {
    entity: 'po_header',
    entityKey: poNo,
    action: 'DELIVERY_STATUS',
    actor,
    before: { status: header.status },
    after: { status: next },
  });
}
