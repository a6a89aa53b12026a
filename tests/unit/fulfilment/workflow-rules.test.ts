// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  openQuantity,
  planNoPoDelivery,
  planPoDelivery,
  poStatusByDeliveries,
  type PoLineState,
} from '../../../server/modules/fulfilment/delivery/workflow.js';
import { canDo, planReceipt, WH_RULES } from '../../../server/modules/fulfilment/warehousing/workflow.js';
import {
  canSettle,
  matchIssues,
  SUPPLIER_VISIBLE,
  type MatchInput,
} from '../../../server/modules/fulfilment/settlement/workflow.js';

const po = (lineNo: number, quantity: string, deliveredQty = '0.000', unitPrice = '1000.00'): PoLineState => ({
  lineNo,
  itemCode: `I${lineNo}`,
  itemName: `품목${lineNo}`,
  spec: null,
  unitCode: 'EA',
  quantity,
  unitPrice,
  deliveredQty,
});

describe('delivery plan', () => {
  it('takes order prices and open quantities; more than open is over-delivery at the line', () => {
    const plan = planPoDelivery(
      [po(1, '10.000', '4.000'), po(2, '5.000')],
      [
        { poLineNo: 1, quantity: '6' },
        { poLineNo: 2, quantity: '5.5' },
      ],
      'KRW',
    );
    expect(plan.overDelivery).toBe(true);
    expect(plan.errors).toEqual([
      { path: 'body/lines/1/quantity', message: '납품 수량(5.5)이 발주 잔량(5)을 초과합니다' },
    ]);
    const ok = planPoDelivery(
      [po(1, '10.000', '4.000', '1234.00')],
      [{ poLineNo: 1, quantity: '6', BIGO: ' 비고 ' }],
      'KRW',
    );
    expect(ok.errors).toEqual([]);
    expect(ok.lines).toEqual([
      expect.objectContaining({
        lineNo: 1,
        poLineNo: 1,
        quantity: '6.000',
        unitPrice: '1234.00',
        amount: '7404',
        remark: '비고',
      }),
    ]);
    expect([...ok.deltas]).toEqual([[1, '6.000']]);
  });

  it('on an edit counts the delivery’s own quantities as open and moves only the difference', () => {
    const lines = [po(1, '10.000', '10.000'), po(2, '5.000', '2.000')];
    const plan = planPoDelivery(
      lines,
      [{ poLineNo: 1, quantity: '8' }],
      'KRW',
      new Map([
        [1, '10.000'],
        [2, '2.000'],
      ]),
    );
    expect(plan.errors).toEqual([]);
    expect([...plan.deltas].sort()).toEqual([
      [1, '-2.000'],
      [2, '-2.000'],
    ]);
    expect(openQuantity(lines[0], '10.000')).toBe('10.000');
  });

  it('names every bad line: missing, unknown or repeated PO line, zero quantity', () => {
    const plan = planPoDelivery(
      [po(1, '1.000')],
      [
        { quantity: '1' },
        { poLineNo: 7, quantity: '1' },
        { poLineNo: 1, quantity: '0' },
        { poLineNo: 1, quantity: '1' },
      ],
      'KRW',
    );
    expect(plan.errors.map((e) => e.path)).toEqual([
      'body/lines/0/poLineNo',
      'body/lines/1/poLineNo',
      'body/lines/2/quantity',
      'body/lines/3/poLineNo',
    ]);
    expect(plan.overDelivery).toBe(false);
  });

  it('without an order needs item name, unit and price', () => {
    expect(planNoPoDelivery([{ quantity: '1' }], 'KRW').errors.map((e) => e.path)).toEqual([
      'body/lines/0/itemName',
      'body/lines/0/unitCode',
      'body/lines/0/PRICE',
    ]);
    expect(
      planNoPoDelivery([{ itemName: '샘플', unitCode: 'EA', quantity: '3', PRICE: '12345.50' }], 'KRW').lines[0],
    ).toMatchObject({ amount: '37037', poLineNo: null });
  });

  it('moves the order: acknowledged → partly delivered → delivered', () => {
    expect(poStatusByDeliveries([{ quantity: '2', deliveredQty: '0' }])).toBe('ACKNOWLEDGED');
    expect(
      poStatusByDeliveries([
        { quantity: '2', deliveredQty: '1' },
        { quantity: '1', deliveredQty: '1' },
      ]),
    ).toBe('PARTLY_DELIVERED');
    expect(
      poStatusByDeliveries([
        { quantity: '2', deliveredQty: '2.000' },
        { quantity: '1', deliveredQty: '1' },
      ]),
    ).toBe('DELIVERED');
  });
});

