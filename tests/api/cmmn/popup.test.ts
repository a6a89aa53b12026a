import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

describe('popup lookups (spec §2 popups, §3 fields, §5 rules)', () => {
  let t: TestApp;
  let who: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    who = await sessionAs(t.app, 'admin');
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  describe('GET /api/v1/cmmn/popup/bsns', () => {
    it('lists the business sections in use with topDept and sectionName', async () => {
      const res = await get('/api/v1/cmmn/popup/bsns');
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(['sectionName', 'topDept']);
    });

    it('narrows by part of the name (selectOption), so one hit can be auto-chosen', async () => {
      const all = (await get('/api/v1/cmmn/popup/bsns')).json();
      const name: string = all[0].sectionName;
      const res = await get(`/api/v1/cmmn/popup/bsns?selectOption=${encodeURIComponent(name)}`);
      expect(res.json()).toEqual([all[0]]);
    });
  });

  describe('GET /api/v1/cmmn/popup/dept', () => {
    it('answers department rows with the spec fields', async () => {
      const res = await get('/api/v1/cmmn/popup/dept');
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows.length).toBeGreaterThanOrEqual(40);
      expect(Object.keys(rows[0]).sort()).toEqual(['deptcd', 'deptnm', 'indept', 'sectionName', 'topDept', 'yyyymm']);
    });

    it('filters by section (name or code) and by part of the department name', async () => {
      const all = (await get('/api/v1/cmmn/popup/dept')).json();
      const pick = all[all.length - 1];
      const bySection = (
        await get(`/api/v1/cmmn/popup/dept?sectionName=${encodeURIComponent(pick.sectionName)}`)
      ).json();
      expect(bySection.length).toBeGreaterThan(0);
      expect(bySection.every((r: { topDept: string }) => r.topDept === pick.topDept)).toBe(true);
      const byCode = (await get(`/api/v1/cmmn/popup/dept?sectionName=${pick.topDept}`)).json();
      expect(byCode).toEqual(bySection);
      const exact = (
        await get(`/api/v1/cmmn/popup/dept?deptnm=${encodeURIComponent(pick.deptnm)}&searchOption=EQ`)
      ).json();
      expect(exact.map((r: { deptcd: string }) => r.deptcd)).toContain(pick.deptcd);
      expect(exact.every((r: { deptnm: string }) => r.deptnm === pick.deptnm)).toBe(true);
      // The code typed instead of the name finds the department, exactly or in part-of-name mode.
      for (const typed of [pick.deptcd, pick.deptcd.toLowerCase()]) {
        for (const mode of ['&searchOption=EQ', '']) {
          const byTypedCode = (await get(`/api/v1/cmmn/popup/dept?deptnm=${encodeURIComponent(typed)}${mode}`)).json();
          expect(byTypedCode.map((r: { deptcd: string }) => r.deptcd)).toEqual([pick.deptcd]);
        }
      }
      const part = pick.deptnm.slice(0, 2);
      const like = (await get(`/api/v1/cmmn/popup/dept?deptnm=${encodeURIComponent(part)}`)).json();
      expect(like.every((r: { deptnm: string }) => r.deptnm.includes(part))).toBe(true);
    });

    it('treats % and _ in the name as text, not wildcards', async () => {
      const res = await get('/api/v1/cmmn/popup/dept?deptnm=%25');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('requires the section when the section is fixed (enabledBsns=N)', async () => {
      const res = await get('/api/v1/cmmn/popup/dept?enabledBsns=N');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('DEPT_SECTION_REQUIRED');
    });

    it('refuses unknown parameters and wrong values with a clear 400', async () => {
      const unknown = await get('/api/v1/cmmn/popup/dept?colour=red');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('VALIDATION');
      expect(unknown.json().msg).toContain('요청 값이 올바르지 않습니다');
      const wrong = await get('/api/v1/cmmn/popup/dept?searchOption=REGEX');
      expect(wrong.statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/cmmn/popup/person', () => {
    it('needs at least one of name and single ID (spec §5)', async () => {
      const res = await get('/api/v1/cmmn/popup/person');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('person.needNameOrId');
      expect(res.json().msg).toMatch(/[가-힣]/);
      const blank = await get('/api/v1/cmmn/popup/person?hname=%20%20');
      expect(blank.json().code).toBe('person.needNameOrId');
    });

    it('needs at least 2 characters of a name', async () => {
      const res = await get(`/api/v1/cmmn/popup/person?hname=${encodeURIComponent('김')}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('person.nameMinLength');
    });

    it('finds people by name with every person field of spec §3', async () => {
      const anyone = (
        await get(`/api/v1/cmmn/popup/person?singleid=${encodeURIComponent(await firstSingleId())}`)
      ).json();
      expect(anyone).toHaveLength(1);
      const person = anyone[0];
      for (const f of [
        'singleid',
        'hname',
        'ename',
        'section',
        'deptcd',
        'deptnm',
        'position',
        'positionNm',
        'inDeptCode',
        'site',
        'telNo',
        'email',
        'appChk',
        'status',
        'statusDt',
        'auth',
        'sessionId',
        'loginIp',
        'authGroupId',
        'useFlag',
      ]) {
        expect(person).toHaveProperty(f);
      }
      const byName = (
        await get(`/api/v1/cmmn/popup/person?hname=${encodeURIComponent(person.hname.slice(0, 2))}`)
      ).json();
      expect(byName.length).toBeGreaterThan(0);
      expect(byName.every((p: { hname: string }) => p.hname.includes(person.hname.slice(0, 2)))).toBe(true);
      const inDept = (
        await get(
          `/api/v1/cmmn/popup/person?hname=${encodeURIComponent(person.hname.slice(0, 2))}&deptcd=${person.deptcd}`,
        )
      ).json();
      expect(inDept.every((p: { deptcd: string }) => p.deptcd === person.deptcd)).toBe(true);
    });

    it('answers an empty list for a single ID nobody has', async () => {
      const res = await get('/api/v1/cmmn/popup/person?singleid=NOBODY999');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });
  });

  async function firstSingleId(): Promise<string> {
    const row = await t.db.db.selectFrom('employee').select('singleid').orderBy('singleid').executeTakeFirstOrThrow();
    return row.singleid;
  }
});
