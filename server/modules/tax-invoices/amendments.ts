/** 수정세금계산서: new documents referring to a transmitted invoice. */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import type { TaxType } from './amounts.js';
import { AMENDMENT_REASONS, TAX_INVOICE_MACHINE, type AmendmentReason } from './machine.js';
import { mgtKeyFor } from './provider.js';
import { insertInvoice, insertInvoiceLines, invoiceLines, maxRevision, updateInvoice } from './queries.js';
import { dayOf, event, locked } from './invoice-moves.js';
import { getInvoice } from './reading.js';

// ── 수정세금계산서 ────────────────────────────────────────────────────────
/** New documents referring to a transmitted invoice, as the reason wants: negative, positive, or the difference. */
export async function amendInvoice(
  db: Db,
  mgtKey: string,
  body: { version: number; reason: number; supplyDelta?: string },
  actor: string,
) {
  const reason = body.reason as AmendmentReason;
  if (!Object.hasOwn(AMENDMENT_REASONS, reason)) failIf([{ path: 'body/reason', message: '수정 사유는 1–6입니다' }]);
  const made = await db.transaction().execute(async (trx) => {
    const inv = await locked(trx, mgtKey, body.version);
    transition(TAX_INVOICE_MACHINE, 'amend', inv.status);
    const kind = AMENDMENT_REASONS[reason].documents;
    const lines = await invoiceLines(trx, mgtKey);
    const docs: Array<{ sign: bigint; supply: bigint; tax: bigint; lines: typeof lines; label: string }> = [];
    const supply = BigInt(String(inv.supplyAmount));
    const tax = BigInt(String(inv.taxAmount));
    if (kind === 'NEGATIVE' || kind === 'NEGATIVE_AND_POSITIVE')
      docs.push({ sign: -1n, supply, tax, lines, label: '취소' });
    if (kind === 'NEGATIVE_AND_POSITIVE') docs.push({ sign: 1n, supply, tax, lines, label: '재발행' });
    if (kind === 'DIFFERENCE') {
      if (!body.supplyDelta || !/^-?\d{1,15}$/.test(body.supplyDelta) || BigInt(body.supplyDelta) === 0n)
        failIf([{ path: 'body/supplyDelta', message: '공급가액 증감액(원, 0 아님)을 입력하세요' }]);
      const delta = BigInt(body.supplyDelta!);
      const rate = inv.taxType === 'TAXABLE' ? 10n : 0n;
      const deltaTax = (delta * rate) / 100n;
      docs.push({ sign: 1n, supply: delta, tax: deltaTax, lines: [], label: AMENDMENT_REASONS[reason].label });
    }
    const keys: string[] = [];
    let revision = await maxRevision(trx, inv.settleNo, inv.taxType);
    for (const d of docs) {
      revision += 1;
      const key = mgtKeyFor(inv.settleNo, inv.taxType as TaxType, revision);
      const docSupply = d.sign * d.supply;
      const docTax = d.sign * d.tax;
      await insertInvoice(trx, {
        mgtKey: key,
        buyerCorpNum: inv.buyerCorpNum,
        settleNo: inv.settleNo,
        compNo: inv.compNo,
        supplierCorpNum: inv.supplierCorpNum,
        bizPlace: inv.bizPlace,
        period: inv.period,
        writeDate: inv.writeDate,
        issueKind: inv.issueKind,
        taxType: inv.taxType,
        purposeType: inv.purposeType,
        status: 'DRAFT',
        revision,
        amendsMgtKey: inv.mgtKey,
        amendReason: reason,
        supplyAmount: docSupply.toString(),
        taxAmount: docTax.toString(),
        totalAmount: (docSupply + docTax).toString(),
        lineCount: d.lines.length || 1,
        provider: inv.provider,
        createdBy: actor,
        zeroRatedDocKind: inv.zeroRatedDocKind,
        zeroRatedDocNo: inv.zeroRatedDocNo,
      });
      const rows = d.lines.length
        ? d.lines.map((l) => ({
            ...l,
            mgtKey: key,
            supplyAmount: (d.sign * BigInt(String(l.supplyAmount))).toString(),
            taxAmount: (d.sign * BigInt(String(l.taxAmount))).toString(),
          }))
        : [
            {
              mgtKey: key,
              lineNo: 1,
              compNo: inv.compNo,
              monthDay: dayOf(inv.writeDate).slice(5),
              itemName: `${d.label} (${inv.mgtKey})`,
              spec: null,
              unitCode: null,
              quantity: null,
              unitPrice: null,
              supplyAmount: docSupply.toString(),
              taxAmount: docTax.toString(),
              sourceCount: 1,
            },
          ];
      await insertInvoiceLines(trx, rows);
      await event(
        trx,
        { mgtKey: key, compNo: inv.compNo },
        {
          action: 'create',
          from: null,
          to: 'DRAFT',
          outcome: 'DONE',
          code: `AMEND_${reason}`,
          message: `${AMENDMENT_REASONS[reason].label}: ${inv.mgtKey}`,
          actor,
        },
      );
      keys.push(key);
    }
    await event(trx, inv, {
      action: 'amend',
      from: inv.status,
      to: inv.status,
      outcome: 'DONE',
      code: `AMEND_${reason}`,
      message: keys.join(','),
      actor,
    });
    await updateInvoice(trx, inv.mgtKey, { version: inv.version + 1, updatedAt: new Date() });
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: inv.mgtKey,
      action: 'AMEND',
      actor,
      after: { reason, documents: keys },
    });
    return keys;
  });
  return { rows: await Promise.all(made.map((k) => getInvoice(db, k))) };
}
