import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { internalActor } from '../../../domain/actor.js';
import { failIf, notAllowed, type FieldError } from '../../../domain/errors.js';
import { fitsAmount, lineAmount, totalOf } from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { QUANTITY, UNIT_PRICE, checkDecimal, text } from '../../../domain/values.js';
import { recordBudgetMovement } from '../../budget/consumption/index.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { findPrLines, updatePrHeader } from '../pr/queries.js';
import { insertPo, lockPrToOrder } from '../po/queries.js';
import { poDetail } from '../po/service.js';
import { agreementMissing, applyAgreementConsumption } from './consumption.js';
import { findAgreementLines, lockAgreement } from './queries.js';
import type { CallOffBody } from './schemas.js';

/**
 * The call-off of a framework agreement (docs/agreements.md "Call-offs"): a draft order at the agreed
 * prices, the agreement consumed in the same transaction. Split from service.ts by job; routes import
 * it through service.ts, the module's one façade.
 */

const ORDER_EDIT_SCREEN = '/OrderRequestEdit';

/**
 * A call-off: a draft PO to the agreement's supplier whose lines take the agreed prices. The
 * agreement lines' ordered quantity and amount move in the same transaction, under the agreement's
 * lock (consumption.ts); beyond the agreement (remaining quantity, ceiling, validity, price) it is
 * refused, or under the APPROVE policy made with the exception named for the order's approval. With
 * a PR, its lines are ordered by number and the budget commits here (never at the agreement).
 */
