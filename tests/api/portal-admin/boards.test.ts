import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';

interface Post {
  postId: number;
  title: string;
  body: string;
  pinned: string;
  category: string | null;
  version: number;
  writerName: string | null;
  showFrom: string | null;
  showTo: string | null;
}

const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';

describe('boards: notices, FAQ and the supplier notices on the supplier home', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let buyer: LoggedIn;
  let supplier1: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await sessionAs(t.app, 'admin');
    buyer = await sessionAs(t.app, 'buyer');
    supplier1 = await sessionAs(t.app, 'supplier1');
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

  it('lists the seeded notices pinned first, newest first, with search', async () => {
    const res = await get('/api/v1/board/notices', buyer);
    expect(res.statusCode).toBe(200);
    const rows: Post[] = res.json().rows;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0].pinned).toBe('Y');
    expect(rows[0].writerName).toBeTruthy();
    const found = (await get(`/api/v1/board/notices?title=${encodeURIComponent('결산')}`, buyer)).json();
    expect(found.rows.map((r: Post) => r.title)).toEqual(['연말 결산 일정 안내']);
    expect((await get('/api/v1/board/notices?title=%25', buyer)).json().total).toBe(0);
  });

  it('writes, edits and deletes a notice (audited; stale 409); script stays text, byte for byte', async () => {
    const created = await send('POST', '/api/v1/board/notices', {
      title: `공지 ${SCRIPT}`,
      body: `본문\n${SCRIPT}`,
      pinned: 'N',
    });
    expect(created.statusCode).toBe(200);
    const post: Post = created.json();
    expect(post).toMatchObject({ title: `공지 ${SCRIPT}`, body: `본문\n${SCRIPT}`, version: 1 });
    expect((await get(`/api/v1/board/notices/${post.postId}`, buyer)).json().body).toBe(`본문\n${SCRIPT}`);
    const upd = await send('PUT', `/api/v1/board/notices/${post.postId}`, {
      title: '수정',
      body: '수정 본문',
      pinned: 'Y',
      version: 1,
    });
    expect(upd.json()).toMatchObject({ title: '수정', pinned: 'Y', version: 2 });
    expect(
      (await send('PUT', `/api/v1/board/notices/${post.postId}`, { title: 'x', body: 'x', version: 1 })).statusCode,
    ).toBe(409);
    expect((await send('DELETE', `/api/v1/board/notices/${post.postId}?version=2`)).statusCode).toBe(200);
    expect((await get(`/api/v1/board/notices/${post.postId}`)).statusCode).toBe(404);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'boardPost')
      .where('entityKey', '=', String(post.postId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('refuses blank titles, an inverted period, an FAQ without category; a reader without write; a post of another board', async () => {
    const blank = await send('POST', '/api/v1/board/notices', { title: '  ', body: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.map((d: { path: string }) => d.path)).toEqual(['body/title', 'body/body']);
    const period = await send('POST', '/api/v1/portal/cyber-notices', {
      title: '기간',
      body: '본문',
      showFrom: '2026-12-10',
      showTo: '2026-12-01',
    });
    expect(period.json().details[0].path).toBe('body/showTo');
    expect((await send('POST', '/api/v1/board/faqs', { title: '질문', body: '답' })).json().details[0].path).toBe(
      'body/category',
    );
    // Group 30 reads the boards only.
    const denied = await send('POST', '/api/v1/board/notices', { title: '제목', body: '본문' }, buyer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('GPMS006');
    const faq: Post = (await get('/api/v1/board/faqs')).json().rows[0];
    expect((await get(`/api/v1/board/notices/${faq.postId}`)).statusCode).toBe(404);
    expect(
      (await send('PUT', `/api/v1/board/notices/${faq.postId}`, { title: 'x', body: 'x', version: faq.version }))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/v1/board/notices', supplier1)).statusCode).toBe(403);
    expect((await get('/api/v1/portal/cyber-notices', supplier1)).statusCode).toBe(403);
  });

  it('lists the FAQ by category', async () => {
    const all: Post[] = (await get('/api/v1/board/faqs?size=100', buyer)).json().rows;
    expect(new Set(all.map((r) => r.category))).toEqual(new Set(['로그인', '구매요청', '입고/정산']));
    const login: Post[] = (await get(`/api/v1/board/faqs?category=${encodeURIComponent('로그인')}`, buyer)).json().rows;
    expect(login).toHaveLength(2);
    const created = await send('POST', '/api/v1/board/faqs', { category: '로그인', title: '새 질문', body: '새 답' });
    expect(created.json().category).toBe('로그인');
  });

  it('a supplier notice shows on the supplier home within its period only, pinned first', async () => {
    const today = todayKst(new Date());
    const home = async (): Promise<Post[]> => (await get('/api/v1/cyber/home/notices', supplier1)).json();
    const seeded = await home();
    expect(seeded.map((p) => p.title)).toContain('협력사 포털 이용 안내');
    const now = await send('POST', '/api/v1/portal/cyber-notices', {
      title: '오늘부터 공지',
      body: SCRIPT,
      showFrom: today,
      showTo: '',
      pinned: 'Y',
    });
    expect(now.statusCode).toBe(200);
    const later = await send('POST', '/api/v1/portal/cyber-notices', {
      title: '다음 달 공지',
      body: '나중',
      showFrom: '2999-01-01',
    });
    const ended = await send('POST', '/api/v1/portal/cyber-notices', {
      title: '지난 공지',
      body: '끝',
      showFrom: '2020-01-01',
      showTo: '2020-01-31',
    });
    expect([later.statusCode, ended.statusCode]).toEqual([200, 200]);
    const shown = await home();
    expect(shown[0]).toMatchObject({
      title: '오늘부터 공지',
      body: SCRIPT,
      pinned: 'Y',
      showFrom: today,
      showTo: null,
    });
    expect(shown.map((p) => p.title)).not.toContain('다음 달 공지');
    expect(shown.map((p) => p.title)).not.toContain('지난 공지');
    // Every supplier sees the notices (they are for all suppliers); internal users call the admin list instead.
    const supplier2 = await sessionAs(t.app, 'supplier2');
    expect((await get('/api/v1/cyber/home/notices', supplier2)).json().map((p: Post) => p.title)).toContain(
      '오늘부터 공지',
    );
    expect((await get('/api/v1/cyber/home/notices')).statusCode).toBe(403);
    expect((await get('/api/v1/portal/cyber-notices?size=100')).json().rows.map((p: Post) => p.title)).toEqual(
      expect.arrayContaining(['오늘부터 공지', '다음 달 공지', '지난 공지']),
    );
  });
});
