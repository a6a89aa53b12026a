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
import {
  findCallOffLinesOfPo,
  findPoLineRows,
  insertPo,
  lockPo,
  replacePoLines,
  updatePoHeader,
} from '../po/queries.js';
import { applyAgreementConsumption, giveBack } from '../agreement/consumption.js';
import { findAgreement, findAgreementLines } from '../agreement/queries.js';
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
    agreementNo?: string | null;
    agreementLineNo?: number | null;
  }>;
};

type AgreementRef = { agreementNo: string; agreementLineNo: number };

/**
 * Lines "from agreement": each names an agreement of the order's supplier and currency and one of
 * its lines, whose item it takes (the price is checked against the agreed one with the consumption,
 * in the save's transaction). Answers the lines with the agreement's item, and each line's reference.
 */
async function fromAgreements(db: Db, b: SimpleInput, compNo: string, errors: FieldError[]) {
  const agreements = new Map<string, Awaited<ReturnType<typeof findAgreement>>>();
  const agreementLines = new Map<string, Awaited<ReturnType<typeof findAgreementLines>>>();
  const refs: Array<AgreementRef | null> = [];
  const lines = [];
  for (const [i, l] of b.lines.entries()) {
    const no = text(l.agreementNo)?.toUpperCase();
    if (!no) {
      if (l.agreementLineNo)
        errors.push({ path: `body/lines/${i}/agreementNo`, message: '단가계약 품목 줄에는 계약번호가 필요합니다' });
      refs.push(null);
      lines.push(l);
      continue;
    }
    if (!agreements.has(no)) {
      agreements.set(no, await findAgreement(db, no));
      agreementLines.set(no, await findAgreementLines(db, no));
    }
    const a = agreements.get(no);
    const al = agreementLines.get(no)!.find((x) => x.lineNo === l.agreementLineNo);
    if (!a) errors.push({ path: `body/lines/${i}/agreementNo`, message: `단가계약을 찾을 수 없습니다: ${no}` });
    else if (a.compNo !== compNo)
      errors.push({ path: `body/lines/${i}/agreementNo`, message: `단가계약 ${no}의 협력사가 발주 협력사와 다릅니다` });
    else if (a.currency !== b.currency)
      errors.push({ path: `body/lines/${i}/agreementNo`, message: `단가계약 ${no}의 통화(${a.currency})와 다릅니다` });
    if (a && !al)
      errors.push({
        path: `body/lines/${i}/agreementLineNo`,
        message: `단가계약에 없는 품목 줄입니다: ${l.agreementLineNo ?? ''}`,
      });
    refs.push(a && al ? { agreementNo: no, agreementLineNo: al.lineNo } : null);
    lines.push(
      al
        ? {
            ...l,
            itemCode: al.itemCode,
            itemName: al.itemName,
            spec: al.spec,
            unitCode: al.unitCode,
            sgCode: al.sgCode,
          }
        : l,
    );
  }
  return { lines, refs };
}

/**
 * Moves the agreements by the order's lines "from agreement" in the save's transaction, in one
 * call (one lock order): what the draft ordered before is given back, what it orders now is checked
 * line by line on the business day `today` and consumed (consumption.ts: refused beyond the
 * agreement under REFUSE, marked for the approval under APPROVE). Answers the order's agreement
 * exception (null when none).
 */
async function consumeAgreements(
  trx: Db,
  poNo: string | null,
  compNo: string,
  lines: ReadonlyArray<{
    lineNo: number;
    agreementNo?: string | null;
    agreementLineNo?: number | null;
    quantity: string;
    unitPrice: string;
    amount: string;
  }>,
  today: string,
) {
  const before = poNo ? await findCallOffLinesOfPo(trx, poNo) : [];
  const now = lines.flatMap((l) =>
    l.agreementNo && l.agreementLineNo
      ? [
          {
            agreementNo: l.agreementNo,
            lineNo: l.agreementLineNo,
            orderLineNo: l.lineNo,
            qty: l.quantity,
            amount: l.amount,
            unitPrice: l.unitPrice,
          },
        ]
      : [],
  );
  if (!now.length && !before.length) return null;
  const accepted = await applyAgreementConsumption(trx, { consume: now, release: before.map(giveBack) }, today, {
    compNo,
  });
  return accepted.length
    ? accepted
        .map((p) => p.message)
        .join(' / ')
        .slice(0, 500)
    : null;
}

/** Checks a simple order: supplier, department, lines, and its KRW amount below the limit. */
async function checkSimple(db: Db, b: SimpleInput, actor: Actor, poNo: string | null, now: Date) {
  const errors: FieldError[] = [];
  const today = todayKst(now);
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
  const agreed = await fromAgreements(db, b, compNo, errors);
  const { lines, total } = await resolveLines(
    db,
    agreed.lines.map(({ agreementNo: _n, agreementLineNo: _l, ...l }) => ({
      ...l,
      price: l.unitPrice,
      deliveryDate: l.deliveryDate ?? undefined,
    })),
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
    lines: lines.map((l, i) => ({
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
      agreementNo: agreed.refs[i]?.agreementNo ?? null,
      agreementLineNo: agreed.refs[i]?.agreementLineNo ?? null,
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

/**
 * A draft simple order; the caller is its buyer and requester. `now` is the business clock's
 * (app.clock): its day is the one an agreement's validity is checked on, as for a call-off.
 */
export async function createSimpleOrder(
  db: Db,
  caller: Caller | null,
  body: Static<typeof SimpleOrderCreateBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const input = await checkSimple(db, body, actor, null, now);
  const poNo = await db.transaction().execute(async (trx) => {
    const poNo = await nextDocumentNumber(trx, 'PO', todayKst(now));
    await checkSourcingEligibility(trx, [input.header.compNo], {
      docType: 'SIMPLE',
      docNo: poNo,
      confirmWarning: body.confirmEvaluationWarning,
      actor: actor.userId,
    });
    const agreementException = await consumeAgreements(trx, null, input.header.compNo, input.lines, todayKst(now));
    const header = {
      poNo,
      poType: 'SIMPLE' as const,
      ...input.header,
      agreementException,
      buyerId: actor.singleid,
      requesterId: actor.singleid,
      status: 'DRAFT',
      poDate: todayKst(now),
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

/** Changes a draft simple order whole (its buyer or a purchasing manager, with the version read); `now` as on creation. */
export async function updateSimpleOrder(
  db: Db,
  caller: Caller | null,
  poNo: string,
  body: Static<typeof SimpleOrderUpdateBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const po = await lockPo(trx, poNo);
    if (!po || po.poType !== 'SIMPLE') throw poMissing();
    if (po.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('담당 구매자 또는 구매 관리자만 소액발주를 수정할 수 있습니다');
    checkVersion(body.version, po.version);
    transition(PO_MACHINE, 'update', po.status);
    const input = await checkSimple(trx, body, actor, poNo, now);
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
    const agreementException = await consumeAgreements(trx, poNo, input.header.compNo, input.lines, todayKst(now));
    await updatePoHeader(trx, poNo, {
      ...input.header,
      agreementException,
      version: po.version + 1,
      updatedAt: new Date(),
    });
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
