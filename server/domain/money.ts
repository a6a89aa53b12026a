/**
 * Money on the server (spec §5, docs/purchasing.md, docs/fulfilment.md "Arithmetic"), on exact
 * decimal strings computed with lib/money.ts, never floats:
 * - a line amount is quantity × unit price rounded once to the currency's decimals (KRW and JPY
 *   have none; half up, away from zero);
 * - a total is the exact sum of its lines;
 * - a JPY amount in KRW is amount × rate / 100 (the JPY_RATE common code is quoted per 100 yen),
 *   rounded to whole won — approval bands, the simple-order limit and settlements alike.
 */
import {
  CURRENCY_DECIMALS,
  compareDecimals,
  jpyToKrw,
  multiplyQtyPrice,
  roundDecimal,
  sumDecimals,
} from '../../lib/money.js';
import type { Db } from '../db/connect.js';
import { refused } from './errors.js';

export type Currency = 'KRW' | 'JPY';

export function lineAmount(quantity: string, unitPrice: string, currency: Currency): string {
  return multiplyQtyPrice(quantity, unitPrice, CURRENCY_DECIMALS[currency] ?? 0);
}

/** The exact sum; '0' for none. */
export function totalOf(amounts: readonly string[]): string {
  return amounts.length === 0 ? '0' : sumDecimals(amounts);
}

/** Whole won of an amount in either currency; JPY at `jpyRatePer100` KRW per 100 yen. */
export function toKrw(amount: string, currency: Currency, jpyRatePer100: string | null): string {
  if (currency === 'KRW') return roundDecimal(amount, 0);
  if (jpyRatePer100 === null) throw new Error('a JPY amount needs a rate');
  return jpyToKrw(amount, jpyRatePer100);
}

const decimalsOf = (v: string): number => v.split('.')[1]?.length ?? 0;
const absOf = (v: string): string => (v.startsWith('-') ? v.slice(1) : v);
const negated = (v: string): string => (v.startsWith('-') ? v.slice(1) : `-${v}`);

/**
 * Whether `to` lies more than `pct` percent away from `base`, either way, in exact decimals:
 * |to − base| × 100 > pct × base. Exactly `pct` percent is not more (7 % of 100 is 7, not
 * 7.000000000000001 as a float division says); from a base of zero any change is more.
 */
export function movesMoreThanPercent(base: string, to: string, pct: string): boolean {
  const delta = absOf(sumDecimals([to, negated(base)]));
  const moved = multiplyQtyPrice(delta, '100', decimalsOf(delta));
  const allowed = multiplyQtyPrice(pct, base, decimalsOf(pct) + decimalsOf(base));
  return compareDecimals(moved, allowed) > 0;
}

/** numeric(18,2) holds 16 digits before the point. */
export function fitsAmount(amount: string): boolean {
  return compareDecimals(amount, '9999999999999999.99') <= 0;
}

// Already in the printed form (PostgreSQL's text of a numeric(15,3) / numeric(18,2) column, what a
// list answers 100 times a page): nothing to round, and parsing it was ≈ 2 % of a list request's CPU.
// Not '-0.000'/'-0.00', which roundDecimal prints without its sign.
const QUANTITY_TEXT = /^-?(?:0|[1-9]\d*)\.\d{3}$/;
const AMOUNT_TEXT = /^-?(?:0|[1-9]\d*)\.\d{2}$/;

/** A quantity as numeric(15,3) prints it: '12.5' → '12.500'. */
export const qty = (v: string): string => (QUANTITY_TEXT.test(v) && v !== '-0.000' ? v : roundDecimal(v, 3));
/** A numeric(18,2) amount: '1500' → '1500.00'. */
export const amt = (v: string): string => (AMOUNT_TEXT.test(v) && v !== '-0.00' ? v : roundDecimal(v, 2));
/** Whole won: '1500.00' → '1500'. */
export const won = (v: string): string => roundDecimal(v, 0);
/** Thousands-grouped whole won for messages: 5000000 → 5,000,000. */
export const wonText = (amount: string): string => won(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A non-negative amount typed by a person (thousands commas allowed), at most 2 decimals; else null. */
export function parseAmount(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).replace(/,/g, '').trim();
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(s)) return null;
  return s;
}

async function systemConst(db: Db, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('code')
    .select('attr1')
    .where('groupId', '=', 'SYSTEM_CONST')
    .where('code', '=', code)
    .where('useYn', '=', 'Y')
    .executeTakeFirst();
  return row?.attr1?.trim() || null;
}

/** KRW per 100 yen from the JPY_RATE common code, or null when it is missing or not a positive number. */
export async function configuredJpyRate(db: Db): Promise<string | null> {
  const rate = await systemConst(db, 'JPY_RATE');
  return rate && /^\d+(\.\d+)?$/.test(rate) && compareDecimals(rate, '0') > 0 ? rate : null;
}

/** KRW per 100 yen from the JPY_RATE common code; a missing or broken rate refuses the action. */
export async function jpyRate(db: Db): Promise<string> {
  const rate = await configuredJpyRate(db);
  if (!rate)
    throw refused('JPY_RATE_MISSING', '엔화 환율(공통코드 SYSTEM_CONST / JPY_RATE)이 없거나 올바르지 않습니다');
  return rate;
}

/** The simple-order limit in KRW from SYSTEM_CONST / SIMPLE_ORDER_LIMIT. */
export async function simpleOrderLimit(db: Db): Promise<string> {
  const limit = await systemConst(db, 'SIMPLE_ORDER_LIMIT');
  if (!limit || !/^\d+(\.\d+)?$/.test(limit)) {
    throw refused(
      'SIMPLE_ORDER_LIMIT_MISSING',
      '소액발주 한도(공통코드 SYSTEM_CONST / SIMPLE_ORDER_LIMIT)가 없거나 올바르지 않습니다',
    );
  }
  return limit;
}
