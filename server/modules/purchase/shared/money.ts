/**
 * Money rules of purchasing (spec §5, docs/purchasing.md): amounts are exact decimal strings
 * computed with lib/money.ts; a line amount is quantity × unit price rounded once to the
 * currency's decimals (KRW and JPY have none, half up); a document total is the sum of its
 * lines; amounts compared with KRW limits (approval bands, the simple-order limit) are
 * converted from JPY at the JPY_RATE common code, quoted per 100 yen, and rounded to whole won.
 */
import { CURRENCY_DECIMALS, compareDecimals, jpyToKrw, multiplyQtyPrice, roundDecimal, sumDecimals } from '../../../../lib/money.js';
import type { Db } from '../../../db/connect.js';
import { refused } from './errors.js';

export type Currency = 'KRW' | 'JPY';

export function lineAmount(quantity: string, unitPrice: string, currency: Currency): string {
  return multiplyQtyPrice(quantity, unitPrice, CURRENCY_DECIMALS[currency] ?? 0);
}

export function totalOf(amounts: readonly string[]): string {
  return amounts.length === 0 ? '0' : sumDecimals(amounts);
}

/** Whole won for an amount in either currency. */
export function toKrw(amount: string, currency: Currency, jpyRatePer100: string): string {
  return currency === 'JPY' ? jpyToKrw(amount, jpyRatePer100) : roundDecimal(amount, 0);
}

/** numeric(18,2) holds 16 digits before the point. */
export function fitsAmount(amount: string): boolean {
  return compareDecimals(amount, '9999999999999999.99') <= 0;
}

async function systemConst(db: Db, code: string): Promise<string | null> {
  const row = await db.selectFrom('code').select('attr1').where('groupId', '=', 'SYSTEM_CONST').where('code', '=', code).where('useYn', '=', 'Y').executeTakeFirst();
  return row?.attr1?.trim() || null;
}

/** KRW per 100 yen from the JPY_RATE common code; a missing or broken rate refuses the action. */
export async function jpyRate(db: Db): Promise<string> {
  const rate = await systemConst(db, 'JPY_RATE');
  if (!rate || !/^\d+(\.\d+)?$/.test(rate) || compareDecimals(rate, '0') <= 0) {
    throw refused('JPY_RATE_MISSING', '엔화 환율(공통코드 SYSTEM_CONST / JPY_RATE)이 없거나 올바르지 않습니다');
  }
  return rate;
}

/** The simple-order limit in KRW from SYSTEM_CONST / SIMPLE_ORDER_LIMIT. */
export async function simpleOrderLimit(db: Db): Promise<string> {
  const limit = await systemConst(db, 'SIMPLE_ORDER_LIMIT');
  if (!limit || !/^\d+(\.\d+)?$/.test(limit)) {
    throw refused('SIMPLE_ORDER_LIMIT_MISSING', '소액발주 한도(공통코드 SYSTEM_CONST / SIMPLE_ORDER_LIMIT)가 없거나 올바르지 않습니다');
  }
  return limit;
}

/** Thousands-grouped won for messages: 5000000 → 5,000,000. */
export const won = (amount: string): string => roundDecimal(amount, 0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
