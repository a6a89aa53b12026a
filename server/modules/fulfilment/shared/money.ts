/**
 * The money rules of receipts and settlements (docs/fulfilment.md "Arithmetic"), on exact
 * decimal strings from lib/money.ts:
 * - a line amount is quantity × unit price, rounded once to the currency's decimals
 *   (KRW and JPY have none; half up, away from zero) — the purchasing documents use the same;
 * - a settlement line's KRW amount is that amount for KRW, or for JPY the amount × rate / 100,
 *   rounded to whole won (spec §5: JPY amounts are divided by 100, then rounded);
 * - every total is the exact sum of its lines.
 */
import { CURRENCY_DECIMALS, jpyToKrw, multiplyQtyPrice, roundDecimal, sumDecimals } from '../../../../lib/money.js';

export type Currency = 'KRW' | 'JPY';

export function lineAmount(quantity: string, unitPrice: string, currency: Currency): string {
  return multiplyQtyPrice(quantity, unitPrice, CURRENCY_DECIMALS[currency] ?? 0);
}

/** Whole won of an amount; JPY at `jpyRatePer100` KRW per 100 yen. */
export function toKrw(amount: string, currency: Currency, jpyRatePer100: string | null): string {
  if (currency === 'KRW') return roundDecimal(amount, 0);
  if (jpyRatePer100 === null) throw new Error('a JPY amount needs a rate');
  return jpyToKrw(amount, jpyRatePer100);
}

export const sum = (values: readonly string[]): string => (values.length === 0 ? '0' : sumDecimals(values));

/** A quantity as numeric(15,3) prints it: '12.5' → '12.500'. */
export const qty = (v: string): string => roundDecimal(v, 3);
/** A numeric(18,2) amount: '1500' → '1500.00'. */
export const amt = (v: string): string => roundDecimal(v, 2);
/** Whole won: '1500.00' → '1500'. */
export const won = (v: string): string => roundDecimal(v, 0);
