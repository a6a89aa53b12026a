import type { TestApp } from '../../helpers/app.js';

/**
 * Hand-computed transactions of two fresh suppliers in 2031 H1 (docs/evaluation.md has the
 * formulas; the expected figures are written beside each row):
 *
 * X = C09901, Y = C09902.
 * - Order lines of X (order sent): 10 ordered / 10 received, 20 / 15, 5 / 6 → quantity accuracy
 *   (10 + 15 + 4) / 35 = 29 / 35; a cancelled order (100 ordered) is not counted.
 * - Deliveries of X: one on 03-09 of lines 1 and 2 (due 03-10, 03-20: both on time), one on 04-12
 *   of line 3 (due 04-10: late), one cancelled → on time 2 / 3.
 * - Receipts of X: 25 decided, 6 rejected in approval, 5 cancelled (left out) → quality 25 / 31.
 * - Quotations on RFQ1 (two lines): X 1000 + 500, Y 800 + 600; lowest 800 + 500 →
 *   price X 1300 / 1500, Y 1300 / 1400.
 * - Invitations: X to RFQ1 (answered), RFQ2 (not answered, deadline passed), RFQ3 (cancelled,
 *   left out) → response 1 / 2; Y to RFQ1 → 1 / 1.
 * - Settlements of X: 2031-02 confirmed, 2031-03 posted after a dispute, 2031-04 draft (left
 *   out), 2031-08 (outside) → disputes 1 / 2.
 */
export const X = 'C09901';
export const Y = 'C09902';
export const PERIOD = { startDate: '2031-01-01', endDate: '2031-06-30' };

