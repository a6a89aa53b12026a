import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, refused, type Who } from './helpers.js';

/**
 * 납품대금 연동's 기준 지표 (docs/subcontracting.md "납품대금 연동"): added once by code, their values entered per day
 * (a day again replaces it, both audited; not after the business day), listed newest first; the agreements' staff
 * keep them, monitoring reads, suppliers are refused.
 */
describe('연동 기준 지표 and their values', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['operator', 'monitor', 'supplier1']);
  });
  afterAll(() => t.close());

  const index = { indexCode: 'steel_hrc', indexName: '열연강판 가격지수', unit: '지수', source: '한국물가정보 월간' };

  it('adds an index once, with Korean refusals per field', async () => {
    const bad = refused(
      await f.post('/api/v1/subcon/linkage-indexes', u.operator, {
        indexCode: '강판',
        indexName: ' ',
        unit: '',
        source: 'x',
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual(['body/indexCode', 'body/indexName', 'body/unit']);
    const made = ok(await f.post('/api/v1/subcon/linkage-indexes', u.operator, index));
    expect(made).toMatchObject({ indexCode: 'STEEL_HRC', indexName: '열연강판 가격지수', useYn: 'Y', version: 1 });
    refused(await f.post('/api/v1/subcon/linkage-indexes', u.operator, index), 409, 'LINKAGE_INDEX_DUPLICATE');
    const choice = ok(await f.get('/api/v1/linkage-indexes', u.operator));
    expect(choice.rows.map((r: { indexCode: string }) => r.indexCode)).toContain('STEEL_HRC');
  });

  it('enters values per day, a day again replaces it; not after today; listed newest first', async () => {
    const first = ok(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'STEEL_HRC',
        valueDate: day(-31),
        value: '120.5',
      }),
    );
    expect(first).toMatchObject({ valueKey: `STEEL_HRC:${day(-31)}`, indexName: '열연강판 가격지수', unit: '지수' });
    expect(Number(first.value)).toBe(120.5);
    ok(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'STEEL_HRC',
        valueDate: day(-1),
        value: '130',
      }),
    );
    const again = ok(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'steel_hrc',
        valueDate: day(-1),
        value: '131.25',
      }),
    );
    expect(Number(again.value)).toBe(131.25);
    const future = refused(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'STEEL_HRC',
        valueDate: day(1),
        value: '1',
      }),
      400,
    );
    expect(future.details).toEqual([
      { path: 'body/valueDate', message: '지표값은 오늘 이후 날짜로 입력할 수 없습니다' },
    ]);
    const wrong = refused(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'NOPE',
        valueDate: day(0),
        value: '0',
      }),
      400,
    );
    expect(wrong.details!.map((d) => d.path)).toEqual(['body/value', 'body/indexCode']);

    const list = ok(await f.get('/api/v1/subcon/linkage-index-values?indexCode=STEEL_HRC', u.monitor));
    expect(list.rows.map((r: { valueDate: string; value: string }) => [r.valueDate, Number(r.value)])).toEqual([
      [day(-1), 131.25],
      [day(-31), 120.5],
    ]);
    expect(list.total).toBe(2);
    const page = ok(await f.get('/api/v1/subcon/linkage-index-values?indexCode=STEEL_HRC&page=2&size=1', u.operator));
    expect(page).toMatchObject({ total: 2, rows: [{ valueDate: day(-31) }] });
    const audits = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'linkage_index')
      .where('entityKey', '=', 'STEEL_HRC')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['CREATE', 'VALUE', 'VALUE', 'VALUE_CHANGE']);
  });

  it('monitoring reads without writing; a supplier is refused', async () => {
    refused(
      await f.put('/api/v1/subcon/linkage-index-values', u.monitor, {
        indexCode: 'STEEL_HRC',
        valueDate: day(0),
        value: '1',
      }),
      403,
    );
    refused(await f.get('/api/v1/subcon/linkage-index-values', u.supplier1), 403);
    refused(await f.post('/api/v1/subcon/linkage-indexes', u.supplier1, index), 403);
  });
});
