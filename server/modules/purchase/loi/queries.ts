import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import { iso } from '../../../domain/values.js';
import type { LOI_SORT } from './schemas.js';
import { SUPPLIER_VISIBLE_LOI } from './workflow.js';

type Window = { limit: number; offset: number };

/** An issued LOI past its last valid day reads as expired, before the sweep stores it. */
const effectiveStatus = (today: string) =>
  sql<string>`case when l.status = 'ISSUED' and l.valid_until < ${today}::date then 'EXPIRED' else l.status end`;

export interface LoiFilter {
  loiNo?: string;
  title?: string;
  compNo?: string;
  compName?: string;
  status?: string[];
  buyerId?: string;
  validOn?: string;
}

type LScope = ExpressionBuilder<Database & { l: Database['loi']; c: Database['company'] }, 'l' | 'c'>;

export async function listLois(
  db: Db,
  f: LoiFilter,
  sort: SortSpec<(typeof LOI_SORT)[number]>,
  w: Window,
  today: string,
) {
  const status = effectiveStatus(today);
  const cond = (eb: LScope) => {
    const parts = [];
    if (given(f.loiNo)) parts.push(eb('l.loiNo', 'ilike', `%${likeEscape(f.loiNo!.trim())}%`));
    if (given(f.title)) parts.push(eb('l.title', 'ilike', `%${likeEscape(f.title!.trim())}%`));
    if (given(f.compNo)) parts.push(eb('l.compNo', '=', f.compNo!.trim().toUpperCase()));
    if (given(f.compName)) parts.push(eb('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`));
    if (f.status?.length) parts.push(eb(status, 'in', f.status));
    if (given(f.buyerId)) parts.push(eb('l.buyerId', '=', f.buyerId!.trim()));
    if (given(f.validOn))
      parts.push(eb.and([eb('l.validFrom', '<=', f.validOn!), eb('l.validUntil', '>=', f.validOn!)]));
    return eb.and(parts);
  };
  const columns = {
    loiNo: 'l.loiNo',
    compNameKr: 'c.compNameKr',
    title: 'l.title',
    amount: 'l.amount',
    validFrom: 'l.validFrom',
    validUntil: 'l.validUntil',
    buyerName: 'e.hname',
    updatedAt: 'l.updatedAt',
  } as const;
  const base = db
    .selectFrom('loi as l')
    .innerJoin('company as c', 'c.compNo', 'l.compNo')
    .innerJoin('employee as e', 'e.singleid', 'l.buyerId')
    .where(cond);
  const [rows, count] = await Promise.all([
    base
      .select([
        'l.loiNo',
        'l.compNo',
        'c.compNameKr',
        'l.title',
        'l.currency',
        'l.amount',
        'l.validFrom',
        'l.validUntil',
        'l.approvalStatus',
        'l.buyerId',
        'e.hname as buyerName',
        'l.prNo',
        'l.issuedAt',
        'l.acceptedAt',
        'l.updatedAt',
        'l.version',
      ])
      .select([
        status.as('status'),
        sql<number>`(select count(*) from po_header h where h.loi_no = l.loi_no)`.as('orderCount'),
      ])
      .orderBy(sort.field === 'status' ? status : columns[sort.field], sort.direction)
      .orderBy('l.loiNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      orderCount: Number(r.orderCount),
      issuedAt: iso(r.issuedAt),
      acceptedAt: iso(r.acceptedAt),
      updatedAt: iso(r.updatedAt)!,
    })),
    total: Number(count.n),
  };
}

export async function findLoi(db: Db, loiNo: string) {
  return db
    .selectFrom('loi as l')
    .innerJoin('company as c', 'c.compNo', 'l.compNo')
    .innerJoin('employee as e', 'e.singleid', 'l.buyerId')
    .select([
      'l.loiNo',
      'l.compNo',
      'c.compNameKr',
      'l.title',
      'l.scope',
      'l.currency',
      'l.amount',
      'l.validFrom',
      'l.validUntil',
      'l.status',
      'l.approvalStatus',
      'l.approvalId',
      'l.buyerId',
      'e.hname as buyerName',
      'e.email as buyerEmail',
      'e.telNo as buyerTelNo',
      'l.prNo',
      'l.fileId',
      'l.issuedAt',
      'l.acceptedAt',
      'l.expiredAt',
      'l.cancelReason',
      'l.createdAt',
      'l.updatedAt',
      'l.version',
    ])
    .where('l.loiNo', '=', loiNo)
    .executeTakeFirst();
}

/** The supplier's LOIs (db scoped to its company): issued ones and later, never drafts. */
export async function listSupplierLois(
  db: Db,
  f: { loiNo?: string; status?: string[] },
  sort: SortSpec<'loiNo' | 'validUntil' | 'amount' | 'status'>,
  w: Window,
  today: string,
) {
  const status = effectiveStatus(today);
  const base = db
    .selectFrom('loi as l')
    .innerJoin('employee as e', 'e.singleid', 'l.buyerId')
    .where('l.status', 'in', [...SUPPLIER_VISIBLE_LOI])
    .$if(!!given(f.loiNo), (q) => q.where('l.loiNo', 'ilike', `%${likeEscape(f.loiNo!.trim())}%`))
    .$if(!!f.status?.length, (q) => q.where(status, 'in', f.status!));
  const columns = { loiNo: 'l.loiNo', validUntil: 'l.validUntil', amount: 'l.amount' } as const;
  const [rows, count] = await Promise.all([
    base
      .select([
        'l.loiNo',
        'l.title',
        'l.currency',
        'l.amount',
        'l.validFrom',
        'l.validUntil',
        'e.hname as buyerName',
        'l.issuedAt',
        'l.acceptedAt',
        'l.version',
      ])
      .select(status.as('status'))
      .orderBy(sort.field === 'status' ? status : columns[sort.field], sort.direction)
      .orderBy('l.loiNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, issuedAt: iso(r.issuedAt), acceptedAt: iso(r.acceptedAt) })),
    total: Number(count.n),
  };
}

/** The orders that follow the LOI. */
export function findLoiOrders(db: Db, loiNo: string) {
  return db
    .selectFrom('poHeader')
    .select(['poNo', 'status', 'totalAmount'])
    .where('loiNo', '=', loiNo)
    .orderBy('poNo')
    .execute();
}

/** The LOI locked for a change (the whole row: the checks and the audit read it). */
export function lockLoi(trx: Db, loiNo: string) {
  return trx.selectFrom('loi').selectAll().where('loiNo', '=', loiNo).forUpdate().executeTakeFirst();
}

/** What a supplier's acceptance checks, locked. */
export function lockLoiForSupplier(trx: Db, loiNo: string) {
  return trx
    .selectFrom('loi')
    .select(['status', 'version', 'validUntil'])
    .where('loiNo', '=', loiNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertLoi(trx: Db, values: Insertable<Database['loi']>) {
  await trx.insertInto('loi').values(values).execute();
}

export async function updateLoi(trx: Db, loiNo: string, values: Updateable<Database['loi']>) {
  await trx.updateTable('loi').set(values).where('loiNo', '=', loiNo).execute();
}

/** Issued LOIs past their validity on `today`, locked, by number (the expiry job). */
export function lockOverdueLois(trx: Db, today: string) {
  return trx
    .selectFrom('loi')
    .select(['loiNo', 'status', 'version'])
    .where('status', '=', 'ISSUED')
    .where('validUntil', '<', today)
    .orderBy('loiNo')
    .forUpdate()
    .execute();
}
