/**
 * Exact money and quantity strings without floating point: quantities are kept as integer
 * tenths and prices as whole currency units, so quantity × price is an exact integer of tenths.
 */

/** 125 → '12.500' (numeric(15,3)). */
export function tenthsToQuantity(tenths: number): string {
  assertSafe(tenths);
  return `${Math.floor(tenths / 10)}.${tenths % 10}00`;
}

/** 125 → '12.50' (numeric(18,2)). */
export function tenthsToAmount(tenths: number): string {
  assertSafe(tenths);
  return `${Math.floor(tenths / 10)}.${tenths % 10}0`;
}

/** A whole price → '1234.00'. */
export function wholeToAmount(units: number): string {
  assertSafe(units);
  return `${units}.00`;
}

function assertSafe(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative safe integer: ${n}`);
}
