/**
 * Posting rules as pure functions (docs/fulfilment.md "ERP posting"): the voucher a
 * confirmed settlement becomes, and which voucher states may be sent.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import { msOf, type Instant } from '../../../domain/dates.js';
import { won } from '../../../domain/money.js';
import type { VoucherLine, VoucherPayload } from './connector.js';

export const VOUCHER_STATUSES = ['READY', 'SENT', 'POSTED', 'FAILED'] as const;

/**
 * A voucher may be sent when ready or failed, or when a send was interrupted (SENT for longer than the posting window).
 * `now` is the real time: the window is a lease on a send in flight, not a business date.
 */
export function maySend(
  v: { status: string; sentAt: Instant | null },
  now: Date,
  windowMs: number,
): 'yes' | 'posted' | 'in-progress' {
  if (v.status === 'POSTED') return 'posted';
  if (v.status === 'SENT' && v.sentAt && now.getTime() - msOf(v.sentAt) < windowMs) return 'in-progress';
  return 'yes';
}

export interface VoucherSource {
  voucherNo: string;
  settleNo: string;
  period: string;
  postingDate: string;
  vendor: { compNo: string; name: string; taxNo: string };
  /** KRW per expense type (Σ settlement line krwAmount). */
  goodsByExpenses: ReadonlyArray<{ expenses: string; name: string; amount: string }>;
  adjustmentAmount: string;
  totalAmount: string;
  /** Σ 세액 of the settlement's transmitted tax invoices (0 without one): the 부가세대급금 line. */
  vatAmount?: string;
}

const abs = (v: string) => (v.startsWith('-') ? v.slice(1) : v);

/**
 * The voucher of a settlement: a debit per expense type for the goods, the adjustments as a
 * debit (+) or credit (−), the invoices' VAT as 부가세대급금 (input VAT, a debit: 부가가치세법 §38
 * deducts it), and the payable to the supplier, supply + VAT, as the balancing credit (a debit when
 * negative). Amounts are whole won, Σ debit = Σ credit.
 */
export function buildVoucherPayload(s: VoucherSource): VoucherPayload {
  const lines: VoucherLine[] = [];
  const add = (
    kind: VoucherLine['kind'],
    signed: string,
    natural: 'DEBIT' | 'CREDIT',
    expenses: string | null,
    description: string,
  ) => {
    const cmp = compareDecimals(signed, '0');
    if (cmp === 0) return;
    const side = cmp > 0 ? natural : natural === 'DEBIT' ? 'CREDIT' : 'DEBIT';
    lines.push({ lineNo: lines.length + 1, side, kind, expenses, description, amount: won(abs(signed)) });
  };
  const ym = `${s.period.slice(0, 4)}-${s.period.slice(4)}`;
  for (const g of s.goodsByExpenses) add('GOODS', g.amount, 'DEBIT', g.expenses, `${ym} ${s.vendor.name} ${g.name}`);
  add('ADJUSTMENT', s.adjustmentAmount, 'DEBIT', null, `${ym} ${s.vendor.name} 정산 조정`);
  const vat = s.vatAmount ?? '0';
  add('VAT', vat, 'DEBIT', null, `${ym} ${s.vendor.name} 부가세대급금`);
  const payable = sumDecimals([s.totalAmount, vat]);
  add('PAYABLE', payable, 'CREDIT', null, `${ym} ${s.vendor.name} 외상매입금`);
  return {
    voucherNo: s.voucherNo,
    settleNo: s.settleNo,
    period: s.period,
    postingDate: s.postingDate,
    vendor: s.vendor,
    currency: 'KRW',
    amount: won(payable),
    lines,
  };
}

/** Σ debit − Σ credit; zero for every voucher buildVoucherPayload makes. */
export function imbalance(p: VoucherPayload): string {
  return won(sumDecimals(['0', ...p.lines.map((l) => (l.side === 'DEBIT' ? l.amount : `-${l.amount}`))]));
}

export interface CorrectionSource {
  voucherNo: string;
  /** The settlement's own (posted) voucher this one corrects. */
  correctsVoucherNo: string;
  settleNo: string;
  period: string;
  postingDate: string;
  vendor: { compNo: string; name: string; taxNo: string };
  /** What the amendment is, in words (수정세금계산서 사유). */
  reason: string;
  /** The amendment's documents, signed: a negative one reverses, a positive one posts again, a difference adjusts. */
  documents: ReadonlyArray<{ mgtKey: string; supply: string; tax: string }>;
}

