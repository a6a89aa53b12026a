// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  callOffProblems,
  effectiveAgreementStatus,
  remainingOf,
} from '../../../server/modules/purchase/agreement/workflow.js';
import { diffOf, needsReapproval } from '../../../server/modules/purchase/po/change-order.js';

const agreement = {
  agreementNo: 'AG2026-000001',
  status: 'ACTIVE',
  validFrom: '2026-01-01',
  validTo: '2026-06-30',
  ceilingAmount: '100000',
  orderedAmount: '60000',
};
const lines = [{ lineNo: 1, unitPrice: '1000.00', agreedQty: '50.000', orderedQty: '40.000', orderedAmount: '40000' }];

describe('call-off rules', () => {
  it('remaining = agreed − ordered; no agreed quantity, no remaining', () => {
    expect(remainingOf('50.000', '40.000')).toBe('10.000');
    expect(remainingOf(null, '40')).toBeNull();
  });

  it('names each problem in Korean: quantity, ceiling, price, validity, state', () => {
    const take = (qty: string, price = '1000', today = '2026-03-01', a = agreement) =>
      callOffProblems(
        a,
        lines,
        [{ lineNo: 1, qty, amount: String(Number(qty) * Number(price)), unitPrice: price }],
        today,
      );
    expect(take('10')).toEqual([]);
    expect(take('11').map((p) => p.message)).toEqual(['1번 품목의 발주 수량(11)이 계약 잔여 수량(10)을 넘습니다']);
    expect(take('10', '1100').map((p) => p.message)).toEqual(['1번 품목의 단가(1,100)가 계약 단가(1,000)와 다릅니다']);
    expect(take('1', '1000', '2026-07-01').map((p) => p.kind)).toEqual(['EXPIRED']);
    expect(take('1', '1000', '2025-12-31').map((p) => p.kind)).toEqual(['NOT_YET_VALID']);
    expect(take('1', '1000', '2026-03-01', { ...agreement, status: 'TERMINATED' })[0].message).toBe(
      '유효한 단가계약이 아닙니다(종료): AG2026-000001',
    );
    expect(take('5', '1000', '2026-03-01', { ...agreement, orderedAmount: '98000' }).map((p) => p.kind)).toEqual([
      'OVER_CEILING',
    ]);
    // Giving back is never refused, even after expiry.
    expect(take('-5', '1000', '2027-01-01')).toEqual([]);
  });

  it('checks every order line on its own, never lines merged first: each price, each quantity after the lines before it', () => {
    const open = { ...agreement, ceilingAmount: null };
    // Two order lines on agreement line 1: the second at another price is a problem of its own.
    const twoPrices = callOffProblems(
      open,
      lines,
      [
        { lineNo: 1, orderLineNo: 1, qty: '1', amount: '1000', unitPrice: '1000' },
        { lineNo: 1, orderLineNo: 2, qty: '1', amount: '900000', unitPrice: '900000' },
      ],
      '2026-03-01',
    );
    expect(twoPrices).toEqual([
      {
        kind: 'PRICE',
        lineNo: 1,
        orderLineNo: 2,
        message: '1번 품목의 단가(900,000)가 계약 단가(1,000)와 다릅니다',
      },
    ]);
    // 6 then 5 of the 10 left: the second line is over what the first left.
    const over = callOffProblems(
      open,
      lines,
      [
        { lineNo: 1, orderLineNo: 1, qty: '6', amount: '6000', unitPrice: '1000' },
        { lineNo: 1, orderLineNo: 2, qty: '5', amount: '5000', unitPrice: '1000' },
      ],
      '2026-03-01',
    );
    expect(over.map((p) => [p.orderLineNo, p.message])).toEqual([
      [2, '1번 품목의 발주 수량(5)이 계약 잔여 수량(4)을 넘습니다'],
    ]);
    // A change moving 8 from one line to another of the same agreement line takes nothing more.
    const moved = callOffProblems(
      open,
      lines,
      [
        { lineNo: 1, orderLineNo: 1, qty: '12', amount: '12000', unitPrice: '1000' },
        { lineNo: 1, orderLineNo: 2, qty: '-8', amount: '-8000', unitPrice: '1000' },
      ],
      '2026-03-01',
    );
    expect(moved).toEqual([]);
  });

  it('an active agreement past its last day reads as expired', () => {
    expect(effectiveAgreementStatus('ACTIVE', '2026-06-30', '2026-07-01')).toBe('EXPIRED');
    expect(effectiveAgreementStatus('ACTIVE', '2026-06-30', '2026-06-30')).toBe('ACTIVE');
  });
});