describe('receipt rules', () => {
  const delivery = [
    {
      lineNo: 1,
      poNo: 'PO1',
      poLineNo: 1,
      itemCode: null,
      itemName: 'A',
      spec: null,
      unitCode: 'EA',
      quantity: '6.000',
    },
    {
      lineNo: 2,
      poNo: 'PO1',
      poLineNo: 2,
      itemCode: null,
      itemName: 'B',
      spec: null,
      unitCode: 'EA',
      quantity: '4.000',
    },
  ];
  const prices = new Map([
    [1, { lineNo: 1, unitPrice: '1000.00', deliveredQty: '6.000', receivedQty: '0.000' }],
    [2, { lineNo: 2, unitPrice: '700.00', deliveredQty: '4.000', receivedQty: '0.000' }],
  ]);

  it('receives every delivered line by default, at the order price', () => {
    const plan = planReceipt(delivery, undefined, prices, 'KRW');
    expect(plan.total).toBe('8800');
    expect(plan.lines.map((l) => [l.deliveryLineNo, l.quantity, l.amount])).toEqual([
      [1, '6.000', '6000'],
      [2, '4.000', '2800'],
    ]);
  });

  it('accepts less than delivered with a reason per short line, skips zero lines, refuses more', () => {
    const partial = planReceipt(
      delivery,
      [
        { lineNo: 1, quantity: '5', shortReason: 'DAMAGED' },
        { lineNo: 2, quantity: '0', shortReason: 'SHORT' },
      ],
      prices,
      'KRW',
    );
    expect(partial.lines.map((l) => l.quantity)).toEqual(['5.000']);
    expect(partial.shorts.map((s) => [s.deliveryLineNo, s.reason])).toEqual([
      [1, 'DAMAGED'],
      [2, 'SHORT'],
    ]);
    // A short line without its reason is refused, naming the line.
    expect(planReceipt(delivery, [{ lineNo: 1, quantity: '5' }], prices, 'KRW').errors[0].path).toBe(
      'body/lines/0/shortReason',
    );
    const over = planReceipt(
      delivery,
      [
        { lineNo: 1, quantity: '6' },
        { lineNo: 2, quantity: '4.001' },
      ],
      prices,
      'KRW',
    );
    expect(over.overReceipt).toBe(true);
    expect(over.errors[0].path).toBe('body/lines/1/quantity');
    // Every delivered line must be answered (0 and a reason to receive none of it).
    expect(planReceipt(delivery, [{ lineNo: 1, quantity: '6' }], prices, 'KRW').errors.map((e) => e.path)).toEqual([
      'body/lines',
    ]);
    const none = planReceipt(
      delivery,
      [
        { lineNo: 1, quantity: '0', shortReason: 'SHORT' },
        { lineNo: 2, quantity: '0', shortReason: 'WRONG_ITEM' },
      ],
      prices,
      'KRW',
    );
    expect(none.errors).toEqual([{ path: 'body/lines', message: '입고할 수량이 없습니다' }]);
  });

  it('allows each action only from its states, and never on copies from other systems', () => {
    expect(canDo('approve', { status: 'REQUESTED', approvalStatus: 'PENDING', sourceSystem: 'GPMS' })).toBe(true);
    expect(canDo('approve', { status: 'REQUESTED', approvalStatus: 'REJECTED', sourceSystem: 'GPMS' })).toBe(false);
    expect(canDo('resubmit', { status: 'REQUESTED', approvalStatus: 'REJECTED', sourceSystem: 'GPMS' })).toBe(true);
    expect(canDo('decide', { status: 'APPROVED', approvalStatus: 'APPROVED', sourceSystem: 'GPMS' })).toBe(true);
    expect(canDo('cancel', { status: 'DECIDED', approvalStatus: 'APPROVED', sourceSystem: 'GPMS' })).toBe(false);
    expect(canDo('cancel', { status: 'APPROVED', approvalStatus: 'APPROVED', sourceSystem: 'WMS' })).toBe(false);
    expect(WH_RULES.approve.to).toEqual({ status: 'APPROVED', approval: 'APPROVED' });
  });
});

describe('settlement states and the three-way match', () => {
  it('allows each action from its states; suppliers never see drafts', () => {
    expect(canSettle('confirm', 'CONFIRM_REQUESTED')).toBe(true);
    expect(canSettle('confirm', 'CONFIRMED')).toBe(false);
    expect(canSettle('post', 'POST_FAILED')).toBe(true);
    expect(canSettle('adjust', 'CONFIRM_REQUESTED')).toBe(false);
    expect(SUPPLIER_VISIBLE).not.toContain('DRAFT');
  });

  const m = (over: Partial<MatchInput>): MatchInput => ({
    orderedQty: '10',
    deliveredQty: '10',
    receivedQty: '10',
    deliveryLinesQty: '10',
    receiptLinesQty: '10',
    decidedQty: '10',
    settledQty: '10',
    priceMismatches: 0,
    amountMismatches: 0,
    ...over,
  });

  it('matches when ordered ≥ delivered ≥ received ≥ decided ≥ settled with the same prices', () => {
    expect(matchIssues(m({}))).toEqual({ status: 'MATCH', issues: [] });
    expect(
      matchIssues(
        m({
          settledQty: '6',
          decidedQty: '8',
          receivedQty: '9',
          deliveredQty: '10',
          deliveryLinesQty: '10',
          receiptLinesQty: '9',
        }),
      ),
    ).toEqual({
      status: 'MATCH',
      issues: ['NOT_YET_RECEIVED', 'NOT_YET_DECIDED', 'NOT_YET_SETTLED'],
    });
  });

  it('names each mismatch', () => {
    expect(matchIssues(m({ deliveredQty: '11', deliveryLinesQty: '11', receivedQty: '10' })).issues).toContain(
      'OVER_DELIVERED',
    );
    expect(matchIssues(m({ receivedQty: '11', receiptLinesQty: '11' })).issues).toContain('OVER_RECEIVED');
    expect(matchIssues(m({ settledQty: '11' })).issues).toContain('OVER_SETTLED');
    expect(matchIssues(m({ deliveryLinesQty: '9' })).issues).toEqual(['DELIVERED_COUNTER']);
    expect(matchIssues(m({ receiptLinesQty: '9' })).issues).toEqual(['RECEIVED_COUNTER']);
    expect(matchIssues(m({ priceMismatches: 1 }))).toEqual({ status: 'MISMATCH', issues: ['PRICE_MISMATCH'] });
    expect(matchIssues(m({ amountMismatches: 2 }))).toEqual({ status: 'MISMATCH', issues: ['AMOUNT_MISMATCH'] });
  });
});
