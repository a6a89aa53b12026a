import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LdapConfig } from '../../../server/config-integrations.js';
import { loadConfig, ConfigError } from '../../../server/config.js';
import { adBindCode, escapeFilterValue, userFilterFor } from '../../../server/auth/directory/ldap.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest } from '../../helpers/login.js';
import { freePort } from '../../../scripts/free-port.mjs';
import { SERVICE_DN, SERVICE_PASSWORD, slapdAvailability, startSlapd, SUFFIX, type Slapd } from './slapd.js';

/**
 * AD mode against a real OpenLDAP (issue 15): the test starts Debian's slapd with its own tree
 * and StartTLS, and logs in through the auth service as the login page does.
 */
const { available, message } = slapdAvailability();
if (!available) {
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`[skipped] ${message}`);
}

const ldapConfig = (s: Pick<Slapd, 'url' | 'caFile'>, over: Partial<LdapConfig> = {}): LdapConfig => ({
  url: s.url,
  bindDn: SERVICE_DN,
  bindPassword: SERVICE_PASSWORD,
  baseDn: SUFFIX,
  userFilter: '(uid={id})',
  disabledFilter: '(employeeType=disabled)',
  startTls: true,
  tlsCaFile: s.caFile,
  tlsVerify: true,
  timeoutMs: 3000,
  attributes: { name: 'displayName', email: 'mail', dept: 'departmentNumber', phone: 'mobile' },
  provision: true,
  defaultGroup: '30',
  deptGroups: { D2110: '31' },
  ...over,
});

