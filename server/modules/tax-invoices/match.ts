/**
 * The match view (docs/tax-invoices.md "The match view"): one settlement's lines beside the order line they were
 * ordered on, the receipt line they settle and the invoice line they were invoiced on, each row naming the cells that
 * differ; its invoices against the settled supply of their tax type; and the posting gate's findings, named as a
 * refused posting names them. Read only: what differs is corrected where it arose (the order, the receipt, the
 * settlement, the invoice's amendment).
 */
import type { Db } from '../../db/connect.js';
import { missing } from '../../domain/errors.js';
import { qty, won } from '../../domain/money.js';
import { compareDecimals } from '../../../lib/money.js';
import { wonOf, type TaxType } from './amounts.js';
import { gateFindings } from './gate-rules.js';
import { currentInvoicesOf } from './queries.js';
import { matchInvoiceLines, matchLines, matchSettlement } from './queries-match.js';

/** The label drafting gives the settlement's adjustment line (drafting.ts). */
const ADJUSTMENT_LABEL = '정산 조정';
/** The line a long invoice folds the rest into ("<first> 외 N건", amounts.ts). */
const FOLDED = / 외 \d+건$/;
/** The gate's findings about an invoice that are differences from the settlement (not its progress at the NTS). */
const INVOICE_DIFFERENCES = new Set(['TAX_TYPE_MISMATCH', 'TAX_VARIANCE', 'BUSINESS_NUMBER_MISMATCH']);

type Line = Awaited<ReturnType<typeof matchLines>>[number];
type InvoiceLine = Awaited<ReturnType<typeof matchInvoiceLines>>[number];
type Invoice = Awaited<ReturnType<typeof currentInvoicesOf>>[number];

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const same = (a: unknown, b: unknown) => a != null && b != null && compareDecimals(String(a), String(b)) === 0;
const whole = (v: unknown) => wonOf(String(v));

/** `total` shared over `weights` in proportion, the won left over to the largest remainders (Σ shares = total). */
function proportional(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const base = weights.map((w) => (total * w) / sum);
  const rest = weights.map((w, i) => total * w - base[i]! * sum);
  let left = total - base.reduce((a, b) => a + b, 0n);
  const order = weights.map((_, i) => i).sort((a, b) => (rest[b]! > rest[a]! ? 1 : rest[b]! < rest[a]! ? -1 : a - b));
  const step = left >= 0n ? 1n : -1n;
  for (let k = 0; left !== 0n; k = (k + 1) % order.length) {
    base[order[k]!]! += step;
    left -= step;
  }
  return base;
}

/** The invoice line a settlement line was drawn on: same item, specification, unit and (KRW) unit price. */
function invoiceLineFor(l: Line, lines: readonly InvoiceLine[]): InvoiceLine | undefined {
  return lines.find(
    (i) =>
      i.itemName === l.itemName &&
      (i.spec ?? '') === (l.spec ?? '') &&
      (i.unitCode === null || i.unitCode === l.unitCode) &&
      (l.currency === 'KRW' ? i.unitPrice !== null && same(i.unitPrice, l.unitPrice) : i.unitPrice === null),
  );
}

/** The tax type drafting puts the adjustment on: the lines' own, else the one with the largest supply. */
function adjustmentTypeOf(lines: readonly Line[]): TaxType {
  const byType = new Map<TaxType, bigint>();
  for (const l of lines) byType.set(l.taxType, (byType.get(l.taxType) ?? 0n) + whole(l.krwAmount));
  return [...byType.entries()].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))[0]?.[0] ?? 'TAXABLE';
}

/**
 * The lined-up rows, invoices and findings of one settlement. `supplier`: as its supplier sees it (the caller's
 * database is scoped to its company, so another company's settlement is not found; drafts are not shown).
 */
