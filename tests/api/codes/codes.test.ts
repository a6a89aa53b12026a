import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

describe('cmmnCodeManage: code groups and their codes', () => {
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

  it('lists groups with code counts, filtered and sorted', async () => {
    const res = await get('/api/v1/portal/code-groups?size=500');
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json();
    expect(rows.length).toBe(total);
    const yn = rows.find((r: { groupId: string }) => r.groupId === 'YN');
    expect(yn).toMatchObject({ nameKo: '예/아니오', codeCount: 2, useYn: 'Y', version: 1 });

    const filtered = (await get(`/api/v1/portal/code-groups?q=${encodeURIComponent('상태')}`)).json();
    expect(filtered.total).toBeGreaterThan(3);
    expect(filtered.rows.every((r: { nameKo: string }) => r.nameKo.includes('상태'))).toBe(true);

    const byCount = (await get('/api/v1/portal/code-groups?sort=codeCount:desc&size=3')).json();
    expect(byCount.rows[0].codeCount).toBeGreaterThanOrEqual(byCount.rows[1].codeCount);
    expect(byCount.total).toBe(total);
  });

  it('lists a group’s codes in sort order', async () => {
    const res = (await get('/api/v1/portal/code-groups/PO_STATUS/codes')).json();
    expect(res.rows.map((r: { code: string }) => r.code)).toContain('DRAFT');
    const orders = res.rows.map((r: { sortOrder: number }) => r.sortOrder);
    expect(orders).toEqual([...orders].sort((a: number, b: number) => a - b));
  });

  it('creates, updates and deletes a group, with versions and field errors', async () => {
    const blank = await send('POST', '/api/v1/portal/code-groups', {
      groupId: 'TEST_GROUP',
      nameKo: '',
      nameEn: 'Test',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ path: 'body/nameKo', message: '필수 입력 항목입니다' }]);

    const created = await send('POST', '/api/v1/portal/code-groups', {
      groupId: 'TEST_GROUP',
      nameKo: '시험',
      nameEn: 'Test',
      sortOrder: 900,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ groupId: 'TEST_GROUP', codeCount: 0, version: 1 });
    const dup = await send('POST', '/api/v1/portal/code-groups', {
      groupId: 'TEST_GROUP',
      nameKo: '시험',
      nameEn: 'Test',
    });
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_KEY', details: [{ path: 'body/groupId' }] });

    const updated = await send('PUT', '/api/v1/portal/code-groups/TEST_GROUP', {
      nameKo: '시험 그룹',
      nameEn: 'Test group',
      version: 1,
    });
    expect(updated.json()).toMatchObject({ nameKo: '시험 그룹', version: 2, sortOrder: 900 });
    expect(
      (await send('PUT', '/api/v1/portal/code-groups/TEST_GROUP', { nameKo: 'x', nameEn: 'x', version: 1 })).json()
        .code,
    ).toBe('VERSION_CONFLICT');

    await send('PUT', '/api/v1/portal/code-groups/TEST_GROUP/codes', {
      rows: [{ code: 'A', textKo: '가', textEn: 'A' }],
    });
    const notEmpty = await send('DELETE', '/api/v1/portal/code-groups/TEST_GROUP?version=2');
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().code).toBe('CODE_GROUP_NOT_EMPTY');
    const codes = (await get('/api/v1/portal/code-groups/TEST_GROUP/codes')).json();
    await send('PUT', '/api/v1/portal/code-groups/TEST_GROUP/codes', {
      rows: [],
      deleted: [{ code: 'A', version: codes.rows[0].version }],
    });
    expect((await send('DELETE', '/api/v1/portal/code-groups/TEST_GROUP?version=2')).statusCode).toBe(200);
    expect((await get('/api/v1/portal/code-groups/TEST_GROUP')).statusCode).toBe(404);
  });

  it('saves codes in one batch: add, change, delete, each audited; new codes reach the login code lists', async () => {
    await send('POST', '/api/v1/portal/code-groups', { groupId: 'TEST_BATCH', nameKo: '일괄', nameEn: 'Batch' });
    const first = await send('PUT', '/api/v1/portal/code-groups/TEST_BATCH/codes', {
      rows: [
        { code: 'A', textKo: '가', textEn: 'A', sortOrder: 1 },
        { code: 'B', textKo: '나', textEn: 'B', sortOrder: 2 },
        { code: 'C', textKo: '다', textEn: 'C', sortOrder: 3, attr1: '  ' },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().rows.map((r: { code: string; attr1: string | null }) => [r.code, r.attr1])).toEqual([
      ['A', null],
      ['B', null],
      ['C', null],
    ]);

    const second = await send('PUT', '/api/v1/portal/code-groups/TEST_BATCH/codes', {
      rows: [
        { code: 'A', textKo: '가나', textEn: 'AB', sortOrder: 1, version: 1 },
        { code: 'B', textKo: '나', textEn: 'B', sortOrder: 2, version: 1 },
        { code: 'D', textKo: '라', textEn: 'D', sortOrder: 4 },
      ],
      deleted: [{ code: 'C', version: 1 }],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().rows.map((r: { code: string; version: number }) => [r.code, r.version])).toEqual([
      ['A', 2],
      ['B', 1],
      ['D', 1],
    ]);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['entityKey', 'action'])
      .where('entity', '=', 'code')
      .where('entityKey', 'like', 'TEST_BATCH/%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => `${a.action} ${a.entityKey}`)).toEqual([
      'CREATE TEST_BATCH/A',
      'CREATE TEST_BATCH/B',
      'CREATE TEST_BATCH/C',
      'UPDATE TEST_BATCH/A',
      'CREATE TEST_BATCH/D',
      'DELETE TEST_BATCH/C',
    ]);

    const check = await t.app.inject({
      method: 'GET',
      url: '/api/v1/loginCheck?path=/portal/codeManage/cmmnCodeManage&store=Y',
      headers: { authorization: admin.headers.authorization },
    });
    expect(check.json().codes.TEST_BATCH).toEqual([
      { value: 'A', text: '가나' },
      { value: 'B', text: '나' },
      { value: 'D', text: '라' },
    ]);
  });

  it('answers row errors at body/rows/{i}/{field} and saves nothing; a stale row answers 409', async () => {
    await send('POST', '/api/v1/portal/code-groups', { groupId: 'TEST_ERRORS', nameKo: '오류', nameEn: 'Errors' });
    await send('PUT', '/api/v1/portal/code-groups/TEST_ERRORS/codes', {
      rows: [{ code: 'X', textKo: '엑스', textEn: 'X' }],
    });
    const bad = await send('PUT', '/api/v1/portal/code-groups/TEST_ERRORS/codes', {
      rows: [
        { code: 'Y', textKo: '와이', textEn: '' },
        { code: 'Y', textKo: '와이', textEn: 'Y' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'body/rows/0/textEn', message: '필수 입력 항목입니다' },
      { path: 'body/rows/1/code', message: '1행과 코드가 같습니다' },
    ]);
    const dup = await send('PUT', '/api/v1/portal/code-groups/TEST_ERRORS/codes', {
      rows: [{ code: 'X', textKo: '엑스', textEn: 'X' }],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_KEY', details: [{ path: 'body/rows/0/code' }] });
    const stale = await send('PUT', '/api/v1/portal/code-groups/TEST_ERRORS/codes', {
      rows: [
        { code: 'Z', textKo: '제트', textEn: 'Z' },
        { code: 'X', textKo: '바뀜', textEn: 'changed', version: 7 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: [{ path: 'body/rows/1/code' }] });
    const after = (await get('/api/v1/portal/code-groups/TEST_ERRORS/codes')).json();
    expect(after.rows.map((r: { code: string; textKo: string }) => [r.code, r.textKo])).toEqual([['X', '엑스']]);
  });

  it('read-only and no-menu callers are refused writes', async () => {
    const monitor = await sessionAs(t.app, 'monitor');
    expect((await get('/api/v1/portal/code-groups', monitor)).statusCode).toBe(200);
    expect((await send('PUT', '/api/v1/portal/code-groups/YN/codes', { rows: [] }, monitor)).statusCode).toBe(403);
    const buyer = await sessionAs(t.app, 'buyer');
    expect((await get('/api/v1/portal/code-groups', buyer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/portal/code-groups/YN/codes' })).statusCode).toBe(401);
    expect((await get('/api/v1/portal/code-groups/bad-id/codes', admin)).statusCode).toBe(400);
  });
});