describe.skipIf(!available)('AD mode over LDAP (real slapd)', () => {
  let slapd: Slapd;
  let t: TestApp;
  beforeAll(async () => {
    slapd = await startSlapd([
      {
        uid: 'buyer',
        password: 'Dir-Pass-1',
        name: '정수빈',
        mail: 'subin.jung@corp.test',
        dept: 'D1220',
        mobile: '010-2222-3333',
      },
      { uid: 'operator', password: 'Dir-Pass-2', name: '김민수', dept: 'D1240' },
      { uid: 'admin', password: 'Dir-Pass-3', name: '이정민', dept: 'D1310', disabled: true },
      {
        uid: 'newhire',
        password: 'Dir-Pass-4',
        name: '홍길동',
        mail: 'gildong@corp.test',
        dept: 'D2110',
        mobile: '010-5555-6666',
      },
      { uid: 'lostdept', password: 'Dir-Pass-5', name: '부서없음', dept: 'D9999' },
    ]);
    t = await buildTestApp({ config: { ldap: ldapConfig(slapd) } });
  });
  afterAll(async () => {
    await t?.close();
    await slapd?.stop();
  });

  const idpw = (username: string, password: string, systemId = 'GPMS') =>
    t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId, grantType: 'idpw', username, password }),
    });
  const refused = async (res: Awaited<ReturnType<typeof idpw>>, errorCode: string) => {
    expect(res.json()).toMatchObject({ code: 'ERROR', errorCode });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/[가-힣]/);
  };

  it('binds as the user with the directory password (over StartTLS) and opens a session', async () => {
    const res = await idpw('buyer', 'Dir-Pass-1');
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/v1/login',
      headers: { authorization: `Bearer ${res.json().accessToken}`, iscyber: 'N' },
    });
    expect(login.json().user).toMatchObject({ userId: 'buyer', authGroupId: '30' });
    // Provisioning keeps name, e-mail and phone as the directory has them.
    const row = await t.db.db
      .selectFrom('appUser')
      .select(['email', 'cellPhoneNo', 'hname'])
      .where('userId', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'subin.jung@corp.test', cellPhoneNo: '010-2222-3333', hname: '정수빈' });
  });

  it('the local (demo) password no longer opens a directory account', async () => {
    await refused(await idpw('operator', 'Gpms!2345'), 'AUTH011');
  });

  it('wrong password AUTH011, counted towards our temporary lock (AUTH102 on the fifth)', async () => {
    // One wrong password above; three more, then the fifth locks (server/auth/throttle.ts: a lock
    // that ends by itself, per account and client, not the permanent lock an attacker could abuse).
    for (let i = 1; i <= 3; i++) await refused(await idpw('operator', `wrong-${i}`), 'AUTH011');
    await refused(await idpw('operator', 'wrong-5'), 'AUTH102');
    const row = await t.db.db
      .selectFrom('appUser')
      .select(['failedLoginCount', 'lockedAt'])
      .where('userId', '=', 'operator')
      .executeTakeFirstOrThrow();
    expect(row.failedLoginCount).toBe(5);
    expect(row.lockedAt).toBeNull();
    // Locked by us for now: even the right directory password is refused until the lock ends.
    await refused(await idpw('operator', 'Dir-Pass-2'), 'AUTH102');
  });

  it('unknown user AUTH019, disabled account AUTH100, a filter-injection attempt finds nobody', async () => {
    await refused(await idpw('nobody-in-directory', 'x'), 'AUTH019');
    await refused(await idpw('admin', 'Dir-Pass-3'), 'AUTH100');
    await refused(await idpw('*', 'Dir-Pass-1'), 'AUTH019');
    await refused(await idpw('buy*', 'Dir-Pass-1'), 'AUTH019');
  });

  it('provisions a new employee on first login, with the department’s authority group', async () => {
    expect(
      await t.db.db.selectFrom('appUser').select('userId').where('userId', '=', 'newhire').executeTakeFirst(),
    ).toBeUndefined();
    const res = await idpw('newhire', 'Dir-Pass-4');
    expect(res.statusCode).toBe(200);
    const user = await t.db.db
      .selectFrom('appUser')
      .selectAll()
      .where('userId', '=', 'newhire')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      portal: 'I',
      singleid: 'newhire',
      hname: '홍길동',
      email: 'gildong@corp.test',
      cellPhoneNo: '010-5555-6666',
      authGroupId: '31',
      useFlag: 'Y',
      status: 'NORMAL',
      passwordHash: null,
    });
    const employee = await t.db.db
      .selectFrom('employee')
      .select(['deptcd', 'section'])
      .where('singleid', '=', 'newhire')
      .executeTakeFirstOrThrow();
    expect(employee.deptcd).toBe('D2110');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'app_user')
      .where('entityKey', '=', 'newhire')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toContain('PROVISION');
    // The second login finds the account.
    expect((await idpw('newhire', 'Dir-Pass-4')).statusCode).toBe(200);
  });

  it('a directory user whose department we do not know is not provisioned: AUTH003', async () => {
    await refused(await idpw('lostdept', 'Dir-Pass-5'), 'AUTH003');
    expect(
      await t.db.db.selectFrom('appUser').select('userId').where('userId', '=', 'lostdept').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('suppliers keep our own passwords (the directory is for staff)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId: 'OGPMS', grantType: 'idpw', username: 'supplier1', password: 'Gpms!2345' }),
    });
    // The password was right: only the one-time code is missing.
    expect(res.json().errorCode).toBe('AUTH013');
  });
});

