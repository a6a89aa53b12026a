import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Popups answer at most this many rows; a user narrows the search instead of scrolling thousands. */
const POPUP_ROW_LIMIT = 500;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${likeEscape(s)}%`;

export function listBusinessSections(db: Db, selectOption: string | undefined) {
  let q = db.selectFrom('businessSection').select(['topDept', 'sectionName']).where('useYn', '=', 'Y');
  if (selectOption) q = q.where('sectionName', 'like', contains(selectOption));
  return q.orderBy('sortOrder').orderBy('topDept').execute();
}

export interface DeptFilter {
  sectionName?: string;
  deptnm?: string;
  searchOption?: 'LIKE' | 'EQ';
  compYn?: 'Y' | 'N';
}

export function listDepartments(db: Db, f: DeptFilter) {
  let q = db
    .selectFrom('department as d')
    .innerJoin('businessSection as s', 's.topDept', 'd.topDept')
    .select(['d.yyyymm', 'd.deptcd', 'd.topDept', 'd.indept', 's.sectionName', 'd.deptnm'])
    .where('d.useYn', '=', 'Y');
  if (f.sectionName) {
    const section = f.sectionName;
    q = q.where((eb) => eb.or([eb('s.sectionName', '=', section), eb('s.topDept', '=', section)]));
  }
  if (f.deptnm) {
    // The text typed may be the department's code as well as (part of) its name: D1220 finds 구매1팀.
    const text = f.deptnm;
    const code = [text, text.toUpperCase()];
    q = q.where((eb) =>
      eb.or([
        f.searchOption === 'EQ' ? eb('d.deptnm', '=', text) : eb('d.deptnm', 'like', contains(text)),
        eb('d.deptcd', 'in', code),
      ]),
    );
  }
  if (f.compYn === 'Y') q = q.where('d.compYn', '=', 'Y');
  return q.orderBy('s.sortOrder').orderBy('d.sortOrder').orderBy('d.deptcd').limit(POPUP_ROW_LIMIT).execute();
}

export interface PersonFilter {
  hname?: string;
  singleid?: string;
  sectionName?: string;
  deptcd?: string;
}

export function listPeople(db: Db, f: PersonFilter) {
  // The latest open session gives sessionId and loginIp (spec §3 person result).
  const lastSession = db
    .selectFrom('userSession')
    .select(['userId', 'sessionId', 'ip'])
    .distinctOn('userId')
    .where('endedAt', 'is', null)
    .where('expiredDate', '>', sql<string>`now()`)
    .orderBy('userId')
    .orderBy('createdDate', 'desc')
    .as('ls');
  let q = db
    .selectFrom('employee as e')
    .innerJoin('businessSection as s', 's.topDept', 'e.section')
    .innerJoin('department as d', 'd.deptcd', 'e.deptcd')
    .leftJoin('appUser as u', 'u.singleid', 'e.singleid')
    .leftJoin(lastSession, 'ls.userId', 'u.userId')
    .select([
      'e.singleid',
      'e.hname',
      'e.ename',
      'e.section',
      's.sectionName',
      'e.deptcd',
      'd.deptnm',
      'e.position',
      'e.positionNm',
      'e.inDeptCode',
      'e.site',
      'e.telNo',
      'e.email',
      'e.appChk',
      'e.status',
      'e.statusDt',
      'u.auth',
      'ls.sessionId',
      'ls.ip as loginIp',
      'u.authGroupId',
      'u.useFlag',
    ]);
  if (f.hname) q = q.where('e.hname', 'like', contains(f.hname));
  if (f.singleid) q = q.where('e.singleid', '=', f.singleid);
  if (f.sectionName) {
    const section = f.sectionName;
    q = q.where((eb) => eb.or([eb('s.sectionName', '=', section), eb('s.topDept', '=', section)]));
  }
  if (f.deptcd) q = q.where('e.deptcd', '=', f.deptcd);
  return q.orderBy('e.hname').orderBy('e.singleid').limit(POPUP_ROW_LIMIT).execute();
}
