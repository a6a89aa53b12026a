import { sql } from 'kysely';
import type { TestApp } from '../../helpers/app.js';
import { refreshReportSummary } from '../../../server/modules/reports/summary.js';

/**
 * Small orders in 2019 (the demo seed starts in 2024-11), so a 201901–201903 report holds only
 * these and every figure can be worked out by hand (docs/reports.md):
 *
 * | PO | date | supplier | dept (section) | buyer / requester | currency | lines (qty × price) | won |
 * |---|---|---|---|---|---|---|---|
 * | RPT19-P1 | 2019-01-10 | C00001 | D1220 (D1000) | E000005 / – | KRW | 2 × 100,000 (item A) + 1 × 50,000 (item B) | 250,000 |
 * | RPT19-P2 | 2019-02-15 | C00001 | D2110 (D2000) | E000006 / – | JPY | 10 × 1,000 (item A) | 10,000 yen × 1000 ÷ 100 = 100,000 |
 * | RPT19-P3 | 2019-03-05 | C00002 | D2130 (D2000) | E000007 / – | JPY | 3 × 333 (item B) | 999 yen × 905.32 ÷ 100 = 9,044.15 → 9,044 |
 * | RPT19-P4 | 2019-02-20 | C00002 | D1220 (D1000) | E000006 / E000005 | KRW | 1 × 70,000 (item A) | 70,000 |
 * | RPT19-P5 | 2019-02-21 | C00002 | D1220 | CANCELLED | KRW | 1 × 1,000,000 | not spend |
 * | RPT19-P6 | 2019-01-05 | C00001 | D1220 | DRAFT | KRW | 1 × 500,000 | not spend |
 *
 * PRs R1 (2019-01-03) → P1 and R2 (2019-01-26) → P2; receipts W1–W4 and settlements S1–S2 are
 * described where they are inserted.
 *
 * JPY rates: 201902 has its own (1000 KRW per 100 yen); 201903 has none, so SYSTEM_CONST JPY_RATE
 * (905.32) applies. Items A and B are two KRW items of the seed, taken by their codes.
 */
export interface Fixture {
  itemA: string;
  itemB: string;
  catA: string;
  catB: string;
  sgA: string;
  sgB: string;
}

