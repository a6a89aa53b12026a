import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { given, pageWindow, parseSort } from '../../../http/list-query.js';
import { endUserSessions } from '../../../auth/sessions.js';
import { clearAccountThrottle } from '../../../auth/throttle.js';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { SupplierUserActionBody, SupplierUserQuery } from './schemas.js';
import { changeAccount, listSupplierUsers, lockAccount, supplierUser, type AccountChange } from './queries.js';

/**
 * Supplier users per company (/portal/ogpmsManage/compUserManage, also on the supplier portal for
 * a supplier admin, and /compUserManageList for staff across companies): lock, unlock and reset.
 * A supplier admin's Db is scoped to its company (server/db/company-scope.ts), so another
 * company's user is not found — nothing is read or written — whatever id is sent.
 */

// Timestamps read from the database are already the API's text (db/pglite/parsers.mjs).
const iso = (d: Date | string | null | undefined) => (d ? (typeof d === 'string' ? d : d.toISOString()) : null);

const toRow = <R extends { lockedAt: string | null; lastLoginAt: string | null; passwordHash: string | null }>({
  lockedAt,
  lastLoginAt,
  passwordHash,
  ...r
}: R) => ({
  ...r,
  locked: lockedAt !== null,
  lockedAt: iso(lockedAt),
  passwordSet: passwordHash !== null,
  lastLoginAt: iso(lastLoginAt),
});

export type SupplierUserAction = 'lock' | 'unlock' | 'reset';

export async function searchSupplierUsers(db: Db, q: Static<typeof SupplierUserQuery>) {
  const compNo = given(q.compNo);
  const sort = parseSort(q.sort, { field: 'compNo', direction: 'asc' });
  const { list, total } = await listSupplierUsers(
    db,
    {
      compNo: compNo ? compNo.toUpperCase() : undefined,
      compNameKr: given(q.compNameKr),
      userIdPrefix: given(q.userId),
      hname: given(q.hname),
      locked: q.locked,
      useFlag: q.useFlag,
    },
    sort,
    pageWindow(q),
  );
  return { rows: list.map(toRow), total };
}

/** Lock, unlock or reset one supplier user, in one transaction; a reset is told to the user by e-mail after the commit. */
export async function changeSupplierUser(
  app: FastifyInstance,
  db: Db,
  caller: Caller,
  userId: string,
  action: SupplierUserAction,
  body: Static<typeof SupplierUserActionBody>,
) {
  if (action !== 'unlock' && userId === caller.userId)
    throw badRequest(
      'CANNOT_CHANGE_SELF',
      action === 'lock' ? '자기 자신은 잠글 수 없습니다' : '자기 비밀번호는 내 정보에서 바꾸세요',
    );
  const notice = await db.transaction().execute(async (trx) => {
    // Scoped for a supplier admin: a user of another company is not found, as one that does not exist.
    const before = await lockAccount(trx, userId);
    if (!before || before.portal !== 'X') throw notFound('COM000010', '이 회사의 협력사 사용자가 아닙니다');
    if (body.version !== before.version)
      throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
        currentVersion: before.version,
      });
    if (action === 'lock' && before.lockedAt)
      throw conflict('INVALID_STATE', '이미 잠긴 사용자입니다', { status: 'LOCKED' });
    if (action === 'unlock' && !before.lockedAt && before.failedLoginCount === 0)
      throw conflict('INVALID_STATE', '잠겨 있지 않은 사용자입니다', { status: 'NORMAL' });
    // real time: an account lock stamp is security time
    const now = new Date();
    const change: AccountChange =
      action === 'lock'
        ? { lockedAt: now }
        : action === 'unlock'
          ? { lockedAt: null, failedLoginCount: 0 }
          : { passwordHash: null, passwordChangedAt: null, passwordExpiresAt: null, failedLoginCount: 0 };
    await changeAccount(trx, userId, change, before.version + 1, now);
    if (action !== 'unlock') await endUserSessions(trx, userId, action === 'lock' ? 'BLOCKED' : 'PASSWORD_RESET');
    if (action === 'unlock') await clearAccountThrottle(trx, userId);
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: userId,
      action: action === 'reset' ? 'PASSWORD_RESET' : action.toUpperCase(),
      actor: caller.userId,
      before: {
        lockedAt: before.lockedAt,
        failedLoginCount: before.failedLoginCount,
        passwordSet: before.passwordHash !== null,
      },
      after: action === 'reset' ? { passwordSet: false } : change,
      reason: body.reason ?? null,
    });
    return action === 'reset' ? before.email : null;
  });
  // Told after the commit: a message never announces a reset that was rolled back.
  if (notice) {
    await app.auth.sender.send(app.dbh.db, {
      to: notice,
      channel: 'EMAIL',
      text: `[OGPMS] ${userId} 계정의 비밀번호가 관리자에 의해 초기화되었습니다. 로그인 화면의 '비밀번호 재설정'에서 인증번호를 받아 새 비밀번호를 설정하세요.`,
    });
  }
  return toRow(await supplierUser(db, userId));
}
