/**
 * Stamp duty (인지세) on a contract document. Goods supply (공급/매매) and unit-price (단가)
 * contracts are sales and carry none; a 도급 or 제작 contract — and a 용역 contract, which is
 * taxed as a 도급 document when it agrees a piece of work to be completed (configurable) — pays
 * by the bracket of the amount written in it, VAT included (인지세법 §3①, the brackets of the
 * property-transfer documents that the 도급 documents share; docs/contracts.md):
 *
 *   ≤ 10,000,000 → 0; > 10 M ≤ 30 M → 20,000; > 30 M ≤ 50 M → 40,000; > 50 M ≤ 100 M → 70,000;
 *   > 100 M ≤ 1 B → 150,000; > 1 B → 350,000.
 *
 * Amounts are whole won in decimal strings (BigInt arithmetic, no float).
 */

export const CONTRACT_TYPES = ['SUPPLY', 'CONSTRUCT', 'SERVICE', 'UNIT_PRICE'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const CONTRACT_TYPE_LABELS: Readonly<Record<ContractType, string>> = {
  SUPPLY: '공급(매매)계약',
  CONSTRUCT: '도급(제작)계약',
  SERVICE: '용역계약',
  UNIT_PRICE: '단가계약',
};

/** Upper bound (inclusive, won) → duty; the last bracket has no upper bound. */
const BRACKETS: ReadonlyArray<readonly [upTo: bigint | null, duty: bigint]> = [
  [10_000_000n, 0n],
  [30_000_000n, 20_000n],
  [50_000_000n, 40_000n],
  [100_000_000n, 70_000n],
  [1_000_000_000n, 150_000n],
  [null, 350_000n],
];

export interface StampDutyPolicy {
  /** Whether a 용역 contract is taxed as a 도급 document. */
  serviceTaxable: boolean;
}

export const DEFAULT_STAMP_POLICY: StampDutyPolicy = { serviceTaxable: true };

export function isTaxable(type: ContractType, policy: StampDutyPolicy = DEFAULT_STAMP_POLICY): boolean {
  if (type === 'CONSTRUCT') return true;
  if (type === 'SERVICE') return policy.serviceTaxable;
  return false;
}

function wholeWon(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount: ${amount}`);
  // A fraction of a won is not a bracket's business: 10,000,000.5 is above ten million.
  return BigInt(m[1]) + (m[2] && /[1-9]/.test(m[2]) ? 1n : 0n);
}

/** The duty on one document of this type and amount (VAT included), in won as a decimal string. */
export function stampDuty(
  type: ContractType,
  totalInclVat: string,
  policy: StampDutyPolicy = DEFAULT_STAMP_POLICY,
): string {
  if (!isTaxable(type, policy)) return '0';
  const amount = wholeWon(totalInclVat);
  for (const [upTo, duty] of BRACKETS) if (upTo === null || amount <= upTo) return duty.toString();
  throw new Error('unreachable');
}

/**
 * The duty split between the parties: the buyer's percentage (0–100), the supplier bearing the
 * rest; the buyer's share is rounded down to a hundred won, so the two always add up.
 */
export function splitDuty(duty: string, buyerPct: number): { buyer: string; supplier: string } {
  if (!Number.isInteger(buyerPct) || buyerPct < 0 || buyerPct > 100) throw new Error(`bad share ${buyerPct}`);
  const total = BigInt(duty);
  const buyer = ((total * BigInt(buyerPct)) / 100n / 100n) * 100n;
  return { buyer: buyer.toString(), supplier: (total - buyer).toString() };
}