export async function taxMatch(db: Db, settleNo: string, supplier = false) {
  const s = await matchSettlement(db, settleNo);
  if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  const [lines, allInvoices] = await Promise.all([matchLines(db, settleNo), currentInvoicesOf(db, [settleNo])]);
  const invoices = allInvoices.filter((i) => i.revision === 0 && !(supplier && i.status === 'DRAFT'));
  const invLines = await matchInvoiceLines(
    db,
    invoices.map((i) => i.mgtKey),
  );
  const findings = gateFindings({
    settleNo,
    totalAmount: String(s.totalAmount),
    taxNo: s.taxNo ?? '',
    invoices,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      itemName: l.itemName,
      taxType: l.taxType,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
      receiptQuantity: l.receiptQuantity,
      receiptAmount: l.receiptAmount,
      poUnitPrice: l.poUnitPrice,
    })),
  });
  const taxProblem = new Set(findings.filter((f) => f.type === 'TAX_VARIANCE').map((f) => f.details?.mgtKey));
  const invoiceOfType = (t: string): Invoice | undefined => invoices.find((i) => i.taxType === t);

  // Which settlement lines each invoice line stands for (a folded line: those of its invoice no other line took).
  const claimed = new Map<string, Line[]>();
  const lineOf = new Map<number, InvoiceLine>();
  for (const l of lines) {
    const inv = invoiceOfType(l.taxType);
    if (!inv) continue;
    const own = invLines.filter((i) => i.mgtKey === inv.mgtKey);
    const il = invoiceLineFor(l, own) ?? own.find((i) => FOLDED.test(i.itemName) && i.sourceCount > 1);
    if (!il) continue;
    lineOf.set(l.lineNo, il);
    const k = `${il.mgtKey}/${il.lineNo}`;
    claimed.set(k, [...(claimed.get(k) ?? []), l]);
  }
  const share = new Map<number, { supply: bigint; tax: bigint; groupDiffers: boolean }>();
  for (const [k, group] of claimed) {
    const il = invLines.find((i) => `${i.mgtKey}/${i.lineNo}` === k)!;
    const weights = group.map((l) => whole(l.krwAmount));
    const supplies = proportional(whole(il.supplyAmount), weights);
    const taxes = proportional(whole(il.taxAmount), weights);
    const differs = whole(il.supplyAmount) !== weights.reduce((a, b) => a + b, 0n);
    group.forEach((l, i) => share.set(l.lineNo, { supply: supplies[i]!, tax: taxes[i]!, groupDiffers: differs }));
  }

  const rows = lines.map((l) => {
    const inv = invoiceOfType(l.taxType);
    const il = lineOf.get(l.lineNo);
    const sh = share.get(l.lineNo);
    const differences: string[] = [];
    if (l.poUnitPrice == null) differences.push('NO_ORDER');
    else if (!same(l.unitPrice, l.poUnitPrice)) differences.push('UNIT_PRICE');
    if (l.receiptQuantity == null) differences.push('NO_RECEIPT');
    else {
      if (!same(l.quantity, l.receiptQuantity)) differences.push('QUANTITY');
      if (!same(l.amount, l.receiptAmount)) differences.push('AMOUNT');
    }
    if (!inv) differences.push('NO_INVOICE');
    else if (!il) differences.push('NOT_ON_INVOICE');
    else {
      if (sh?.groupDiffers) differences.push('INVOICE_SUPPLY');
      if (taxProblem.has(inv.mgtKey)) differences.push('INVOICE_TAX');
    }
    return {
      key: `L${l.lineNo}`,
      lineNo: l.lineNo as number | null,
      poNo: l.poNo as string | null,
      poLineNo: l.poLineNo as number | null,
      whReqNo: l.whReqNo as string | null,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode as string | null,
      taxType: l.taxType as string | null,
      currency: l.currency as string | null,
      poQuantity: l.poQuantity == null ? null : qty(l.poQuantity),
      poUnitPrice: text(l.poUnitPrice),
      receivedQuantity: l.receiptQuantity == null ? null : qty(l.receiptQuantity),
      receivedAmount: text(l.receiptAmount),
      settledQuantity: qty(l.quantity) as string | null,
      settledUnitPrice: text(l.unitPrice),
      settledAmount: text(l.amount),
      settledKrwAmount: won(l.krwAmount) as string | null,
      mgtKey: inv?.mgtKey ?? null,
      invoiceLineNo: il?.lineNo ?? null,
      invoiceSupply: sh ? sh.supply.toString() : null,
      invoiceTax: sh ? sh.tax.toString() : null,
      differences,
      matched: differences.length === 0 ? 'Y' : 'N',
    };
  });

  // Invoice lines no settlement line stands behind: the adjustment (matching the settlement's, no difference) or not.
  const adjustment = whole(s.adjustmentAmount);
  const adjustmentType = adjustmentTypeOf(lines);
  for (const il of invLines) {
    if (claimed.has(`${il.mgtKey}/${il.lineNo}`)) continue;
    const inv = invoices.find((i) => i.mgtKey === il.mgtKey)!;
    const isAdjustment =
      il.itemName === ADJUSTMENT_LABEL && inv.taxType === adjustmentType && whole(il.supplyAmount) === adjustment;
    const differences = isAdjustment ? [] : ['NOT_SETTLED'];
    if (taxProblem.has(inv.mgtKey)) differences.push('INVOICE_TAX');
    rows.push({
      key: `I${il.mgtKey}/${il.lineNo}`,
      lineNo: null,
      poNo: null,
      poLineNo: null,
      whReqNo: null,
      itemName: il.itemName,
      spec: il.spec,
      unitCode: il.unitCode,
      taxType: inv.taxType,
      currency: null,
      poQuantity: null,
      poUnitPrice: null,
      receivedQuantity: null,
      receivedAmount: null,
      settledQuantity: null,
      settledUnitPrice: null,
      settledAmount: isAdjustment ? adjustment.toString() : null,
      settledKrwAmount: isAdjustment ? adjustment.toString() : null,
      mgtKey: il.mgtKey,
      invoiceLineNo: il.lineNo,
      invoiceSupply: won(il.supplyAmount),
      invoiceTax: won(il.taxAmount),
      differences,
      matched: differences.length === 0 ? 'Y' : 'N',
    });
  }

  // Each invoice against the settled supply of its tax type (the adjustment on the type drafting puts it on).
  const settledOf = (t: string) =>
    lines.filter((l) => l.taxType === t).reduce((a, l) => a + whole(l.krwAmount), 0n) +
    (t === adjustmentType ? adjustment : 0n);
  const invoiceRows = invoices.map((i) => {
    const settled = settledOf(i.taxType);
    const mine = findings
      .filter((f) => f.details?.mgtKey === i.mgtKey && INVOICE_DIFFERENCES.has(f.type))
      .map((f) => f.type);
    const differences = [...new Set([...(whole(i.supplyAmount) !== settled ? ['AMOUNT_VARIANCE'] : []), ...mine])];
    return {
      mgtKey: i.mgtKey,
      taxType: i.taxType,
      status: i.status,
      supplyAmount: won(i.supplyAmount),
      taxAmount: won(i.taxAmount),
      totalAmount: won(i.totalAmount),
      settledSupply: settled.toString(),
      supplierCorpNum: i.supplierCorpNum,
      ntsConfirmNum: i.ntsConfirmNum,
      differences,
      matched: differences.length === 0 ? 'Y' : 'N',
    };
  });

  // 수정세금계산서 (amendments.ts, or a supplier's own 02xx/04xx): each a row of its own, marked when the net supply of its
  // tax type — the original and every amendment of that type — no longer equals the settled supply.
  const amendments = (await currentInvoicesOf(db, [settleNo], true)).filter((i) => !(supplier && i.status === 'DRAFT'));
  const netOf = (t: string) =>
    [...invoices, ...amendments].filter((i) => i.taxType === t).reduce((a, i) => a + whole(i.supplyAmount), 0n);
  for (const a of amendments) {
    const settled = settledOf(a.taxType);
    const differences = netOf(a.taxType) !== settled ? ['AMOUNT_VARIANCE'] : [];
    invoiceRows.push({
      mgtKey: a.mgtKey,
      taxType: a.taxType,
      status: a.status,
      supplyAmount: won(a.supplyAmount),
      taxAmount: won(a.taxAmount),
      totalAmount: won(a.totalAmount),
      settledSupply: settled.toString(),
      supplierCorpNum: a.supplierCorpNum,
      ntsConfirmNum: a.ntsConfirmNum,
      differences,
      matched: differences.length === 0 ? 'Y' : 'N',
    });
  }

  const invoiceSupply = invoices.reduce((a, i) => a + whole(i.supplyAmount), 0n);
  const invoiceTax = invoices.reduce((a, i) => a + whole(i.taxAmount), 0n);
  const total = whole(s.totalAmount);
  return {
    settleNo: s.settleNo,
    compNo: s.compNo,
    compName: s.compName,
    taxNo: s.taxNo,
    period: s.period,
    settlementStatus: s.status,
    totalAmount: total.toString(),
    adjustmentAmount: adjustment.toString(),
    invoiceSupply: invoiceSupply.toString(),
    invoiceTax: invoiceTax.toString(),
    supplyDifference: (invoiceSupply - total).toString(),
    differingRows: rows.filter((r) => r.matched === 'N').length,
    matched:
      invoices.length > 0 && [...rows, ...invoiceRows].every((r) => r.matched === 'Y') ? 'Y' : ('N' as 'Y' | 'N'),
    rows,
    invoices: invoiceRows,
    findings: findings.map((f, n) => ({ key: n + 1, type: f.type, code: f.code, message: f.message })),
  };
}
