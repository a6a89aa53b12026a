import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs, type LoggedIn } from '../../helpers/login.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { groupHoldsScreen, menuTreeFor } from '../../../server/auth/menu-authority.js';
import { multipart } from '../../helpers/multipart.js';
import { ORPHAN_QUOTA } from '../../../server/modules/files/service.js';

/**
 * The independent review's findings on authority groups, the personal-data download log, uploads,
 * the person lookup, stored-screen links, the tender opening's dual control and the demo seed in
 * production: each reproduced as it was found (these requests succeeded before the fix).
 */
let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: LoggedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('a deactivated authority group grants nothing', () => {
  const setGroup = async (id: string, useYn: 'Y' | 'N') => {
    const row = (await call('GET', '/api/v1/portal/admin/auth-groups?size=5000', admin))
      .json()
      .rows.find((g: { authGroupId: string }) => g.authGroupId === id);
    const res = await call('PUT', `/api/v1/portal/admin/auth-groups/${id}`, admin, {
      nameKo: row.nameKo,
      nameEn: row.nameEn,
      useYn,
      version: row.version,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const idpw = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username, password: DEMO_PASSWORD }),
    });

  it('refuses its users’ sessions on the next request, their logins (AUTH100), its menus and screens; back on, all return', async () => {
    const buyer = await loginAs(t.app, 'buyer');
    const check = () => call('GET', '/api/v1/loginCheck?path=%2FprList&store=N', buyer);
    expect((await check()).json().code).toBe('OK');
    expect((await call('GET', '/api/v1/menus', buyer)).statusCode).toBe(200);
    expect(await groupHoldsScreen(t.db.db, '30', ['/prList'], 'write')).toBe(true);

    await setGroup('30', 'N');
    try {
      // The answer kept for this session is not reused: the group's change moved the authority version.
      expect((await check()).json().code).toBe('GPMS005');
      expect((await call('GET', '/api/v1/menus', buyer)).statusCode).toBe(401);
      expect((await call('GET', '/api/v1/prs?size=5', buyer)).statusCode).toBe(401);
      const login = await idpw('buyer');
      expect(login.statusCode).toBe(401);
      expect(login.json().errorCode).toBe('AUTH100');
      // A refresh of the open session is refused as well.
      const refresh = await t.app.inject({
        method: 'GET',
        url: '/auth/api/verify',
        headers: { authorization: `Bearer ${buyer.accessToken}`, refreshtoken: buyer.refreshToken },
      });
      expect(refresh.json().errorCode).toBe('AUTH100');
      expect(await groupHoldsScreen(t.db.db, '30', ['/prList'], 'write')).toBe(false);
      expect(await menuTreeFor(t.db.db, '30', 'I', 'ko', true)).toEqual([]);
    } finally {
      await setGroup('30', 'Y');
    }
    expect((await idpw('buyer')).statusCode).toBe(200);
    expect(await groupHoldsScreen(t.db.db, '30', ['/prList'], 'write')).toBe(true);
    expect((await menuTreeFor(t.db.db, '30', 'I', 'ko', true)).length).toBeGreaterThan(0);
  });

  it('moves the authority version when a group is switched off or on, not when it is renamed', async () => {
    const version = async () =>
      String((await t.db.db.selectFrom('authVersion').select('version').executeTakeFirstOrThrow()).version);
    const v0 = await version();
    await t.db.db
      .updateTable('authGroup')
      .set({ description: '설명만 바꿈' })
      .where('authGroupId', '=', '40')
      .execute();
    expect(await version()).toBe(v0);
    await t.db.db.updateTable('authGroup').set({ useYn: 'N' }).where('authGroupId', '=', '40').execute();
    const v1 = await version();
    expect(v1).not.toBe(v0);
    await t.db.db.updateTable('authGroup').set({ useYn: 'Y' }).where('authGroupId', '=', '40').execute();
    expect(await version()).not.toBe(v1);
  });
});

