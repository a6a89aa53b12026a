/** Drawing a confirmed settlement's invoices and asking the supplier to issue them (역발행 요청, 요청 취소). */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf, missing, refused } from '../../domain/errors.js';
import { draftsOf, requestOf } from './drafting.js';
import { loadHolidayCalendar } from './holidays.js';
import { issueDeadline, writeDateOf } from './deadlines.js';
import { notifyTaxInvoiceRequested } from '../notifications/supplier.js';
import { mgtKeyFor } from './provider.js';
import { insertInvoice, insertInvoiceLines, invoicesOfSettlement, lockSettlementForInvoice } from './queries.js';
import {
  type TaxInvoices,
  buyerOf,
  dayOf,
  event,
  refuseMove,
  locked,
  move,
  allowed,
  providerFailed,
} from './invoice-moves.js';
import { getInvoice } from './reading.js';

// ── create ─────────────────────────────────────────────────────────────────
/** One 월합계 invoice per tax type of a confirmed settlement (the supplier and month are the settlement's). */
export async function createInvoices(db: Db, ti: TaxInvoices, settleNo: string, actor: string) {
  const keys = await db.transaction().execute(async (trx) => {
    const s = await lockSettlementForInvoice(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    if (s.status !== 'CONFIRMED' && s.status !== 'POST_FAILED')
      throw refused('SETTLEMENT_NOT_CONFIRMED', '협력사가 확정한 정산만 세금계산서를 만들 수 있습니다', {
        status: s.status,
      });
    if ((await invoicesOfSettlement(trx, settleNo)).length > 0)
      throw refused('TAX_INVOICE_EXISTS', '이 정산의 세금계산서가 이미 있습니다');
    const writeDate = writeDateOf(s.period);
    const drafts = await draftsOf(
      trx,
      settleNo,
      { amount: String(s.adjustmentAmount), date: writeDate },
      ti.config.taxRounding,
    );
    const made: string[] = [];
    for (const d of drafts) {
      const mgtKey = mgtKeyFor(settleNo, d.taxType);
      await insertInvoice(trx, {
        mgtKey,
        buyerCorpNum: ti.config.buyerCorpNum,
        settleNo,
        compNo: s.compNo,
        supplierCorpNum: s.taxNo,
        bizPlace: null,
        period: s.period,
        writeDate,
        taxType: d.taxType,
        purposeType: '02',
        status: 'DRAFT',
        supplyAmount: d.supply.toString(),
        taxAmount: d.tax.toString(),
        totalAmount: d.total.toString(),
        lineCount: d.lines.length,
        provider: ti.provider.kind,
        createdBy: actor,
        zeroRatedDocKind: d.evidence?.kind ?? null,
        zeroRatedDocNo: d.evidence?.no ?? null,
      });
      await insertInvoiceLines(
        trx,
        d.lines.map((l, i) => ({
          mgtKey,
          lineNo: i + 1,
          compNo: s.compNo,
          monthDay: l.monthDay,
          itemName: l.itemName.slice(0, 200),
          spec: l.spec,
          unitCode: l.unitCode,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          supplyAmount: l.supply.toString(),
          taxAmount: l.tax.toString(),
          sourceCount: l.sourceCount,
        })),
      );
      await event(
        trx,
        { mgtKey, compNo: s.compNo },
        { action: 'create', from: null, to: 'DRAFT', outcome: 'DONE', actor },
      );
      await writeAudit(trx, {
        entity: 'tax_invoice',
        entityKey: mgtKey,
        action: 'CREATE',
        actor,
        after: { settleNo, taxType: d.taxType, supply: d.supply.toString(), tax: d.tax.toString() },
      });
      made.push(mgtKey);
    }
    return made;
  });
  return { rows: await Promise.all(keys.map((k) => getInvoice(db, k))) };
}

/** Asks the supplier to issue (역발행 요청), idempotent by the management key: a repeat finds the same document. */
export async function requestIssue(db: Db, ti: TaxInvoices, mgtKey: string, version: number, actor: string) {
  const inv = await allowed(db, mgtKey, 'request', actor, version);
  const request = await requestOf(db, buyerOf(ti), inv);
  if (inv.issueKind !== 'REVERSE') await refuseMove(db, { ...inv, status: 'NTS_SUCCESS' }, 'request', actor);
  const r = await ti.provider.requestReverseIssue(request);
  if (!r.ok) await providerFailed(db, inv, 'request', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey);
    if (cur.version !== inv.version)
      throw refused('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회하세요', {
        currentVersion: cur.version,
      });
    await move(
      trx,
      cur,
      'request',
      actor,
      { requestedAt: ti.now(), memo: null },
      { code: r.ok && !r.value.created ? 'ALREADY_REQUESTED' : null },
    );
    // The supplier learns of the request from us, not only from its provider's mailbox: what to issue, by when.
    await notifyTaxInvoiceRequested(trx, {
      compNo: cur.compNo,
      mgtKey,
      settleNo: cur.settleNo,
      period: cur.period,
      totalAmount: String(cur.totalAmount).split('.')[0]!,
      deadline: issueDeadline(dayOf(cur.writeDate), await loadHolidayCalendar(trx)),
    });
  });
  return getInvoice(db, mgtKey);
}

export async function cancelRequest(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  version: number,
  reason: string,
  actor: string,
) {
  if (!reason.trim()) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const inv = await allowed(db, mgtKey, 'cancelRequest', actor, version);
  const r = await ti.provider.cancelRequest(mgtKey, reason.trim());
  if (!r.ok) await providerFailed(db, inv, 'cancelRequest', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    await move(trx, cur, 'cancelRequest', actor, { memo: reason.trim() }, { message: reason.trim() });
  });
  return getInvoice(db, mgtKey);
}
