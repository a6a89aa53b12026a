/**
 * The Subcontracting Act's money after day 60 as pure rules (docs/subcontracting.md "Payment, interest and
 * fees"): 지연이자 on a payment made after day 60 of receipt (§13⑧), and the 할인료 / 수수료 on an 어음 or an
 * 어음대체결제수단 maturing after day 60 (§13⑥⑦), at the FTC's rates in force day by day. Dates are
 * 'YYYY-MM-DD'; amounts whole won as decimal strings; arithmetic exact (BigInt), rounded once, down (원 미만 절사).
 */
import { plusDays } from './subcontracting.js';

/** §13①: the statutory payment day — interest and fees run from the day after it. */
const STATUTORY_DAYS = 60;

export type RateKind = 'LATE_INTEREST' | 'BILL_DISCOUNT' | 'BILL_SUBSTITUTE';
export type PaymentMethod = 'CASH' | 'BILL' | 'BILL_SUBSTITUTE';

/** A rate in % a year, in force from `effectiveFrom` until the next row of its kind. */
export interface DatedRate {
  rateKind: RateKind;
  effectiveFrom: string;
  ratePct: string;
}

const DAY_MS = 86_400_000;
/** Calendar days from `a` to `b` (b − a); month ends and holidays count like any day. */
export const daysFrom = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** A percentage with up to three decimals as thousandths of a percent (15.5 → 15500n). */
function milliPct(pct: string): bigint {
  const [int, frac = ''] = pct.split('.');
  return BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3));
}

/**
 * Σ over the days after `from` up to and including `to` of the rate in force that day, in thousandths of a
 * percent × days. A day with no rate in force (before the first row) carries none.
 */
function rateDays(rates: readonly DatedRate[], kind: RateKind, from: string, to: string): bigint {
  const rows = rates.filter((r) => r.rateKind === kind).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  let total = 0n;
  rows.forEach((r, i) => {
    const next = rows[i + 1]?.effectiveFrom;
    // The days of (from, to] on which this row is in force: [effectiveFrom, next).
    const start = r.effectiveFrom > plusDays(from, 1) ? r.effectiveFrom : plusDays(from, 1);
    const end = next && plusDays(next, -1) < to ? plusDays(next, -1) : to;
    const days = daysFrom(start, end) + 1;
    if (days > 0) total += milliPct(r.ratePct) * BigInt(days);
  });
  return total;
}

/** The rate of a kind in force on a day (null before the first row). */
export function rateOn(rates: readonly DatedRate[], kind: RateKind, day: string): string | null {
  const inForce = rates.filter((r) => r.rateKind === kind && r.effectiveFrom <= day);
  return inForce.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0]?.ratePct ?? null;
}

interface PaidLine {
  receivedOn: string;
  /** KRW, whole won. */
  amount: string;
}

interface Payment {
  paidOn: string;
  method: PaymentMethod;
  /** A bill's maturity or an 어음대체결제수단's 상환기일; null for cash. */
  maturity: string | null;
}

interface Charges {
  /** The most days any line was paid after its day 60 (0: in time). */
  daysLate: number;
  lateInterest: string;
  /** The most days any line's bill matures after its day 60, or after the payment when that is later. */
  feeDays: number;
  billFee: string;
}

/** rate‰·days summed, × amount ÷ (365 days × 100 % × 1000), 원 미만 절사. */
const toWon = (sum: bigint): string => (sum / (365n * 100n * 1000n)).toString();

/**
 * Interest and fee of a payment, line by line (each line's day 60 is its own receipt's): 지연이자 for the days
 * after day 60 up to the payment day (§13⑧); for an 어음 or 어음대체결제수단, the fee for the days after day 60 —
 * or after the payment, when it came later and interest already covers the days before — up to maturity at the
 * 어음할인율 (§13⑥) or the 수수료율 (§13⑦). The year is 365 days, leap years too.
 */
export function subconCharges(lines: readonly PaidLine[], payment: Payment, rates: readonly DatedRate[]): Charges {
  let interest = 0n;
  let fee = 0n;
  let daysLate = 0;
  let feeDays = 0;
  const feeKind: RateKind = payment.method === 'BILL' ? 'BILL_DISCOUNT' : 'BILL_SUBSTITUTE';
  for (const l of lines) {
    const day60 = plusDays(l.receivedOn, STATUTORY_DAYS);
    const amount = BigInt(l.amount);
    if (payment.paidOn > day60) {
      daysLate = Math.max(daysLate, daysFrom(day60, payment.paidOn));
      interest += amount * rateDays(rates, 'LATE_INTEREST', day60, payment.paidOn);
    }
    if (payment.method !== 'CASH' && payment.maturity) {
      const from = payment.paidOn > day60 ? payment.paidOn : day60;
      if (payment.maturity > from) {
        feeDays = Math.max(feeDays, daysFrom(from, payment.maturity));
        fee += amount * rateDays(rates, feeKind, from, payment.maturity);
      }
    }
  }
  return { daysLate, lateInterest: toWon(interest), feeDays, billFee: toWon(fee) };
}
