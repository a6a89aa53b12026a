import type { Caller } from '../auth/plugin.js';
import type { Db } from '../db/connect.js';
import { notAllowed } from './errors.js';

/** A staff member acting on a document: the account, the employee behind it and where they sit. */
export interface Actor {
  userId: string;
  singleid: string;
  hname: string;
  authGroupId: string;
  section: string;
  deptcd: string;
}

/**
 * Purchasing managers may act on any buyer's documents (receive, invite, select, order, change,
 * cancel): TF admin (10), default admin (50) and system admin (99). Other purchasing staff
 * (operation, 20) act on the documents assigned to them.
 */
export const PURCHASING_MANAGER_GROUPS: readonly string[] = ['10', '50', '99'];

export const isPurchasingManager = (actor: Pick<Actor, 'authGroupId'>): boolean =>
  PURCHASING_MANAGER_GROUPS.includes(actor.authGroupId);

/** Resolves the caller's employee; call it before a transaction (PGlite has one connection). */
export async function internalActor(db: Db, caller: Caller | null): Promise<Actor> {
  if (!caller || caller.portal !== 'I') throw notAllowed('내부 사용자만 처리할 수 있습니다');
  // Read with the session and kept while the authority version stands (migration 0530): no round trip.
  if (caller.employee) {
    const e = caller.employee;
    return {
      userId: caller.userId,
      singleid: e.singleid,
      hname: e.hname,
      authGroupId: caller.authGroupId,
      section: e.section,
      deptcd: e.deptcd,
    };
  }
  return actorOfUser(db, caller.userId);
}

/**
 * The staff member behind an account as the database holds it now (authority group, employee): for
 * a document acting later in a user's name, e.g. a contract executed on its creator's authority.
 */
export async function actorOfUser(db: Db, userId: string): Promise<Actor> {
  const row = await db
    .selectFrom('appUser as u')
    .innerJoin('employee as e', 'e.singleid', 'u.singleid')
    .select(['u.userId', 'e.singleid', 'e.hname', 'u.authGroupId', 'e.section', 'e.deptcd'])
    .where('u.userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw notAllowed('사원 정보가 없는 계정은 구매 문서를 처리할 수 없습니다');
  return row;
}

/** The caller's employee id (singleid) for internal users; null for suppliers and system accounts. */
export async function employeeOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('appUser').select('singleid').where('userId', '=', userId).executeTakeFirst();
  return row?.singleid ?? null;
}

/** A supplier user acting for its company. */
export interface SupplierActor {
  userId: string;
  compNo: string;
}

export function supplierActor(caller: Caller | null): SupplierActor {
  if (!caller || caller.portal !== 'X' || !caller.compNo) throw notAllowed('협력사 사용자만 처리할 수 있습니다');
  return { userId: caller.userId, compNo: caller.compNo };
}
