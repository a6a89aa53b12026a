import type { CompiledQuery, KyselyPlugin, LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/connect.js';
import type { PageWindow } from '../../../server/db/lists/keyset.js';
import { listDeliveries } from '../../../server/modules/fulfilment/delivery/queries.js';
import { listSettlements } from '../../../server/modules/fulfilment/settlement/queries.js';
import { listWarehousingItems } from '../../../server/modules/fulfilment/warehousing/queries.js';
import { listPos } from '../../../server/modules/purchase/po/queries.js';
import { listPrs } from '../../../server/modules/purchase/pr/queries.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

type Page = {
  rows: Array<Record<string, unknown>>;
  total: number;
  totals?: unknown;
  nextCursor: string | null;
  prevCursor: string | null;
};
type List = (db: Db, w: PageWindow) => Promise<Page>;

/**
 * The five benched lists' statements kept per shape (server/db/lists/shaped.ts): for filters, sorts
 * (NULL-able ones too), offsets and cursors both ways, the kept statement — on its first run of a
 * shape (built with placeholders) and on a later one (the kept text alone) — answers exactly what
 * the statement built afresh with the values does, and sends the same SQL text and parameters.
 * "Afresh" is the same handle with one plugin more, through which shaped.ts builds every time as
 * before (the way a supplier-scoped handle goes).
 */
describe('lists by kept statements answer as freshly built ones', () => {
  let t: TestDb;
  let sent: Array<{ sql: string; parameters: readonly unknown[] }> | null = null;
  const noop: KyselyPlugin = { transformQuery: (a) => a.node, transformResult: async (a) => a.result };
  beforeAll(async () => {
    t = await createSeededTestDb(undefined, undefined, (e: LogEvent) => {
      const q: CompiledQuery = e.query;
      sent?.push({ sql: q.sql, parameters: q.parameters });
    });
  });
  afterAll(() => t.drop());

  /** The page and the statements it sent, in a stable order (they run side by side). */
  async function run(list: List, db: Db, w: PageWindow) {
    sent = [];
    const page = await list(db, w);
    const statements = sent.sort((a, b) => a.sql.localeCompare(b.sql));
    sent = null;
    return { page, statements };
  }

  /** Fresh, then kept twice (built with placeholders, then the kept text): the same answer and statements. */
  async function same(list: List, w: PageWindow): Promise<Page> {
    const fresh = await run(list, t.db.withPlugin(noop), w);
    for (const pass of ['first run of the shape', 'kept text']) {
      const kept = await run(list, t.db, w);
      expect(kept.page, pass).toEqual(fresh.page);
      expect(kept.statements, pass).toEqual(fresh.statements);
    }
    return fresh.page;
  }

  /** The first page by offset, page 3 by offset, the page after page 1 and the page before that one. */
  async function walk(list: List, size = 7): Promise<Page> {
    const first = await same(list, { limit: size, offset: 0 });
    expect(first.rows.length, 'a filter that keeps rows').toBeGreaterThan(0);
    await same(list, { limit: size, offset: size * 2 });
    if (first.nextCursor) {
      const second = await same(list, { limit: size, offset: 0, after: first.nextCursor });
      if (second.prevCursor)
        expect((await same(list, { limit: size, offset: 0, before: second.prevCursor })).rows).toEqual(first.rows);
    }
    return first;
  }

  it('deliveries', async () => {
    const all = await walk((db, w) => listDeliveries(db, {}, { field: 'deliveryDate', direction: 'desc' }, w));
    const r = all.rows[0];
    await walk((db, w) =>
      listDeliveries(db, { status: ['REGISTERED', 'RECEIVED'] }, { field: 'arrivalDate', direction: 'asc' }, w),
    );
    await walk((db, w) =>
      listDeliveries(db, { status: ['RECEIVED'], noPo: 'N' }, { field: 'poNo', direction: 'desc' }, w),
    );
    await walk((db, w) =>
      listDeliveries(
        db,
        { compName: String(r.compName).slice(0, 1), deliveryNo: String(r.deliveryNo).slice(0, 3) },
        { field: 'compName', direction: 'asc' },
        w,
      ),
    );
    const line = await t.db
      .selectFrom('deliveryLine as l')
      .innerJoin('delivery as d', 'd.deliveryNo', 'l.deliveryNo')
      .select(['l.itemName', 'd.compNo'])
      .orderBy('l.deliveryNo')
      .limit(1)
      .executeTakeFirstOrThrow();
    await walk((db, w) =>
      listDeliveries(
        db,
        { compNo: line.compNo, from: '2000-01-01', to: '2100-12-31', itemName: line.itemName.slice(0, 2) },
        { field: 'AMT', direction: 'desc' },
        w,
      ),
    );
  });

  it('settlements', async () => {
    const all = await walk((db, w) => listSettlements(db, {}, { field: 'period', direction: 'desc' }, w), 3);
    const r = all.rows[0];
    await walk(
      (db, w) =>
        listSettlements(
          db,
          { status: ['CONFIRMED', 'POSTED', 'DRAFT', 'CONFIRM_REQUESTED'] },
          { field: 'totalAmount', direction: 'asc' },
          w,
        ),
      3,
    );
    await walk(
      (db, w) =>
        listSettlements(
          db,
          { compName: String(r.compName).slice(0, 1), periodFrom: '200001', periodTo: String(r.period) },
          { field: 'compName', direction: 'desc' },
          w,
        ),
      2,
    );
    await walk(
      (db, w) =>
        listSettlements(
          db,
          { settleNo: String(r.settleNo).slice(0, 2), compNo: String(r.compNo) },
          { field: 'updatedAt', direction: 'asc' },
          w,
        ),
      1,
    );
  });

  it('PO list', async () => {
    const all = await walk((db, w) => listPos(db, {}, { field: 'poDate', direction: 'desc' }, w));
    const r = all.rows[0];
    await walk((db, w) =>
      listPos(
        db,
        { poType: 'PO', status: [String(r.status)], approvalStatus: [String(r.approvalStatus)] },
        { field: 'dueDate', direction: 'asc' },
        w,
      ),
    );
    await walk((db, w) =>
      listPos(
        db,
        { compName: ` ${String(r.compNameKr).slice(0, 1)} `, fromDate: '2000-01-01', toDate: '2100-12-31' },
        { field: 'compNameKr', direction: 'asc' },
        w,
      ),
    );
    await walk((db, w) =>
      listPos(
        db,
        { compNo: String(r.compNo).toLowerCase(), currency: r.currency as 'KRW' },
        { field: 'buyerName', direction: 'desc' },
        w,
      ),
    );
  });

  it('warehousing items', async () => {
    const all = await walk((db, w) => listWarehousingItems(db, {}, { field: 'whReqDate', direction: 'desc' }, w));
    const r = all.rows[0];
    await walk((db, w) =>
      listWarehousingItems(
        db,
        { system: 'GPMS', status: [String(r.status)] },
        { field: 'itemCode', direction: 'asc' },
        w,
      ),
    );
    await walk((db, w) => listWarehousingItems(db, { system: 'OTHER' }, { field: 'eprName', direction: 'desc' }, w));
    await walk((db, w) =>
      listWarehousingItems(
        db,
        { deptName: String(r.deptName).slice(0, 1), reqFrom: '2000-01-01', reqTo: '2100-12-31' },
        { field: 'lastDeciDate', direction: 'asc' },
        w,
      ),
    );
    await walk((db, w) =>
      listWarehousingItems(
        db,
        { compNo: String(r.compNo), poNo: String(r.poNo).slice(0, 2) },
        { field: 'compName', direction: 'desc' },
        w,
      ),
    );
  });

  it('PR list', async () => {
    const all = await walk((db, w) =>
      listPrs(db, {}, { kind: 'all' }, null, { field: 'prDate', direction: 'desc' }, w),
    );
    const r = all.rows[0];
    const viewer = String(r.requesterId);
    await walk((db, w) => listPrs(db, {}, { kind: 'self' }, viewer, { field: 'buyerName', direction: 'asc' }, w));
    await walk((db, w) =>
      listPrs(
        db,
        { status: [String(r.status)] },
        { kind: 'dept', deptcd: String(r.deptcd) },
        viewer,
        { field: 'title', direction: 'desc' },
        w,
      ),
    );
    await walk((db, w) =>
      listPrs(
        db,
        { title: ` ${String(r.title).slice(0, 1)} ` },
        { kind: 'section', section: String(r.section) },
        viewer,
        { field: 'totalAmount', direction: 'asc' },
        w,
      ),
    );
    await walk((db, w) =>
      listPrs(
        db,
        { requesterName: String(r.requesterName).slice(0, 1), fromDate: '2000-01-01' },
        { kind: 'all' },
        viewer,
        { field: 'requesterName', direction: 'desc' },
        w,
      ),
    );
  });
});
