/**
 * The lines and totals of the monthly combined tax invoices (월합계 세금계산서) drawn from one confirmed
 * settlement (docs/tax-invoices.md "Amounts"). Pure and exact: whole won as bigint, no floats.
 *
 * - The settlement's amounts are supply amounts (공급가액: unit prices are quoted without VAT); the
 *   invoices' supply totals add up to the settlement's KRW total exactly, adjustments included.
 * - One document per tax type: a 세금계산서 is either 일반 (10 %) or 영세율 (0 %), and 면세 goods are
 *   invoiced on a 계산서, a different document.
 * - Tax is computed once per document on its supply total (절사 by default: the amount the NTS
 *   checks is 공급가액 × 10 % with the won fraction dropped), then shared out over the lines by the
 *   largest remainder, so the lines' taxes add up to the header's exactly. Rounding per line and
 *   adding up would let the header drift from 10 % of its own supply by up to a won a line.
 * - Lines are grouped by item, specification, unit and unit price; beyond the provider's line limit
 *   the last line stands for the rest ("… 외 N건").
 */

export type TaxType = 'TAXABLE' | 'ZERO_RATED' | 'EXEMPT';
export type TaxRounding = 'FLOOR' | 'HALF_UP' | 'CEIL';

/** VAT rates by tax type, in percent. */
const TAX_RATE_PERCENT: Readonly<Record<TaxType, bigint>> = Object.freeze({
  TAXABLE: 10n,
  ZERO_RATED: 0n,
  EXEMPT: 0n,
});

/** Lines a provider takes on one invoice (Popbill's detailList and Barobill's both stop at 99). */
const DEFAULT_LINE_LIMIT = 99;

export interface SettlementLineInput {
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  /** The unit price in the line's currency. */
  unitPrice: string;
  currency: 'KRW' | 'JPY';
  /** The line's amount in whole won (the settlement's krwAmount). */
  krwAmount: string;
  /** YYYY-MM-DD of the receipt the line settles. */
  date: string;
}

interface InvoiceLine {
  /** MM-DD of the latest receipt in the group (the standard's 월일 of a line). */
  monthDay: string;
  itemName: string;
  spec: string | null;
  unitCode: string | null;
  /** Null when the group mixes units or a foreign unit price has no exact won price. */
  quantity: string | null;
  unitPrice: string | null;
  supply: bigint;
  tax: bigint;
  /** The settlement lines this invoice line stands for. */
  sourceCount: number;
}

export interface InvoiceDraft {
  taxType: TaxType;
  lines: InvoiceLine[];
  supply: bigint;
  tax: bigint;
  total: bigint;
}

export interface BuildOptions {
  /** Tax type of a settlement line (by item or supplier); TAXABLE when not given. */
  taxTypeOf?: (line: SettlementLineInput) => TaxType;
  rounding?: TaxRounding;
  lineLimit?: number;
  /** The settlement's adjustment in whole won (may be negative): a line of its own, on the document of `taxType` (과세 when not given). */
  adjustment?: { amount: string; label: string; date: string; taxType?: TaxType };
}

