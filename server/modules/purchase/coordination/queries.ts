import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { OPEN_COORDINATION, type CoordinationStatus } from './workflow.js';

/**
 * The requests with their target's title (the agreement's or the order's), supplier and buyer (through a supplier's
 * db: its own only). Exactly one of the two joins finds its row (the table's check).
 */
function rows(db: Db) {
  return db
    .selectFrom('priceCoordination as p')
    .leftJoin('agreement as a', 'a.agreementNo', 'p.agreementNo')
    .leftJoin('poHeader as o', 'o.poNo', 'p.poNo')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .leftJoin('employee as e', (j) => j.on((eb) => eb('e.singleid', '=', eb.fn.coalesce('a.buyerId', 'o.buyerId'))))
    .select([
      'p.coordinationNo',
      'p.targetKind',
      'p.agreementNo',
      'p.poNo',
      sql<string>`coalesce(${sql.ref('a.title')}, ${sql.ref('o.title')})`.as('targetTitle'),
      'p.compNo',
      'c.compNameKr',
      'e.hname as buyerName',
      'p.subconKind',
      'p.status',
      'p.reason',
      'p.requestedChange',
      sql<string | null>`${sql.ref('p.requestedPct')}::text`.as('requestedPct'),
      sql<string | null>`${sql.ref('p.requestedAmount')}::text`.as('requestedAmount'),
      'p.costBasis',
      'p.requestedBy',
      'p.requestedOn',
      'p.requestedAt',
      'p.talksStartedOn',
      'p.outcome',
      'p.agreedOn',
      'p.failReason',
      'p.failedOn',
      'p.withdrawnOn',
      'p.version',
    ]);
}

export interface CoordinationFilter {
  status?: string;
  targetKind?: string;
  agreementNo?: string;
  poNo?: string;
  coordinationNo?: string;
  compNo?: string;
}

/** The filters both the rows and their count take. */
function filtered<Q extends SelectQueryBuilder<Database & { p: Database['priceCoordination'] }, 'p', object>>(
  q: Q,
  filter: CoordinationFilter,
): Q {
  return q
    .$if(!!filter.status, (w) => w.where('p.status', '=', filter.status as CoordinationStatus))
    .$if(!!filter.targetKind, (w) => w.where('p.targetKind', '=', filter.targetKind as 'AGREEMENT' | 'ORDER'))
    .$if(!!filter.agreementNo, (w) => w.where('p.agreementNo', '=', filter.agreementNo!))
    .$if(!!filter.poNo, (w) => w.where('p.poNo', '=', filter.poNo!))
    .$if(!!filter.coordinationNo, (w) => w.where('p.coordinationNo', '=', filter.coordinationNo!))
    .$if(!!filter.compNo, (w) => w.where('p.compNo', '=', filter.compNo!)) as Q;
}

