import { describe, expect, it } from 'vitest';
import {
  deemedPassed,
  lineClock,
  plusDays,
  plusYears,
  retainedUntil,
  subconKindOf,
  type SubconRule,
} from '../../../server/domain/subcontracting.js';

const order = { paymentTermDays: null, ownerPaidDate: null };

describe('하도급 clocks (docs/subcontracting.md)', () => {
  it('inspection: the receipt day is day 0; open on days 9 and 10, passed by law (합격 간주) from day 11', () => {
    const at = (d: number) => lineClock('2026-03-25', plusDays('2026-03-25', d), order, null);
    expect(at(9)).toMatchObject({ inspectionDue: '2026-04-04', inspectionState: 'OPEN' });
    expect(at(10).inspectionState).toBe('OPEN');
    expect(at(11).inspectionState).toBe('DEEMED_PASS');
    expect(deemedPassed('2026-03-25', '2026-04-04', null)).toBe(false);
    expect(deemedPassed('2026-03-25', '2026-04-05', null)).toBe(true);
    // A written result stops the clock, whatever the day.
    expect(lineClock('2026-03-25', '2026-05-01', order, 'FAIL').inspectionState).toBe('FAIL');
    expect(deemedPassed('2026-03-25', '2026-05-01', 'PASS')).toBe(false);
  });

  it('payment: 60 days across month ends, a shorter agreed term, 발주자 지급 + 15 days, the shortest wins', () => {
    // 2026-12-20 + 60 days crosses two month ends and a year: 2027-02-18.
    expect(lineClock('2026-12-20', '2026-12-20', order, null).paymentDue).toBe('2027-02-18');
    // January 31 + 30 days in a common year: March 2 (February has 28 days).
    expect(lineClock('2027-01-31', '2027-01-31', { ...order, paymentTermDays: 30 }, null).paymentDue).toBe(
      '2027-03-02',
    );
    // A longer agreed term falls back to 60 days.
    expect(lineClock('2026-01-10', '2026-01-10', { ...order, paymentTermDays: 90 }, null).paymentDue).toBe(
      '2026-03-11',
    );
    // Paid by the 발주자 on 2026-02-01: due 2026-02-16, before the 60th day (2026-03-11).
    expect(
      lineClock('2026-01-10', '2026-01-10', { paymentTermDays: 90, ownerPaidDate: '2026-02-01' }, null).paymentDue,
    ).toBe('2026-02-16');
  });

  it('retention: three years to the anniversary (민법 §157, §160); 29 February ends on 28 February', () => {
    expect(retainedUntil('2026-11-28')).toBe('2029-11-28');
    expect(plusYears('2028-02-29', 3)).toBe('2031-02-28');
    expect(plusYears('2028-02-29', 4)).toBe('2032-02-29');
  });

  it('the most specific rule decides: supplier, then the first line’s sourcing group, then the order type; NONE exempts', () => {
    const rules: SubconRule[] = [
      { matchKind: 'PO_TYPE', matchValue: 'PO', subconKind: 'MANUFACTURE' },
      { matchKind: 'SG_CODE', matchValue: 'SG2', subconKind: 'REPAIR' },
      { matchKind: 'SG_CODE', matchValue: 'SG3', subconKind: 'SERVICE' },
      { matchKind: 'COMP_NO', matchValue: 'C9', subconKind: 'NONE' },
    ];
    expect(subconKindOf(rules, { poType: 'PO', compNo: 'C1', sgCodes: [null] })).toBe('MANUFACTURE');
    expect(subconKindOf(rules, { poType: 'PO', compNo: 'C1', sgCodes: ['SG1', 'SG3', 'SG2'] })).toBe('SERVICE');
    expect(subconKindOf(rules, { poType: 'PO', compNo: 'C9', sgCodes: ['SG2'] })).toBeNull();
    expect(subconKindOf(rules, { poType: 'SIMPLE', compNo: 'C1', sgCodes: [] })).toBeNull();
  });
});
