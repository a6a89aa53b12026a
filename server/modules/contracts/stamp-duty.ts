/**
 * Stamp duty (인지세) on a contract document, by the law (docs/contracts.md "Legal reading"):
 *
 * - **Which documents.** 인지세법 §3①1 taxes the 도급 documents the enforcement decree names (those
 *   under named statutes: 건설공사, 전기·정보통신·소방공사, 엔지니어링, 소프트웨어사업 and the like), not
 *   every contract called 도급. A sale of goods (매매, 공급) is no taxable document; a made-to-order
 *   supply of fungible goods is a sale too (대법원 2006. 10. 13. 선고 2004다21862), so it is made with a
 *   SUPPLY template. Taxability is configured per document kind (`CONTRACT_STAMP_TAXABLE`), each
 *   kind's statute noted below; the default is the narrow reading — only CONSTRUCT.
 * - **How much.** By the bracket of the amount written, VAT included (인지세법 §3①1):
 *   ≤ 10,000,000 → 0; > 10 M ≤ 30 M → 20,000; > 30 M ≤ 50 M → 40,000; > 50 M ≤ 100 M → 70,000;
 *   > 100 M ≤ 1 B → 150,000; > 1 B → 350,000.
 * - **A 변경계약.** 인지세법 시행령 §12: when the amount is increased, the duty is the duty on the
 *   amount before plus the increase, less the duty paid on the amount before; a decrease counts as no
 *   change (nothing is due, nothing refunded). NTS 서면-2022-소비-5001 (2022-12-22): only duty actually
 *   paid is deducted. An amendment that does not raise the amount pays nothing.
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

/** Each document kind, the statute that decides whether it is a taxable document, and the narrow reading's answer. */
export const STAMP_DOCUMENT_KINDS: Readonly<Record<ContractType, { taxableByDefault: boolean; statute: string }>> = {
  CONSTRUCT: {
    taxableByDefault: true,
    statute:
      '인지세법 §3①1, 시행령의 도급 문서 (건설산업기본법·전기공사업법·정보통신공사업법·소방시설공사업법 등 법률에 따른 도급)',
  },
  SERVICE: {
    taxableByDefault: false,
    statute:
      '인지세법 §3①1: 용역은 시행령이 정한 법률(엔지니어링산업 진흥법, 소프트웨어 진흥법 등)에 따른 도급일 때만 과세',
  },
  SUPPLY: {
    taxableByDefault: false,
    statute: '매매(물품 공급)는 인지세법 §3①의 과세문서가 아님; 대체물 제작물공급은 매매(대법원 2004다21862)',
  },
  UNIT_PRICE: {
    taxableByDefault: false,
    statute: '단가계약은 물품 매매의 단가 약정으로 인지세법 §3①의 과세문서가 아님',
  },
};

/** The narrow reading: the kinds taxable by default. */
export const DEFAULT_TAXABLE_KINDS: readonly ContractType[] = CONTRACT_TYPES.filter(
  (k) => STAMP_DOCUMENT_KINDS[k].taxableByDefault,
);

/** Upper bound (inclusive, won) → duty; the last bracket has no upper bound (인지세법 §3①1). */
const BRACKETS: ReadonlyArray<readonly [upTo: bigint | null, duty: bigint]> = [
  [10_000_000n, 0n],
  [30_000_000n, 20_000n],
  [50_000_000n, 40_000n],
  [100_000_000n, 70_000n],
  [1_000_000_000n, 150_000n],
  [null, 350_000n],
];

export interface StampDutyPolicy {
  /** The document kinds that are taxable documents (CONTRACT_STAMP_TAXABLE). */
  taxableKinds: readonly ContractType[];
}

const DEFAULT_STAMP_POLICY: StampDutyPolicy = { taxableKinds: DEFAULT_TAXABLE_KINDS };

function isTaxable(type: ContractType, policy: StampDutyPolicy = DEFAULT_STAMP_POLICY): boolean {
  return policy.taxableKinds.includes(type);
}