/** Whole won from a decimal string; refuses a fraction (KRW has none). */
export function wonOf(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not an amount: "${text}"`);
  if (m[3] && /[1-9]/.test(m[3])) throw new RangeError(`a won amount has no fraction: "${text}"`);
  const v = BigInt(m[2]!);
  return m[1] ? -v : v;
}

/** numerator / denominator rounded by `mode`, for any signs (denominator > 0). */
export function divideRounded(numerator: bigint, denominator: bigint, mode: TaxRounding): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const q = numerator / denominator; // toward zero
  const r = numerator % denominator;
  if (r === 0n) return q;
  const negative = numerator < 0n;
  switch (mode) {
    // 절사: the fraction dropped, toward zero (a credit's tax is the negative of the debit's).
    case 'FLOOR':
      return q;
    case 'CEIL':
      return negative ? q - 1n : q + 1n;
    case 'HALF_UP': {
      const twice = (negative ? -r : r) * 2n;
      if (twice >= denominator) return negative ? q - 1n : q + 1n;
      return q;
    }
  }
}

/** The tax of a supply amount at a percent rate. */
export function taxOf(supply: bigint, ratePercent: bigint, mode: TaxRounding): bigint {
  return divideRounded(supply * ratePercent, 100n, mode);
}

/**
 * Shares `total` over `weights` in proportion (largest remainder): each share is its exact
 * proportion rounded toward zero, and the won left over go one by one to the shares with the largest
 * fractions (ties: the earlier line), so the shares add up to `total` exactly.
 */
export function shareOut(total: bigint, weights: readonly bigint[], ratePercent: bigint): bigint[] {
  if (weights.length === 0) {
    if (total !== 0n) throw new RangeError('nothing to share a non-zero amount over');
    return [];
  }
  const exact = weights.map((w) => w * ratePercent);
  const base = exact.map((e) => e / 100n);
  const frac = exact.map((e) => e % 100n);
  let left = total - base.reduce((a, b) => a + b, 0n);
  const order = weights.map((_, i) => i);
  const shares = [...base];
  // Positive remainder: the largest fractions first; negative: the most negative first.
  const byFraction = (sign: bigint) =>
    [...order].sort((a, b) => (sign > 0n ? Number(frac[b]! - frac[a]!) : Number(frac[a]! - frac[b]!)) || a - b);
  while (left !== 0n) {
    const sign = left > 0n ? 1n : -1n;
    for (const i of byFraction(sign)) {
      if (left === 0n) break;
      shares[i]! += sign;
      left -= sign;
    }
  }
  return shares;
}

const monthDay = (date: string) => date.slice(5, 10);

interface Group {
  key: string;
  itemName: string;
  spec: string | null;
  unitCode: string | null;
  quantities: bigint[];
  quantityScale: number;
  unitPrice: string | null;
  supply: bigint;
  latest: string;
  count: number;
}

function groupKey(l: SettlementLineInput): string {
  return JSON.stringify([l.itemCode ?? '', l.itemName, l.spec ?? '', l.unitCode, l.currency, l.unitPrice]);
}

/** A quantity as an integer of thousandths (numeric(15,3)). */
function milli(quantity: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(quantity.trim());
  if (!m) throw new RangeError(`not a quantity: "${quantity}"`);
  const v = BigInt(m[2]!) * 1000n + BigInt((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -v : v;
}

function milliText(v: bigint): string {
  const negative = v < 0n;
  const a = negative ? -v : v;
  const whole = a / 1000n;
  const frac = (a % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return (negative ? '-' : '') + whole.toString() + (frac ? '.' + frac : '');
}

function toLines(groups: Group[]): Omit<InvoiceLine, 'tax'>[] {
  return groups.map((g) => ({
    monthDay: monthDay(g.latest),
    itemName: g.itemName,
    spec: g.spec,
    unitCode: g.unitCode,
    quantity: g.quantities.length > 0 ? milliText(g.quantities.reduce((a, b) => a + b, 0n)) : null,
    unitPrice: g.unitPrice,
    supply: g.supply,
    sourceCount: g.count,
  }));
}

/** Folds the groups beyond `limit - 1` into one line "<first name> 외 N건". */
function withinLimit(groups: Group[], limit: number): Group[] {
  if (groups.length <= limit) return groups;
  const kept = groups.slice(0, limit - 1);
  const rest = groups.slice(limit - 1);
  const restCount = rest.reduce((n, g) => n + g.count, 0);
  const latest = rest.reduce((d, g) => (g.latest > d ? g.latest : d), rest[0]!.latest);
  kept.push({
    key: 'rest',
    itemName: `${rest[0]!.itemName} 외 ${rest.length - 1}건`,
    spec: null,
    unitCode: null,
    quantities: [],
    quantityScale: 3,
    unitPrice: null,
    supply: rest.reduce((s, g) => s + g.supply, 0n),
    latest,
    count: restCount,
  });
  return kept;
}

/**
 * The invoices of one settlement: one per tax type present, lines grouped and within the limit,
 * the tax computed on each header and shared over its lines.
 */
export function buildInvoices(lines: readonly SettlementLineInput[], options: BuildOptions = {}): InvoiceDraft[] {
  const rounding = options.rounding ?? 'FLOOR';
  const limit = options.lineLimit ?? DEFAULT_LINE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`lineLimit must be a positive integer, got ${limit}`);
  const byType = new Map<TaxType, Map<string, Group>>();
  const put = (type: TaxType, key: string, make: () => Group, add: (g: Group) => void) => {
    let groups = byType.get(type);
    if (!groups) byType.set(type, (groups = new Map()));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = make()));
    add(g);
  };
  for (const l of lines) {
    const type = options.taxTypeOf?.(l) ?? 'TAXABLE';
    const supply = wonOf(l.krwAmount);
    put(
      type,
      groupKey(l),
      () => ({
        key: groupKey(l),
        itemName: l.itemName,
        spec: l.spec,
        unitCode: l.unitCode,
        quantities: [],
        quantityScale: 3,
        // A foreign price has no exact won unit price: the line shows quantity and supply only.
        unitPrice: l.currency === 'KRW' ? wonOf(l.unitPrice).toString() : null,
        supply: 0n,
        latest: l.date,
        count: 0,
      }),
      (g) => {
        g.quantities.push(milli(l.quantity));
        g.supply += supply;
        g.count += 1;
        if (l.date > g.latest) g.latest = l.date;
      },
    );
  }
  const adjustment = options.adjustment;
  if (adjustment && wonOf(adjustment.amount) !== 0n) {
    put(
      adjustment.taxType ?? 'TAXABLE',
      'adjustment',
      () => ({
        key: 'adjustment',
        itemName: adjustment.label,
        spec: null,
        unitCode: null,
        quantities: [],
        quantityScale: 3,
        unitPrice: null,
        supply: 0n,
        latest: adjustment.date,
        count: 0,
      }),
      (g) => {
        g.supply += wonOf(adjustment.amount);
      },
    );
  }
  const out: InvoiceDraft[] = [];
  for (const type of ['TAXABLE', 'ZERO_RATED', 'EXEMPT'] as const) {
    const groups = byType.get(type);
    if (!groups) continue;
    const rate = TAX_RATE_PERCENT[type];
    const drafts = toLines(withinLimit([...groups.values()], limit));
    const supply = drafts.reduce((s, l) => s + l.supply, 0n);
    const tax = taxOf(supply, rate, rounding);
    const taxes = shareOut(
      tax,
      drafts.map((l) => l.supply),
      rate,
    );
    out.push({
      taxType: type,
      lines: drafts.map((l, i) => ({ ...l, tax: taxes[i]! })),
      supply,
      tax,
      total: supply + tax,
    });
  }
  return out;
}