describe.skipIf(!available)('AD mode: a directory that does not answer', () => {
  let t: TestApp;
  let silent: net.Server;
  let silentPort: number;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers: the login must still answer within the time limit.
    silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentPort = (silent.address() as net.AddressInfo).port;
    t = await buildTestApp({
      seeded: false,
      config: {
        ldap: ldapConfig(
          { url: `ldap://127.0.0.1:${silentPort}`, caFile: '' },
          { startTls: false, tlsCaFile: null, timeoutMs: 400 },
        ),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent?.close(r));
  });

  // No clock is read: the server can only answer once its own LDAP_TIMEOUT_MS deadline gives up on
  // a directory that never speaks (a hang would end at the test's time-out, a failure, not a figure).
  it('a silent directory: 503 AUTH_DIRECTORY_DOWN, never a hang or 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'someone', password: 'pw' }),
    });
    // It did ask the directory (the answer is not a refusal made before trying).
    expect(sockets.size).toBeGreaterThanOrEqual(1);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'ERROR', errorCode: 'AUTH_DIRECTORY_DOWN' });
    expect(res.json().msg).toMatch(/디렉터리/);
    // In English too (the message table's row, or the code's English default without one).
    const en = await t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'someone', password: 'pw' }),
      headers: { ...formRequest({}).headers, 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(503);
    expect(en.json().msg).toMatch(/^The directory \(AD\) server is not answering/);
  });

  it('a closed port: the same clear answer, every time', async () => {
    const port = await freePort();
    const { createLdapDirectory } = await import('../../../server/auth/directory/ldap.js');
    const dir = createLdapDirectory(
      ldapConfig({ url: `ldap://127.0.0.1:${port}`, caFile: '' }, { startTls: false, tlsCaFile: null, timeoutMs: 400 }),
      t.app.log,
    );
    expect(await dir.authenticate!('someone', 'pw')).toEqual({ ok: false, code: 'AUTH_DIRECTORY_DOWN' });
    // Nothing is remembered from the failure: asked again, the same answer (not a 500 or a hang).
    expect(await dir.authenticate!('someone', 'pw')).toEqual({ ok: false, code: 'AUTH_DIRECTORY_DOWN' });
  });
});

describe('LDAP helpers and configuration', () => {
  it('escapes filter values (RFC 4515) and fills {id}', () => {
    expect(escapeFilterValue('a*b(c)\\d\0')).toBe('a\\2ab\\28c\\29\\5cd\\00');
    expect(userFilterFor('(&(objectClass=user)(sAMAccountName={id}))', 'kim*')).toBe(
      '(&(objectClass=user)(sAMAccountName=kim\\2a))',
    );
  });

  it('maps Active Directory bind diagnostics to the spec codes', () => {
    expect(
      adBindCode('80090308: LdapErr: DSID-0C09042A, comment: AcceptSecurityContext error, data 52e, v3839').code,
    ).toBe('AUTH011');
    expect(adBindCode('... data 775, v3839').code).toBe('AUTH102');
    expect(adBindCode('... data 533, v3839').code).toBe('AUTH100');
    expect(adBindCode('... data 532, v3839').code).toBe('AUTH103');
    expect(adBindCode('... data 773, v3839').code).toBe('AUTH103');
    expect(adBindCode('... data 525, v3839').code).toBe('AUTH019');
    expect(adBindCode('Invalid Credentials').code).toBe('AUTH011');
  });

  it('names every bad LDAP variable at start-up, never echoing the secret', () => {
    let error: unknown;
    try {
      loadConfig({ LDAP_URL: 'http://dc1', LDAP_BIND_DN: 'cn=svc', LDAP_TIMEOUT_MS: 'soon' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/LDAP_URL must be a ldap:\/\/ or ldaps:\/\//);
    try {
      loadConfig({
        LDAP_URL: 'ldaps://dc1:636',
        LDAP_BIND_DN: 'cn=svc',
        LDAP_USER_FILTER: 'uid=x',
        LDAP_STARTTLS: 'true',
        LDAP_TIMEOUT_MS: 'soon',
        LDAP_TLS_CA_FILE: '/no/such.pem',
        LDAP_DEPT_GROUPS: 'D1=abc',
      });
    } catch (e) {
      error = e;
    }
    const all = (error as ConfigError).problems.join('\n');
    for (const name of [
      'LDAP_BASE_DN',
      'LDAP_BIND_PASSWORD',
      'LDAP_USER_FILTER',
      'LDAP_STARTTLS',
      'LDAP_TIMEOUT_MS',
      'LDAP_TLS_CA_FILE',
      'LDAP_DEPT_GROUPS',
    ])
      expect(all).toContain(name);
    const ok = loadConfig({
      LDAP_URL: 'ldap://dc1',
      LDAP_BASE_DN: 'dc=corp',
      LDAP_STARTTLS: 'true',
      LDAP_ATTRIBUTES: 'dept=departmentNumber',
    });
    expect(ok.ldap).toMatchObject({
      startTls: true,
      userFilter: '(sAMAccountName={id})',
      attributes: { dept: 'departmentNumber', name: 'displayName' },
      timeoutMs: 5000,
    });
  });
});