/**
 * The correcting voucher of an amended invoice on a posted settlement: per document, its supply as an
 * adjustment, its VAT as 부가세대급금 and their sum against the payable — each on its natural side when positive
 * and the other side when negative, so a negative document reverses the original posting and a positive one
 * posts the replacement (시행령 §70①'s negative/positive pair), a difference adjusts by the difference. Balanced.
 */
export function buildCorrectionPayload(s: CorrectionSource): VoucherPayload & { correctsVoucherNo: string } {
  const lines: VoucherLine[] = [];
  const add = (kind: VoucherLine['kind'], signed: string, natural: 'DEBIT' | 'CREDIT', description: string) => {
    const cmp = compareDecimals(signed, '0');
    if (cmp === 0) return;
    const side = cmp > 0 ? natural : natural === 'DEBIT' ? 'CREDIT' : 'DEBIT';
    lines.push({ lineNo: lines.length + 1, side, kind, expenses: null, description, amount: won(abs(signed)) });
  };
  const ym = `${s.period.slice(0, 4)}-${s.period.slice(4)}`;
  for (const d of s.documents) {
    const what = `${ym} ${s.vendor.name} ${s.reason} ${d.mgtKey}`;
    add('ADJUSTMENT', d.supply, 'DEBIT', `${what} 공급가액`);
    add('VAT', d.tax, 'DEBIT', `${what} 부가세대급금`);
    add('PAYABLE', sumDecimals([d.supply, d.tax]), 'CREDIT', `${what} 외상매입금`);
  }
  const net = sumDecimals(['0', ...s.documents.flatMap((d) => [d.supply, d.tax])]);
  return {
    voucherNo: s.voucherNo,
    settleNo: s.settleNo,
    period: s.period,
    postingDate: s.postingDate,
    vendor: s.vendor,
    currency: 'KRW',
    amount: won(net),
    lines,
    correctsVoucherNo: s.correctsVoucherNo,
  };
}

export interface SubconChargeSource {
  voucherNo: string;
  settleNo: string;
  period: string;
  postingDate: string;
  vendor: { compNo: string; name: string; taxNo: string };
  paidOn: string;
  method: 'CASH' | 'BILL' | 'BILL_SUBSTITUTE';
  billMaturity: string | null;
  /** 지연이자 (하도급법 §13⑧), whole won. */
  lateInterest: string;
  /** 어음 할인료 (§13⑥) or 어음대체결제 수수료 (§13⑦), whole won. */
  billFee: string;
}

/**
 * The voucher of what a 하도급 payment owes beyond the settlement (docs/subcontracting.md "Posting the interest and
 * fee"): the 지연이자 as 이자비용 and the 어음 할인료 or 어음대체결제 수수료 as 지급수수료, debits, against 미지급금 to the
 * supplier, the balancing credit. No VAT line: interest and these fees pay for time, not for goods, so no tax
 * invoice is issued for them. Whole won, Σ debit = Σ credit.
 */
export function buildSubconChargePayload(s: SubconChargeSource): VoucherPayload {
  const lines: VoucherLine[] = [];
  const add = (kind: VoucherLine['kind'], side: 'DEBIT' | 'CREDIT', amount: string, description: string) => {
    if (compareDecimals(amount, '0') > 0)
      lines.push({ lineNo: lines.length + 1, side, kind, expenses: null, description, amount: won(amount) });
  };
  const ym = `${s.period.slice(0, 4)}-${s.period.slice(4)}`;
  const what = `${ym} ${s.vendor.name} 하도급대금 ${s.paidOn} 지급`;
  const feeName = s.method === 'BILL_SUBSTITUTE' ? '어음대체결제 수수료' : '어음 할인료';
  add('INTEREST', 'DEBIT', s.lateInterest, `${what} 지연이자(이자비용)`);
  add('BILL_FEE', 'DEBIT', s.billFee, `${what} ${feeName}(지급수수료)`);
  const total = sumDecimals([s.lateInterest, s.billFee]);
  add('OTHER_PAYABLE', 'CREDIT', total, `${what} 지연이자·수수료 미지급금`);
  return {
    voucherNo: s.voucherNo,
    settleNo: s.settleNo,
    period: s.period,
    postingDate: s.postingDate,
    vendor: s.vendor,
    currency: 'KRW',
    amount: won(total),
    lines,
    subconCharge: {
      paidOn: s.paidOn,
      method: s.method,
      billMaturity: s.billMaturity,
      lateInterest: won(s.lateInterest),
      billFee: won(s.billFee),
    },
  };
}
