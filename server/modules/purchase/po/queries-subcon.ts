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
