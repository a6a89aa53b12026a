import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.generated.js';

/** What the follow-up job reads and writes (follow-up.ts): due invoices, their follow rows, their evidence. */

/** States the provider still moves on its own (the supplier issues or refuses, the NTS answers). */
const OPEN_AT_PROVIDER = ['REQUESTED', 'ISSUED', 'SENT'] as const;

/**
 * Invoices at the HTTP provider that are due a look at `now`: still moving there, or transmitted with a kept
 * file missing (XML or PDF). A row whose evidence the job gave up on is left alone.
 */
export async function invoicesDueForFollow(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('taxInvoice as t')
    .leftJoin('taxInvoiceFollow as f', 'f.mgtKey', 't.mgtKey')
    .select(['t.mgtKey', 't.status', 'f.attempts'])
    .where('t.provider', '=', 'http')
    .where('t.issueKind', '=', 'REVERSE')
    .where((eb) =>
      eb.or([
        eb('t.status', 'in', [...OPEN_AT_PROVIDER]),
        eb.and([
          eb('t.status', '=', 'NTS_SUCCESS'),
          eb.or(
            (['XML', 'PDF'] as const).map((kind) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('taxInvoiceFile as x')
                    .select('x.fileId')
                    .whereRef('x.mgtKey', '=', 't.mgtKey')
                    .where('x.kind', '=', kind),
                ),
              ),
            ),
          ),
        ]),
      ]),
    )
    .where((eb) => eb.or([eb('f.mgtKey', 'is', null), eb('f.nextCheckAt', '<=', now.toISOString())]))
    .where((eb) => eb.or([eb('f.lastOutcome', 'is', null), eb('f.lastOutcome', '<>', 'GAVE_UP')]))
    .orderBy('f.nextCheckAt')
    .orderBy('t.mgtKey')
    .limit(limit)
    .execute();
}

export async function invoiceFollowState(db: Db, mgtKey: string) {
  return db
    .selectFrom('taxInvoice as t')
    .select((eb) => [
      't.status',
      eb
        .selectFrom('taxInvoiceFile as x')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('x.mgtKey', '=', 't.mgtKey')
        .as('files'),
    ])
    .where('t.mgtKey', '=', mgtKey)
    .executeTakeFirstOrThrow();
}

/** Writes the follow row of an invoice (one per invoice), keeping what the other half of the job wrote. */
export async function saveFollow(db: Db, row: Insertable<Database['taxInvoiceFollow']>) {
  const { mgtKey: _key, ...rest } = row;
  await db
    .insertInto('taxInvoiceFollow')
    .values(row)
    .onConflict((oc) => oc.column('mgtKey').doUpdateSet(rest))
    .execute();
}

/**
 * Issued invoices whose transmission has not been judged yet: issued (an approval number and its day known),
 * not yet found on time or late. Bounded to what one run can do.
 */
export async function invoicesToJudgeTransmission(db: Db, limit: number) {
  return db
    .selectFrom('taxInvoice as t')
    .leftJoin('taxInvoiceFollow as f', 'f.mgtKey', 't.mgtKey')
    .select(['t.mgtKey', 't.compNo', 't.status', 't.issuedAt', 't.sentAt', 't.ntsAt', 'f.mgtKey as followed'])
    .where('t.issuedAt', 'is not', null)
    .where('t.status', 'in', ['ISSUED', 'SENT', 'NTS_SUCCESS', 'NTS_FAILED'])
    .where('f.transmitState', 'is', null)
    .orderBy('t.issuedAt')
    .orderBy('t.mgtKey')
    .limit(limit)
    .execute();
}

/** The follow row's transmission columns only (the provider half's columns are left as they are). */
export async function saveTransmissionJudgement(
  db: Db,
  mgtKey: string,
  v: {
    issueDate: string;
    transmitDeadline: string;
    transmittedOn: string | null;
    transmitState: 'ON_TIME' | 'LATE' | null;
  },
  now: Date,
) {
  await db
    .insertInto('taxInvoiceFollow')
    .values({ mgtKey, nextCheckAt: now, ...v, updatedAt: now })
    .onConflict((oc) => oc.column('mgtKey').doUpdateSet({ ...v, updatedAt: now }))
    .execute();
}