export async function insertFixtures(t: TestApp): Promise<void> {
  const db = t.db.db;
  const op = await db
    .selectFrom('employee')
    .select(['singleid', 'section', 'deptcd'])
    .where('singleid', '=', 'E000004')
    .executeTakeFirstOrThrow();
  const base = await db.selectFrom('company').selectAll().where('compNo', '=', 'C00003').executeTakeFirstOrThrow();
  for (const [compNo, n] of [
    [X, '1'],
    [Y, '2'],
  ] as const) {
    const { createdAt: _c, updatedAt: _u, version: _v, ...rest } = base;
    await db
      .insertInto('company')
      .values({
        ...rest,
        compNo,
        compNameKr: `평가시험${n}`,
        taxNo: `99900000${n}0`,
        taxNo2: `999-00-000${n}0`,
        status: 'ACTIVE',
      })
      .execute();
  }
  const po = (poNo: string, status: string) => ({
    poNo,
    poType: 'PO' as const,
    compNo: X,
    section: op.section,
    deptcd: op.deptcd,
    buyerId: op.singleid,
    title: '평가 시험 발주',
    currency: 'KRW' as const,
    totalAmount: 3500,
    status,
    poDate: '2031-01-15',
    dueDate: '2031-03-31',
  });
  await db
    .insertInto('poHeader')
    .values([po('POT9-000001', 'DELIVERED'), po('POT9-000002', 'CANCELLED')])
    .execute();
  const line = (poNo: string, lineNo: number, quantity: number, receivedQty: number, deliveryDate: string) => ({
    poNo,
    lineNo,
    itemName: `시험품목${lineNo}`,
    unitCode: 'EA',
    quantity,
    unitPrice: 100,
    amount: quantity * 100,
    deliveryDate,
    deliveredQty: String(receivedQty),
    receivedQty: String(receivedQty),
  });
  await db
    .insertInto('poLine')
    .values([
      line('POT9-000001', 1, 10, 10, '2031-03-10'),
      line('POT9-000001', 2, 20, 15, '2031-03-20'),
      line('POT9-000001', 3, 5, 6, '2031-04-10'),
      line('POT9-000002', 1, 100, 0, '2031-03-01'),
    ])
    .execute();

  const delivery = (deliveryNo: string, status: 'RECEIVED' | 'CANCELLED', deliveryDate: string) => ({
    deliveryNo,
    compNo: X,
    poNo: 'POT9-000001',
    noPo: 'N' as const,
    status,
    deliveryDate,
    currency: 'KRW' as const,
    totalAmount: 0,
    registeredBy: 'supplier-x',
  });
  await db
    .insertInto('delivery')
    .values([
      delivery('DLT9-000001', 'RECEIVED', '2031-03-09'),
      delivery('DLT9-000002', 'RECEIVED', '2031-04-12'),
      delivery('DLT9-000003', 'CANCELLED', '2031-03-01'),
    ])
    .execute();
  const dline = (deliveryNo: string, lineNo: number, poLineNo: number, quantity: number) => ({
    deliveryNo,
    lineNo,
    compNo: X,
    poNo: 'POT9-000001',
    poLineNo,
    itemName: '시험품목',
    unitCode: 'EA',
    quantity,
    unitPrice: 100,
    amount: quantity * 100,
  });
  await db
    .insertInto('deliveryLine')
    .values([
      dline('DLT9-000001', 1, 1, 10),
      dline('DLT9-000001', 2, 2, 15),
      dline('DLT9-000002', 1, 3, 6),
      dline('DLT9-000003', 1, 1, 10),
    ])
    .execute();

  const receipt = (
    whReqNo: string,
    status: 'DECIDED' | 'REQUESTED' | 'CANCELLED',
    approvalStatus: 'APPROVED' | 'REJECTED' | 'NONE',
    whReqDate: string,
    rejectReason: string | null,
  ) => ({
    whReqNo,
    whAppNo: status === 'DECIDED' ? `A${whReqNo}` : null,
    sourceSystem: 'GPMS',
    compNo: X,
    poNo: 'POT9-000001',
    section: op.section,
    deptcd: op.deptcd,
    expenses: 'MATERIAL',
    status,
    approvalStatus,
    currency: 'KRW' as const,
    totalAmount: 0,
    whReqDate,
    lastDeciDate: status === 'DECIDED' ? whReqDate : null,
    rejectReason,
    requestedBy: 'operator',
  });
  await db
    .insertInto('whReceipt')
    .values([
      receipt('WRT9-000001', 'DECIDED', 'APPROVED', '2031-03-10', null),
      receipt('WRT9-000002', 'REQUESTED', 'REJECTED', '2031-04-12', '외관 불량'),
      receipt('WRT9-000003', 'CANCELLED', 'NONE', '2031-04-13', null),
    ])
    .execute();
  const wline = (whReqNo: string, lineNo: number, poLineNo: number, quantity: number) => ({
    whReqNo,
    lineNo,
    compNo: X,
    poNo: 'POT9-000001',
    poLineNo,
    itemName: '시험품목',
    unitCode: 'EA',
    quantity,
    unitPrice: 100,
    amount: quantity * 100,
  });
  await db
    .insertInto('whReceiptLine')
    .values([
      wline('WRT9-000001', 1, 1, 10),
      wline('WRT9-000001', 2, 2, 15),
      wline('WRT9-000002', 1, 3, 6),
      wline('WRT9-000003', 1, 3, 5),
    ])
    .execute();

  await db
    .insertInto('prHeader')
    .values({
      prNo: 'PRT9-000001',
      prDate: '2031-01-05',
      title: '평가 시험 요청',
      requesterId: op.singleid,
      section: op.section,
      deptcd: op.deptcd,
      desiredDate: '2031-02-28',
      currency: 'KRW',
      totalAmount: 0,
      status: 'QUOT_REQUESTED',
      createdBy: 'operator',
    })
    .execute();
  const rfq = (rfqNo: string, status: 'AWARDED' | 'CANCELLED') => ({
    rfqNo,
    prNo: 'PRT9-000001',
    title: '평가 시험 견적',
    buyerId: op.singleid,
    currency: 'KRW' as const,
    deadline: new Date('2026-01-01T00:00:00Z'),
    status,
    createdBy: 'operator',
  });
  await db
    .insertInto('rfqHeader')
    .values([rfq('RFT9-000001', 'AWARDED'), rfq('RFT9-000002', 'AWARDED'), rfq('RFT9-000003', 'CANCELLED')])
    .execute();
  await db
    .insertInto('rfqLine')
    .values(
      [1, 2].map((lineNo) => ({
        rfqNo: 'RFT9-000001',
        lineNo,
        prLineNo: lineNo,
        itemName: '시험품목',
        unitCode: 'EA',
        quantity: 1,
      })),
    )
    .execute();
  const quote = (
    rfqNo: string,
    compNo: string,
    status: 'SELECTED' | 'NOT_SELECTED' | 'REQUESTED' | 'CANCELLED',
    submitted: boolean,
  ) => ({
    rfqNo,
    compNo,
    status,
    currency: 'KRW' as const,
    invitedAt: new Date('2031-01-10T01:00:00Z'),
    submittedAt: submitted ? new Date('2031-01-20T01:00:00Z') : null,
    quoteNo: submitted ? `QTT9-${rfqNo.slice(-1)}${compNo.slice(-1)}` : null,
  });
  await db
    .insertInto('quotation')
    .values([
      quote('RFT9-000001', X, 'NOT_SELECTED', true),
      quote('RFT9-000001', Y, 'SELECTED', true),
      quote('RFT9-000002', X, 'REQUESTED', false),
      quote('RFT9-000003', X, 'CANCELLED', false),
    ])
    .execute();
  const qline = (compNo: string, lineNo: number, amount: number) => ({
    rfqNo: 'RFT9-000001',
    compNo,
    lineNo,
    unitPrice: amount,
    amount,
  });
  await db
    .insertInto('quotationLine')
    .values([qline(X, 1, 1000), qline(X, 2, 500), qline(Y, 1, 800), qline(Y, 2, 600)])
    .execute();

  const settle = (settleNo: string, period: string, status: 'CONFIRMED' | 'POSTED' | 'DRAFT', disputed: boolean) => ({
    settleNo,
    compNo: X,
    period,
    status,
    krwGoodsAmount: 1000000,
    jpyGoodsAmount: 0,
    jpyKrwAmount: 0,
    goodsAmount: 1000000,
    adjustmentAmount: 0,
    totalAmount: 1000000,
    disputedAt: disputed ? new Date('2031-04-05T00:00:00Z') : null,
  });
  await db
    .insertInto('settlement')
    .values([
      settle('STT9-000001', '203102', 'CONFIRMED', false),
      settle('STT9-000002', '203103', 'POSTED', true),
      settle('STT9-000003', '203104', 'DRAFT', false),
      settle('STT9-000004', '203108', 'CONFIRMED', true),
    ])
    .execute();
}

