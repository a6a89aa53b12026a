import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import type { Insertable } from 'kysely';

/**
 * An active agreement's lines get their price as ORIGINAL from its first valid day, where a line has no price row
 * yet (idempotent): on its activation, and before a change of price (an agreement approved before the dated prices
 * existed was backfilled by migration 1123).
 */
export async function insertOriginalPrices(trx: Db, agreementNo: string, createdBy: string) {
  await sql`
    insert into agreement_line_price (agreement_no, line_no, comp_no, effective_from, unit_price, source, created_by)
    select l.agreement_no, l.line_no, l.comp_no, a.valid_from, l.unit_price, 'ORIGINAL', ${createdBy}
      from agreement_line l join agreement a on a.agreement_no = l.agreement_no
     where l.agreement_no = ${agreementNo}
       and not exists (select 1 from agreement_line_price p
                        where p.agreement_no = l.agreement_no and p.line_no = l.line_no)
     order by l.line_no`.execute(trx);
}

export async function insertLinePrices(trx: Db, rows: ReadonlyArray<Insertable<Database['agreementLinePrice']>>) {
  if (rows.length) await trx.insertInto('agreementLinePrice').values(rows).execute();
}

/** Every line's dated prices, oldest first (a line's last row in effect on a day is its price that day). */
export function findLinePrices(db: Db, agreementNo: string) {
  return db
    .selectFrom('agreementLinePrice')
    .select(['lineNo', 'effectiveFrom', 'unitPrice', 'source', 'reference', 'createdBy', 'createdAt'])
    .where('agreementNo', '=', agreementNo)
    .orderBy('lineNo')
    .orderBy('effectiveFrom')
    .orderBy('priceId')
    .execute();
}
