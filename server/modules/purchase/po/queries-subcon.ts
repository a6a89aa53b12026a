import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import type { SubconRule } from '../../../domain/subcontracting.js';

/** The rules that could name this order (its type, its lines' sourcing groups, its supplier). */
export async function findSubconRules(
  trx: Db,
  order: { poType: string; compNo: string; sgCodes: ReadonlyArray<string | null> },
): Promise<SubconRule[]> {
  const sgCodes = order.sgCodes.filter((s): s is string => s !== null);
  return trx
    .selectFrom('subconRule')
    .select(['matchKind', 'matchValue', 'subconKind'])
    .where((eb) =>
      eb.or([
        eb.and([eb('matchKind', '=', 'PO_TYPE'), eb('matchValue', '=', order.poType)]),
        eb.and([eb('matchKind', '=', 'COMP_NO'), eb('matchValue', '=', order.compNo)]),
        ...(sgCodes.length ? [eb.and([eb('matchKind', '=', 'SG_CODE'), eb('matchValue', 'in', sgCodes)])] : []),
      ]),
    )
    .execute();
}

/**
 * The written contract an order has, if any: its executed e-contract (the contracts module's document, read
 * here as the sending gate's fact) or a recorded paper contract. The e-contract wins when both exist.
 */
export async function findWrittenContract(db: Db, poNo: string) {
  const e = await db
    .selectFrom('econtract')
    .select(['contractNo', 'contractDate'])
    .where('sourceKind', '=', 'PO')
    .where('sourceNo', '=', poNo)
    .where('status', '=', 'EXECUTED')
    .orderBy('contractNo')
    .executeTakeFirst();
  if (e) return { kind: 'ECONTRACT' as const, reference: e.contractNo, contractDate: e.contractDate };
  const p = await db
    .selectFrom('poPaperContract')
    .select(['reference', 'contractDate'])
    .where('poNo', '=', poNo)
    .executeTakeFirst();
  return p ? { kind: 'PAPER' as const, reference: p.reference, contractDate: p.contractDate } : null;
}

/**
 * The written contracts of several orders at once (a list's rows), as findWrittenContract answers each: the executed
 * e-contract first, else the paper contract. Read as the owner: the supplier's role does not read paper contracts,
 * and the caller passes only orders it already read.
 */
export async function writtenContractsOf(db: Db, poNos: readonly string[]) {
  const out = new Map<string, { kind: 'ECONTRACT' | 'PAPER'; reference: string; contractDate: string }>();
  if (poNos.length === 0) return out;
  const [econtracts, papers] = await Promise.all([
    db
      .selectFrom('econtract')
      .select(['sourceNo', 'contractNo', 'contractDate'])
      .where('sourceKind', '=', 'PO')
      .where('sourceNo', 'in', [...poNos])
      .where('status', '=', 'EXECUTED')
      .orderBy('contractNo', 'desc')
      .execute(),
    db
      .selectFrom('poPaperContract')
      .select(['poNo', 'reference', 'contractDate'])
      .where('poNo', 'in', [...poNos])
      .execute(),
  ]);
  for (const p of papers) out.set(p.poNo, { kind: 'PAPER', reference: p.reference, contractDate: p.contractDate });
  // Descending, so the lowest number is set last: the one findWrittenContract answers.
  for (const e of econtracts)
    out.set(e.sourceNo!, { kind: 'ECONTRACT', reference: e.contractNo, contractDate: e.contractDate });
  return out;
}

/**
 * What a 납품대금 조정협의 request asks of an order (coordination/service.ts): its supplier, state, whether it was sent,
 * its 하도급 kind fixed when it was made, its buyer. Through a supplier's db, another company's order is not found.
 */
export const findOrderForCoordination = (db: Db, poNo: string) =>
  db
    .selectFrom('poHeader')
    .select(['poNo', 'compNo', 'title', 'status', 'forwardedAt', 'subconKind', 'buyerId'])
    .where('poNo', '=', poNo)
    .executeTakeFirst();

export async function insertPaperContract(trx: Db, row: Insertable<Database['poPaperContract']>) {
  await trx.insertInto('poPaperContract').values(row).execute();
}

/** SYSTEM_CONST / SUBCON_CONTRACT_GATE: 'N' turns the written-contract gate off; absent or anything else keeps it on. */
export async function contractGateOn(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('code')
    .select('attr1')
    .where('groupId', '=', 'SYSTEM_CONST')
    .where('code', '=', 'SUBCON_CONTRACT_GATE')
    .executeTakeFirst();
  return row?.attr1?.trim().toUpperCase() !== 'N';
}

/** Removes an order no one may keep any longer and what only it holds (lines, change records, revisions). */
export async function deletePoRows(trx: Db, poNo: string) {
  await trx.deleteFrom('poPaperContract').where('poNo', '=', poNo).execute();
  await trx.deleteFrom('poRevision').where('poNo', '=', poNo).execute();
  await trx.deleteFrom('poChange').where('poNo', '=', poNo).execute();
  await trx.deleteFrom('poLine').where('poNo', '=', poNo).execute();
  await trx.deleteFrom('poHeader').where('poNo', '=', poNo).execute();
}
