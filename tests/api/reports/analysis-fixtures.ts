import type { TestApp } from '../../helpers/app.js';
import { refreshReportSummary } from '../../../server/modules/reports/summary.js';

/**
 * Documents in 2017 (the demo seed starts in 2024-11; the other report fixture is in 2019), so a
 * 201701–201712 report holds only these and every figure of savings, maverick spend and supplier service
 * is worked out by hand (docs/reports.md). Written straight into the tables as the other report fixture
 * (fixtures.ts): the reports read what the modules wrote, and these rows are what they write. All KRW.
 *
 * | PO | date | supplier | buyer (dept) | status | line (item qty × price) | sent → acknowledged |
 * |---|---|---|---|---|---|---|
 * | AN17-M1 | 02-10 | C00001 | E000005 (D1220) | ACKNOWLEDGED | A 3 × 100,000 (due 02-20), PR R1/1, RFQ Q1/1 | 02-10 00:00 → 02-12 12:00 (2.5 d) |
 * | AN17-M2 | 02-11 | C00001 | E000006 (D2110) | DELIVERED | A 1 × 95,000 (order due 02-15) | 02-11 00:00 → 02-11 12:00 (0.5 d) |
 * | AN17-M3 | 02-12 | C00002 | E000005 (D1220) | APPROVED | A 1 × 120,000 | – |
 * | AN17-M4 | 02-13 | C00002 | E000006 (D2110) | APPROVED | B 1 × 50,000, tender T1 | – |
 * | AN17-S1 | 04-03 | C00002 | E000007 (D2130) | SENT | B 1 × 60,000,000 | 04-03 → – |
 * | AN17-S2 | 04-08 | C00002 | E000007 (D2130) | SENT | B 1 × 50,000,000 | 04-08 00:00 → 04-09 00:00 (1 d) |
 * | AN17-S3 | 04-20 | C00002 | E000007 (D2130) | APPROVED | B 1 × 40,000,000, auction AU1 | – |
 * | AN17-S4 | 04-04 | C00002 | E000007 (D2130) | APPROVED | B 1 × 150,000,000 | – |
 * | AN17-X1 | 02-14 | C00001 | E000005 | CANCELLED | A 1 × 999,999 | not spend |
 *
 * Receipts: W1 M1/1 2 on 02-18 (due 02-20: on time); W2 M2/1 1 on 02-17 (due 02-15: 2 days late); W3 M1/1
 * 1 on 02-25 CANCELLED; W4 S2/1 1 on 04-20 (no due date: on time).
 * Deliveries without an order: D1 03-10 C00001 120,000; D2 03-11 C00001 80,000 CANCELLED.
 * Agreements: AG1 C00001 ACTIVE 2017 item A 95,000; AG2 C00002 DRAFT 2017 item B 40,000; AG3 C00002
 * ACTIVE 2016 item A 100,000 (not in force in 2017).
 * PR R1 line 1: item A, 3, estimated 110,000. RFQ Q1 line 1 (R1/1): C00001 105,000 submitted 02-01
 * (SELECTED), C00002 115,000 submitted 02-02 (NOT_SELECTED).
 * Tender T1 line 1 (item B, 1, no PR) awarded to C00002 at 50,000 → M4; C00001 bid 58,000.
 * Auction AU1 won by C00002 at 40,000,000 → S3; C00001 bid 45,000,000 then 43,000,000.
 */
export interface AnalysisFixture {
  itemA: string;
  itemB: string;
  catA: string;
  catB: string;
}