export async function listCoordinations(db: Db, filter: CoordinationFilter, page: { limit: number; offset: number }) {
  const [list, count] = await Promise.all([
    filtered(rows(db), filter)
      .orderBy('p.requestedOn', 'desc')
      .orderBy('p.coordinationNo', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(
      db.selectFrom('priceCoordination as p').select((eb) => eb.fn.countAll<string>().as('n')),
      filter,
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(count.n) };
}

export const findCoordination = (db: Db, coordinationNo: string) =>
  rows(db).where('p.coordinationNo', '=', coordinationNo).executeTakeFirst();

/** The request locked for a step, with its document's buyer (who answers it): the agreement's or the order's. */
export const lockCoordination = (trx: Db, coordinationNo: string) =>
  trx
    .selectFrom('priceCoordination as p')
    .leftJoin('agreement as a', 'a.agreementNo', 'p.agreementNo')
    .leftJoin('poHeader as o', 'o.poNo', 'p.poNo')
    .select((eb) => [
      'p.coordinationNo',
      'p.targetKind',
      'p.agreementNo',
      'p.poNo',
      'p.status',
      'p.requestedOn',
      'p.talksStartedOn',
      'p.version',
      eb.fn.coalesce('a.buyerId', 'o.buyerId').as('buyerId'),
    ])
    .where('p.coordinationNo', '=', coordinationNo)
    .forUpdate('p')
    .executeTakeFirst();

/**
 * Two requests on one document at once wait for each other here, so the second sees the first's row and answers
 * COORDINATION_OPEN (without it both passed the check and the unique index refused the later as a bare duplicate).
 * An advisory lock: the supplier's role may not lock the agreement's or the order's row.
 */
export async function lockCoordinationTarget(trx: Db, target: { agreementNo: string } | { poNo: string }) {
  const key = 'poNo' in target ? `price-coordination:PO:${target.poNo}` : `price-coordination:AG:${target.agreementNo}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** The document's request still waiting for the buyer, if any (one at a time per agreement, and per order). */
export const findOpenCoordination = (db: Db, target: { agreementNo: string } | { poNo: string }) =>
  db
    .selectFrom('priceCoordination')
    .select(['coordinationNo', 'status'])
    .$if('agreementNo' in target, (w) => w.where('agreementNo', '=', (target as { agreementNo: string }).agreementNo))
    .$if('poNo' in target, (w) => w.where('poNo', '=', (target as { poNo: string }).poNo))
    .where('status', 'in', [...OPEN_COORDINATION])
    .executeTakeFirst();

/**
 * An order's requests, as a query the order's detail folds into its one statement (server/db/json-rows.ts; through a
 * supplier's db: its own order's only). Ordered by the caller.
 */
export const orderCoordinationRows = (db: Db, poNo: string) =>
  db
    .selectFrom('priceCoordination')
    .select([
      'coordinationNo',
      'status',
      'requestedOn',
      'requestedChange',
      'talksStartedOn',
      'agreedOn',
      'failedOn',
      'withdrawnOn',
    ])
    .where('poNo', '=', poNo);

export async function insertCoordination(trx: Db, row: Insertable<Database['priceCoordination']>) {
  await trx.insertInto('priceCoordination').values(row).execute();
}

export async function updateCoordination(
  trx: Db,
  coordinationNo: string,
  values: Updateable<Database['priceCoordination']>,
) {
  await trx.updateTable('priceCoordination').set(values).where('coordinationNo', '=', coordinationNo).execute();
}

/** Every request still waiting for the buyer, with what the compliance view shows of it. */
export function openCoordinations(db: Db) {
  return db
    .selectFrom('priceCoordination as p')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .select([
      'p.coordinationNo',
      'p.agreementNo',
      'p.poNo',
      'p.subconKind',
      'p.status',
      'p.requestedOn',
      'p.talksStartedOn',
      'c.compNameKr',
    ])
    .where('p.status', 'in', [...OPEN_COORDINATION])
    .orderBy('p.requestedOn')
    .orderBy('p.coordinationNo')
    .execute();
}

/**
 * Open requests one of whose clock notices may be due today: a notice not yet recorded, requested within the
 * window from the notice day to the due day (`talksFrom`…`talksTo` for talks, `outcomeFrom`…`outcomeTo` for an
 * outcome, as request days). The job decides on each again under its lock.
 */
export function coordinationsNearingDue(
  db: Db,
  w: { talksFrom: string; talksTo: string; outcomeFrom: string; outcomeTo: string },
) {
  return db
    .selectFrom('priceCoordination')
    .select('coordinationNo')
    .where('status', 'in', [...OPEN_COORDINATION])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'REQUESTED'),
          eb('talksNoticedAt', 'is', null),
          eb('requestedOn', '>=', w.talksFrom),
          eb('requestedOn', '<=', w.talksTo),
        ]),
        eb.and([
          eb('outcomeNoticedAt', 'is', null),
          eb('requestedOn', '>=', w.outcomeFrom),
          eb('requestedOn', '<=', w.outcomeTo),
        ]),
      ]),
    )
    .orderBy('coordinationNo')
    .execute();
}

/** A request's clocks and notice marks, locked for the job's decision. */
export const lockCoordinationClocks = (trx: Db, coordinationNo: string) =>
  trx
    .selectFrom('priceCoordination')
    .select(['coordinationNo', 'status', 'requestedOn', 'talksStartedOn', 'talksNoticedAt', 'outcomeNoticedAt'])
    .where('coordinationNo', '=', coordinationNo)
    .forUpdate()
    .executeTakeFirst();

/** Records that the buyer was told of a clock (the job tells it once). */
export async function markClockNoticed(trx: Db, coordinationNo: string, clock: 'talks' | 'outcome', at: Date) {
  await trx
    .updateTable('priceCoordination')
    .set(clock === 'talks' ? { talksNoticedAt: at } : { outcomeNoticedAt: at })
    .where('coordinationNo', '=', coordinationNo)
    .execute();
}
