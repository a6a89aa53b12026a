// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { amendmentAmountProblem, differenceProblem } from '../../../../server/modules/tax-invoices/amendment-amounts';

const original = { supply: 100_000n, tax: 10_000n, taxType: 'TAXABLE' as const };
const taxable = (supply: bigint, tax: bigint) => ({ supply, tax, taxType: 'TAXABLE' as const });

describe('a 수정세금계산서’s amounts by its §70① case (one rule for ours and the supplier’s)', () => {
  it('a cancellation (4, 6, the − of 1 and 5) is the original exactly, negated; anything else names both', () => {
    for (const code of [1, 4, 5, 6] as const)
      expect(amendmentAmountProblem(code, original, taxable(-100_000n, -10_000n))).toBeNull();
    const p = amendmentAmountProblem(4, original, taxable(-99_990n, -9_999n));
    expect(p).toContain('공급가액 -100,000원');
    expect(p).toContain('공급가액 -99,990원');
    expect(amendmentAmountProblem(6, original, taxable(-100_000n, -9_999n))).not.toBeNull();
  });

  it('1’s corrected copy: positive, its tax the rate’s within a won (절사, 반올림, 올림)', () => {
    expect(amendmentAmountProblem(1, original, taxable(123_455n, 12_345n))).toBeNull();
    expect(amendmentAmountProblem(1, original, taxable(123_455n, 12_346n))).toBeNull();
    expect(amendmentAmountProblem(1, original, taxable(123_455n, 0n))).toContain('세율');
    expect(amendmentAmountProblem(1, original, taxable(0n, 0n))).not.toBeNull();
  });

  it('5’s 영세율 copy: the original’s supply, tax 0', () => {
    expect(amendmentAmountProblem(5, original, { supply: 100_000n, tax: 0n, taxType: 'ZERO_RATED' })).toBeNull();
    expect(amendmentAmountProblem(5, original, { supply: 99_999n, tax: 0n, taxType: 'ZERO_RATED' })).toContain(
      '100,000원',
    );
  });

  it('a difference (2, 3): not zero, 환입 only down, never below the original, its tax the rate’s', () => {
    expect(amendmentAmountProblem(2, original, taxable(5_000n, 500n))).toBeNull();
    expect(amendmentAmountProblem(2, original, taxable(-5_000n, -500n))).toBeNull();
    expect(amendmentAmountProblem(3, original, taxable(-5_000n, -500n))).toBeNull();
    expect(amendmentAmountProblem(3, original, taxable(5_000n, 500n))).toContain('환입은 공급가액을 줄입니다');
    expect(amendmentAmountProblem(2, original, taxable(-100_001n, -10_000n))).toContain('당초 공급가액');
    expect(amendmentAmountProblem(2, original, taxable(-5_000n, 0n))).toContain('세율');
    expect(differenceProblem(2, 0n, 100_000n)).toContain('0 아님');
  });
});
