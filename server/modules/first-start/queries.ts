import type { Db } from '../../db/connect.js';
import { AUTH_GROUPS, buildMenuAuth } from '../../db/seed/authority.js';
import { buildCodes } from '../../db/seed/codes.js';
import { insertAll } from '../../db/seed/insert.js';
import { MENUS } from '../../db/seed/menus.js';
import { buildMessages } from '../../db/seed/messages.js';

/** The first administrator's login id and authority group (spec: 시스템관리자). */
export const FIRST_ADMIN = { userId: 'admin', authGroupId: '99', singleid: 'ADMIN', dept: 'SYS' } as const;

export async function accountCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What any company needs before its first login, without the demo company: authority groups, menus
 * and their authority, codes and messages (the demo seed's own builders, so both stay alike).
 */
export async function insertReferenceData(trx: Db): Promise<void> {
  // real time: the first start writes technical stamps before anyone can move the clock
  const now = new Date();
  await insertAll(
    trx,
    'authGroup',
    AUTH_GROUPS.map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 })),
  );
  await insertAll(
    trx,
    'menu',
    MENUS.map((m) => ({ ...m })),
  );
  await insertAll(trx, 'menuAuth', buildMenuAuth());
  const codes = buildCodes();
  await insertAll(trx, 'codeGroup', codes.groups);
  await insertAll(trx, 'code', codes.codes);
  await insertAll(
    trx,
    'message',
    buildMessages().map((m) => ({ ...m, updatedAt: now })),
  );
}

/**
 * The first administrator: an internal account must be an employee of a department, so a system
 * section and department hold it until the organisation is loaded. `passwordHash` null: it signs
 * in with the setup code. The password, when given, is already expired (changed at first login).
 */
export async function insertFirstAdmin(trx: Db, passwordHash: string | null, now: Date): Promise<void> {
  await trx
    .insertInto('businessSection')
    .values({ topDept: FIRST_ADMIN.dept, sectionName: '시스템', sectionNameEn: 'System' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('department')
    .values({
      deptcd: FIRST_ADMIN.dept,
      yyyymm: `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`,
      topDept: FIRST_ADMIN.dept,
      deptnm: '시스템관리',
      deptnmEn: 'System administration',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('employee')
    .values({
      singleid: FIRST_ADMIN.singleid,
      hname: '시스템관리자',
      ename: 'System administrator',
      section: FIRST_ADMIN.dept,
      deptcd: FIRST_ADMIN.dept,
      position: '10',
      positionNm: '관리자',
    })
    .execute();
  await trx
    .insertInto('appUser')
    .values({
      userId: FIRST_ADMIN.userId,
      portal: 'I',
      singleid: FIRST_ADMIN.singleid,
      hname: '시스템관리자',
      ename: 'System administrator',
      authGroupId: FIRST_ADMIN.authGroupId,
      passwordHash,
      passwordChangedAt: passwordHash ? now : null,
      passwordExpiresAt: passwordHash ? now : null,
    })
    .execute();
}

/** A new setup code for the user (the previous one, if any, no longer works). */
export async function replaceSetupCode(trx: Db, userId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await trx.deleteFrom('setupCode').where('userId', '=', userId).execute();
  await trx.insertInto('setupCode').values({ userId, codeHash, expiresAt, usedAt: null }).execute();
}

/** The administrator created by the first start still waiting for its first password. */
export async function pendingSetupUser(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('setupCode as s')
    .innerJoin('appUser as u', 'u.userId', 's.userId')
    .select('s.userId')
    .where('s.usedAt', 'is', null)
    .where('u.passwordHash', 'is', null)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Every password expires now: the demo accounts of a production start change theirs at first login. */
export async function expireAllPasswords(trx: Db, now: Date): Promise<number> {
  const r = await trx
    .updateTable('appUser')
    .set({ passwordExpiresAt: now })
    .where('passwordHash', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The accounts that log in with a password, in id order. */
export function accountsWithPassword(db: Db) {
  return db.selectFrom('appUser').select('userId').where('passwordHash', 'is not', null).orderBy('userId').execute();
}

export async function setPasswordHash(trx: Db, userId: string, hash: string, changedAt: Date): Promise<void> {
  await trx
    .updateTable('appUser')
    .set({ passwordHash: hash, passwordChangedAt: changedAt })
    .where('userId', '=', userId)
    .execute();
}
