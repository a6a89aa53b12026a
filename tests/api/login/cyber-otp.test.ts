import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testCompiles, type TestApp } from '../../helpers/app.js';
import { formRequest, latestCode } from '../../helpers/login.js';

const PASSWORD = 'Gpms!2345';

describe('external login with a one-time code (cyberLogin → cyberCheckOtp)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const cyberLogin = (userId: string, userPw = PASSWORD, optGubun = 'SMS') =>
    t.app.inject({ method: 'POST', url: '/api/v1/cyberLogin', ...formRequest({ userId, userPw, optGubun }) });
  const checkOtp = (userId: string, otpNum: string, userPw = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/cyberCheckOtp', ...formRequest({ userId, userPw, otpNum }) });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a six-digit code by SMS and logs in with it; the user carries the phone flags', async () => {
    const sent = await cyberLogin('supplier1');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      code: 'OK',
      channel: 'SMS',
      expiresIn: 180,
      destination: expect.stringContaining('****'),
    });
    const code = await latestCode(t.app);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' })).json()[0];
    expect(outbox).toMatchObject({ channel: 'SMS', code, to: expect.stringMatching(/^010-/) });
    expect(outbox.text).toContain(code);
    const res = await checkOtp('supplier1', code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      userId: 'supplier1',
      portal: 'X',
      compNo: 'C00001',
      authGroupId: '60',
      noCellPhone: false,
      noPhone: expect.any(Boolean),
    });
    expect(body.user.accessToken).toEqual(expect.any(String));
    expect(body.menus.length).toBeGreaterThan(0);
  });

  it('sends by e-mail when asked', async () => {
    const sent = await cyberLogin('supplier2', PASSWORD, 'EMAIL');
    expect(sent.json()).toMatchObject({ channel: 'EMAIL', destination: expect.stringContaining('***@') });
  });

  it('a code is single use', async () => {
    await cyberLogin('supplier1adm');
    const code = await latestCode(t.app);
    expect((await checkOtp('supplier1adm', code)).statusCode).toBe(200);
    const reuse = await checkOtp('supplier1adm', code);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'ERROR', errorCode: 'AUTH013' });
  });

  it('allows 5 attempts; after them even the right code fails', async () => {
    await cyberLogin('supplier2');
    const code = await latestCode(t.app);
    for (let i = 0; i < 5; i++) expect((await checkOtp('supplier2', wrongCode(code))).json().errorCode).toBe('AUTH013');
    expect((await checkOtp('supplier2', code)).json().errorCode).toBe('AUTH013');
    await cyberLogin('supplier2');
    const fresh = await latestCode(t.app);
    expect((await checkOtp('supplier2', fresh)).statusCode).toBe(200);
  });

  it('expires after 3 minutes', async () => {
    await cyberLogin('supplier2');
    const code = await latestCode(t.app);
    await t.db.db
      .updateTable('otpCode')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', 'supplier2')
      .where('usedAt', 'is', null)
      .execute();
    expect((await checkOtp('supplier2', code)).json().errorCode).toBe('AUTH013');
  });

  it('is bound to the login that asked for it: another user, or a wrong password, cannot use it', async () => {
    await cyberLogin('supplier1');
    const code = await latestCode(t.app);
    expect((await checkOtp('supplier2', code)).json().errorCode).toBe('AUTH013');
    expect((await checkOtp('supplier1', code, 'wrong-password')).json().errorCode).toBe('AUTH011');
    expect((await checkOtp('supplier1', code)).statusCode).toBe(200);
  });

  it('a newer code replaces the older one', async () => {
    await cyberLogin('supplier1');
    const older = await latestCode(t.app);
    await cyberLogin('supplier1');
    const newer = await latestCode(t.app);
    if (older !== newer) expect((await checkOtp('supplier1', older)).json().errorCode).toBe('AUTH013');
    expect((await checkOtp('supplier1', newer)).statusCode).toBe(200);
  });

  it('refuses wrong credentials before sending anything, and internal accounts', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().length;
    expect((await cyberLogin('supplier1', 'nope')).json().errorCode).toBe('AUTH011');
    expect((await cyberLogin('nobody')).json().errorCode).toBe('AUTH011');
    expect((await cyberLogin('admin')).json().errorCode).toBe('AUTH006');
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().length).toBe(before);
  });

  it('asks for a phone number when the user has none for SMS', async () => {
    await t.db.db.updateTable('appUser').set({ cellPhoneNo: null }).where('userId', '=', 'supplier1adm').execute();
    const res = await cyberLogin('supplier1adm');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('OTP_NO_CELL_PHONE');
    const byMail = await cyberLogin('supplier1adm', PASSWORD, 'EMAIL');
    expect(byMail.statusCode).toBe(200);
    const login = await checkOtp('supplier1adm', await latestCode(t.app));
    expect(login.json().user.noCellPhone).toBe(true);
  });

  it('refuses a malformed code and a wrong channel with 400', async () => {
    expect((await checkOtp('supplier1', '12ab56')).statusCode).toBe(400);
    expect((await cyberLogin('supplier1', PASSWORD, 'FAX')).statusCode).toBe(400);
  });

  it('the dev outbox does not exist in production', async () => {
    const { buildApp } = await import('../../../server/app.js');
    const { testConfig } = await import('../../../server/config.js');
    const prod = await buildApp({
      config: testConfig({ nodeEnv: 'production', dataDir: t.dataDir, distDir: t.config.distDir }),
      dbh: t.db,
      ...testCompiles,
    });
    const res = await prod.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect((await prod.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    await prod.close();
  });
});
