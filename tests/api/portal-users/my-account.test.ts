import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { latestCode, loginAs } from '../../helpers/login.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

/** My account (PersonInfoLogin → PersonInfo) on both portals: the re-entered password is a server-side proof held by the session. */
describe('my account', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'monitor', 'supplier1', 'supplier2']) };
  });
  afterAll(() => t.close());

  it('opens only after the password is re-entered in this session', async () => {
    refused(await f.get('/api/v1/my-account', f.u.supplier1), 403, 'REAUTH_REQUIRED');
    refused(await f.put('/api/v1/my-account', f.u.supplier1, { hname: '서재훈', version: 1 }), 403, 'REAUTH_REQUIRED');
    refused(
      await f.post('/api/v1/my-account/password', f.u.supplier1, {
        newPassword: 'Abcdef!234',
        newPasswordCheck: 'Abcdef!234',
      }),
      403,
      'REAUTH_REQUIRED',
    );
    refused(await f.post('/api/v1/my-account/reauth', f.u.supplier1, { password: 'wrong-Password1' }), 400, 'AUTH011');
    refused(await f.get('/api/v1/my-account', f.u.supplier1), 403, 'REAUTH_REQUIRED');
    const proof = ok(await f.post('/api/v1/my-account/reauth', f.u.supplier1, { password: DEMO_PASSWORD }));
    expect(new Date(proof.reauthUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const me = ok(await f.get('/api/v1/my-account', f.u.supplier1));
    expect(me).toMatchObject({ userId: 'supplier1', portal: 'X', compNo: 'C00001', hname: '서재훈' });
    // The proof belongs to that session: the same user in another browser has none, nor has another user.
    const other = await loginAs(t.app, 'supplier1');
    refused(await f.get('/api/v1/my-account', other), 403, 'REAUTH_REQUIRED');
    refused(await f.get('/api/v1/my-account', f.u.supplier2), 403, 'REAUTH_REQUIRED');
    // And it lapses: ten minutes later it is asked for again.
    await t.db.db
      .updateTable('userSession')
      .set({ reauthAt: new Date(Date.now() - 11 * 60_000) })
      .where('userId', '=', 'supplier1')
      .execute();
    refused(await f.get('/api/v1/my-account', f.u.supplier1), 403, 'REAUTH_REQUIRED');
  });

  it('changes name and e-mail; a new cell phone only with the code sent to it', async () => {
    ok(await f.post('/api/v1/my-account/reauth', f.u.supplier2, { password: DEMO_PASSWORD }));
    const me = ok(await f.get('/api/v1/my-account', f.u.supplier2));
    const bad = refused(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '가'.repeat(17),
        email: 'not-mail',
        version: me.version,
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path).sort()).toEqual(['body/email', 'body/hname']);
    const named = ok(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '송태현',
        ename: 'Taehyun Song',
        email: 'song@hanbit.example.com',
        version: me.version,
      }),
    );
    expect(named).toMatchObject({ email: 'song@hanbit.example.com', version: me.version + 1 });
    refused(
      await f.put('/api/v1/my-account', f.u.supplier2, { hname: '송태현', version: me.version }),
      409,
      'VERSION_CONFLICT',
    );

    // A new phone: without a code, with a code sent to another number, with a wrong code — refused, nothing stored.
    refused(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '송태현',
        cellPhoneNo: '010-7777-8888',
        version: named.version,
      }),
      400,
      'PHONE_CODE_REQUIRED',
    );
    ok(await f.post('/api/v1/my-account/phone-code', f.u.supplier2, { cellPhoneNo: '010-1111-2222' }));
    refused(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '송태현',
        cellPhoneNo: '010-7777-8888',
        phoneCode: await latestCode(t.app),
        version: named.version,
      }),
      400,
      'AUTH013',
    );
    const sent = ok(await f.post('/api/v1/my-account/phone-code', f.u.supplier2, { cellPhoneNo: '010-7777-8888' }));
    expect(sent.destination).toBe('010-****-8888');
    const code = await latestCode(t.app);
    refused(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '송태현',
        cellPhoneNo: '010-7777-8888',
        phoneCode: code === '000000' ? '111111' : '000000',
        version: named.version,
      }),
      400,
      'AUTH013',
    );
    expect(ok(await f.get('/api/v1/my-account', f.u.supplier2)).cellPhoneNo).not.toBe('010-7777-8888');
    const phoned = ok(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '송태현',
        cellPhoneNo: '010-7777-8888',
        phoneCode: code,
        version: named.version,
      }),
    );
    expect(phoned.cellPhoneNo).toBe('010-7777-8888');
    // The code is used up.
    refused(
      await f.put('/api/v1/my-account', f.u.supplier2, {
        hname: '송태현',
        cellPhoneNo: '010-7777-9999',
        phoneCode: code,
        version: phoned.version,
      }),
      400,
      'AUTH013',
    );
    refused(
      await f.put('/api/v1/my-account', f.u.supplier2, { hname: '송태현', cellPhoneNo: '', version: phoned.version }),
      400,
      'VALIDATION',
    );
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'app_user')
      .where('entityKey', '=', 'supplier2')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'SELF_UPDATE', actor: 'supplier2' });
  });

  it('changes the password under the policy; other sessions end, the new password logs in', async () => {
    ok(await f.post('/api/v1/my-account/reauth', f.u.buyer, { password: DEMO_PASSWORD }));
    const elsewhere = await loginAs(t.app, 'buyer');
    refused(
      await f.post('/api/v1/my-account/password', f.u.buyer, { newPassword: 'short1!', newPasswordCheck: 'short1!' }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/my-account/password', f.u.buyer, {
        newPassword: 'alllowercase',
        newPasswordCheck: 'alllowercase',
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/my-account/password', f.u.buyer, {
        newPassword: 'Buyer!2345x',
        newPasswordCheck: 'Buyer!2345x',
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/my-account/password', f.u.buyer, {
        newPassword: 'Newpass!234',
        newPasswordCheck: 'Newpass!235',
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/my-account/password', f.u.buyer, {
        newPassword: DEMO_PASSWORD,
        newPasswordCheck: DEMO_PASSWORD,
      }),
      400,
      'VALIDATION',
    );
    ok(
      await f.post('/api/v1/my-account/password', f.u.buyer, {
        newPassword: 'Newpass!234',
        newPasswordCheck: 'Newpass!234',
      }),
    );
    // This session goes on; the other browser is signed out; the new password works, the old one not.
    ok(await f.get('/api/v1/my-account', f.u.buyer));
    expect((await f.get('/api/v1/my-account', elsewhere)).statusCode).toBe(401);
    await loginAs(t.app, 'buyer', 'Newpass!234');
    await expect(loginAs(t.app, 'buyer', DEMO_PASSWORD)).rejects.toThrow();
    // An internal user's own account at the internal address.
    const me = ok(await f.get('/api/v1/my-account', f.u.buyer));
    expect(me).toMatchObject({ userId: 'buyer', portal: 'I', compNo: null });
    expect(me.deptnm).toBeTruthy();
  });
});
