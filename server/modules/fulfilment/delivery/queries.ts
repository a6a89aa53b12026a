import { sumDecimals } from '../../../../lib/money.js';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type Keyset, type KeysetValues, type PageWindow } from '../../../db/lists/keyset.js';
import { shaped } from '../../../db/lists/shaped.js';
import { amt, qty } from '../../../domain/money.js';
import { iso } from '../../../domain/values.js';
import { answerRow } from '../../../db/lists/answer-rows.js';
import { count, isoOf, orNull } from '../../../db/lists/answer-values.js';
import type { DELIVERABLE_SORT, DELIVERY_SORT } from './schemas.js';
import { openQuantity } from './workflow.js';

export interface DeliveryFilter {
  deliveryNo?: string;
  poNo?: string;
  compNo?: string;
  compName?: string;
  status?: string[];
  from?: string;
  to?: string;
  noPo?: 'Y' | 'N';
  itemName?: string;
}

type Window = { limit: number; offset: number };

const SORT_COLUMNS: Record<(typeof DELIVERY_SORT)[number], string> = {
  deliveryNo: 'd.deliveryNo',
  poNo: 'd.poNo',
  compNo: 'd.compNo',
  compName: 'c.compNameKr',
  status: 'd.status',
  deliveryDate: 'd.deliveryDate',
  arrivalDate: 'd.arrivalDate',
  AMT: 'd.totalAmount',
  createdAt: 'd.createdAt',
};

const contains = (v: string) => `%${likeEscape(v)}%`;
const like = (v: string | undefined) => (v ? contains(v) : undefined);

/** The filter's values as the statement takes them (patterns wrapped and escaped): shaped.ts builds with placeholders. */
type DeliveryValues = Omit<DeliveryFilter, 'noPo'> & { noPo?: string };

const deliveryValues = (f: DeliveryFilter): DeliveryValues => ({
  deliveryNo: like(f.deliveryNo),
  poNo: like(f.poNo),
  compNo: f.compNo,
  compName: like(f.compName),
  status: f.status?.length ? f.status : undefined,
  from: f.from,
  to: f.to,
  noPo: f.noPo,
  itemName: like(f.itemName),
});

function base(db: Db, v: DeliveryValues) {
  let q = db
    .selectFrom('delivery as d')
    .innerJoin('company as c', 'c.compNo', 'd.compNo')
    .leftJoin('poHeader as h', 'h.poNo', 'd.poNo');
  if (v.deliveryNo) q = q.where('d.deliveryNo', 'ilike', v.deliveryNo);
  if (v.poNo) q = q.where('d.poNo', 'ilike', v.poNo);
  if (v.compNo) q = q.where('d.compNo', '=', v.compNo);
  if (v.compName) q = q.where('c.compNameKr', 'ilike', v.compName);
  if (v.status) q = q.where('d.status', 'in', v.status as never[]);
  if (v.from) q = q.where('d.deliveryDate', '>=', v.from);
  if (v.to) q = q.where('d.deliveryDate', '<=', v.to);
  if (v.noPo) q = q.where('d.noPo', '=', v.noPo as 'Y' | 'N');
  if (v.itemName) {
    const name = v.itemName;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('deliveryLine as l')
          .select('l.lineNo')
          .whereRef('l.deliveryNo', '=', 'd.deliveryNo')
          .where('l.itemName', 'ilike', name),
      ),
    );
  }
  return q;
}

