import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

describe('GET /properties/dwpAuth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, config: { loginMode: 'SSO_AD' } });
  });
  afterAll(() => t.close());

  it('publishes the auth service paths and the login mode (spec §7)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/properties/dwpAuth' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.systemId).toBe('GPMS');
    expect(body.type).toBe('SSO_AD');
    for (const key of ['loginUri', 'logoutUri', 'verifyUri', 'authUri', 'portalUri', 'tokenUri', 'tokenLoginUri'])
      expect(typeof body[key]).toBe('string');
    expect(body.api.login).toEqual({ idpw: expect.any(String), sso: expect.any(String), ad: expect.any(String) });
    expect(typeof body.api.resetPw).toBe('string');
    expect(body.adfs).toHaveProperty('server');
  });
});