/** A period over the fixtures: every measure (bands 95:100, 80:80, 60:60, 0:20) plus one qualitative criterion scored by operator (E000004). */
export function periodBody(overrides: Record<string, unknown> = {}) {
  const bands = '95:100, 80:80, 60:60, 0:20';
  return {
    periodName: '2031 상반기 시험평가',
    ...PERIOD,
    dueDate: '2031-07-15',
    targetMode: 'LIST',
    targetList: `${X}, ${Y}`,
    criteria: [
      { category: '납기', name: '납기 준수율', kind: 'QUANT', weight: 20, measure: 'ON_TIME', bands },
      { category: '납기', name: '수량 정확도', kind: 'QUANT', weight: 15, measure: 'QTY_ACCURACY', bands },
      { category: '품질', name: '입고 합격률', kind: 'QUANT', weight: 15, measure: 'QUALITY', bands },
      { category: '가격', name: '가격 경쟁력', kind: 'QUANT', weight: 15, measure: 'PRICE', bands },
      { category: '정산', name: '정산 분쟁', kind: 'QUANT', weight: 10, measure: 'DISPUTE', bands },
      { category: '협조', name: '견적 응답률', kind: 'QUANT', weight: 5, measure: 'RFQ_RESPONSE', bands },
      { category: '협조', name: '협조도', kind: 'QUAL', weight: 20, evaluators: 'E000004' },
    ],
    grades: [
      { grade: 'A', minScore: 90, action: 'NONE' },
      { grade: 'B', minScore: 75, action: 'NONE' },
      { grade: 'C', minScore: 60, action: 'WARN' },
      { grade: 'D', minScore: 0, action: 'BLOCK' },
    ],
    ...overrides,
  };
}
