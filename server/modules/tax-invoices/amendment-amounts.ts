/**
 * What a 수정세금계산서's amounts must be by its case (시행령 §70①; amendment-cases.ts), one rule for the documents we
 * draft (amendments.ts) and for those a supplier issues itself and sends us (forward-intake.ts):
 * - a cancellation (− the original: 1's and 5's first document, 4, 6) is the original exactly, negated;
 * - 1's corrected copy is a positive document whose tax fits its type's rate;
 * - 5's replacement is the original's supply as 영세율, tax 0;
 * - a difference (2, 3) is not zero, 환입 only a decrease, no decrease beyond the original's supply, its tax the rate's.
 */
import { josa } from '../../../lib/josa.js';
import type { TaxType } from './amounts.js';
import { AMEND_CASES, type AmendCode } from './amendment-cases.js';
import { taxFitsRate, won } from './gate-rules.js';

/** Why a change of supply (cases 2, 3; negative: a decrease) cannot stand, or null. */
export function differenceProblem(code: AmendCode, delta: bigint, originalSupply: bigint): string | null {
  if (delta === 0n) return '공급가액 증감액(원, 0 아님)을 입력하세요';
  if (code === 3 && delta > 0n) return '환입은 공급가액을 줄입니다: 음수로 입력하세요';
  if (-delta > originalSupply) return `감액(${-delta}원)이 당초 공급가액(${originalSupply}원)보다 큽니다`;
  return null;
}

interface Amounts {
  supply: bigint;
  tax: bigint;
  taxType: TaxType;
}

/** Why a document's amounts do not fit its case against the original, or null (the refusal names both). */
export function amendmentAmountProblem(code: AmendCode, original: Amounts, doc: Amounts): string | null {
  const c = AMEND_CASES[code];
  const cancels = () =>
    doc.supply === -original.supply && doc.tax === -original.tax
      ? null
      : `${c.label}의 취소분은 당초분 전액의 음수(공급가액 ${won(-original.supply)}, 세액 ${won(-original.tax)})여야 합니다: 공급가액 ${won(doc.supply)}, 세액 ${won(doc.tax)}`;
  const rateFits = () =>
    taxFitsRate(doc.supply, doc.tax, doc.taxType)
      ? null
      : `세액 ${josa(won(doc.tax), '이/가')} 공급가액 ${won(doc.supply)}의 세율에 맞지 않습니다 (${doc.taxType === 'TAXABLE' ? '10 %' : '0'})`;
  switch (c.documents) {
    case 'NEGATIVE':
      return cancels();
    case 'NEGATIVE_AND_POSITIVE':
      if (doc.supply < 0n) return cancels();
      if (doc.supply === 0n) return `${c.label}의 수정분은 공급가액이 있어야 합니다`;
      return rateFits();
    case 'NEGATIVE_AND_ZERO_RATED':
      if (doc.taxType === 'TAXABLE') return cancels();
      return doc.supply === original.supply && doc.tax === 0n
        ? null
        : `${c.label}의 영세율분은 당초 공급가액 ${won(original.supply)}, 세액 0원이어야 합니다: 공급가액 ${won(doc.supply)}, 세액 ${won(doc.tax)}`;
    case 'DIFFERENCE':
      return differenceProblem(code, doc.supply, original.supply) ?? rateFits();
  }
}
