import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayRunnerOf, offerArrayRows, type ArrayRunner } from '../../../server/db/lists/array-rows.js';
import type { Db } from '../../../server/db/connect.js';
import type { PageWindow } from '../../../server/db/lists/keyset.js';
import { amt, qty, won } from '../../../server/domain/money.js';
import { iso } from '../../../server/domain/values.js';
import { listDeliveries } from '../../../server/modules/fulfilment/delivery/queries.js';
import { listSettlements } from '../../../server/modules/fulfilment/settlement/queries.js';
import { listWarehousingItems } from '../../../server/modules/fulfilment/warehousing/queries.js';
import { listPos } from '../../../server/modules/purchase/po/queries.js';
import { listPrs } from '../../../server/modules/purchase/pr/queries.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

type Row = Record<string, unknown>;

/**
 * The five benched lists' answers built once (server/db/lists/answer-rows.ts): their page statements read
 * as the driver's arrays (array-rows.ts: `pg`'s rowMode, the PGlite worker's) and turned straight into
 * answer rows must answer exactly what the object path does — Kysely's camelCase rows, the list's
 * mapping, fast-json-stringify with the route's response schema — on both databases, with NULLs,
 * money, timestamps, ties, Korean text, quotes, backslashes and control characters in the rows:
 *
 * 1. through the route, the same JSON text with array mode offered and withdrawn;
 * 2. the list's answer rows equal to the mapping as it was before (the functions of e5d8d08, kept
 *    below as the reference) applied to Kysely's object rows of the same statement.
 */
// Short enough for every column it goes into (varchar(50) the shortest).
const EDGE = '"큰" \'작은\' \\ 끝\\ \t\n\r \u0001\u001f\u007f </script> \u2028 😀 한글';

// ── The mappings as main had them (e5d8d08), the reference. ─────────────────────────────────────
const oldDelivery = (r: Row) => ({
  deliveryNo: r.deliveryNo,
  compNo: r.compNo,
  compName: r.compName,
  poNo: r.poNo,
  poTitle: r.poTitle ?? null,
  noPo: r.noPo,
  status: r.status,
  deliveryDate: r.deliveryDate,
  arrivalDate: r.arrivalDate,
  currency: r.currency,
  AMT: amt(r.totalAmount as string),
  lineCount: Number(r.lineCount ?? 0),
  delivererName: r.delivererName,
  delivererPhone: r.delivererPhone,
  vehicleNo: r.vehicleNo,
  FILE_SEQ: r.fileId,
  BIGO: r.remark,
  cancelReason: r.cancelReason,
  registeredBy: r.registeredBy,
  receivedAt: iso(r.receivedAt as string),
  whReqNo: r.whReqNo ?? null,
  createdAt: iso(r.createdAt as string)!,
  updatedAt: iso(r.updatedAt as string)!,
  version: r.version,
});
const oldSettlement = (r: Row) => ({
  ...r,
  jpyGoodsAmount: won(r.jpyGoodsAmount as string),
  jpyRate: r.jpyRate === null ? null : (r.jpyRate as string).replace(/\.?0+$/, ''),
  pendingAdjustments: Number(r.pendingAdjustments ?? 0),
  voucherNo: r.voucherNo ?? null,
  voucherStatus: r.voucherStatus ?? null,
  builtAt: iso(r.builtAt as string)!,
  confirmRequestedAt: iso(r.confirmRequestedAt as string),
  confirmedAt: iso(r.confirmedAt as string),
  disputedAt: iso(r.disputedAt as string),
  postedAt: iso(r.postedAt as string),
  updatedAt: iso(r.updatedAt as string)!,
});
const oldItem = (r: Row) => ({
  whReqNo: r.whReqNo,
  whAppNo: r.whAppNo,
  poNo: r.poNo,
  deliveryNo: r.deliveryNo,
  compNo: r.compNo,
  compName: r.compName,
  sourceSystem: r.sourceSystem,
  externalRef: r.externalRef,
  section: r.section,
  sectionName: r.sectionName,
  deptcd: r.deptcd,
  deptName: r.deptName,
  eprId: r.eprId,
  eprName: r.eprName,
  receiverId: r.receiverId,
  receiveName: r.receiveName,
  expenses: r.expenses,
  status: r.status,
  approvalStatus: r.approvalStatus,
  currency: r.currency,
  whReqDate: r.whReqDate,
  lastDeciDate: r.lastDeciDate,
  lineNo: r.lineNo,
  poLineNo: r.poLineNo,
  deliveryLineNo: r.deliveryLineNo,
  itemCode: r.itemCode,
  itemName: r.itemName,
  spec: r.spec,
  unitCode: r.unitCode,
  FILE_SEQ: r.fileId ?? null,
  settleNo: r.settleNo ?? null,
  quantity: qty(r.quantity as string),
  PRICE: amt(r.unitPrice as string),
  AMT: amt(r.amount as string),
  BIGO: r.remark,
});
const oldPo = (lineCounts: Map<string, number>) => (r: Row) => ({
  poNo: r.poNo,
  poType: r.poType,
  poDate: r.poDate,
  title: r.title,
  status: r.status,
  approvalStatus: r.approvalStatus,
  compNo: r.compNo,
  compNameKr: r.compNameKr,
  forwardYn: r.forwardYn,
  buyerId: r.buyerId,
  buyerName: r.buyerName,
  requesterName: r.requesterName,
  deptnm: r.deptnm,
  prNo: r.prNo,
  rfqNo: r.rfqNo,
  loiNo: r.loiNo,
  currency: r.currency,
  totalAmount: r.totalAmount,
  subconKind: r.subconKind,
  dueDate: r.dueDate,
  version: r.version,
  lineCount: lineCounts.get(r.poNo as string) ?? 0,
  forwardedAt: iso(r.forwardedAt as string),
  acknowledgedAt: iso(r.acknowledgedAt as string),
  updatedAt: iso(r.updatedAt as string)!,
});
const oldPr = (r: Row) => ({ ...r, lineCount: Number(r.lineCount), updatedAt: iso(r.updatedAt as string)! });

