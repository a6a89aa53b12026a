import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';

/**
 * The price of line `l` on `today`: its latest dated price effective on or before the day (null: none yet), as
 * lockAgreementLines reads it for an order's date.
 */
const priceOn = (today: string) => sql<string | null>`(
  select p.unit_price from agreement_line_price p
   where p.agreement_no = l.agreement_no and p.line_no = l.line_no and p.effective_from <= ${today}
   order by p.effective_from desc, p.price_id desc
   limit 1)`;

/** Active agreements with a line whose price of `today` is not its current price, in number order. */
export async function findAgreementsWithDuePrices(db: Db, today: string) {
  const rows = await db
    .selectFrom('agreement as a')
    .select('a.agreementNo')
    .where('a.status', '=', 'ACTIVE')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('agreementLine as l')
          .select('l.lineNo')
          .whereRef('l.agreementNo', '=', 'a.agreementNo')
          .where((e) => e(priceOn(today), '<>', e.ref('l.unitPrice'))),
      ),
    )
    .orderBy('a.agreementNo')
    .execute();
  return rows.map((r) => r.agreementNo);
}

/** The agreement's lines whose price of `today` differs from their current price (read under the agreement's lock). */
export function findDueLinePrices(trx: Db, agreementNo: string, today: string) {
  return trx
    .selectFrom('agreementLine as l')
    .select(['l.lineNo', 'l.unitPrice'])
    .select(priceOn(today).$notNull().as('duePrice'))
    .where('l.agreementNo', '=', agreementNo)
    .where((e) => e(priceOn(today), '<>', e.ref('l.unitPrice')))
    .orderBy('l.lineNo')
    .execute();
}