export async function insertReportFixture(t: TestApp): Promise<Fixture> {
  const db = t.app.dbh.db;
  const a = await db
    .selectFrom('item')
    .select(['itemCode', 'sgCode', 'unitCode', 'catCode'])
    .where('currency', '=', 'KRW')
    .orderBy('itemCode')
    .executeTakeFirstOrThrow();
  // B in another category and sourcing group, so the two never share a bar.
  const b = await db
    .selectFrom('item')
    .select(['itemCode', 'sgCode', 'unitCode', 'catCode'])
    .where('currency', '=', 'KRW')
    .where('catCode', '<>', a.catCode)
    .where('sgCode', '<>', a.sgCode)
    .orderBy('itemCode')
    .executeTakeFirstOrThrow();
  // Reference prices known for the price reports: A 90,000, B 50,000.
  await db.updateTable('item').set({ refPrice: '90000' }).where('itemCode', '=', a.itemCode).execute();
  await db.updateTable('item').set({ refPrice: '50000' }).where('itemCode', '=', b.itemCode).execute();
  await sql`delete from fx_rate where period in ('201901', '201902', '201903')`.execute(db);
  await db.insertInto('fxRate').values({ currency: 'JPY', period: '201902', rate: '1000' }).execute();
  await db
    .updateTable('code')
    .set({ attr1: '905.32' })
    .where('groupId', '=', 'SYSTEM_CONST')
    .where('code', '=', 'JPY_RATE')
    .execute();

  const po = (
    poNo: string,
    poDate: string,
    compNo: string,
    deptcd: string,
    section: string,
    buyerId: string,
    requesterId: string | null,
    currency: 'KRW' | 'JPY',
    status: string,
    total: string,
  ) => ({
    poNo,
    poType: 'PO' as const,
    compNo,
    section,
    deptcd,
    buyerId,
    requesterId,
    title: `리포트 시험 ${poNo}`,
    currency,
    totalAmount: total,
    status,
    poDate,
    dueDate: poDate,
  });
  await db
    .insertInto('poHeader')
    .values([
      po('RPT19-P1', '2019-01-10', 'C00001', 'D1220', 'D1000', 'E000005', null, 'KRW', 'CLOSED', '250000'),
      po('RPT19-P2', '2019-02-15', 'C00001', 'D2110', 'D2000', 'E000006', null, 'JPY', 'SENT', '10000'),
      po('RPT19-P3', '2019-03-05', 'C00002', 'D2130', 'D2000', 'E000007', null, 'JPY', 'ACKNOWLEDGED', '999'),
      po('RPT19-P4', '2019-02-20', 'C00002', 'D1220', 'D1000', 'E000006', 'E000005', 'KRW', 'APPROVED', '70000'),
      po('RPT19-P5', '2019-02-21', 'C00002', 'D1220', 'D1000', 'E000005', null, 'KRW', 'CANCELLED', '1000000'),
      po('RPT19-P6', '2019-01-05', 'C00001', 'D1220', 'D1000', 'E000005', null, 'KRW', 'DRAFT', '500000'),
    ])
    .execute();
  const line = (
    poNo: string,
    lineNo: number,
    item: typeof a,
    quantity: string,
    unitPrice: string,
    amount: string,
    deliveryDate: string | null = null,
  ) => ({
    poNo,
    lineNo,
    itemCode: item.itemCode,
    itemName: `품목 ${item.itemCode}`,
    unitCode: item.unitCode,
    sgCode: item.sgCode,
    quantity,
    unitPrice,
    amount,
    deliveryDate,
  });
  await db
    .insertInto('poLine')
    .values([
      line('RPT19-P1', 1, a, '2', '100000', '200000', '2019-01-20'),
      line('RPT19-P1', 2, b, '1', '50000', '50000', '2019-01-20'),
      line('RPT19-P2', 1, a, '10', '1000', '10000'),
      line('RPT19-P3', 1, b, '3', '333', '999'),
      line('RPT19-P4', 1, a, '1', '70000', '70000'),
      line('RPT19-P5', 1, a, '1', '1000000', '1000000'),
      line('RPT19-P6', 1, a, '1', '500000', '500000'),
    ])
    .execute();

  // PRs behind P1 (7 days before) and P2 (20 days before).
  const pr = (
    prNo: string,
    prDate: string,
    deptcd: string,
    section: string,
    requesterId: string,
    currency: 'KRW' | 'JPY',
  ) => ({
    prNo,
    prDate,
    title: `리포트 시험 ${prNo}`,
    requesterId,
    section,
    deptcd,
    desiredDate: prDate,
    currency,
    totalAmount: '0',
    status: 'ORDERED' as const,
    createdBy: 'test',
  });
  await db
    .insertInto('prHeader')
    .values([
      pr('RPT19-R1', '2019-01-03', 'D1220', 'D1000', 'E000005', 'KRW'),
      pr('RPT19-R2', '2019-01-26', 'D2110', 'D2000', 'E000006', 'JPY'),
    ])
    .execute();
  await db.updateTable('poHeader').set({ prNo: 'RPT19-R1' }).where('poNo', '=', 'RPT19-P1').execute();
  await db.updateTable('poHeader').set({ prNo: 'RPT19-R2' }).where('poNo', '=', 'RPT19-P2').execute();

  // Receipts: W1 P1/1 on 01-18 (due 01-20: on time), W2 P1/2 on 01-25 (5 days late),
  // W3 P4/1 on 02-20 (due 02-20: on time), W4 P2/1 on 02-16 (no line date; order due 02-15: 1 day late).
  const wh = (
    whReqNo: string,
    poNo: string,
    compNo: string,
    deptcd: string,
    section: string,
    currency: 'KRW' | 'JPY',
    whReqDate: string,
    total: string,
  ) => ({
    whReqNo,
    sourceSystem: 'GPMS',
    compNo,
    poNo,
    section,
    deptcd,
    expenses: 'GOODS',
    status: 'REQUESTED' as const,
    approvalStatus: 'NONE' as const,
    currency,
    totalAmount: total,
    whReqDate,
    requestedBy: 'test',
  });
  await db
    .insertInto('whReceipt')
    .values([
      wh('RPT19-W1', 'RPT19-P1', 'C00001', 'D1220', 'D1000', 'KRW', '2019-01-18', '200000'),
      wh('RPT19-W2', 'RPT19-P1', 'C00001', 'D1220', 'D1000', 'KRW', '2019-01-25', '50000'),
      wh('RPT19-W3', 'RPT19-P4', 'C00002', 'D1220', 'D1000', 'KRW', '2019-02-20', '70000'),
      wh('RPT19-W4', 'RPT19-P2', 'C00001', 'D2110', 'D2000', 'JPY', '2019-02-16', '10000'),
    ])
    .execute();
  const whLine = (
    whReqNo: string,
    compNo: string,
    poNo: string,
    poLineNo: number,
    item: typeof a,
    quantity: string,
    unitPrice: string,
    amount: string,
  ) => ({
    whReqNo,
    lineNo: 1,
    compNo,
    poNo,
    poLineNo,
    itemCode: item.itemCode,
    itemName: `품목 ${item.itemCode}`,
    unitCode: item.unitCode,
    quantity,
    unitPrice,
    amount,
  });
  await db
    .insertInto('whReceiptLine')
    .values([
      whLine('RPT19-W1', 'C00001', 'RPT19-P1', 1, a, '2', '100000', '200000'),
      whLine('RPT19-W2', 'C00001', 'RPT19-P1', 2, b, '1', '50000', '50000'),
      whLine('RPT19-W3', 'C00002', 'RPT19-P4', 1, a, '1', '70000', '70000'),
      whLine('RPT19-W4', 'C00001', 'RPT19-P2', 1, a, '10', '1000', '10000'),
    ])
    .execute();

  // Settlements: S1 201902 C00001 POSTED (W1 200,000 won; W4 10,000 yen = 100,000 won), S2 201903 C00002 DRAFT (W3 70,000).
  await db
    .insertInto('settlement')
    .values([
      {
        settleNo: 'RPT19-S1',
        compNo: 'C00001',
        period: '201902',
        status: 'POSTED',
        krwGoodsAmount: '200000',
        jpyGoodsAmount: '10000',
        jpyKrwAmount: '100000',
        goodsAmount: '300000',
        adjustmentAmount: '0',
        totalAmount: '300000',
        jpyRate: '1000',
      },
      {
        settleNo: 'RPT19-S2',
        compNo: 'C00002',
        period: '201903',
        status: 'DRAFT',
        krwGoodsAmount: '70000',
        jpyGoodsAmount: '0',
        jpyKrwAmount: '0',
        goodsAmount: '70000',
        adjustmentAmount: '0',
        totalAmount: '70000',
      },
    ])
    .execute();
  const sl = (
    settleNo: string,
    lineNo: number,
    compNo: string,
    whReqNo: string,
    poNo: string,
    item: typeof a,
    currency: 'KRW' | 'JPY',
    quantity: string,
    unitPrice: string,
    amount: string,
    krwAmount: string,
  ) => ({
    settleNo,
    lineNo,
    compNo,
    whReqNo,
    whLineNo: 1,
    poNo,
    poLineNo: 1,
    itemCode: item.itemCode,
    itemName: `품목 ${item.itemCode}`,
    unitCode: item.unitCode,
    expenses: 'GOODS',
    lastDeciDate: '2019-02-28',
    quantity,
    unitPrice,
    currency,
    amount,
    krwAmount,
  });
  await db
    .insertInto('settlementLine')
    .values([
      sl('RPT19-S1', 1, 'C00001', 'RPT19-W1', 'RPT19-P1', a, 'KRW', '2', '100000', '200000', '200000'),
      sl('RPT19-S1', 2, 'C00001', 'RPT19-W4', 'RPT19-P2', a, 'JPY', '10', '1000', '10000', '100000'),
      sl('RPT19-S2', 1, 'C00002', 'RPT19-W3', 'RPT19-P4', a, 'KRW', '1', '70000', '70000', '70000'),
    ])
    .execute();
  // As the job does within a minute: a report GET only reads the summaries.
  await refreshReportSummary(db);
  return { itemA: a.itemCode, itemB: b.itemCode, catA: a.catCode, catB: b.catCode, sgA: a.sgCode, sgB: b.sgCode };
}
