// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineAmount, toKrw } from '../../../server/domain/money.js';
import {
  adjustmentProblem,
  settleLines,
  settlementTotals,
  type DecidedLine,
} from '../../../server/modules/fulfilment/settlement/workflow.js';

const line = (over: Partial<DecidedLine>): DecidedLine => ({
  whReqNo: 'WR2026-000001',
  whLineNo: 1,
  poNo: 'PO2026-000001',
  poLineNo: 1,
  itemCode: null,
  itemName: '품목',
  spec: null,
  unitCode: 'EA',
  expenses: 'MATERIAL',
  lastDeciDate: '2026-10-15',
  quantity: '1.000',
  unitPrice: '1.00',
  currency: 'KRW',
  ...over,
});

describe('settlement arithmetic (spec §5: JPY ÷ 100 × rate, then rounded)', () => {
  it('multiplies quantity by the PO price and rounds once to whole won or yen, half up', () => {
    expect(lineAmount('12.5', '1234', 'KRW')).toBe('15425');
    expect(lineAmount('2.5', '333', 'JPY')).toBe('833'); // 832.5 → 833
    expect(lineAmount('0.001', '1499.99', 'KRW')).toBe('1'); // 1.49999 → 1
    expect(lineAmount('3', '0.5', 'KRW')).toBe('2'); // 1.5 → 2
  });

  it('converts a JPY amount at the rate per 100 yen to whole won, half up away from zero', () => {
    expect(toKrw('8638', 'JPY', '905.32')).toBe('78202'); // 78,201.5416
    expect(toKrw('833', 'JPY', '905.32')).toBe('7541'); // 7,541.3156
    expect(toKrw('833', 'JPY', '950')).toBe('7914'); // 7,913.5 → up
    expect(toKrw('-833', 'JPY', '950')).toBe('-7914');
    expect(toKrw('15425.50', 'KRW', null)).toBe('15426');
    expect(() => toKrw('1', 'JPY', null)).toThrow(/rate/);
  });

  it('builds lines in decision order with exact totals (the worked example of docs/fulfilment.md)', () => {
    const { lines, totals } = settleLines(
      [
        line({
          whReqNo: 'WR2026-000009',
          lastDeciDate: '2026-10-20',
          quantity: '7',
          unitPrice: '1234',
          currency: 'JPY',
        }),
        line({
          whReqNo: 'WR2026-000009',
          whLineNo: 2,
          lastDeciDate: '2026-10-20',
          quantity: '2.5',
          unitPrice: '333',
          currency: 'JPY',
        }),
        line({ whReqNo: 'WR2026-000003', quantity: '12.5', unitPrice: '1234' }),
        line({ whReqNo: 'WR2026-000003', whLineNo: 2, quantity: '3', unitPrice: '9990' }),
      ],
      '905.32',
    );
    expect(lines.map((l) => [l.lineNo, l.whReqNo, l.whLineNo, l.amount, l.krwAmount])).toEqual([
      [1, 'WR2026-000003', 1, '15425', '15425'],
      [2, 'WR2026-000003', 2, '29970', '29970'],
      [3, 'WR2026-000009', 1, '8638', '78202'],
      [4, 'WR2026-000009', 2, '833', '7541'],
    ]);
    expect(totals).toEqual({
      lineCount: 4,
      krwGoodsAmount: '45395',
      jpyGoodsAmount: '9471',
      jpyKrwAmount: '85743',
      goodsAmount: '131138',
    });
    expect(settlementTotals(totals.goodsAmount, ['20000', '-5000'])).toEqual({
      adjustmentAmount: '15000',
      totalAmount: '146138',
    });
  });

  it('converts line by line, so the statement’s lines add up to its total to the won', () => {
    // Three lines of 1 ¥ at 150 per 100 ¥: each 1.5 → 2 ₩, so 6 ₩ (converting the 3 ¥ sum would give 4.5 → 5).
    const { lines, totals } = settleLines(
      [1, 2, 3].map((n) => line({ whLineNo: n, quantity: '1', unitPrice: '1', currency: 'JPY' })),
      '150',
    );
    expect(lines.map((l) => l.krwAmount)).toEqual(['2', '2', '2']);
    expect(totals.jpyKrwAmount).toBe('6');
    expect(totals.goodsAmount).toBe('6');
  });

  it('needs no rate without JPY lines, and an empty month totals zero', () => {
    expect(settleLines([line({ quantity: '2', unitPrice: '500' })], null).totals.goodsAmount).toBe('1000');
    expect(settleLines([], null).totals).toEqual({
      lineCount: 0,
      krwGoodsAmount: '0',
      jpyGoodsAmount: '0',
      jpyKrwAmount: '0',
      goodsAmount: '0',
    });
    expect(settlementTotals('1000', [])).toEqual({ adjustmentAmount: '0', totalAmount: '1000' });
    expect(settlementTotals('1000', ['-3000'])).toEqual({ adjustmentAmount: '-3000', totalAmount: '-2000' });
  });

  it('accepts signed whole-won adjustments only', () => {
    expect(adjustmentProblem('-15000')).toBeNull();
    expect(adjustmentProblem('+20000')).toBeNull();
    expect(adjustmentProblem('0')).toMatch(/0일 수 없습니다/);
    expect(adjustmentProblem('-0')).toMatch(/0일 수 없습니다/);
    expect(adjustmentProblem('12.5')).toMatch(/정수/);
    expect(adjustmentProblem('1e5')).toMatch(/정수/);
  });
});
