import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs } from '../../helpers/login.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

/** Supplier users per company: compUserManage and userBlock (staff: all; a supplier admin: its own company) and compUserManageList. */
describe('supplier users', () => {
  let t: TestApp;
  let f: Flow;
  const user = (userId: string) =>
    t.db.db
      .selectFrom('appUser')
      .select(['lockedAt', 'passwordHash', 'useFlag', 'version'])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
  const lastAudit = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['admin', 'monitor', 'buyer', 'supplier1', 'supplier1adm', 'supplier2']) };
  });
  afterAll(() => t.close());

  it('lists every company’s users to staff and only its own to a supplier admin, whatever it asks for', async () => {
    const all = ok(await f.get('/api/v1/supplier-users?size=500', f.u.admin));
    expect(new Set(all.rows.map((r: { compNo: string }) => r.compNo)).size).toBeGreaterThan(2);
    expect(all.rows.every((r: { userId: string }) => !['admin', 'buyer'].includes(r.userId))).toBe(true);
    const c2 = ok(await f.get('/api/v1/supplier-users?compNo=C00002', f.u.monitor));
    expect(c2.rows.every((r: { compNo: string }) => r.compNo === 'C00002')).toBe(true);
    expect(c2.rows.map((r: { userId: string }) => r.userId)).toContain('supplier2');
    const own = ok(await f.get('/api/v1/supplier-users?compNo=C00002', f.u.supplier1adm));
    expect(own.total).toBe(0);
    const mine = ok(await f.get('/api/v1/supplier-users', f.u.supplier1adm));
    expect(mine.rows.every((r: { compNo: string }) => r.compNo === 'C00001')).toBe(true);
    expect(mine.rows.map((r: { userId: string }) => r.userId)).toEqual(
      expect.arrayContaining(['supplier1', 'supplier1adm']),
    );
    // A supplier user (group 60) holds no user-admin menu; nor does an internal user.
    refused(await f.get('/api/v1/supplier-users', f.u.supplier1), 403);
    refused(await f.get('/api/v1/supplier-users', f.u.buyer), 403);
    // userBlock's list (listUsers) is scoped the same way.
    const block = ok(await f.get('/api/v1/users?size=500', f.u.supplier1adm));
    expect(block.rows.every((r: { compNo: string }) => r.compNo === 'C00001')).toBe(true);
  });

  it('a supplier admin touching another company’s user: a Korean 404, nothing written', async () => {
    const before = await user('supplier2');
    const audit = await lastAudit();
    for (const action of ['lock', 'unlock', 'reset']) {
      const body = refused(
        await f.post(`/api/v1/supplier-users/supplier2/${action}`, f.u.supplier1adm, { version: before.version }),
        404,
        'COM000010',
      );
      expect(body.msg).toContain('협력사 사용자가 아닙니다');
    }
    for (const action of ['block', 'unblock'])
      refused(
        await f.post(`/api/v1/users/supplier2/${action}`, f.u.supplier1adm, { version: before.version }),
        404,
        'COM000010',
      );
    // An internal account is not a supplier user, for staff either.
    refused(await f.post('/api/v1/supplier-users/buyer/lock', f.u.admin, { version: 1 }), 404, 'COM000010');
    refused(await f.post('/api/v1/supplier-users/supplier1/lock', f.u.supplier1, { version: 1 }), 403);
    refused(await f.post('/api/v1/supplier-users/supplier1/lock', f.u.monitor, { version: 1 }), 403);
    refused(
      await f.post('/api/v1/supplier-users/supplier1adm/lock', f.u.supplier1adm, { version: 1 }),
      400,
      'CANNOT_CHANGE_SELF',
    );
    expect(await user('supplier2')).toEqual(before);
    expect(await lastAudit()).toBe(audit);
  });

  it('locks, unlocks and resets its own company’s user; the locked or reset user cannot log in', async () => {
    let v = (await user('supplier1')).version;
    const locked = ok(
      await f.post('/api/v1/supplier-users/supplier1/lock', f.u.supplier1adm, { version: v, reason: '퇴사 예정' }),
    );
    expect(locked).toMatchObject({ userId: 'supplier1', locked: true, version: v + 1 });
    refused(
      await f.post('/api/v1/supplier-users/supplier1/lock', f.u.supplier1adm, { version: v + 1 }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post('/api/v1/supplier-users/supplier1/unlock', f.u.supplier1adm, { version: v }),
      409,
      'VERSION_CONFLICT',
    );
    // The lock ended the user's session and stops a new login.
    expect((await f.get('/api/v1/my-company', f.u.supplier1)).statusCode).toBe(401);
    await expect(loginAs(t.app, 'supplier1')).rejects.toThrow(/AUTH102|failed/);
    const unlocked = ok(await f.post('/api/v1/supplier-users/supplier1/unlock', f.u.supplier1adm, { version: v + 1 }));
    expect(unlocked.locked).toBe(false);
    refused(
      await f.post('/api/v1/supplier-users/supplier1/unlock', f.u.supplier1adm, { version: v + 2 }),
      409,
      'INVALID_STATE',
    );
    await loginAs(t.app, 'supplier1');

    // Reset by staff across companies (compUserManageList): the password stops working and the user is told by e-mail.
    v = (await user('supplier2')).version;
    const reset = ok(await f.post('/api/v1/supplier-users/supplier2/reset', f.u.admin, { version: v }));
    expect(reset).toMatchObject({ passwordSet: false, version: v + 1 });
    expect((await user('supplier2')).passwordHash).toBeNull();
    const mail = ok(await t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' }))[0];
    expect(mail.text).toContain('초기화');
    await expect(loginAs(t.app, 'supplier2', DEMO_PASSWORD)).rejects.toThrow();
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'app_user')
      .where('entityKey', '=', 'supplier2')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'PASSWORD_RESET', actor: 'admin' });
  });
});
