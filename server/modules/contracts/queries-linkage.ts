/** The SQL of a contract's 납품대금 연동 answer (linkage.ts): the answer, its defaults, its order's 하도급 kind. */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { LINKAGE_ANSWER_COLUMNS } from '../../db/linkage-answer-columns.js';
import type { Database } from '../../db/schema.generated.js';

/** A contract's answer with its index's name and unit, and where a default came from (none: not answered). */
export function findContractLinkage(db: Db, contractNo: string) {
  return db
    .selectFrom('econtractLinkage as k')
    .leftJoin('linkageIndex as i', 'i.indexCode', 'k.indexCode')
    .select([...LINKAGE_ANSWER_COLUMNS, 'k.copiedFromKind', 'k.copiedFromNo'])
    .where('k.contractNo', '=', contractNo)
    .executeTakeFirst();
}

export type ContractLinkage = NonNullable<Awaited<ReturnType<typeof findContractLinkage>>>;

/** The contract's answer, replacing the one it had (one per contract; the database refuses it past the draft). */
export async function saveContractLinkage(trx: Db, row: Insertable<Database['econtractLinkage']>) {
  const { contractNo: _key, ...values } = row;
  await trx
    .insertInto('econtractLinkage')
    .values(row)
    .onConflict((oc) => oc.column('contractNo').doUpdateSet(values))
    .execute();
}

export async function indexInUse(db: Db, indexCode: string): Promise<boolean> {
  const row = await db.selectFrom('linkageIndex').select('useYn').where('indexCode', '=', indexCode).executeTakeFirst();
  return row?.useYn === 'Y';
}

/** The 하도급 kind the order was given when it was made (null: not 하도급, or no such order). */
export async function poSubconKind(db: Db, poNo: string) {
  const row = await db.selectFrom('poHeader').select('subconKind').where('poNo', '=', poNo).executeTakeFirst();
  return row?.subconKind ?? null;
}

/**
 * The answer of the agreement the order calls off — of its first line (in line order) naming an agreement that has
 * one — as the default of a contract on the order; none when no line does.
 */
export function agreementLinkageOfPo(db: Db, poNo: string) {
  return db
    .selectFrom('poLine as l')
    .innerJoin('agreementLinkage as k', 'k.agreementNo', 'l.agreementNo')
    .leftJoin('linkageIndex as i', 'i.indexCode', 'k.indexCode')
    .select([...LINKAGE_ANSWER_COLUMNS, 'k.agreementNo'])
    .where('l.poNo', '=', poNo)
    .orderBy('l.lineNo')
    .limit(1)
    .executeTakeFirst();
}

/** What a draft's PDF is rendered from besides its row: an amendment's printed change of its order or LOI. */
export async function printedAppendix(db: Db, contractNo: string) {
  const row = await db
    .selectFrom('econtract')
    .select(sql<string | null>`printed_appendix::text`.as('appendix'))
    .where('contractNo', '=', contractNo)
    .executeTakeFirst();
  return row?.appendix ? (JSON.parse(row.appendix) as { heading: string; lines: string[] }) : undefined;
}

/** The draft's copy rendered again (the database lets only a draft contract's DRAFT copy be replaced). */
export async function replaceDraftDocument(trx: Db, contractNo: string, sha: string, content: Buffer) {
  await trx
    .updateTable('econtractDocument')
    .set({ contentSha: sha, content, sizeBytes: content.length })
    .where('contractNo', '=', contractNo)
    .where('kind', '=', 'DRAFT')
    .execute();
}
