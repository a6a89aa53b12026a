import type { Db } from '../db/connect.js';
import { codeListsFor, menuTreeFor, type MenuNode } from './menu-authority.js';
import type { SessionUserData } from './schemas.js';

/** Spec §3 session user plus the login data (auth, authGroupId, section, deptcd, deptnm, hname, singleid): the schema's type. */
export type SessionUser = SessionUserData;

export interface LoginPayload {
  code: 'OK';
  user: SessionUser;
  menus: MenuNode[];
  codes: Record<string, Array<{ value: string; text: string }>>;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function sessionUser(
  db: Db,
  input: {
    userId: string;
    sessionId: string;
    accessToken: string | null;
    refreshToken: string | null;
    tokenExpiresAt: Date | null;
    lang: 'ko' | 'en';
  },
): Promise<SessionUser> {
  const row = await db
    .selectFrom('userSession as s')
    .innerJoin('appUser as u', 'u.userId', 's.userId')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .leftJoin('employee as e', 'e.singleid', 'u.singleid')
    .leftJoin('businessSection as b', 'b.topDept', 'e.section')
    .leftJoin('department as d', 'd.deptcd', 'e.deptcd')
    .leftJoin('company as c', 'c.compNo', 'u.compNo')
    .select([
      'u.userId',
      'u.portal',
      'u.hname',
      'u.ename',
      'u.cellPhoneNo',
      'u.phoneNo',
      'u.email',
      'u.auth',
      'u.authGroupId',
      'g.nameKo',
      'g.nameEn',
      'e.section',
      'b.sectionName',
      'e.deptcd',
      'd.deptnm',
      'u.singleid',
      'u.compNo',
      'c.compNameKr',
      's.sessionId',
      's.ip',
      's.lastLoginIp',
      's.lastLoginDate',
      's.createdDate',
      's.expiredDate',
    ])
    .where('s.sessionId', '=', input.sessionId)
    .where('s.userId', '=', input.userId)
    .executeTakeFirstOrThrow();
  return {
    userId: row.userId,
    portal: row.portal,
    accessToken: input.accessToken,
    refreshToken: input.refreshToken,
    token: input.accessToken,
    tokenKey: row.sessionId,
    ip: row.ip,
    lastLoginIp: row.lastLoginIp,
    lastLoginDate: iso(row.lastLoginDate),
    createdDate: iso(row.createdDate)!,
    expiredDate: iso(row.expiredDate)!,
    tokenExpiredTimestamp: input.tokenExpiresAt ? input.tokenExpiresAt.getTime() : null,
    currentTimestamp: Date.now(),
    hname: row.hname,
    ename: row.ename,
    cellPhoneNo: row.cellPhoneNo,
    phoneNo: row.phoneNo,
    email: row.email,
    auth: row.auth,
    authGroupId: row.authGroupId,
    authGroupName: input.lang === 'en' ? row.nameEn : row.nameKo,
    section: row.section,
    sectionName: row.sectionName,
    deptcd: row.deptcd,
    deptnm: row.deptnm,
    singleid: row.singleid,
    compNo: row.compNo,
    compNameKr: row.compNameKr,
    noCellPhone: !row.cellPhoneNo,
    noPhone: !row.phoneNo,
  };
}

/** What a successful login answers: the user, the menus of the user's group in that portal, and the code lists. */
export async function loginPayload(
  db: Db,
  input: Parameters<typeof sessionUser>[1],
  devPages: boolean,
): Promise<LoginPayload> {
  const user = await sessionUser(db, input);
  const [menus, codes] = await Promise.all([
    menuTreeFor(db, user.authGroupId, user.portal, input.lang, devPages),
    codeListsFor(db, input.lang),
  ]);
  return { code: 'OK', user, menus, codes };
}
