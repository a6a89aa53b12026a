import { describe, expect, it } from 'vitest';
import {
  adjustedPrice,
  changeRatePct,
  clauseErrors,
  noLinkageErrors,
  triggerCrossed,
} from '../../../server/domain/linkage.js';

const clause = { material: '냉연강판', sharePct: '10', indexCode: 'STEEL', triggerPct: '5' };
const facts = { amountKrw: '100000000', periodDays: 90 };
const paths = (errs: { path: string }[]) => errs.map((e) => e.path);

describe('납품대금 연동 clause (상생협력법 §21)', () => {
  it('takes a share of exactly 10 % and refuses 9.99 % and above 100 %', () => {
    expect(clauseErrors(clause)).toEqual([]);
    expect(paths(clauseErrors({ ...clause, sharePct: '9.99' }))).toEqual(['linkage/sharePct']);
    expect(paths(clauseErrors({ ...clause, sharePct: '100.01' }))).toEqual(['linkage/sharePct']);
    expect(clauseErrors({ ...clause, sharePct: '9.99' })[0].message).toBe(
      '주요 원재료 비중은 10% 이상 100% 이하여야 합니다',
    );
  });

  it('takes a trigger above 0 up to 10 %, not 0 or 10.01 %', () => {
    expect(clauseErrors({ ...clause, triggerPct: '10' })).toEqual([]);
    expect(clauseErrors({ ...clause, triggerPct: '0.01' })).toEqual([]);
    expect(paths(clauseErrors({ ...clause, triggerPct: '0' }))).toEqual(['linkage/triggerPct']);
    expect(paths(clauseErrors({ ...clause, triggerPct: '10.01' }))).toEqual(['linkage/triggerPct']);
    expect(paths(clauseErrors({ ...clause, triggerPct: 'abc' }))).toEqual(['linkage/triggerPct']);
  });

  it('needs the material and the index', () => {
    expect(paths(clauseErrors({ ...clause, material: ' ', indexCode: '' }))).toEqual([
      'linkage/material',
      'linkage/indexCode',
    ]);
  });
});

describe('미연동 exceptions', () => {
  it('takes 소액 at exactly 1억 and refuses it a won above', () => {
    expect(noLinkageErrors({ exceptionType: 'SMALL_AMOUNT', reason: '소액' }, facts)).toEqual([]);
    expect(
      paths(noLinkageErrors({ exceptionType: 'SMALL_AMOUNT', reason: '소액' }, { ...facts, amountKrw: '100000001' })),
    ).toEqual(['linkage/exceptionType']);
  });

  it('takes 단기 at 90 days and refuses it at 91', () => {
    expect(noLinkageErrors({ exceptionType: 'SHORT_TERM', reason: '단기' }, facts)).toEqual([]);
    expect(
      paths(noLinkageErrors({ exceptionType: 'SHORT_TERM', reason: '단기' }, { ...facts, periodDays: 91 })),
    ).toEqual(['linkage/exceptionType']);
  });

  it('needs a known type and a reason', () => {
    expect(paths(noLinkageErrors({ exceptionType: 'WHATEVER', reason: '' }, facts))).toEqual([
      'linkage/exceptionType',
      'linkage/reason',
    ]);
    expect(noLinkageErrors({ exceptionType: 'AGREED_NONE', reason: '양측 합의' }, facts)).toEqual([]);
  });
});

describe('change rate, trigger and adjusted price', () => {
  it('is crossed exactly at t and not just under, either way', () => {
    expect(triggerCrossed('100', '105', '5')).toBe(true);
    expect(triggerCrossed('100', '95', '5')).toBe(true);
    expect(triggerCrossed('100', '104.99', '5')).toBe(false);
    expect(triggerCrossed('100', '95.01', '5')).toBe(false);
    // 3 % of 1234.5 is 37.035: exact, where a float division is not
    expect(triggerCrossed('1234.5', '1271.535', '3')).toBe(true);
    expect(triggerCrossed('1234.5', '1271.534', '3')).toBe(false);
  });

  it('shows the change rate rounded half up', () => {
    expect(changeRatePct('100', '105')).toBe('5.00');
    expect(changeRatePct('300', '299')).toBe('-0.33');
    expect(changeRatePct('3', '2')).toBe('-33.33');
    expect(() => changeRatePct('0', '1')).toThrow(RangeError);
  });

  it('adjusts the price by share × change, half up to the won', () => {
    // 10,000 × (1 + 0.3 × 0.1) = 10,300
    expect(adjustedPrice('10000', '30', '100', '110')).toBe('10300');
    // 10,000 × (1 − 0.3 × 0.1) = 9,700
    expect(adjustedPrice('10000', '30', '100', '90')).toBe('9700');
    // 1,001 × (1 + 0.1 × 0.05) = 1,006.005 → 1,006
    expect(adjustedPrice('1001', '10', '100', '105')).toBe('1006');
    // 1,100 × (1 + 0.1 × 0.05) = 1,105.5 → 1,106 (half up)
    expect(adjustedPrice('1100', '10', '100', '105')).toBe('1106');
    // 1,099 × 1.005 = 1,104.495 → 1,104
    expect(adjustedPrice('1099', '10', '100', '105')).toBe('1104');
  });
});
