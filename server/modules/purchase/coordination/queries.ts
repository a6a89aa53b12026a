import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { OPEN_COORDINATION, type CoordinationStatus } from './workflow.js';

/** The requests with their agreement's title, supplier and buyer (through a supplier's db: its own only). */
function rows(db: Db) {
  return db
    .selectFrom('priceCoordination as p')
    .innerJoin('agreement as a', 'a.agreementNo', 'p.agreementNo')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .leftJoin('employee as e', 'e.singleid', 'a.buyerId')
    .select([
      'p.coordinationNo',
      'p.agreementNo',
      'a.title as agreementTitle',
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

export async function listCoordinations(
  db: Db,
  filter: { status?: string; agreementNo?: string; coordinationNo?: string; compNo?: string },
  page: { limit: number; offset: number },
) {
  const [list, count] = await Promise.all([
    rows(db)
      .$if(!!filter.status, (w) => w.where('p.status', '=', filter.status as CoordinationStatus))
      .$if(!!filter.agreementNo, (w) => w.where('p.agreementNo', '=', filter.agreementNo!))
      .$if(!!filter.coordinationNo, (w) => w.where('p.coordinationNo', '=', filter.coordinationNo!))
      .$if(!!filter.compNo, (w) => w.where('p.compNo', '=', filter.compNo!))
      .orderBy('p.requestedOn', 'desc')
      .orderBy('p.coordinationNo', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('priceCoordination as p')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .$if(!!filter.status, (w) => w.where('p.status', '=', filter.status as CoordinationStatus))
      .$if(!!filter.agreementNo, (w) => w.where('p.agreementNo', '=', filter.agreementNo!))
      .$if(!!filter.coordinationNo, (w) => w.where('p.coordinationNo', '=', filter.coordinationNo!))
      .$if(!!filter.compNo, (w) => w.where('p.compNo', '=', filter.compNo!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(count.n) };
}

export const findCoordination = (db: Db, coordinationNo: string) =>
  rows(db).where('p.coordinationNo', '=', coordinationNo).executeTakeFirst();

/** The request locked for a step, with the agreement's buyer (who answers it). */
export const lockCoordination = (trx: Db, coordinationNo: string) =>
  trx
    .selectFrom('priceCoordination as p')
    .innerJoin('agreement as a', 'a.agreementNo', 'p.agreementNo')
    .select([
      'p.coordinationNo',
      'p.agreementNo',
      'p.status',
      'p.requestedOn',
      'p.talksStartedOn',
      'p.version',
      'a.buyerId',
    ])
    .where('p.coordinationNo', '=', coordinationNo)
    .forUpdate('p')
    .executeTakeFirst();

/** The agreement's request still waiting for the buyer, if any (one at a time). */
export const findOpenCoordination = (db: Db, agreementNo: string) =>
  db
    .selectFrom('priceCoordination')
    .select(['coordinationNo', 'status'])
    .where('agreementNo', '=', agreementNo)
    .where('status', 'in', [...OPEN_COORDINATION])
    .executeTakeFirst();

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