export async function insertAnalysisFixture(t: TestApp): Promise<AnalysisFixture> {
  const db = t.app.dbh.db;
  const a = await db
    .selectFrom('item')
    .select(['itemCode', 'sgCode', 'unitCode', 'catCode', 'itemName'])
    .where('currency', '=', 'KRW')
    .orderBy('itemCode')
    .executeTakeFirstOrThrow();
  const b = await db
    .selectFrom('item')
    .select(['itemCode', 'sgCode', 'unitCode', 'catCode', 'itemName'])
    .where('currency', '=', 'KRW')
    .where('catCode', '<>', a.catCode)
    .orderBy('itemCode')
    .executeTakeFirstOrThrow();

  const po = (
    poNo: string,
    poDate: string,
    compNo: string,
    buyerId: string,
    deptcd: string,
    section: string,
    status: string,
    total: string,
    extra: Record<string, unknown> = {},
  ) => ({
    poNo,
    poType: 'PO' as const,
    compNo,
    section,
    deptcd,
    buyerId,
    requesterId: null,
    title: `분석 시험 ${poNo}`,
    currency: 'KRW' as const,
    totalAmount: total,
    status,
    poDate,
    dueDate: null as string | null,
    ...extra,
  });
  await db
    .insertInto('prHeader')
    .values({
      prNo: 'AN17-R1',
      prDate: '2017-01-20',
      title: '분석 시험 AN17-R1',
      requesterId: 'E000005',
      section: 'D1000',
      deptcd: 'D1220',
      desiredDate: '2017-02-28',
      currency: 'KRW',
      totalAmount: '330000',
      status: 'ORDERED',
      createdBy: 'test',
    })
    .execute();
  await db
    .insertInto('prLine')
    .values({
      prNo: 'AN17-R1',
      lineNo: 1,
      itemCode: a.itemCode,
      itemName: a.itemName,
      unitCode: a.unitCode,
      sgCode: a.sgCode,
      quantity: '3',
      estUnitPrice: '110000',
      estAmount: '330000',
    })
    .execute();
  await db
    .insertInto('rfqHeader')
    .values({
      rfqNo: 'AN17-Q1',
      prNo: 'AN17-R1',
      title: '분석 시험 견적',
      buyerId: 'E000005',
      currency: 'KRW',
      deadline: '2017-02-05T09:00:00Z',
      status: 'AWARDED',
      selectedCompNo: 'C00001',
      createdBy: 'test',
    })
    .execute();
  await db
    .insertInto('rfqLine')
    .values({
      rfqNo: 'AN17-Q1',
      lineNo: 1,
      prLineNo: 1,
      itemCode: a.itemCode,
      itemName: a.itemName,
      unitCode: a.unitCode,
      quantity: '3',
    })
    .execute();
  const quote = (compNo: string, status: 'SELECTED' | 'NOT_SELECTED', submittedAt: string, price: string) => ({
    rfqNo: 'AN17-Q1',
    compNo,
    status,
    currency: 'KRW' as const,
    totalAmount: String(Number(price) * 3),
    submittedAt,
    revision: 1,
  });
  await db
    .insertInto('quotation')
    .values([
      quote('C00001', 'SELECTED', '2017-02-01T01:00:00Z', '105000'),
      quote('C00002', 'NOT_SELECTED', '2017-02-02T01:00:00Z', '115000'),
    ])
    .execute();
  await db
    .insertInto('quotationLine')
    .values([
      { rfqNo: 'AN17-Q1', compNo: 'C00001', lineNo: 1, unitPrice: '105000', amount: '315000' },
      { rfqNo: 'AN17-Q1', compNo: 'C00002', lineNo: 1, unitPrice: '115000', amount: '345000' },
    ])
    .execute();

  await db
    .insertInto('poHeader')
    .values([
      po('AN17-M1', '2017-02-10', 'C00001', 'E000005', 'D1220', 'D1000', 'ACKNOWLEDGED', '300000', {
        dueDate: '2017-02-20',
        prNo: 'AN17-R1',
        rfqNo: 'AN17-Q1',
        forwardedAt: '2017-02-10T00:00:00Z',
        acknowledgedAt: '2017-02-12T12:00:00Z',
      }),
      po('AN17-M2', '2017-02-11', 'C00001', 'E000006', 'D2110', 'D2000', 'DELIVERED', '95000', {
        dueDate: '2017-02-15',
        forwardedAt: '2017-02-11T00:00:00Z',
        acknowledgedAt: '2017-02-11T12:00:00Z',
      }),
      po('AN17-M3', '2017-02-12', 'C00002', 'E000005', 'D1220', 'D1000', 'APPROVED', '120000'),
      po('AN17-M4', '2017-02-13', 'C00002', 'E000006', 'D2110', 'D2000', 'APPROVED', '50000'),
      po('AN17-S1', '2017-04-03', 'C00002', 'E000007', 'D2130', 'D2000', 'SENT', '60000000', {
        forwardedAt: '2017-04-03T00:00:00Z',
      }),
      po('AN17-S2', '2017-04-08', 'C00002', 'E000007', 'D2130', 'D2000', 'SENT', '50000000', {
        forwardedAt: '2017-04-08T00:00:00Z',
        acknowledgedAt: '2017-04-09T00:00:00Z',
      }),
      po('AN17-S3', '2017-04-20', 'C00002', 'E000007', 'D2130', 'D2000', 'APPROVED', '40000000'),
      po('AN17-S4', '2017-04-04', 'C00002', 'E000007', 'D2130', 'D2000', 'APPROVED', '150000000'),
      po('AN17-X1', '2017-02-14', 'C00001', 'E000005', 'D1220', 'D1000', 'CANCELLED', '999999'),
    ])
    .execute();
  const line = (
    poNo: string,
    item: typeof a,
    quantity: string,
    unitPrice: string,
    extra: Record<string, unknown> = {},
  ) => ({
    poNo,
    lineNo: 1,
    itemCode: item.itemCode,
    itemName: item.itemName,
    unitCode: item.unitCode,
    sgCode: item.sgCode,
    quantity,
    unitPrice,
    amount: String(Number(quantity) * Number(unitPrice)),
    ...extra,
  });
  await db
    .insertInto('poLine')
    .values([
      line('AN17-M1', a, '3', '100000', { deliveryDate: '2017-02-20', prLineNo: 1 }),
      line('AN17-M2', a, '1', '95000'),
      line('AN17-M3', a, '1', '120000'),
      line('AN17-M4', b, '1', '50000'),
      line('AN17-S1', b, '1', '60000000'),
      line('AN17-S2', b, '1', '50000000'),
      line('AN17-S3', b, '1', '40000000'),
      line('AN17-S4', b, '1', '150000000'),
      line('AN17-X1', a, '1', '999999'),
    ])
    .execute();

  // Receipts.
  const wh = (whReqNo: string, poNo: string, compNo: string, deptcd: string, section: string, date: string) => ({
    whReqNo,
    sourceSystem: 'GPMS',
    compNo,
    poNo,
    section,
    deptcd,
    expenses: 'GOODS',
    status: 'REQUESTED' as const,
    approvalStatus: 'NONE' as const,
    currency: 'KRW' as const,
    totalAmount: '0',
    whReqDate: date,
    requestedBy: 'test',
  });
  await db
    .insertInto('whReceipt')
    .values([
      wh('AN17-W1', 'AN17-M1', 'C00001', 'D1220', 'D1000', '2017-02-18'),
      wh('AN17-W2', 'AN17-M2', 'C00001', 'D2110', 'D2000', '2017-02-17'),
      { ...wh('AN17-W3', 'AN17-M1', 'C00001', 'D1220', 'D1000', '2017-02-25'), status: 'CANCELLED' as const },
      wh('AN17-W4', 'AN17-S2', 'C00002', 'D2130', 'D2000', '2017-04-20'),
    ])
    .execute();
  const whLine = (whReqNo: string, compNo: string, poNo: string, item: typeof a, quantity: string, price: string) => ({
    whReqNo,
    lineNo: 1,
    compNo,
    poNo,
    poLineNo: 1,
    itemCode: item.itemCode,
    itemName: item.itemName,
    unitCode: item.unitCode,
    quantity,
    unitPrice: price,
    amount: String(Number(quantity) * Number(price)),
  });
  await db
    .insertInto('whReceiptLine')
    .values([
      whLine('AN17-W1', 'C00001', 'AN17-M1', a, '2', '100000'),
      whLine('AN17-W2', 'C00001', 'AN17-M2', a, '1', '95000'),
      whLine('AN17-W3', 'C00001', 'AN17-M1', a, '1', '100000'),
      whLine('AN17-W4', 'C00002', 'AN17-S2', b, '1', '50000000'),
    ])
    .execute();

  // Deliveries without an order.
  const delivery = (deliveryNo: string, date: string, total: string, status: 'REGISTERED' | 'CANCELLED') => ({
    deliveryNo,
    compNo: 'C00001',
    poNo: null,
    noPo: 'Y' as const,
    status,
    deliveryDate: date,
    currency: 'KRW' as const,
    totalAmount: total,
    registeredBy: 'supplier1',
  });
  await db
    .insertInto('delivery')
    .values([
      delivery('AN17-D1', '2017-03-10', '120000', 'REGISTERED'),
      delivery('AN17-D2', '2017-03-11', '80000', 'CANCELLED'),
    ])
    .execute();

  // Agreements.
  const agreement = (agreementNo: string, compNo: string, status: string, from: string, to: string) => ({
    agreementNo,
    compNo,
    title: `분석 시험 ${agreementNo}`,
    currency: 'KRW' as const,
    validFrom: from,
    validTo: to,
    status: status as 'ACTIVE' | 'DRAFT',
    buyerId: 'E000005',
    section: 'D1000',
    deptcd: 'D1220',
    createdBy: 'test',
  });
  await db
    .insertInto('agreement')
    .values([
      agreement('AN17-AG1', 'C00001', 'ACTIVE', '2017-01-01', '2017-12-31'),
      agreement('AN17-AG2', 'C00002', 'DRAFT', '2017-01-01', '2017-12-31'),
      agreement('AN17-AG3', 'C00002', 'ACTIVE', '2016-01-01', '2016-12-31'),
    ])
    .execute();
  const agreed = (agreementNo: string, compNo: string, item: typeof a, unitPrice: string) => ({
    agreementNo,
    lineNo: 1,
    compNo,
    itemCode: item.itemCode,
    itemName: item.itemName,
    unitCode: item.unitCode,
    unitPrice,
  });
  await db
    .insertInto('agreementLine')
    .values([
      agreed('AN17-AG1', 'C00001', a, '95000'),
      agreed('AN17-AG2', 'C00002', b, '40000'),
      agreed('AN17-AG3', 'C00002', a, '100000'),
    ])
    .execute();

  // A sealed tender awarded to C00002 (→ M4), C00001's bid opened beside it.
  await db
    .insertInto('tender')
    .values({
      tenderNo: 'AN17-T1',
      title: '분석 시험 입찰',
      section: 'D2000',
      deptcd: 'D2110',
      buyerId: 'E000006',
      currency: 'KRW',
      awardRule: 'LOWEST_TOTAL',
      openAt: '2017-02-01T00:00:00Z',
      closeAt: '2017-02-08T00:00:00Z',
      status: 'AWARDED',
      createdBy: 'test',
    })
    .execute();
  await db
    .insertInto('tenderLine')
    .values({
      tenderNo: 'AN17-T1',
      lineNo: 1,
      itemCode: b.itemCode,
      itemName: b.itemName,
      unitCode: b.unitCode,
      quantity: '1',
    })
    .execute();
  await db
    .insertInto('tenderBid')
    .values([
      { tenderNo: 'AN17-T1', compNo: 'C00002', status: 'WON', revision: 1, totalAmount: '50000', bidRank: 1 },
      { tenderNo: 'AN17-T1', compNo: 'C00001', status: 'LOST', revision: 1, totalAmount: '58000', bidRank: 2 },
    ])
    .execute();
  await db
    .insertInto('tenderBidLine')
    .values([
      { tenderNo: 'AN17-T1', compNo: 'C00002', lineNo: 1, unitPrice: '50000', amount: '50000', lineRank: 1 },
      { tenderNo: 'AN17-T1', compNo: 'C00001', lineNo: 1, unitPrice: '58000', amount: '58000', lineRank: 2 },
    ])
    .execute();
  await db.insertInto('tenderAward').values({ tenderNo: 'AN17-T1', compNo: 'C00002', poNo: 'AN17-M4' }).execute();

  // A reverse auction won by C00002 (→ S3); C00001's lowest bid 43,000,000.
  await db
    .insertInto('auction')
    .values({
      auctionNo: 'AN17-AU1',
      title: '분석 시험 역경매',
      section: 'D2000',
      deptcd: 'D2130',
      buyerId: 'E000007',
      currency: 'KRW',
      startPrice: '50000000',
      decrementKind: 'AMOUNT',
      decrementValue: '1000000',
      startAt: '2017-04-10T00:00:00Z',
      plannedEndAt: '2017-04-11T00:00:00Z',
      endAt: '2017-04-11T00:00:00Z',
      status: 'AWARDED',
      winnerCompNo: 'C00002',
      winningAmount: '40000000',
      poNo: 'AN17-S3',
      createdBy: 'test',
    })
    .execute();
  const bid = (seq: number, compNo: string, amount: string) => ({
    auctionNo: 'AN17-AU1',
    seq,
    compNo,
    amount,
    bidAt: `2017-04-10T0${seq}:00:00Z`,
    bidBy: 'test',
    endAtAfter: '2017-04-11T00:00:00Z',
  });
  await db
    .insertInto('auctionBid')
    .values([
      bid(1, 'C00001', '45000000'),
      bid(2, 'C00002', '44000000'),
      bid(3, 'C00001', '43000000'),
      bid(4, 'C00002', '40000000'),
    ])
    .execute();

  // The split rule reads the seed's PO approval tiers: below 100,000,000 and from it.
  await refreshReportSummary(db);
  return { itemA: a.itemCode, itemB: b.itemCode, catA: a.catCode, catB: b.catCode };
}