function selectRow(q: ReturnType<typeof base>) {
  return q
    .select([
      'd.deliveryNo',
      'd.compNo',
      'c.compNameKr as compName',
      'd.poNo',
      'h.title as poTitle',
      'd.noPo',
      'd.status',
      'd.deliveryDate',
      'd.arrivalDate',
      'd.currency',
      'd.totalAmount',
      'd.delivererName',
      'd.delivererPhone',
      'd.vehicleNo',
      'd.fileId',
      'd.remark',
      'd.cancelReason',
      'd.registeredBy',
      'd.receivedAt',
      'd.createdAt',
      'd.updatedAt',
      'd.version',
    ])
    .select((eb) => [
      eb
        .selectFrom('deliveryLine as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.deliveryNo', '=', 'd.deliveryNo')
        .as('lineCount'),
      // 'CANCELLED' written into the text: the partial index wh_receipt_active_delivery serves this lookup only if its
      // predicate can be proved, which a prepared statement's generic plan cannot do for a parameter (prepared-statements.ts).
      eb
        .selectFrom('whReceipt as r')
        .select('r.whReqNo')
        .whereRef('r.deliveryNo', '=', 'd.deliveryNo')
        .where('r.status', '<>', sql.lit('CANCELLED'))
        .limit(1)
        .as('whReqNo'),
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

// The answer's row, declared once: from Kysely's rows (a supplier's view, one delivery) and from the
// page statement's array rows alike (server/db/lists/answer-rows.ts).
const deliveryRow = answerRow<RawRow>()('deliveries', (f) => ({
  deliveryNo: f('deliveryNo'),
  compNo: f('compNo'),
  compName: f('compName'),
  poNo: f('poNo'),
  poTitle: f('poTitle', orNull),
  noPo: f('noPo'),
  status: f('status'),
  deliveryDate: f('deliveryDate'),
  arrivalDate: f('arrivalDate'),
  currency: f('currency'),
  AMT: f('totalAmount', amt),
  lineCount: f('lineCount', count),
  delivererName: f('delivererName'),
  delivererPhone: f('delivererPhone'),
  vehicleNo: f('vehicleNo'),
  FILE_SEQ: f('fileId'),
  BIGO: f('remark'),
  cancelReason: f('cancelReason'),
  registeredBy: f('registeredBy'),
  receivedAt: f('receivedAt', iso),
  whReqNo: f('whReqNo', orNull),
  createdAt: f('createdAt', isoOf),
  updatedAt: f('updatedAt', isoOf),
  version: f('version'),
}));

const toDeliveryRow = (r: RawRow) => deliveryRow.fromObject(r);

/** Sort columns that may be NULL (keyset paging places NULLs as the ORDER BY does). */
const NULLABLE: ReadonlySet<string> = new Set(['d.poNo', 'd.arrivalDate']);

// Built and compiled once per shape (server/db/lists/shaped.ts): the filters given, the sort, the page's mode.
// The list's count carried by the page's own statement: a subquery of the same filter (uncorrelated, so
// PostgreSQL runs it once, as an InitPlan), not the window `count(*) over ()`, which would count only
// the rows past a cursor.
const pageStatement = shaped('listDeliveries.page', (db: Db, v: DeliveryValues & { page: KeysetValues }, ks: Keyset) =>
  selectRow(base(db, v))
    .select(
      base(db, v)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .as('listTotal'),
    )
    .$call((x) => ks.select(x))
    .$call((x) => ks.page(x, v.page)),
);
const countStatement = shaped('listDeliveries.count', (db: Db, v: DeliveryValues) =>
  base(db, v).select((eb) => eb.fn.countAll<number>().as('n')),
);

export async function listDeliveries(
  db: Db,
  f: DeliveryFilter,
  sort: SortSpec<(typeof DELIVERY_SORT)[number]>,
  w: PageWindow,
) {
  const v = deliveryValues(f);
  const column = SORT_COLUMNS[sort.field];
  const ks = keyset(
    sortId(sort),
    [
      { ref: column, direction: sort.direction, nullable: NULLABLE.has(column) },
      { ref: 'd.deliveryNo', direction: 'desc' },
    ],
    w,
  );
  const fetched = await pageStatement.fetch(db, ks.shape, { ...v, page: ks.values }, ks);
  // Only a page found empty past the first needs a count of its own (an empty first page counts none).
  const total =
    fetched.rows.length > 0
      ? count(fetched.get(fetched.rows[0], 'listTotal') as string)
      : ks.byCursor || w.offset > 0
        ? count((await countStatement.execute(db, '', v))[0].n)
        : 0;
  const page = ks.answer(fetched.rows, fetched.get);
  const toRow = fetched.answer(deliveryRow);
  return {
    rows: page.rows.map((r) => toRow(r)),
    total,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

async function findDelivery(db: Db, deliveryNo: string) {
  const r = await selectRow(base(db, {})).where('d.deliveryNo', '=', deliveryNo).executeTakeFirst();
  return r ? toDeliveryRow(r) : undefined;
}

export async function deliveryDetail(db: Db, deliveryNo: string) {
  const delivery = await findDelivery(db, deliveryNo);
  if (!delivery) return undefined;
  const [lines, receipts] = await Promise.all([
    db
      .selectFrom('deliveryLine as l')
      .leftJoin('poLine as p', (j) => j.onRef('p.poNo', '=', 'l.poNo').onRef('p.lineNo', '=', 'l.poLineNo'))
      .select([
        'l.lineNo',
        'l.poNo',
        'l.poLineNo',
        'l.itemCode',
        'l.itemName',
        'l.spec',
        'l.unitCode',
        'l.quantity',
        'l.unitPrice',
        'l.amount',
        'l.remark',
        'l.shortQty',
        'l.shortReason',
        'l.shortRemark',
        'p.quantity as poQuantity',
        'p.deliveredQty as poDeliveredQty',
      ])
      .where('l.deliveryNo', '=', deliveryNo)
      .orderBy('l.lineNo')
      .execute(),
    db
      .selectFrom('whReceipt')
      .select(['whReqNo', 'status', 'approvalStatus', 'whReqDate'])
      .where('deliveryNo', '=', deliveryNo)
      .orderBy('whReqNo')
      .execute(),
  ]);
  return {
    ...delivery,
    delivery,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      poNo: l.poNo,
      poLineNo: l.poLineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      quantity: qty(l.quantity),
      PRICE: amt(l.unitPrice),
      AMT: amt(l.amount),
      BIGO: l.remark,
      shortQty: qty(l.shortQty),
      shortReason: l.shortReason,
      shortRemark: l.shortRemark,
      poQuantity: l.poQuantity === null ? null : qty(l.poQuantity),
      poDeliveredQty: l.poDeliveredQty === null ? null : qty(l.poDeliveredQty),
      openQty:
        l.poQuantity === null || l.poDeliveredQty === null
          ? null
          : qty(openQuantity({ quantity: l.poQuantity, deliveredQty: l.poDeliveredQty })),
      availableQty:
        l.poQuantity === null || l.poDeliveredQty === null
          ? null
          : qty(openQuantity({ quantity: l.poQuantity, deliveredQty: l.poDeliveredQty }, l.quantity)),
    })),
    receipts,
    // What /deliverEditAdmin's receive grid edits: per line the quantity to accept (all that was
    // delivered until a receipt keeps less) and, for less, why.
    receiveLines: lines
      .filter((l) => l.poLineNo !== null)
      .map((l) => ({
        lineNo: l.lineNo,
        itemName: l.itemName,
        unitCode: l.unitCode,
        deliveredQty: qty(l.quantity),
        quantity: qty(sumDecimals([l.quantity, `-${l.shortQty}`])),
        shortReason: l.shortReason,
        shortRemark: l.shortRemark,
      })),
  };
}

const DELIVERABLE_COLUMNS: Record<(typeof DELIVERABLE_SORT)[number], string> = {
  poNo: 'h.poNo',
  poDate: 'h.poDate',
  dueDate: 'h.dueDate',
  totalAmount: 'h.totalAmount',
};

/** The caller's acknowledged orders that still have something to deliver (deliverEdit's choice). */
export async function listDeliverableOrders(
  db: Db,
  poNo: string | undefined,
  sort: SortSpec<(typeof DELIVERABLE_SORT)[number]>,
  w: Window,
) {
  let q = db
    .selectFrom('poHeader as h')
    .where('h.status', 'in', ['ACKNOWLEDGED', 'PARTLY_DELIVERED'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('poLine as l')
          .select('l.lineNo')
          .whereRef('l.poNo', '=', 'h.poNo')
          .whereRef('l.deliveredQty', '<', 'l.quantity'),
      ),
    );
  if (poNo) q = q.where('h.poNo', 'ilike', contains(poNo));
  const [rows, count] = await Promise.all([
    q
      .select(['h.poNo', 'h.title', 'h.status', 'h.currency', 'h.poDate', 'h.dueDate', 'h.totalAmount'])
      .select((eb) =>
        eb
          .selectFrom('poLine as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.poNo', '=', 'h.poNo')
          .whereRef('l.deliveredQty', '<', 'l.quantity')
          .as('openLineCount'),
      )
      .orderBy(sql.ref(DELIVERABLE_COLUMNS[sort.field]), sort.direction)
      .orderBy('h.poNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, totalAmount: amt(r.totalAmount), openLineCount: Number(r.openLineCount ?? 0) })),
    total: Number(count.n),
  };
}

export async function deliverableOrder(db: Db, poNo: string) {
  const order = await db
    .selectFrom('poHeader as h')
    .select(['h.poNo', 'h.title', 'h.status', 'h.currency', 'h.poDate', 'h.dueDate', 'h.totalAmount'])
    .where('h.poNo', '=', poNo)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('poLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select([
      'l.lineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'l.quantity',
      'l.unitPrice',
      'l.amount',
      'l.deliveredQty',
      'l.deliveryDate',
    ])
    .where('l.poNo', '=', poNo)
    .orderBy('l.lineNo')
    .execute();
  const mapped = lines.map((l) => ({
    lineNo: l.lineNo,
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    quantity: qty(l.quantity),
    PRICE: amt(l.unitPrice),
    AMT: amt(l.amount),
    deliveredQty: qty(l.deliveredQty),
    openQty: qty(openQuantity({ quantity: l.quantity, deliveredQty: l.deliveredQty })),
    deliveryDate: l.deliveryDate,
  }));
  return {
    order: {
      ...order,
      totalAmount: amt(order.totalAmount),
      openLineCount: mapped.filter((l) => l.openQty !== '0.000').length,
    },
    lines: mapped,
  };
}

/* ---------------- the order quantities and status deliveries and receipts move ---------------- */

export function findPoStatus(trx: Db, poNo: string) {
  return trx.selectFrom('poHeader').select(['poNo', 'status', 'version']).where('poNo', '=', poNo).executeTakeFirst();
}

export function findPoLineQuantities(trx: Db, poNo: string) {
  return trx.selectFrom('poLine').select(['quantity', 'deliveredQty']).where('poNo', '=', poNo).execute();
}

export async function updatePoHeader(trx: Db, poNo: string, values: Updateable<Database['poHeader']>) {
  await trx.updateTable('poHeader').set(values).where('poNo', '=', poNo).execute();
}

export async function updatePoLine(trx: Db, poNo: string, lineNo: number, values: Updateable<Database['poLine']>) {
  await trx.updateTable('poLine').set(values).where('poNo', '=', poNo).where('lineNo', '=', lineNo).execute();
}

/** The order a delivery is registered against and its lines, locked. */
export function lockOrderHeader(trx: Db, poNo: string) {
  return trx
    .selectFrom('poHeader')
    .select(['poNo', 'status', 'currency'])
    .where('poNo', '=', poNo)
    .forUpdate()
    .executeTakeFirst();
}

export function lockOrderLines(trx: Db, poNo: string) {
  return trx
    .selectFrom('poLine')
    .select(['lineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'unitPrice', 'deliveredQty'])
    .where('poNo', '=', poNo)
    .orderBy('lineNo')
    .forUpdate()
    .execute();
}

/* ------------------------------ a delivery's writes ------------------------------ */

/** The delivery locked for a change or its receipt (the whole row: the checks and the audit read it). */
export function lockDelivery(trx: Db, deliveryNo: string) {
  return trx.selectFrom('delivery').selectAll().where('deliveryNo', '=', deliveryNo).forUpdate().executeTakeFirst();
}

/** What a cancellation checks and records as "before", locked. */
export function lockDeliveryToCancel(trx: Db, deliveryNo: string) {
  return trx
    .selectFrom('delivery')
    .select(['deliveryNo', 'poNo', 'status', 'version'])
    .where('deliveryNo', '=', deliveryNo)
    .forUpdate()
    .executeTakeFirst();
}

export function findDeliveryLines(trx: Db, deliveryNo: string) {
  return trx.selectFrom('deliveryLine').selectAll().where('deliveryNo', '=', deliveryNo).orderBy('lineNo').execute();
}

export function findDeliveryLineQuantities(trx: Db, deliveryNo: string) {
  return trx.selectFrom('deliveryLine').select(['poLineNo', 'quantity']).where('deliveryNo', '=', deliveryNo).execute();
}

export async function insertDelivery(
  trx: Db,
  header: Insertable<Database['delivery']>,
  lines: ReadonlyArray<Insertable<Database['deliveryLine']>>,
) {
  await trx.insertInto('delivery').values(header).execute();
  await trx
    .insertInto('deliveryLine')
    .values([...lines])
    .execute();
}

export async function replaceDeliveryLines(
  trx: Db,
  deliveryNo: string,
  lines: ReadonlyArray<Insertable<Database['deliveryLine']>>,
) {
  await trx.deleteFrom('deliveryLine').where('deliveryNo', '=', deliveryNo).execute();
  await trx
    .insertInto('deliveryLine')
    .values([...lines])
    .execute();
}

export async function updateDelivery(trx: Db, deliveryNo: string, values: Updateable<Database['delivery']>) {
  await trx.updateTable('delivery').set(values).where('deliveryNo', '=', deliveryNo).execute();
}

/** Which of these item codes the master holds. */
export async function existingItemCodes(trx: Db, codes: string[]): Promise<Set<string>> {
  return new Set(
    codes.length
      ? (await trx.selectFrom('item').select('itemCode').where('itemCode', 'in', codes).execute()).map(
          (i) => i.itemCode,
        )
      : [],
  );
}

/**
 * The order's revisions in force or superseded (a proposal or a rejected change never reached the
 * supplier): number, whether the supplier acknowledged it, and its diff (json as stored).
 */
export async function findRevisionTerms(trx: Db, poNo: string) {
  const rows = await trx
    .selectFrom('poRevision')
    .select(['revision', 'acknowledgedAt', 'diff'])
    .where('poNo', '=', poNo)
    .where('status', 'in', ['CURRENT', 'SUPERSEDED'])
    .orderBy('revision')
    .execute();
  return rows.map((r) => ({
    revision: r.revision,
    acknowledged: r.acknowledgedAt !== null,
    diff: (typeof r.diff === 'string' ? JSON.parse(r.diff) : r.diff) as Array<{ field: string; lineNo: number | null }>,
  }));
}
