import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

describe('GET /api/v1/item/comp/sourcingGroup/getSgCode', () => {
  let t: TestApp;
  let who: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    who = await sessionAs(t.app, 'admin');
  });
  afterAll(() => t.close());
  const get = (qs: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/item/comp/sourcingGroup/getSgCode?${qs}`, headers: who.headers });

  it('walks the four levels, each loaded by its parent', async () => {
    let parent: string | undefined;
    for (const level of ['001', '002', '003', '004']) {
      const res = await get(`SG_LEVEL=${level}${parent ? `&UP_LEVEL=${parent}` : ''}`);
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows.length).toBeGreaterThan(0);
      expect(Object.keys(rows[0]).sort()).toEqual(['SG_CODE', 'SG_NAME']);
      parent = rows[0].SG_CODE;
    }
  });

  it('answers only the children of the parent', async () => {
    const tops = (await get('SG_LEVEL=001')).json();
    const a = (await get(`SG_LEVEL=002&UP_LEVEL=${tops[0].SG_CODE}`)).json();
    const b = (await get(`SG_LEVEL=002&UP_LEVEL=${tops[1].SG_CODE}`)).json();
    const overlap = a.filter((x: { SG_CODE: string }) => b.some((y: { SG_CODE: string }) => y.SG_CODE === x.SG_CODE));
    expect(overlap).toEqual([]);
    const rows = await t.db.db
      .selectFrom('sourcingGroup')
      .select('sgCode')
      .where('upCode', '=', tops[0].SG_CODE)
      .execute();
    expect(a.map((r: { SG_CODE: string }) => r.SG_CODE).sort()).toEqual(rows.map((r) => r.sgCode).sort());
  });

  it('needs UP_LEVEL below the top level and refuses it at the top', async () => {
    const missing = await get('SG_LEVEL=003');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('SG_PARENT_REQUIRED');
    const extra = await get('SG_LEVEL=001&UP_LEVEL=X');
    expect(extra.statusCode).toBe(400);
  });

  it('refuses levels outside 001–004 and a missing level', async () => {
    expect((await get('SG_LEVEL=005')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });

  it('answers an empty list for an unknown parent', async () => {
    const res = await get('SG_LEVEL=002&UP_LEVEL=NOPE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