describe('a download recorded in the personal-data access log', () => {
  const record = (who: LoggedIn, operation: string, rowCount: number) =>
    call('POST', '/api/v1/privacy/downloads', who, {
      operation,
      rowCount,
      reason: { code: 'WORK', text: '업무 확인용' },
      columns: [],
      subjectKeys: [],
    });
  const downloads = async (actorId: string) =>
    (
      await t.db.db
        .selectFrom('personalDataAccessLog')
        .select('rowCount')
        .where('actorId', '=', actorId)
        .where('action', '=', 'DOWNLOAD')
        .execute()
    ).length;

  it('is refused for a list the caller may not call, whatever the count', async () => {
    const supplier = await loginAs(t.app, 'supplier2');
    // The staff's delivery list, with every supplier's drivers: a supplier cannot call it.
    expect((await record(supplier, 'listDeliveries', 1)).statusCode).toBe(403);
    // The person popup it may call, but it was answered nothing like 9,999,999 employees.
    const forged = await record(supplier, 'listPeople', 9_999_999);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('PRIVACY_ROW_COUNT');
    const buyer = await loginAs(t.app, 'buyer');
    // The supplier users' list needs the supplier-user administration screens, which a buyer lacks.
    expect((await record(buyer, 'listSupplierUsers', 1)).statusCode).toBe(403);
    expect(await downloads('supplier2')).toBe(0);
  });

  it('names at most the rows the list answered this session', async () => {
    const operator = await loginAs(t.app, 'operator');
    expect((await record(operator, 'listDeliveries', 1)).json().code).toBe('PRIVACY_ROW_COUNT');
    const listed = await call('GET', '/api/v1/deliveries?page=1&size=5', operator);
    expect(listed.statusCode, listed.body).toBe(200);
    const total: number = listed.json().total;
    expect(total).toBeGreaterThan(0);
    const over = await record(operator, 'listDeliveries', total + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('PRIVACY_ROW_COUNT');
    expect((await record(operator, 'listDeliveries', total)).statusCode).toBe(200);
    // Another session of the same user has answered nothing yet.
    const again = await loginAs(t.app, 'operator');
    expect((await record(again, 'listDeliveries', 1)).json().code).toBe('PRIVACY_ROW_COUNT');
  });

  it('is limited per user: a loop is refused after 20 a minute', async () => {
    const opadmin = await loginAs(t.app, 'opadmin');
    expect((await call('GET', '/api/v1/deliveries?page=1&size=1', opadmin)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await record(opadmin, 'listDeliveries', 1)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    expect(await downloads('opadmin')).toBe(20);
  });
});

describe('uploads', () => {
  const upload = async (who: LoggedIn, name = 'a.txt') => {
    const body = await multipart([{ name, content: 'A' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/cmmn/file/upload',
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    });
  };

  it('need write on a screen of a document that keeps attachments: monitoring (read-only) is refused', async () => {
    const monitor = await loginAs(t.app, 'monitor');
    const refused = await upload(monitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('GPMS006');
    const buyer = await loginAs(t.app, 'buyer');
    expect((await upload(buyer)).statusCode).toBe(200);
  });

  it('files no document holds are limited per user; one a document has taken no longer counts', async () => {
    const uadmin = await loginAs(t.app, 'uadmin1');
    // The quota's worth of orphan files already there (rows only: the store is not read for counting).
    const fileId = crypto.randomUUID();
    await t.db.db
      .insertInto('fileGroup')
      .values({ fileId, createdBy: 'uadmin1', compNo: null, docType: null, docNo: null, boundAt: null })
      .execute();
    await t.db.db
      .insertInto('fileEntry')
      .values(
        Array.from({ length: ORPHAN_QUOTA.files }, (_, i) => ({
          fileId,
          seq: i + 1,
          originalName: `f${i}.txt`,
          storedName: `missing-${fileId}-${i}`,
          sizeBytes: 1,
          mimeType: 'text/plain',
          checksum: 'x',
          createdBy: 'uadmin1',
        })),
      )
      .execute();
    const refused = await upload(uadmin);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('UPLOAD_QUOTA');
    expect(refused.json().msg).toContain('100개');
    // A purchase request takes the group: it is no orphan, and the next upload goes through.
    const pr = await t.db.db
      .selectFrom('prHeader')
      .select('prNo')
      .where('fileId', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db.db.updateTable('prHeader').set({ fileId }).where('prNo', '=', pr.prNo).execute();
    expect((await upload(uadmin)).statusCode).toBe(200);
    expect(
      (await t.db.db.selectFrom('fileGroup').select('boundAt').where('fileId', '=', fileId).executeTakeFirstOrThrow())
        .boundAt,
    ).not.toBeNull();
  });
});

describe('the person lookup', () => {
  it('shows session id, login address and authority group to administrators only, not to those who merely read the session screen', async () => {
    const adminRow = await t.db.db
      .selectFrom('appUser')
      .select('singleid')
      .where('userId', '=', 'admin')
      .executeTakeFirstOrThrow();
    const person = async (who: LoggedIn) => {
      const res = await call('GET', `/api/v1/cmmn/popup/person?singleid=${adminRow.singleid}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json()[0];
    };
    for (const userId of ['monitor', 'operator', 'uadmin1']) {
      const row = await person(await loginAs(t.app, userId));
      expect(row.hname, userId).toMatch(/\S/);
      expect({ who: userId, sessionId: row.sessionId, loginIp: row.loginIp, authGroupId: row.authGroupId }).toEqual({
        who: userId,
        sessionId: null,
        loginIp: null,
        authGroupId: null,
      });
    }
    const full = await person(admin);
    expect(full.sessionId).not.toBeNull();
    expect(full.loginIp).not.toBeNull();
    expect(full.authGroupId).toBe('99');
  });
});

describe('a stored screen’s routes', () => {
  it('cannot start with "//" (another site’s address to a browser)', async () => {
    const definition = (route: string) => ({
      kind: 'list',
      title: '발주 목록',
      source: { operation: 'listPos', rowKey: 'poNo' },
      columns: [{ field: 'poNo', link: { route, query: { poNo: 'row.poNo' } } }, { field: 'title' }],
    });
    const check = async (route: string) =>
      (
        await call('POST', '/api/v1/studio/check', admin, {
          name: 'linkScreen',
          portal: 'I',
          source: `${JSON.stringify(definition(route), null, 2)}\n`,
        })
      ).json();
    // The language's route pattern admits it; a browser reads it as http://127.0.0.1/login.
    const offSite = await check('//2130706433/login');
    expect(offSite.valid).toBe(false);
    expect(offSite.problems).toEqual([
      expect.objectContaining({ pointer: '/columns/0/link/route', message: expect.stringContaining('"//"') }),
    ]);
    const own = await check('/OrderRequestEdit');
    expect(own.problems).toEqual([]);
    expect(own.valid).toBe(true);
  });
});

describe('the tender opening’s dual control', () => {
  it('compares employees, not accounts: an employee’s second account cannot give the second confirmation', async () => {
    const operator = await loginAs(t.app, 'operator');
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const lines = [{ itemCode: 'MRO0101-0001', quantity: '10' }];
    const draft = await call('POST', '/api/v1/bid/tenders', operator, {
      title: '이중 확인 입찰',
      awardRule: 'LOWEST_TOTAL',
      openAt: inMinutes(60),
      closeAt: inMinutes(120),
      suppliers: ['C00001', 'C00002'],
      lines,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const tenderNo: string = draft.json().tenderNo;
    const published = await call('POST', `/api/v1/bid/tenders/${tenderNo}/publish`, operator, {
      version: draft.json().version,
    });
    expect(published.statusCode, published.body).toBe(200);
    await t.db.db
      .updateTable('tender')
      .set({ openAt: new Date(Date.now() - 120 * 60_000), closeAt: new Date(Date.now() - 60_000) })
      .where('tenderNo', '=', tenderNo)
      .execute();

    const tfadmin = await loginAs(t.app, 'tfadmin');
    const first = await call('POST', `/api/v1/bid/tenders/${tenderNo}/open`, tfadmin, {
      version: (await call('GET', `/api/v1/bid/tenders/${tenderNo}`, tfadmin)).json().version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('CLOSED');

    // The same employee behind another account: tfadmin's account is linked elsewhere, a new one to the employee.
    const own = await t.db.db
      .selectFrom('appUser')
      .selectAll()
      .where('userId', '=', 'tfadmin')
      .executeTakeFirstOrThrow();
    const employee = await t.db.db
      .selectFrom('employee')
      .selectAll()
      .where('singleid', '=', own.singleid!)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('employee')
      .values({ ...employee, singleid: 'E999901', hname: '다른사원' })
      .execute();
    await t.db.db.updateTable('appUser').set({ singleid: 'E999901' }).where('userId', '=', 'tfadmin').execute();
    await t.db.db
      .insertInto('appUser')
      .values({
        userId: 'tfadmin2',
        portal: 'I',
        singleid: own.singleid,
        hname: own.hname,
        authGroupId: own.authGroupId,
        passwordHash: own.passwordHash,
        passwordExpiresAt: own.passwordExpiresAt,
        auth: own.auth,
      })
      .execute();
    const second = await loginAs(t.app, 'tfadmin2');
    const view = (await call('GET', `/api/v1/bid/tenders/${tenderNo}`, second)).json();
    expect(view.actions).not.toContain('open');
    const again = await call('POST', `/api/v1/bid/tenders/${tenderNo}/open`, second, { version: view.version });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('OPENING_SAME_PERSON');
    expect((await call('GET', `/api/v1/bid/tenders/${tenderNo}`, second)).json().status).toBe('CLOSED');
  });
});