export async function callOffAgreement(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  b: Static<typeof CallOffBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  if (!(await groupHoldsScreen(db, actor.authGroupId, [ORDER_EDIT_SCREEN], 'write')))
    throw notAllowed('발주를 만들 권한이 없습니다');
  const today = todayKst(now);
  const errors: FieldError[] = [];
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
  if (b.lines.length === 0) errors.push({ path: 'body/lines', message: '발주할 품목을 한 줄 이상 입력하세요' });
  b.lines.forEach((l, i) => {
    checkDecimal(errors, `body/lines/${i}/quantity`, l.quantity, QUANTITY);
    if (text(l.unitPrice)) checkDecimal(errors, `body/lines/${i}/unitPrice`, l.unitPrice!, UNIT_PRICE);
    if (l.deliveryDate)
      checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', { notBefore: today });
  });
  failIf(errors);
  const poNo = await db.transaction().execute(async (trx) => {
    const a = await lockAgreement(trx, agreementNo);
    if (!a) throw agreementMissing();
    const agreementLines = await findAgreementLines(trx, agreementNo);
    const prNo = text(b.prNo);
    const pr = prNo ? await lockPrToOrder(trx, prNo).catch(() => null) : null;
    if (prNo && !pr) failIf([{ path: 'body/prNo', message: `구매요청을 찾을 수 없습니다: ${prNo}` }]);
    const prLines = pr ? await findPrLines(trx, pr.prNo) : [];
    if (pr && pr.currency !== a.currency)
      failIf([
        {
          path: 'body/prNo',
          message: `구매요청의 통화(${pr.currency})와 단가계약의 통화(${a.currency})가 다릅니다`,
        },
      ]);
    const usedNumbers = new Set<number>();
    const lines = b.lines.map((l, i) => {
      // A PR line "from agreement" is ordered against the agreement line its requester named.
      const named = pr ? prLines.find((x) => x.lineNo === l.prLineNo) : undefined;
      if (named?.agreementNo && named.agreementNo !== agreementNo) {
        errors.push({
          path: `body/lines/${i}/prLineNo`,
          message: `구매요청 ${named.lineNo}번 품목은 단가계약 ${named.agreementNo}의 품목입니다`,
        });
        return null;
      }
      const agreementLineNo = l.agreementLineNo ?? named?.agreementLineNo ?? null;
      if (named?.agreementLineNo && agreementLineNo !== named.agreementLineNo) {
        errors.push({
          path: `body/lines/${i}/agreementLineNo`,
          message: `구매요청 ${named.lineNo}번 품목은 단가계약의 ${named.agreementLineNo}번 품목입니다`,
        });
        return null;
      }
      const al = agreementLines.find((x) => x.lineNo === agreementLineNo);
      if (!al) {
        errors.push({
          path: `body/lines/${i}/agreementLineNo`,
          message: `단가계약에 없는 품목 줄입니다: ${agreementLineNo ?? ''}`,
        });
        return null;
      }
      let lineNo = i + 1;
      if (pr) {
        const pl = prLines.find((x) => x.lineNo === l.prLineNo);
        if (!pl)
          errors.push({
            path: `body/lines/${i}/prLineNo`,
            message: `구매요청에 없는 품목 줄입니다: ${l.prLineNo ?? ''}`,
          });
        // A PR line naming no agreement is ordered under this one only for the same master item.
        else if (pl.itemCode && pl.itemCode !== al.itemCode)
          errors.push({
            path: `body/lines/${i}/agreementLineNo`,
            message: `구매요청 ${pl.lineNo}번 품목(${pl.itemCode})과 단가계약 ${al.lineNo}번 품목(${al.itemCode ?? ''})이 다릅니다`,
          });
        lineNo = l.prLineNo ?? lineNo;
      }
      if (usedNumbers.has(lineNo))
        errors.push({ path: `body/lines/${i}/prLineNo`, message: `같은 구매요청 품목 줄이 두 번 있습니다: ${lineNo}` });
      usedNumbers.add(lineNo);
      const unitPrice = text(l.unitPrice) ?? al.unitPrice;
      const amount = lineAmount(l.quantity.trim(), unitPrice, a.currency as 'KRW');
      if (!fitsAmount(amount))
        errors.push({ path: `body/lines/${i}/quantity`, message: '금액(수량 × 단가)이 너무 큽니다' });
      return {
        poNo: '',
        lineNo,
        itemCode: al.itemCode,
        itemName: al.itemName,
        spec: al.spec,
        unitCode: al.unitCode,
        sgCode: al.sgCode,
        quantity: l.quantity.trim(),
        unitPrice,
        amount,
        deliveryDate: l.deliveryDate ?? b.dueDate,
        prLineNo: pr ? (l.prLineNo ?? null) : null,
        agreementNo,
        agreementLineNo: al.lineNo,
      };
    });
    failIf(errors);
    const poLines = lines.map((l) => l!);
    const accepted = await applyAgreementConsumption(
      trx,
      {
        consume: poLines.map((l) => ({
          agreementNo,
          lineNo: l.agreementLineNo,
          orderLineNo: l.lineNo,
          qty: l.quantity,
          amount: l.amount,
          unitPrice: l.unitPrice,
        })),
      },
      today,
    );
    await assertSuppliersEligible(trx, [a.compNo], 'order', 'body/lines');
    const poNo = await nextDocumentNumber(trx, 'PO', today);
    poLines.forEach((l) => (l.poNo = poNo));
    const header = {
      poNo,
      poType: 'PO' as const,
      compNo: a.compNo,
      section: pr?.section ?? a.section,
      deptcd: pr?.deptcd ?? a.deptcd,
      buyerId: actor.singleid,
      requesterId: pr?.requesterId ?? null,
      prNo: pr?.prNo ?? null,
      title: text(b.title) ?? a.title,
      currency: a.currency,
      totalAmount: totalOf(poLines.map((l) => l.amount)),
      status: 'DRAFT' as const,
      poDate: today,
      dueDate: b.dueDate,
      remark: text(b.remark) ?? `단가계약 ${agreementNo} 발주`,
      agreementException: accepted.length
        ? accepted
            .map((p) => p.message)
            .join(' / ')
            .slice(0, 500)
        : null,
      createdBy: actor.userId,
    };
    await insertPo(trx, header, poLines);
    if (pr && pr.status !== 'ORDERED') {
      const prStatus = transition(PR_MACHINE, 'order', pr.status);
      await updatePrHeader(trx, pr.prNo, { status: prStatus, version: pr.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'pr_header',
        entityKey: pr.prNo,
        action: 'ORDER',
        actor: actor.userId,
        before: { status: pr.status },
        after: { status: prStatus, poNo, agreementNo },
      });
    }
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, agreementNo, lines: poLines },
    });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'CALL_OFF',
      actor: actor.userId,
      after: {
        poNo,
        lines: poLines.map((l) => ({ agreementLineNo: l.agreementLineNo, quantity: l.quantity, amount: l.amount })),
        exceptions: accepted.map((p) => p.kind),
      },
    });
    // The budget commits at the call-off (the agreement itself commits nothing).
    await recordBudgetMovement(trx, {
      event: 'ORDER',
      docType: 'PO',
      docNo: poNo,
      actor: actor.userId,
      confirmWarning: b.confirmBudgetWarning,
    });
    return poNo;
  });
  return poDetail(db, poNo, actor);
}
