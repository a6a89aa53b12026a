/** Who may sign for a party (write on the party's sign screen). */
import { asOwner } from '../../db/company-scope.js';
import type { Db } from '../../db/connect.js';
import { failIf } from '../../domain/errors.js';
import * as q from './queries.js';
import { SIGN_SCREEN, type Party } from './workflow.js';

/**
 * The contract-signing authority on the buyer's side: an enabled internal account whose group holds
 * write on the contract's detail (SIGN_SCREEN.BUYER, the sign operation's access) — the rule the
 * signer list offers. Read-only groups (40 모니터링) do not hold it.
 */
export async function mayBuyerSign(db: Db, userId: string): Promise<boolean> {
  const holders = await q.usersHoldingScreen(asOwner(db), { portal: 'I', screen: SIGN_SCREEN.BUYER, level: 'write' });
  return holders.some((u) => u.userId === userId);
}

/** The supplier's users allowed to sign its contracts (write on the sign screen), by name. */
export function supplierSigners(db: Db, compNo: string) {
  return q.usersHoldingScreen(asOwner(db), { portal: 'X', compNo, screen: SIGN_SCREEN.SUPPLIER, level: 'write' });
}

/**
 * Who may sign for a party, by name, for the contract's form: the staff allowed to sign (write on
 * the contract's detail), or the supplier's users allowed to sign (write on its sign screen).
 */
export async function listSigners(db: Db, q0: { party?: Party; compNo?: string }) {
  const f = { ...q0, party: q0.party ?? 'BUYER' };
  const compNo = f.compNo?.trim();
  if (f.party === 'SUPPLIER' && !compNo) failIf([{ path: 'querystring/compNo', message: '협력사를 선택하세요' }]);
  const rows =
    f.party === 'SUPPLIER'
      ? await supplierSigners(db, compNo!)
      : await q.usersHoldingScreen(asOwner(db), { portal: 'I', screen: SIGN_SCREEN.BUYER, level: 'write' });
  return { rows: rows.map((r) => ({ userId: r.userId, name: r.hname })), total: rows.length };
}