function wholeWon(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount: ${amount}`);
  // A fraction of a won is not a bracket's business: 10,000,000.5 is above ten million.
  return BigInt(m[1]) + (m[2] && /[1-9]/.test(m[2]) ? 1n : 0n);
}

function bracketDuty(amount: bigint): bigint {
  for (const [upTo, duty] of BRACKETS) if (upTo === null || amount <= upTo) return duty;
  throw new Error('unreachable');
}

/** What a 변경계약 changes: the amount of the contract it amends and the duty paid on it (and its earlier amendments). */
export interface AmendedAmount {
  beforeTotal: string;
  paidBefore: string;
}

/**
 * The duty on one document of this kind and amount (VAT included), in won as a decimal string; for
 * a 변경계약 (`amends`), the duty on the increase by 시행령 §12 — 0 for a decrease or the same amount.
 */
export function stampDuty(
  type: ContractType,
  totalInclVat: string,
  policy: StampDutyPolicy = DEFAULT_STAMP_POLICY,
  amends: AmendedAmount | null = null,
): string {
  if (!isTaxable(type, policy)) return '0';
  const amount = wholeWon(totalInclVat);
  if (!amends) return bracketDuty(amount).toString();
  const before = wholeWon(amends.beforeTotal);
  // A decrease is "no change of the amount written" (시행령 §12 단서): nothing due, nothing refunded.
  if (amount <= before) return '0';
  const due = bracketDuty(amount) - BigInt(amends.paidBefore);
  return (due > 0n ? due : 0n).toString();
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

/* ------------------------------ 전자수입인지 numbers ------------------------------ */

/**
 * An electronic revenue stamp's number (전자수입인지 고유식별번호) as a party types it, normalised:
 * separators (spaces, hyphens) dropped, letters upper-cased. The issuing system
 * (www.e-revenuestamp.or.kr) prints the number on the stamp but publishes no format we could cite,
 * so the check is a conservative shape that any printed number meets and a name, a note or a
 * receipt text does not: 10 to 30 digits and Latin letters, at least 10 of them digits. Whether the
 * stamp exists and was used once is checked on the issuing system (docs/contracts.md).
 */
export function normaliseStampNo(raw: string): string | null {
  const compact = raw
    .trim()
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  if (!/^[0-9A-Z]{10,30}$/.test(compact)) return null;
  if ((compact.match(/[0-9]/g) ?? []).length < 10) return null;
  return compact;
}

/* ------------------------------ VAT ------------------------------ */

export type TaxType = 'TAXABLE' | 'ZERO_RATED' | 'EXEMPT';

export const TAX_TYPE_LABELS: Readonly<Record<TaxType, string>> = {
  TAXABLE: '과세(10%)',
  ZERO_RATED: '영세율',
  EXEMPT: '면세',
};

/**
 * The tax type a contract was made with, read back from the label frozen in its variables
 * (`contract.taxTypeName`); a contract made before the label was frozen was checked as TAXABLE.
 */
export function taxTypeOf(variables: unknown): TaxType {
  const label = (variables as Record<string, unknown> | null)?.['contract.taxTypeName'];
  const found = (Object.keys(TAX_TYPE_LABELS) as TaxType[]).find((k) => TAX_TYPE_LABELS[k] === label);
  return found ?? 'TAXABLE';
}

/**
 * How far a taxable contract's VAT may be from a tenth of its supply amount: an order's VAT is the
 * sum of its lines' VAT, each rounded to the won, so the total may differ from a tenth of the total
 * by a won per line; a thousand won allows orders of a thousand lines and refuses any other amount.
 */
const VAT_TOLERANCE_WON = 1_000n;

/**
 * The VAT is refused unless it fits the supply and the tax type (부가가치세법 §30: 10 %; 영세율 §21–24
 * and 면세 §26: none): a message for the field, or null.
 */
export function vatProblem(supply: string, vat: string, taxType: TaxType): string | null {
  const s = BigInt(supply);
  const v = BigInt(vat);
  if (taxType !== 'TAXABLE')
    return v === 0n ? null : `${TAX_TYPE_LABELS[taxType]} 계약의 부가가치세는 0원이어야 합니다`;
  const expected = (s + 5n) / 10n;
  const diff = v > expected ? v - expected : expected - v;
  if (diff <= VAT_TOLERANCE_WON) return null;
  return `부가가치세는 공급가액의 10%(${expected.toLocaleString('ko-KR')}원)여야 합니다 (입력 ${v.toLocaleString('ko-KR')}원)`;
}
