import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import type { Portal } from '../../http/access.js';
import { findAccount, ssoAccountBlocker, type AccountRow } from '../account-state.js';
import { recordFailure } from '../throttle.js';
import type { AuthCode } from '../codes.js';
import type { DirectoryProfile, DirectoryProvider } from '../providers.js';

export interface DirectoryLoginOptions {
  /** Create the account (and its employee row) on first login; update name, e-mail, phone later. */
  provision: boolean;
  defaultGroup: string;
  deptGroups: Record<string, string>;
  log?: { warn(obj: object, msg: string): void };
}

type Outcome = { ok: true; user: AccountRow } | { ok: false; code: AuthCode };

/**
 * AD-mode login of a staff member whose password lives in the company's directory. Our own
 * account states still apply (an administrator's block or lock, dormancy) and are checked first;
 * the directory then answers its own (wrong password, unknown, disabled, locked, expired). Our
 * temporary lock after repeated wrong passwords counts here too, as for local passwords. A user the
 * directory knows but we do not is provisioned when LDAP_PROVISION is on (spec addUser), else
 * AUTH003 (not a registered user).
 */
export async function loginWithDirectory(
  db: Db,
  directory: DirectoryProvider,
  input: { userId: string; password: string; portal: Portal; ip: string },
  options?: DirectoryLoginOptions,
): Promise<Outcome> {
  const local = await findAccount(db, input.userId);
  if (local && local.portal !== input.portal) return { ok: false, code: 'AUTH006' };
  if (local) {
    // The password is the directory's: a missing local hash (AUTH015) does not apply.
    const blocker = ssoAccountBlocker(local);
    if (blocker) return { ok: false, code: blocker };
  }
  const check = await directory.authenticate!(input.userId, input.password);
  if (!check.ok) {
    if (check.code === 'AUTH011' && local) return { ok: false, code: await countFailure(db, local.userId, input.ip) };
    return { ok: false, code: check.code };
  }
  if (!local) {
    if (!options?.provision) return { ok: false, code: 'AUTH003' };
    const created = await provisionUser(db, input.userId, check.profile, options);
    if (!created) return { ok: false, code: 'AUTH003' };
  } else if (options?.provision) {
    await refreshUser(db, input.userId, check.profile);
  }
  const user = (await findAccount(db, input.userId))!;
  // Provisioned into (or left in) a deactivated group: no session.
  const blocker = ssoAccountBlocker(user);
  if (blocker) return { ok: false, code: blocker };
  return { ok: true, user };
}

/** A wrong directory password counts toward the same temporary lock as a local one (server/auth/throttle.ts). */
async function countFailure(db: Db, userId: string, ip: string): Promise<AuthCode> {
  const locked = await recordFailure(db, userId, ip);
  await db
    .updateTable('appUser')
    .set((eb) => ({ failedLoginCount: eb('failedLoginCount', '+', 1) }))
    .where('userId', '=', userId)
    .execute();
  return locked ? 'AUTH102' : 'AUTH011';
}

/**
 * Spec /api/v1/addUser on first login: the employee (single id = login id) is linked when HR
 * already loaded it, else created in the directory's department; the account gets the
 * department's authority group (LDAP_DEPT_GROUPS) or LDAP_DEFAULT_GROUP. One transaction with
 * its audit rows. False (and a warning naming the cause) when the department or group is unknown.
 */
async function provisionUser(
  db: Db,
  userId: string,
  profile: DirectoryProfile,
  options: DirectoryLoginOptions,
): Promise<boolean> {
  if (userId.length > 30) {
    options.log?.warn({ userId }, 'directory user not provisioned: the login id is longer than a single id (30)');
    return false;
  }
  return db.transaction().execute(async (trx) => {
    const employee = await trx
      .selectFrom('employee')
      .select(['singleid', 'deptcd', 'hname'])
      .where('singleid', '=', userId)
      .executeTakeFirst();
    const deptcd = employee?.deptcd ?? profile.deptCode;
    const dept = deptcd
      ? await trx.selectFrom('department').select(['deptcd', 'topDept']).where('deptcd', '=', deptcd).executeTakeFirst()
      : undefined;
    if (!dept) {
      options.log?.warn(
        { userId, deptCode: profile.deptCode },
        'directory user not provisioned: the department is not in the department master',
      );
      return false;
    }
    const groupId = options.deptGroups[dept.deptcd] ?? options.defaultGroup;
    const group = await trx
      .selectFrom('authGroup')
      .select(['authGroupId', 'portal'])
      .where('authGroupId', '=', groupId)
      .executeTakeFirst();
    if (!group || group.portal !== 'I') {
      options.log?.warn(
        { userId, groupId },
        'directory user not provisioned: the authority group does not exist for the internal portal',
      );
      return false;
    }
    const name = (profile.name ?? employee?.hname ?? userId).slice(0, 50);
    if (!employee) {
      await trx
        .insertInto('employee')
        .values({
          singleid: userId,
          hname: name,
          ename: name.slice(0, 100),
          section: dept.topDept,
          deptcd: dept.deptcd,
          position: '-',
          positionNm: '-',
          email: profile.email,
          cellPhoneNo: profile.phone?.slice(0, 20) ?? null,
        })
        .execute();
      await writeAudit(trx, {
        entity: 'employee',
        entityKey: userId,
        action: 'PROVISION',
        actor: 'directory',
        after: { deptcd: dept.deptcd, dn: profile.dn },
      });
    }
    await trx
      .insertInto('appUser')
      .values({
        userId,
        portal: 'I',
        singleid: userId,
        hname: name,
        email: profile.email?.slice(0, 100) ?? null,
        cellPhoneNo: profile.phone?.slice(0, 20) ?? null,
        authGroupId: groupId,
        auth: null,
      })
      .execute();
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: userId,
      action: 'PROVISION',
      actor: 'directory',
      after: { authGroupId: groupId, deptcd: dept.deptcd, dn: profile.dn },
    });
    return true;
  });
}

/** Later logins keep name, e-mail and phone as the directory has them. */
async function refreshUser(db: Db, userId: string, profile: DirectoryProfile): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('appUser')
      .select(['hname', 'email', 'cellPhoneNo', 'version'])
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const next = {
      hname: profile.name?.slice(0, 50) ?? user.hname,
      email: profile.email?.slice(0, 100) ?? user.email,
      cellPhoneNo: profile.phone?.slice(0, 20) ?? user.cellPhoneNo,
    };
    if (next.hname === user.hname && next.email === user.email && next.cellPhoneNo === user.cellPhoneNo) return;
    await trx
      .updateTable('appUser')
      .set({ ...next, version: user.version + 1, updatedAt: new Date() })
      .where('userId', '=', userId)
      .execute();
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: userId,
      action: 'DIRECTORY_SYNC',
      actor: 'directory',
      before: { hname: user.hname, email: user.email, cellPhoneNo: user.cellPhoneNo },
      after: next,
    });
  });
}
