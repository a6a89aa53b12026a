import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';

/** Active agreements answered with a 연동 clause and still valid on `today`: what the proposal job looks at. */
export async function findLinkedAgreementNos(db: Db, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom('agreement as a')
    .innerJoin('agreementLinkage as k', 'k.agreementNo', 'a.agreementNo')
    .select('a.agreementNo')
    .where('a.status', '=', 'ACTIVE')
    .where('a.validTo', '>=', today)
    .where('k.kind', '=', 'LINKED')
    .orderBy('a.agreementNo')
    .execute();
  return rows.map((r) => r.agreementNo);
}

const PROPOSAL_COLUMNS = [
  'p.proposalNo',
  'p.agreementNo',
  'p.compareDate',
  'p.compareBasis',
  'p.valueFrom',
  'p.valueTo',
  'p.valueCount',
  'p.indexCode',
  'i.indexName',
  'p.baseDate',
  'p.baseValue',
  'p.compareValue',
  'p.changePct',
  'p.sharePct',
  'p.triggerPct',
  'p.effectiveFrom',
  'p.status',
  'p.decidedBy',
  'e.hname as decidedByName',
  'p.decidedAt',
  'p.rejectReason',
  'p.version',
  'p.createdAt',
] as const;

const proposals = (db: Db) =>
  db
    .selectFrom('linkageProposal as p')
    .innerJoin('linkageIndex as i', 'i.indexCode', 'p.indexCode')
    .leftJoin('appUser as e', 'e.userId', 'p.decidedBy')
    .select(PROPOSAL_COLUMNS);

/** An agreement's proposals, oldest comparison day first (a supplier's handle: its own company's only). */
export function findLinkageProposals(db: Db, agreementNo: string) {
  return proposals(db).where('p.agreementNo', '=', agreementNo).orderBy('p.compareDate').execute();
}

export function findLinkageProposal(db: Db, agreementNo: string, proposalNo: string) {
  return proposals(db)
    .where('p.agreementNo', '=', agreementNo)
    .where('p.proposalNo', '=', proposalNo)
    .executeTakeFirst();
}

/** The lines of an agreement's proposals (or of one), with the item each prices. */
export function findLinkageProposalLines(db: Db, agreementNo: string, proposalNo?: string) {
  return db
    .selectFrom('linkageProposalLine as pl')
    .innerJoin('linkageProposal as p', 'p.proposalNo', 'pl.proposalNo')
    .innerJoin('agreementLine as l', (j) =>
      j.onRef('l.agreementNo', '=', 'p.agreementNo').onRef('l.lineNo', '=', 'pl.lineNo'),
    )
    .select(['pl.proposalNo', 'pl.lineNo', 'l.itemCode', 'l.itemName', 'pl.currentPrice', 'pl.proposedPrice'])
    .where('p.agreementNo', '=', agreementNo)
    .$if(proposalNo !== undefined, (q) => q.where('p.proposalNo', '=', proposalNo!))
    .orderBy('p.compareDate')
    .orderBy('pl.lineNo')
    .execute();
}

/** The proposal locked for a decision (after its agreement: the order every writer of both takes). */
export function lockLinkageProposal(trx: Db, agreementNo: string, proposalNo: string) {
  return trx
    .selectFrom('linkageProposal')
    .selectAll()
    .where('agreementNo', '=', agreementNo)
    .where('proposalNo', '=', proposalNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertLinkageProposal(
  trx: Db,
  row: Insertable<Database['linkageProposal']>,
  lines: ReadonlyArray<Insertable<Database['linkageProposalLine']>>,
) {
  await trx.insertInto('linkageProposal').values(row).execute();
  if (lines.length)
    await trx
      .insertInto('linkageProposalLine')
      .values([...lines])
      .execute();
}

export async function updateLinkageProposal(
  trx: Db,
  proposalNo: string,
  values: Updateable<Database['linkageProposal']>,
) {
  await trx.updateTable('linkageProposal').set(values).where('proposalNo', '=', proposalNo).execute();
}
