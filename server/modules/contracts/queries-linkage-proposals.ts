/** The SQL of an e-contract's 연동 조정 제안 (linkage-proposals.ts, linkage-decisions.ts). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.generated.js';

/**
 * Executed contracts on an order whose answer is a 연동 clause and that no executed amendment has followed (the
 * newest of their chain carries the clause on), in their period on `today`: what the proposal job looks at.
 */
export async function findLinkedContractNos(db: Db, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom('econtract as c')
    .innerJoin('econtractLinkage as k', 'k.contractNo', 'c.contractNo')
    .select('c.contractNo')
    .where('c.status', '=', 'EXECUTED')
    .where('c.sourceKind', '=', 'PO')
    .where('c.sourceNo', 'is not', null)
    .where('k.kind', '=', 'LINKED')
    .where((eb) => eb.or([eb('c.endDate', 'is', null), eb('c.endDate', '>=', today)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('econtract as n')
            .select('n.contractNo')
            .whereRef('n.amendsContractNo', '=', 'c.contractNo')
            .where('n.status', '=', 'EXECUTED'),
        ),
      ),
    )
    .orderBy('c.contractNo')
    .execute();
  return rows.map((r) => r.contractNo);
}

/** The contracts of an amendment chain from `contractNo` back to its first, newest first. */
export async function chainOf(db: Db, contractNo: string): Promise<string[]> {
  const out: string[] = [];
  let no: string | null = contractNo;
  // A chain is a handful of amendments; the guard stops a cycle the data should never hold.
  while (no && !out.includes(no) && out.length < 1000) {
    out.push(no);
    const row: { amendsContractNo: string | null } | undefined = await db
      .selectFrom('econtract')
      .select('amendsContractNo')
      .where('contractNo', '=', no)
      .executeTakeFirst();
    no = row?.amendsContractNo ?? null;
  }
  return out;
}

/** Whether an executed amendment of the contract exists: then the contract is no longer its chain's newest. */
export async function hasExecutedAmendment(db: Db, contractNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('econtract')
    .select('contractNo')
    .where('amendsContractNo', '=', contractNo)
    .where('status', '=', 'EXECUTED')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const PROPOSAL_COLUMNS = [
  'p.proposalNo',
  'p.contractNo',
  'p.poNo',
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
  'p.amendmentNo',
  'm.status as amendmentStatus',
  'p.decidedBy',
  'e.hname as decidedByName',
  'p.decidedAt',
  'p.rejectReason',
  'p.version',
  'p.createdAt',
] as const;

const proposals = (db: Db) =>
  db
    .selectFrom('contractLinkageProposal as p')
    .innerJoin('linkageIndex as i', 'i.indexCode', 'p.indexCode')
    .leftJoin('econtract as m', 'm.contractNo', 'p.amendmentNo')
    .leftJoin('appUser as e', 'e.userId', 'p.decidedBy')
    .select(PROPOSAL_COLUMNS);

/** The proposals of a chain (its first contract's number), oldest comparison day first. */
export function findChainProposals(db: Db, chainNo: string) {
  return proposals(db).where('p.chainNo', '=', chainNo).orderBy('p.compareDate').execute();
}

/** A contract's own proposals, oldest comparison day first (a supplier's handle: its own company's only). */
export function findContractProposals(db: Db, contractNo: string) {
  return proposals(db).where('p.contractNo', '=', contractNo).orderBy('p.compareDate').execute();
}

export type ContractProposalRow = Awaited<ReturnType<typeof findContractProposals>>[number];

/** The lines of a contract's proposals (or of one), with the order line's item. */
export function findContractProposalLines(db: Db, contractNo: string, proposalNo?: string) {
  return db
    .selectFrom('contractLinkageProposalLine as pl')
    .innerJoin('contractLinkageProposal as p', 'p.proposalNo', 'pl.proposalNo')
    .innerJoin('poLine as l', (j) => j.onRef('l.poNo', '=', 'p.poNo').onRef('l.lineNo', '=', 'pl.lineNo'))
    .select(['pl.proposalNo', 'pl.lineNo', 'l.itemCode', 'l.itemName', 'pl.currentPrice', 'pl.proposedPrice'])
    .where('p.contractNo', '=', contractNo)
    .$if(proposalNo !== undefined, (q) => q.where('p.proposalNo', '=', proposalNo!))
    .orderBy('p.compareDate')
    .orderBy('pl.lineNo')
    .execute();
}

/** The proposal locked for a decision (after its contract: the order every writer of both takes). */
export function lockContractProposal(trx: Db, contractNo: string, proposalNo: string) {
  return trx
    .selectFrom('contractLinkageProposal')
    .selectAll()
    .where('contractNo', '=', contractNo)
    .where('proposalNo', '=', proposalNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertContractProposal(
  trx: Db,
  row: Insertable<Database['contractLinkageProposal']>,
  lines: ReadonlyArray<Insertable<Database['contractLinkageProposalLine']>>,
) {
  await trx.insertInto('contractLinkageProposal').values(row).execute();
  if (lines.length)
    await trx
      .insertInto('contractLinkageProposalLine')
      .values([...lines])
      .execute();
}

export async function updateContractProposal(
  trx: Db,
  proposalNo: string,
  values: Updateable<Database['contractLinkageProposal']>,
) {
  await trx.updateTable('contractLinkageProposal').set(values).where('proposalNo', '=', proposalNo).execute();
}

/** The order's lines as they stand: the unit prices the 산식 adjusts, and the quantities the amount moves by. */
export function orderLinePrices(db: Db, poNo: string) {
  return db
    .selectFrom('poLine')
    .select(['lineNo', 'quantity', 'unitPrice'])
    .where('poNo', '=', poNo)
    .orderBy('lineNo')
    .execute();
}