/** The keyset's cursor columns, which the old spreads carried and the response schema dropped. */
// The cursor's key columns and the list's totals the page's statement carries: in the row, never in the answer's rows.
const withoutKeys = (r: Row) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !/^ks\d+$/.test(k) && k !== 'listTotals'));

describe('list answers built once from array rows equal the object path', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let runner: ArrayRunner;
  let arrayRuns = 0;
  /** Kysely's object rows of the last page statement (the one with cursor columns) read through `capturing`. */
  let captured: Row[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (a) => a.node,
    transformResult: async (a) => {
      const rows = a.result.rows as Row[];
      if (rows.length && 'ks0' in rows[0]) captured = rows;
      return a.result;
    },
  };

  beforeAll(async () => {
    // PGlite in its worker thread: the server's way, and the one that offers array mode.
    t = await buildTestApp({ pgliteThread: 'worker' });
    admin = await sessionAs(t.app, 'admin');
    const offered = arrayRunnerOf(t.db.db);
    expect(offered, 'the handle offers array mode').toBeDefined();
    runner = offered!;
    offerArrayRows(t.db.db, async (q) => {
      arrayRuns++;
      return runner(q);
    });

    // Edge values in the rows the lists answer first, ties on the delivery date, NULLs where allowed.
    const db = t.db.db;
    const deliveries = await db
      .selectFrom('delivery')
      .select('deliveryNo')
      .orderBy('deliveryDate', 'desc')
      .orderBy('deliveryNo', 'desc')
      .limit(4)
      .execute();
    const dNos = deliveries.map((d) => d.deliveryNo);
    await db
      .updateTable('delivery')
      .set({ remark: EDGE, delivererName: EDGE, vehicleNo: null, arrivalDate: null, deliveryDate: '2026-11-20' })
      .where('deliveryNo', 'in', dNos)
      .execute();
    await db.updateTable('delivery').set({ totalAmount: '1234.5' }).where('deliveryNo', '=', dNos[0]).execute();
    await db
      .updateTable('settlement')
      .set({ disputeReason: EDGE })
      .where('settleNo', 'in', db.selectFrom('settlement').select('settleNo').orderBy('settleNo', 'desc').limit(3))
      .execute();
    await db
      .updateTable('settlement')
      .set({ jpyRate: '9.1000' })
      .where('settleNo', 'in', db.selectFrom('settlement').select('settleNo').orderBy('settleNo', 'desc').limit(1))
      .execute();
    await db
      .updateTable('poHeader')
      .set({ title: EDGE, dueDate: null })
      .where('poNo', 'in', db.selectFrom('poHeader').select('poNo').orderBy('poNo', 'desc').limit(3))
      .execute();
    await db
      .updateTable('prHeader')
      .set({ title: EDGE })
      .where('prNo', 'in', db.selectFrom('prHeader').select('prNo').orderBy('prNo', 'desc').limit(3))
      .execute();
    const receipt = await db
      .selectFrom('whReceipt')
      .select('whReqNo')
      .orderBy('whReqDate', 'desc')
      .orderBy('whReqNo', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('whReceiptLine')
      .set({ itemName: EDGE, spec: null, remark: EDGE })
      .where('whReqNo', '=', receipt.whReqNo)
      .execute();
  });
  afterAll(() => t.close());

  /** The route's JSON text with array mode, then with it withdrawn (the object path): the same text. */
  async function sameJson(url: string, query: Record<string, string>): Promise<Row[]> {
    const get = () =>
      t.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(query)}`, headers: admin.headers });
    arrayRuns = 0;
    const arrays = await get();
    expect(arrays.statusCode, arrays.body).toBe(200);
    expect(arrayRuns, `${url}: the page read in array mode`).toBeGreaterThan(0);
    const handler = arrayRunnerOf(t.db.db);
    offerArrayRows(t.db.db, undefined);
    try {
      arrayRuns = 0;
      const objects = await get();
      expect(arrayRuns).toBe(0);
      expect(objects.statusCode).toBe(200);
      expect(arrays.body, `${url} ${JSON.stringify(query)}`).toBe(objects.body);
    } finally {
      offerArrayRows(t.db.db, handler);
    }
    return (arrays.json() as { rows: Row[] }).rows;
  }

  /** The list's rows (array mode) equal the old mapping of Kysely's object rows of the same page statement. */
  async function sameAsBefore(
    list: (db: Db, w: PageWindow) => Promise<{ rows: unknown[] }>,
    w: PageWindow,
    old: (r: Row) => Row,
  ): Promise<Row[]> {
    captured = [];
    await list(t.db.db.withPlugin(capture), w);
    const expected = captured.slice(0, w.limit).map((r) => withoutKeys(old(r)));
    arrayRuns = 0;
    const actual = (await list(t.db.db, w)).rows;
    expect(arrayRuns).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
    return actual as Row[];
  }

  const text = (rows: Row[], field: string) => rows.some((r) => r[field] === EDGE);

  it('deliveries: ties on the date, NULLs, money and every kind of character', async () => {
    for (const sort of ['deliveryDate:desc', 'arrivalDate:asc', 'AMT:desc']) {
      const rows = await sameJson('/api/v1/deliveries', { size: '20', sort });
      if (sort === 'deliveryDate:desc') {
        expect(text(rows, 'BIGO'), 'the edge text answered').toBe(true);
        expect(rows.filter((r) => r.deliveryDate === '2026-11-20').length, 'ties').toBeGreaterThan(1);
        expect(
          rows.some((r) => r.AMT === '1234.50'),
          'money as numeric(18,2) prints it',
        ).toBe(true);
      }
    }
    const first = await sameAsBefore(
      (db, w) => listDeliveries(db, {}, { field: 'deliveryDate', direction: 'desc' }, w),
      { limit: 20, offset: 0 },
      oldDelivery,
    );
    expect(text(first, 'BIGO')).toBe(true);
    const page = await listDeliveries(
      t.db.db,
      {},
      { field: 'deliveryDate', direction: 'desc' },
      { limit: 3, offset: 0 },
    );
    await sameAsBefore(
      (db, w) => listDeliveries(db, {}, { field: 'deliveryDate', direction: 'desc' }, w),
      { limit: 3, offset: 0, after: page.nextCursor! },
      oldDelivery,
    );
  });

  it('settlements', async () => {
    const rows = await sameJson('/api/v1/settlements', { size: '20', sort: 'settleNo:desc' });
    expect(text(rows, 'disputeReason')).toBe(true);
    expect(rows.some((r) => r.jpyRate === '9.1')).toBe(true);
    await sameJson('/api/v1/settlements', { size: '7', sort: 'period:asc' });
    await sameAsBefore(
      (db, w) => listSettlements(db, {}, { field: 'settleNo', direction: 'desc' }, w),
      { limit: 20, offset: 0 },
      oldSettlement,
    );
  });

  it('PO list', async () => {
    const rows = await sameJson('/api/v1/pos', { size: '20', sort: 'poNo:desc' });
    expect(text(rows, 'title')).toBe(true);
    await sameJson('/api/v1/pos', { size: '20', sort: 'dueDate:desc' });
    const counts = await t.db.db
      .selectFrom('poLine')
      .select(['poNo', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('poNo')
      .execute();
    const lineCounts = new Map(counts.map((c) => [c.poNo, Number(c.n)]));
    const answered = await sameAsBefore(
      (db, w) => listPos(db, {}, { field: 'poNo', direction: 'desc' }, w),
      { limit: 20, offset: 0 },
      oldPo(lineCounts),
    );
    expect(
      answered.some((r) => Number(r.lineCount) > 0),
      'line counts answered',
    ).toBe(true);
  });

  it('warehousing items', async () => {
    const rows = await sameJson('/api/v1/warehousing/items', { size: '20', sort: 'whReqDate:desc' });
    expect(text(rows, 'itemName') && text(rows, 'BIGO')).toBe(true);
    await sameJson('/api/v1/warehousing/items', { size: '20', sort: 'itemCode:asc' });
    await sameAsBefore(
      (db, w) => listWarehousingItems(db, {}, { field: 'whReqDate', direction: 'desc' }, w),
      { limit: 20, offset: 0 },
      oldItem,
    );
  });

  it('PR list', async () => {
    const rows = await sameJson('/api/v1/prs', { size: '20', sort: 'prNo:desc' });
    expect(text(rows, 'title')).toBe(true);
    await sameJson('/api/v1/prs', { size: '20', sort: 'buyerName:asc' });
    await sameAsBefore(
      (db, w) => listPrs(db, {}, { kind: 'all' }, null, { field: 'prNo', direction: 'desc' }, w),
      { limit: 20, offset: 0 },
      oldPr,
    );
  });
});
