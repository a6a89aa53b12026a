import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

describe('GET /api/v1/common/resources', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers consts, locale and Korean messages by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/common/resources' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.consts).toMatchObject({
      gridVisibleRows: 10,
      gridRowHeight: 27,
      gridHeaderHeight: 30,
      modalZIndexBase: 3000,
      uploadLimitMb: 10,
      exportExtension: '.xlsx',
      defaultLanguage: 'ko_KR',
    });
    expect(body.locale.map((l: { lang: string }) => l.lang)).toEqual(['ko', 'en']);
    expect(body.message.AUTH102).toMatch(/[가-힣]/);
  });

  it('answers English messages for lang=en', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/common/resources?lang=en' })).json();
    expect(body.message.AUTH102).toMatch(/[a-z]/i);
    expect(body.message.AUTH102).not.toMatch(/[가-힣]/);
  });

  it('refuses an unknown language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/common/resources?lang=fr' });
    expect(res.statusCode).toBe(400);
  });
});
