/**
 * Simple order (소액발주): a PO without a PR whose amount, in KRW (JPY converted at JPY_RATE per
 * 100 yen and rounded), stays strictly below SYSTEM_CONST / SIMPLE_ORDER_LIMIT. Its lifecycle is
 * the PO's (po/workflow.ts); its approval rule is the SIMPLE document type's.
 */
import { compareDecimals } from '../../../../lib/money.js';

export function isBelowLimit(amountKrw: string, limitKrw: string): boolean {
  return compareDecimals(amountKrw, limitKrw) < 0;
}
