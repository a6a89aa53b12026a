import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

describe('GET /api/v1/cmmn/company/{code}', () => {
  let t: TestApp;
  let who: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    who = await sessionAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  it('answers gpsCompMaster.compNameKr for a company number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cmmn/company/C00001', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.gpsCompMaster.compNo).toBe('C00001');
    expect(body.gpsCompMaster.compNameKr).toMatch(/[가-힣]/);
    expect(body.gpsCompMaster.taxNo2).toMatch(/^\d{3}-\d{2}-\d{5}$/);
  });

  it('finds the same company by its business registration number, with or without hyphens', async () => {
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/v1/cmmn/company/C00001', headers: who.headers })
    ).json().gpsCompMaster;
    const hyphen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/company/${first.taxNo2}`,
      headers: who.headers,
    });
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/company/${first.taxNo2.replace(/-/g, '')}`,
      headers: who.headers,
    });
    expect(hyphen.json().gpsCompMaster.compNo).toBe('C00001');
    expect(plain.json().gpsCompMaster.compNo).toBe('C00001');
  });

  it('answers 404 with a Korean message for an unknown company', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cmmn/company/C99999', headers: who.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    expect(res.json().msg).toContain('등록되지 않은 업체');
  });

  it('refuses characters no company code has', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/company/${encodeURIComponent("C1' or 1=1")}`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
