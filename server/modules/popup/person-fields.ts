import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';

/**
 * Field-level authorization of the person popup (ASVS 8.2.3):
 * - a supplier sees what it needs to reach a person: name, department, position and work phone;
 *   never e-mail, authority group, account state, session id or login address;
 * - staff see the whole card except the session id, login address and authority group, which only
 *   administrators see: those who may end sessions (write on the session administration screen).
 *   Reading that screen is not enough: operation, monitoring and the user administrators read it.
 */
export type PersonFieldLevel = 'supplier' | 'staff' | 'admin';

const SESSION_ADMIN_SCREEN = '/portal/author/userSessionManage';

export async function personFieldsFor(db: Db, caller: Caller): Promise<PersonFieldLevel> {
  if (caller.portal === 'X') return 'supplier';
  return (await groupHoldsScreen(db, caller.authGroupId, [SESSION_ADMIN_SCREEN], 'write')) ? 'admin' : 'staff';
}

interface PersonLike {
  email: string | null;
  auth: string | null;
  sessionId: string | null;
  loginIp: string | null;
  authGroupId: string | null;
  useFlag: string | null;
  inDeptCode: string | null;
  statusDt: string | null;
}

/** Blanks what the level may not see; the row keeps its shape (the schema's nullable fields). */
export function limitPersonFields<T extends PersonLike>(rows: T[], level: PersonFieldLevel): T[] {
  if (level === 'admin') return rows;
  return rows.map((r) => {
    const out: T = { ...r, sessionId: null, loginIp: null, authGroupId: null };
    if (level === 'supplier')
      Object.assign(out, { email: null, auth: null, useFlag: null, inDeptCode: null, statusDt: null });
    return out;
  });
}
