import type { Static } from 'typebox';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pageWindow, parseSort } from '../../http/list-query.js';
import { endSession, endUserSessions } from '../../auth/sessions.js';
import { clearAccountThrottle } from '../../auth/throttle.js';
import type { Caller } from '../../auth/plugin.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { AccountActionBody, SessionListQuery, UserListQuery } from './schemas.js';
import { authGroupsInUse, changeUser, listSessions, listUsers, lockUser, oneUser } from './queries.js';

/** Live sessions and accounts: force logout, unlock, block and unblock (DESIGN §5). */

// Timestamps read from the database are already the API's text (db/pglite/parsers.mjs).
const iso = (d: Date | string | null | undefined) => (d ? (typeof d === 'string' ? d : d.toISOString()) : null);
const toUserRow = <R extends { lockedAt: string | null; lastLoginAt: string | null }>({
  lockedAt,
  lastLoginAt,
  ...rest
}: R) => ({ ...rest, locked: lockedAt !== null, lastLoginAt: iso(lastLoginAt) });

export async function searchSessions(db: Db, q: Static<typeof SessionListQuery>) {
  const sort = parseSort(q.sort, { field: 'createdDate', direction: 'desc' });
  const { rows, total } = await listSessions(
    db,
    { userIdPrefix: q.userId?.trim(), hname: q.hname?.trim(), openOnly: q.openOnly !== 'N', portal: q.portal },
    sort,
    pageWindow(q),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      lastLoginDate: iso(r.lastLoginDate),
      createdDate: r.createdDate,
      expiredDate: r.expiredDate,
      lastSeenAt: r.lastSeenAt,
      endedAt: iso(r.endedAt),
    })),
    total,
  };
}

/** Force logout: the session ends at once. */
export async function forceLogout(db: Db, caller: Caller, sessionId: string) {
  const ended = await endSession(db, sessionId, 'FORCED');
  if (ended === 0) throw notFound('SESSION_NOT_FOUND', '열려 있는 세션이 아닙니다');
  await writeAudit(db, { entity: 'user_session', entityKey: sessionId, action: 'FORCE_LOGOUT', actor: caller.userId });
  return { code: 'OK' as const };
}

export async function searchUsers(db: Db, q: Static<typeof UserListQuery>) {
  const sort = parseSort(q.sort, { field: 'portal', direction: 'asc' });
  const { rows, total } = await listUsers(
    db,
    {
      userIdPrefix: q.userId?.trim(),
      hname: q.hname?.trim(),
      authGroupId: q.authGroupId,
      portal: q.portal,
      useFlag: q.useFlag,
      locked: q.locked,
    },
    sort,
    pageWindow(q),
  );
  return { rows: rows.map(toUserRow), total };
}

/** Authority groups for filters and choices; a supplier sees its portal's groups. */
export function authGroupChoices(db: Db, caller: Caller) {
  return authGroupsInUse(db, caller.portal === 'X');
}

export type AccountAction = 'unlock' | 'block' | 'unblock';

/** Unlock, block or unblock an account in one transaction; a stale version is 409 and nothing changes. */
export async function changeAccountState(
  db: Db,
  caller: Caller,
  userId: string,
  action: AccountAction,
  body: Static<typeof AccountActionBody>,
) {
  if (action === 'block' && userId === caller.userId)
    throw badRequest('CANNOT_BLOCK_SELF', '자기 자신은 차단할 수 없습니다');
  const result = await db.transaction().execute(async (trx) => {
    const before = await lockUser(trx, userId);
    if (!before) throw notFound('COM000010', '사용자를 찾을 수 없습니다');
    const expected = body?.version;
    if (expected !== undefined && expected !== before.version) return { conflict: true as const, before };
    const change =
      action === 'unlock'
        ? { lockedAt: null, failedLoginCount: 0 }
        : action === 'block'
          ? { useFlag: 'N' as const }
          : { useFlag: 'Y' as const };
    await changeUser(trx, userId, change, before.version + 1);
    if (action === 'block') await endUserSessions(trx, userId, 'BLOCKED');
    // The temporary locks after wrong passwords (every client's) end with the unlock too.
    if (action === 'unlock') await clearAccountThrottle(trx, userId);
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: userId,
      action: action.toUpperCase(),
      actor: caller.userId,
      before,
      after: change,
      reason: body?.reason ?? null,
    });
    return { conflict: false as const };
  });
  if (result.conflict) {
    throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
      currentVersion: result.before.version,
    });
  }
  return toUserRow(await oneUser(db, userId));
}
