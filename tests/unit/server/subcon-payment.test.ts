import { describe, expect, it } from 'vitest';
import { daysFrom, rateOn, subconCharges, type DatedRate } from '../../../server/domain/subcon-payment.js';

const RATES: DatedRate[] = [
  { rateKind: 'LATE_INTEREST', effectiveFrom: '2015-07-01', ratePct: '15.5' },
  { rateKind: 'BILL_DISCOUNT', effectiveFrom: '2002-06-10', ratePct: '7.5' },
  { rateKind: 'BILL_SUBSTITUTE', effectiveFrom: '2008-01-01', ratePct: '7' },
];
const line = { receivedOn: '2026-01-30', amount: '10000000' };

describe('하도급 interest and fees (§13⑥⑦⑧)', () => {
  it('counts calendar days across a month end', () => {
    expect(daysFrom('2026-01-30', '2026-03-31')).toBe(60);
    expect(daysFrom('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('charges nothing on day 59 or 60, one day of 15.5 % on day 61, to the won rounded down', () => {
    const pay = (paidOn: string) => subconCharges([line], { paidOn, method: 'CASH', maturity: null }, RATES);
    expect(pay('2026-03-30')).toMatchObject({ daysLate: 0, lateInterest: '0' });
    expect(pay('2026-03-31')).toMatchObject({ daysLate: 0, lateInterest: '0' });
    // 10,000,000 × 15.5 % × 1 / 365 = 4,246.57… → 4,246
    expect(pay('2026-04-01')).toMatchObject({ daysLate: 1, lateInterest: '4246' });
    // × 31 days = 131,643.83… → 131,643
    expect(pay('2026-05-01')).toMatchObject({ daysLate: 31, lateInterest: '131643' });
  });

  it('splits the days between the rates in force', () => {
    const rates: DatedRate[] = [...RATES, { rateKind: 'LATE_INTEREST', effectiveFrom: '2026-04-02', ratePct: '20' }];
    // Day 61 (2026-04-01) at 15.5 %, day 62 at 20 %: 10,000,000 × (15.5 + 20) / 100 / 365 = 9,726.02… → 9,726
    const c = subconCharges([line], { paidOn: '2026-04-02', method: 'CASH', maturity: null }, rates);
    expect(c.lateInterest).toBe('9726');
    expect(rateOn(rates, 'LATE_INTEREST', '2026-04-01')).toBe('15.5');
    expect(rateOn(rates, 'LATE_INTEREST', '2026-04-02')).toBe('20');
  });

  it('charges an 어음 maturing after day 60 its discount from day 60, and a late one from its payment', () => {
    // Given on day 30, due on day 120: 60 days at 7.5 % = 123,287.67… → 123,287, no interest.
    const early = subconCharges([line], { paidOn: '2026-03-01', method: 'BILL', maturity: '2026-05-30' }, RATES);
    expect(early).toMatchObject({ daysLate: 0, lateInterest: '0', feeDays: 60, billFee: '123287' });
    // A bill maturing by day 60 carries nothing.
    const inTime = subconCharges([line], { paidOn: '2026-03-01', method: 'BILL', maturity: '2026-03-31' }, RATES);
    expect(inTime).toMatchObject({ feeDays: 0, billFee: '0' });
    // Given on day 70: interest for days 61–70, the discount from day 70 to maturity (30 days).
    const late = subconCharges([line], { paidOn: '2026-04-10', method: 'BILL', maturity: '2026-05-10' }, RATES);
    expect(late).toMatchObject({ daysLate: 10, lateInterest: '42465', feeDays: 30, billFee: '61643' });
  });

  it('charges an 어음대체결제수단 its fee at its own rate', () => {
    // 60 days at 7 % = 115,068.49… → 115,068
    const c = subconCharges([line], { paidOn: '2026-03-01', method: 'BILL_SUBSTITUTE', maturity: '2026-05-30' }, RATES);
    expect(c.billFee).toBe('115068');
  });

  it('counts each line from its own receipt', () => {
    const lines = [line, { receivedOn: '2026-02-10', amount: '5000000' }];
    // Paid 2026-04-13: line 1 is 13 days late, line 2 is 2 days late (its day 60 is 2026-04-11).
    const c = subconCharges(lines, { paidOn: '2026-04-13', method: 'CASH', maturity: null }, RATES);
    // (10,000,000 × 13 + 5,000,000 × 2) × 15.5 % / 365 = 59,452.05… → 59,452
    expect(c).toMatchObject({ daysLate: 13, lateInterest: '59452' });
  });
});
