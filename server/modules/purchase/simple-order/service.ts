import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { checkVersion, invalid, notAllowed, type FieldError } from '../../../domain/errors.js';
import { jpyRate, simpleOrderLimit, toKrw, wonText } from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { requireText, text } from '../../../domain/values.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { resolveLines } from '../shared/lines.js';
import { requestingDepartment } from '../pr/service.js';
import { findPoLineRows, insertPo, lockPo, replacePoLines, updatePoHeader } from '../po/queries.js';
import { poDetail, poMissing } from '../po/service.js';
import { PO_MACHINE } from '../po/workflow.js';
import { findSupplier } from './queries.js';
import type { SimpleOrderCreateBody, SimpleOrderUpdateBody } from './schemas.js';
import { isBelowLimit } from './workflow.js';
import { assertBindable } from '../../files/owners.js';

type SimpleInput = {
  compNo: string;
  title: string;
  currency: 'KRW' | 'JPY';
  dueDate: string;
  section?: string;
  deptcd?: string;
  remark?: string | null;
  fileId?: string | null;
  lines: Array<{
    itemCode?: string | null;
    itemName?: string | null;
    spec?: string | null;
    unitCode?: string | null;
    sgCode?: string | null;
    quantity: string;
    unitPrice: string;
    deliveryDate?: string | null;
  }>;
};

/** Checks a simple order: supplier, department, lines, and its KRW amount below the limit. */
async function checkSimple(db: Db, b: SimpleInput, actor: Actor, poNo: string | null) {
  const errors: FieldError[] = [];
  const today = todayKst();
  requireText(errors, 'body/title', b.title, '제목');
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
  const compNo = b.compNo.trim().toUpperCase();
  await assertSuppliersEligible(db, [compNo], 'order', 'body/compNo');
  const company = await findSupplier(db, compNo);
  if (!company) errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  else if (company.status !== 'ACTIVE')
    errors.push({ path: 'body/compNo', message: `거래 중이 아닌 협력사입니다: ${compNo}` });
  const { section, deptcd } = await requestingDepartment(db, errors, b, actor);
  await assertBindable(db, actor, 'body/fileId', b.fileId, { docType: 'PO', docNo: poNo });
  const { lines, total } = await resolveLines(
    db,
    b.lines.map((l) => ({ ...l, price: l.unitPrice, deliveryDate: l.deliveryDate ?? undefined })),
    b.currency,
    { priceField: 'unitPrice', today, errors },
  );
  const [rate, limit] = await Promise.all([jpyRate(db), simpleOrderLimit(db)]);
  const amountKrw = toKrw(total, b.currency, rate);
  if (!isBelowLimit(amountKrw, limit)) {
    throw invalid(
      'SIMPLE_ORDER_OVER_LIMIT',
      `소액발주는 ${wonText(limit)}원 미만이어야 합니다 (현재 ${wonText(amountKrw)}원). 구매요청으로 진행하세요`,
      [{ path: 'body/lines', message: `합계 ${wonText(amountKrw)}원이 소액발주 한도 ${wonText(limit)}원 이상입니다` }],
    );
  }
  return {
    header: {
      compNo,
      title: b.title.trim(),
      currency: b.currency,
      dueDate: b.dueDate,
      section,
      deptcd,
      remark: text(b.remark),
      fileId: b.fileId ?? null,
      totalAmount: total,
    },
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      sgCode: l.sgCode,
      quantity: l.quantity,
      unitPrice: l.price,
      amount: l.amount,
      deliveryDate: l.deliveryDate ?? b.dueDate,
    })),
  };
}

/** The simple-order limit (KRW) and the JPY rate it is compared with. */
export async function getSimpleOrderLimit(db: Db) {
  const [limit, rate] = await Promise.all([simpleOrderLimit(db), jpyRate(db)]);
  return { limit, currency: 'KRW' as const, jpyRate: rate };
}

export async function getSimpleOrder(db: Db, caller: Caller | null, poNo: string) {
  return poDetail(db, poNo, await internalActor(db, caller), 'SIMPLE');
}

/** A draft simple order; the caller is its buyer and requester. */
export async function createSimpleOrder(db: Db, caller: Caller | null, body: Static<typeof SimpleOrderCreateBody>) {
  const actor = await internalActor(db, caller);
  const input = await checkSimple(db, body, actor, null);
  const poNo = await db.transaction().execute(async (trx) => {
    const poNo = await nextDocumentNumber(trx, 'PO', todayKst());
    await checkSourcingEligibility(trx, [input.header.compNo], {
      docType: 'SIMPLE',
      docNo: poNo,
      confirmWarning: body.confirmEvaluationWarning,
      actor: actor.userId,
    });
    const header = {
      poNo,
      poType: 'SIMPLE' as const,
      ...input.header,
      buyerId: actor.singleid,
      requesterId: actor.singleid,
      status: 'DRAFT',
      poDate: todayKst(),
      createdBy: actor.userId,
    };
    await insertPo(
      trx,
      header,
      input.lines.map((l) => ({ poNo, ...l })),
    );
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, lines: input.lines },
    });
    return poNo;
  });
  return poDetail(db, poNo, actor);
}

/** Changes a draft simple order whole (its buyer or a purchasing manager, with the version read). */
export async function updateSimpleOrder(
  db: Db,
  caller: Caller | null,
  poNo: string,
  body: Static<typeof SimpleOrderUpdateBody>,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const po = await lockPo(trx, poNo);
    if (!po || po.poType !== 'SIMPLE') throw poMissing();
    if (po.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('담당 구매자 또는 구매 관리자만 소액발주를 수정할 수 있습니다');
    checkVersion(body.version, po.version);
    transition(PO_MACHINE, 'update', po.status);
    const input = await checkSimple(trx, body, actor, poNo);
    // A new supplier is held to its evaluation standing as on creation (block refused, warn confirmed).
    if (input.header.compNo !== po.compNo) {
      await checkSourcingEligibility(trx, [input.header.compNo], {
        docType: 'SIMPLE',
        docNo: poNo,
        confirmWarning: body.confirmEvaluationWarning,
        actor: actor.userId,
      });
    }
    const oldLines = await findPoLineRows(trx, poNo);
    await updatePoHeader(trx, poNo, { ...input.header, version: po.version + 1, updatedAt: new Date() });
    await replacePoLines(trx, poNo, input.lines);
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: { ...po, lines: oldLines },
      after: { ...input.header, lines: input.lines },
    });
  });
  return poDetail(db, poNo, actor, 'SIMPLE');
}
