import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';

type LineScope = ExpressionBuilder<Database & { l: Database['agreementLine'] }, 'l'>;

/** The line's latest dated price effective on or before `today` (null: none yet), as lockAgreementLines reads it. */
const priceOn = (eb: LineScope, today: string) =>
  eb
    .selectFrom('agreementLinePrice as p')
    .select('p.unitPrice')
    .whereRef('p.agreementNo', '=', 'l.agreementNo')
    .whereRef('p.lineNo', '=', 'l.lineNo')
    .where('p.effectiveFrom', '<=', today)
    .orderBy('p.effectiveFrom', 'desc')
    .orderBy('p.priceId', 'desc')
    .limit(1);

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
          .where((e) => e(priceOn(e, today), '<>', e.ref('l.unitPrice'))),
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
    .select((eb) => priceOn(eb, today).$castTo<string>().as('duePrice'))
    .where('l.agreementNo', '=', agreementNo)
    .where((e) => e(priceOn(e, today), '<>', e.ref('l.unitPrice')))
    .orderBy('l.lineNo')
    .execute();
}
