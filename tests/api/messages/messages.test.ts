import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { up as message403 } from '../../../server/db/migrations/0340-message-403.js';

describe('messageManage: list, create, update, delete; edits reach /common/message at once', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await sessionAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  const get = (url: string, who: LoggedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: LoggedIn = admin) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('lists with paging, total, filters and sort', async () => {
    const all = await get('/api/v1/portal/messages?size=5');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.rows).toHaveLength(5);
    expect(body.total).toBeGreaterThan(40);
    const keys = body.rows.map((r: { msgKey: string }) => r.msgKey);
    expect(keys).toEqual([...keys].sort());

    const page2 = (await get('/api/v1/portal/messages?size=5&page=2')).json();
    expect(page2.rows[0].msgKey > keys[4]).toBe(true);

    const ui = (await get('/api/v1/portal/messages?category=ui&size=500')).json();
    expect(ui.rows.length).toBe(ui.total);
    expect(ui.rows.every((r: { category: string }) => r.category === 'ui')).toBe(true);

    const byKey = (await get('/api/v1/portal/messages?msgKey=AUTH0')).json();
    expect(byKey.rows.every((r: { msgKey: string }) => r.msgKey.startsWith('AUTH0'))).toBe(true);

    const byText = (await get(`/api/v1/portal/messages?text=${encodeURIComponent('잠긴 계정')}`)).json();
    expect(byText.rows.map((r: { msgKey: string }) => r.msgKey)).toEqual(['AUTH102']);

    const desc = (await get('/api/v1/portal/messages?sort=msgKey:desc&size=3')).json();
    expect(desc.rows[0].msgKey > desc.rows[1].msgKey).toBe(true);
  });

  it('a LIKE wildcard typed by the user matches itself', async () => {
    const res = (await get('/api/v1/portal/messages?text=%25%25%25')).json();
    expect(res.total).toBe(0);
  });

  it('refuses an unknown sort field and a page size over 5000', async () => {
    expect((await get('/api/v1/portal/messages?sort=version:asc')).statusCode).toBe(400);
    expect((await get('/api/v1/portal/messages?size=5001')).statusCode).toBe(400);
    expect((await get('/api/v1/portal/messages?size=5000')).statusCode).toBe(200);
  });

  it('creates, updates and deletes with versions and audit rows; the public message list follows', async () => {
    const created = await send('POST', '/api/v1/portal/messages', {
      msgKey: 'test.hello',
      category: 'ui',
      textKo: '안녕하세요',
      textEn: 'Hello',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ msgKey: 'test.hello', version: 1, textKo: '안녕하세요' });
    expect((await get('/api/v1/common/message?lang=ko')).json()['test.hello']).toBe('안녕하세요');

    const updated = await send('PUT', '/api/v1/portal/messages/test.hello', {
      category: 'ui',
      textKo: '반갑습니다',
      textEn: 'Nice to meet you',
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().version).toBe(2);
    expect((await get('/api/v1/common/message?lang=en')).json()['test.hello']).toBe('Nice to meet you');
    expect((await get('/api/v1/common/resources?lang=ko')).json().message['test.hello']).toBe('반갑습니다');

    const stale = await send('PUT', '/api/v1/portal/messages/test.hello', {
      category: 'ui',
      textKo: '늦음',
      textEn: 'Late',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
    expect((await get('/api/v1/portal/messages/test.hello')).json().textKo).toBe('반갑습니다');

    expect((await send('DELETE', '/api/v1/portal/messages/test.hello?version=1')).statusCode).toBe(409);
    expect((await send('DELETE', '/api/v1/portal/messages/test.hello?version=2')).statusCode).toBe(200);
    expect((await get('/api/v1/portal/messages/test.hello')).statusCode).toBe(404);

    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'message')
      .where('entityKey', '=', 'test.hello')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'CREATE', actor: 'admin' },
      { action: 'UPDATE', actor: 'admin' },
      { action: 'DELETE', actor: 'admin' },
    ]);
  });

  it('answers field errors at their fields: blank texts, a duplicate key, a bad key', async () => {
    const blank = await send('POST', '/api/v1/portal/messages', {
      msgKey: 'test.blank',
      category: 'ui',
      textKo: '  ',
      textEn: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      { path: 'body/textKo', message: '필수 입력 항목입니다' },
      { path: 'body/textEn', message: '필수 입력 항목입니다' },
    ]);
    const dup = await send('POST', '/api/v1/portal/messages', {
      msgKey: 'AUTH102',
      category: 'auth',
      textKo: '가',
      textEn: 'a',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_KEY', details: [{ path: 'body/msgKey' }] });
    const badKey = await send('POST', '/api/v1/portal/messages', {
      msgKey: '1 bad key',
      category: 'ui',
      textKo: '가',
      textEn: 'a',
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().details[0].path).toBe('body/msgKey');
    const badCategory = await send('POST', '/api/v1/portal/messages', {
      msgKey: 'test.cat',
      category: 'other',
      textKo: '가',
      textEn: 'a',
    });
    expect(badCategory.statusCode).toBe(400);
  });

  it('menu authority decides: read-only monitor lists but cannot write; a user without the menu gets 403', async () => {
    const monitor = await sessionAs(t.app, 'monitor');
    expect((await get('/api/v1/portal/messages', monitor)).statusCode).toBe(200);
    const write = await send(
      'POST',
      '/api/v1/portal/messages',
      { msgKey: 'test.monitor', category: 'ui', textKo: '가', textEn: 'a' },
      monitor,
    );
    expect(write.statusCode).toBe(403);
    const buyer = await sessionAs(t.app, 'buyer');
    expect((await get('/api/v1/portal/messages', buyer)).json().code).toBe('GPMS006');
    const supplier = await sessionAs(t.app, 'supplier1adm');
    expect((await get('/api/v1/portal/messages', supplier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/portal/messages' })).statusCode).toBe(401);
  });
  it("the 403 alert says the spec's text (§8: authorization failed, no access right); 0340 rewrites the old seed's text only", async () => {
    const spec = '인가에 실패했습니다. 접근 권한이 없습니다.';
    expect((await get('/api/v1/common/message?lang=ko')).json()['http.403']).toBe(spec);
    expect((await get('/api/v1/common/message?lang=en')).json()['http.403']).toBe(
      'Authorization failed: you have no access right.',
    );
    // A database seeded before the fix: the migration brings the spec's text.
    await t.app.dbh.db
      .updateTable('message')
      .set({ textKo: '권한이 없습니다.' })
      .where('msgKey', '=', 'http.403')
      .execute();
    await message403(t.app.dbh.db as unknown as Kysely<unknown>);
    expect((await get('/api/v1/common/message?lang=ko')).json()['http.403']).toBe(spec);
    // An administrator's own wording is kept.
    await t.app.dbh.db
      .updateTable('message')
      .set({ textKo: '접근할 수 없습니다.' })
      .where('msgKey', '=', 'http.403')
      .execute();
    await message403(t.app.dbh.db as unknown as Kysely<unknown>);
    expect((await get('/api/v1/common/message?lang=ko')).json()['http.403']).toBe('접근할 수 없습니다.');
  });
});