describe('change-order rules', () => {
  const line = (lineNo: number, quantity: string, unitPrice: string) => ({
    lineNo,
    itemCode: null,
    itemName: `품목${lineNo}`,
    spec: null,
    unitCode: 'EA',
    sgCode: null,
    quantity,
    unitPrice,
    amount: String(Number(quantity) * Number(unitPrice)),
    deliveryDate: '2026-12-01',
    agreementNo: null,
    agreementLineNo: null,
  });
  const before = { dueDate: '2026-12-01', totalAmount: '10000', lines: [line(1, '10', '1000')] };

  it('re-approval by rule: amount up (against the approved amount), price up, beyond a percentage', () => {
    const cheaper = { ...before, totalAmount: '9000', lines: [line(1, '10', '900')] };
    const dearer = { ...before, totalAmount: '11000', lines: [line(1, '10', '1100')] };
    const more = { ...before, totalAmount: '10500', lines: [line(1, '10.5', '1000')] };
    expect(needsReapproval(null, { approvedAmount: '10000', before, after: dearer })).toEqual(['AMOUNT_UP']);
    expect(needsReapproval(null, { approvedAmount: '12000', before, after: dearer })).toEqual([]);
    expect(needsReapproval('PRICE_UP', { approvedAmount: '12000', before, after: dearer })).toEqual(['PRICE_UP']);
    expect(needsReapproval('PRICE_UP', { approvedAmount: '10000', before, after: more })).toEqual([]);
    expect(needsReapproval('PCT:5', { approvedAmount: '20000', before, after: cheaper })).toEqual(['PCT:5']);
    // Exactly 5 % of the approval is not more than 5 %.
    expect(needsReapproval('PCT:5', { approvedAmount: '10000', before, after: more })).toEqual([]);
    expect(needsReapproval('amount_up, pct:20', { approvedAmount: '10000', before, after: more })).toEqual([
      'AMOUNT_UP',
    ]);
  });

  it('PCT:n in exact decimals (|Δ| × 100 > n × approved): exactly n % is not more, on any amount', () => {
    const to = (totalAmount: string) => ({ ...before, totalAmount });
    const pct = (rule: string, approvedAmount: string, total: string) =>
      needsReapproval(rule, { approvedAmount, before: to(approvedAmount), after: to(total) });
    // A float division makes 7 % 7.000000000000001 % and 29 % 28.999999999999996 %.
    expect(pct('PCT:7', '12500.00', '13375.00')).toEqual([]);
    expect(pct('PCT:7', '12500.00', '13375.01')).toEqual(['PCT:7']);
    expect(pct('PCT:7', '12500.00', '11625.00')).toEqual([]);
    expect(pct('PCT:7', '12500.00', '11624.99')).toEqual(['PCT:7']);
    expect(pct('PCT:29', '100.00', '129.00')).toEqual([]);
    expect(pct('PCT:29', '100.00', '129.01')).toEqual(['PCT:29']);
    // A cent past 29 % of a large order, below what a double can tell apart from 29 %.
    expect(pct('PCT:29', '1000000000000000.00', '1290000000000000.00')).toEqual([]);
    expect(pct('PCT:29', '1000000000000000.00', '1290000000000000.01')).toEqual(['PCT:29']);
    expect(pct('PCT:7.5', '1000.00', '1075.00')).toEqual([]);
    expect(pct('PCT:7.5', '1000.00', '1075.01')).toEqual(['PCT:7.5']);
  });

  it('PCT:n against the approved amount, not the revision before: small steps add up', () => {
    const step = { ...before, totalAmount: '10900' };
    const next = { ...before, totalAmount: '11881' };
    // +9 % from the revision before, +18.81 % from the approval.
    expect(needsReapproval('PCT:10', { approvedAmount: '10000', before: step, after: next })).toEqual(['PCT:10']);
    expect(needsReapproval('PCT:10', { approvedAmount: '10900', before: step, after: next })).toEqual([]);
  });

  it('the diff names fields, lines added and removed, and the total', () => {
    const after = {
      dueDate: '2026-12-05',
      totalAmount: '5000',
      lines: [line(2, '5', '1000')],
    };
    expect(diffOf(before, after)).toEqual([
      { field: 'dueDate', lineNo: null, before: '2026-12-01', after: '2026-12-05' },
      { field: 'line', lineNo: 2, before: null, after: '품목2 5 × 1000' },
      { field: 'line', lineNo: 1, before: '품목1 10 × 1000', after: null },
      { field: 'totalAmount', lineNo: null, before: '10000', after: '5000' },
    ]);
  });
});
