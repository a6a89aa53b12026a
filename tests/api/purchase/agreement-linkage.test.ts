import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, refused, type Who } from './helpers.js';

/**
 * 납품대금 연동 on agreements (상생협력법 §21; docs/subcontracting.md "납품대금 연동"): a draft's clause or 미연동
 * answer through setAgreementLinkage (the share and trigger edges, the 소액 exception against the agreement's own
 * amount, versions), the submit of a 하도급 agreement without one refused, and the answer read by its supplier only.
 */
describe('납품대금 연동 on agreements', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['tfadmin', 'operator', 'opadmin', 'monitor', 'supplier1', 'supplier2']);
    // C00001's orders are 제조위탁 하도급: so are its agreements' call-offs. C00002 stays outside the Act.
    ok(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00001',
        subconKind: 'MANUFACTURE',
      }),
    );
    await t.db.db
      .insertInto('linkageIndex')
      .values([
        {
          indexCode: 'STEEL_HRC',
          indexName: '열연강판 가격지수',
          unit: '지수',
          source: '한국물가정보',
          updatedBy: 'test',
        },
        { indexCode: 'OLD_CU', indexName: '구리(폐지)', unit: 'USD/t', source: 'LME', useYn: 'N', updatedBy: 'test' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    compNo: 'C00001',
    title: '강판 단가계약',
    currency: 'KRW',
    validFrom: day(0),
    validTo: day(180),
    ceilingAmount: '200000',
    lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
    ...overrides,
  });
  const clause = (overrides: Record<string, unknown> = {}) => ({
    linkageKind: 'LINKED',
    linkageMaterial: '열연강판',
    linkageSharePct: '10',
    linkageIndexCode: 'STEEL_HRC',
    linkageBaseDate: day(-1),
    linkageBaseValue: '125.5',
    linkageCompareBasis: 'MONTH_AVG',
    linkageComparePeriodMonths: 1,
    linkageTriggerPct: '5',
    linkageFormulaNote: '변경 단가 = 기준 단가 × (1 + 비중 × 변동률)',
    ...overrides,
  });
  const draft = async (overrides: Record<string, unknown> = {}) =>
    ok(await f.post('/api/v1/agreements', u.operator, body(overrides)));
  const setLinkage = (a: { agreementNo: string; version: number }, b: Record<string, unknown>, who = u.operator) =>
    f.put(`/api/v1/agreements/${a.agreementNo}/linkage`, who, { version: a.version, ...b });
  const fieldPaths = (answer: { details?: Array<{ path: string }> }) => answer.details!.map((d) => d.path);

  it('a 하도급 draft is saved without an answer, and is not submitted without one', async () => {
    const a = await draft();
    expect(a).toMatchObject({ subconKind: 'MANUFACTURE', linkageKind: null, linkageMaterial: null });
    const bad = refused(
      await f.post(`/api/v1/agreements/${a.agreementNo}/submit`, u.operator, { version: a.version }),
      400,
      'VALIDATION',
    );
    expect(bad.msg).toBe(
      '제조위탁 하도급 단가계약은 납품대금 연동 약정 또는 미연동 합의를 입력한 뒤 상신할 수 있습니다 (상생협력법 제21조)',
    );
    expect(ok(await f.get(`/api/v1/agreements/${a.agreementNo}`, u.operator)).status).toBe('DRAFT');
    // An agreement no rule makes 하도급 goes without one.
    const other = await draft({ compNo: 'C00002' });
    expect(other.subconKind).toBeNull();
    const sent = ok(
      await f.post(`/api/v1/agreements/${other.agreementNo}/submit`, u.operator, { version: other.version }),
    );
    expect(sent.status).toBe('IN_APPROVAL');
  });

  it('takes a 10 % share and triggers up to 10 %; refuses 9.99 %, a trigger of 0 or 10.01 % per field', async () => {
    let a = await draft();
    a = ok(await setLinkage(a, clause({ linkageSharePct: '10', linkageTriggerPct: '10' })));
    expect(a).toMatchObject({
      linkageKind: 'LINKED',
      linkageMaterial: '열연강판',
      linkageIndexCode: 'STEEL_HRC',
      linkageIndexName: '열연강판 가격지수',
      linkageBaseDate: day(-1),
      linkageCompareBasis: 'MONTH_AVG',
      linkageComparePeriodMonths: 1,
      linkageExceptionType: null,
    });
    expect(Number(a.linkageSharePct)).toBe(10);
    expect(Number(a.linkageTriggerPct)).toBe(10);
    expect(Number(a.linkageBaseValue)).toBe(125.5);

    const share = refused(await setLinkage(a, clause({ linkageSharePct: '9.99' })), 400, 'VALIDATION');
    expect(share.details).toEqual([
      { path: 'body/linkageSharePct', message: '주요 원재료 비중은 10% 이상 100% 이하여야 합니다' },
    ]);
    for (const triggerPct of ['0', '10.01']) {
      const trigger = refused(await setLinkage(a, clause({ linkageTriggerPct: triggerPct })), 400, 'VALIDATION');
      expect(trigger.details).toEqual([
        { path: 'body/linkageTriggerPct', message: '조정요건(변동률)은 0%보다 크고 10% 이하여야 합니다' },
      ]);
    }
    const many = refused(
      await setLinkage(a, {
        linkageKind: 'LINKED',
        linkageMaterial: ' ',
        linkageSharePct: '10.0001',
        linkageIndexCode: 'OLD_CU',
        linkageBaseDate: '2026-02-30',
        linkageBaseValue: '0',
        linkageCompareBasis: 'WEEK',
        linkageComparePeriodMonths: 13,
        linkageTriggerPct: '5',
      }),
      400,
      'VALIDATION',
    );
    expect(fieldPaths(many).sort()).toEqual(
      [
        'body/linkageMaterial',
        'body/linkageSharePct',
        'body/linkageIndexCode',
        'body/linkageBaseDate',
        'body/linkageBaseValue',
        'body/linkageCompareBasis',
        'body/linkageComparePeriodMonths',
      ].sort(),
    );
    expect(many.details!.find((d) => d.path === 'body/linkageIndexCode')!.message).toBe(
      '사용 중인 기준 지표가 아닙니다: OLD_CU',
    );
    // Nothing of the refused answers was stored.
    expect(Number(ok(await f.get(`/api/v1/agreements/${a.agreementNo}`, u.operator)).linkageTriggerPct)).toBe(10);
  });

  it('a 미연동 SMALL_AMOUNT answer fits ₩100,000,000 and no more, against the agreement’s own amount', async () => {
    let a = await draft({ ceilingAmount: '100000001' });
    const big = refused(
      await setLinkage(a, {
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'SMALL_AMOUNT',
        linkageReason: '소액 거래',
      }),
      400,
      'VALIDATION',
    );
    expect(big.details).toEqual([
      { path: 'body/linkageExceptionType', message: '소액 예외는 납품대금 1억 원 이하에만 적용됩니다' },
    ]);
    a = ok(
      await f.put(`/api/v1/agreements/${a.agreementNo}`, u.operator, {
        ...body({ ceilingAmount: '100000000' }),
        version: a.version,
      }),
    );
    a = ok(
      await setLinkage(a, {
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'SMALL_AMOUNT',
        linkageReason: '소액 거래',
      }),
    );
    expect(a).toMatchObject({
      linkageKind: 'NOT_LINKED',
      linkageExceptionType: 'SMALL_AMOUNT',
      linkageReason: '소액 거래',
      linkageMaterial: null,
      linkageIndexCode: null,
    });
    // Raised past the limit after the answer: submitting checks the exception again.
    a = ok(
      await f.put(`/api/v1/agreements/${a.agreementNo}`, u.operator, {
        ...body({ ceilingAmount: '150000000' }),
        version: a.version,
      }),
    );
    const late = refused(
      await f.post(`/api/v1/agreements/${a.agreementNo}/submit`, u.operator, { version: a.version }),
      400,
    );
    expect(late.msg).toBe('소액 예외는 납품대금 1억 원 이하에만 적용됩니다');
    // A price-only agreement without a ceiling fixes no amount for the exception.
    const open = await draft({
      ceilingAmount: null,
      lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000' }],
    });
    const unknown = refused(
      await setLinkage(open, {
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'SMALL_AMOUNT',
        linkageReason: '소액',
      }),
      400,
    );
    expect(unknown.msg).toBe('소액 예외는 한도금액 또는 계약 수량으로 납품대금이 정해진 단가계약에만 적용됩니다');
    // 단기: 181 days is not 90; no type or reason at all names both fields.
    const long = refused(
      await setLinkage(open, { linkageKind: 'NOT_LINKED', linkageExceptionType: 'SHORT_TERM', linkageReason: '단기' }),
      400,
    );
    expect(long.msg).toBe('단기 예외는 계약기간 90일 이내에만 적용됩니다');
    const blank = refused(
      await setLinkage(open, { linkageKind: 'NOT_LINKED', linkageExceptionType: '', linkageReason: '' }),
      400,
    );
    expect(fieldPaths(blank)).toEqual(['body/linkageExceptionType', 'body/linkageReason']);
    ok(
      await setLinkage(open, {
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'AGREED_NONE',
        linkageReason: '양사 합의',
      }),
    );
  });

  it('a stale version is 409, someone without write or a supplier is refused, and only a draft takes an answer', async () => {
    const a = await draft();
    const set = ok(await setLinkage(a, clause()));
    expect(set.version).toBe(a.version + 1);
    refused(await setLinkage(a, clause({ linkageTriggerPct: '3' })), 409, 'VERSION_CONFLICT');
    refused(await setLinkage(set, clause(), u.monitor), 403);
    refused(await setLinkage(set, clause(), u.supplier1), 403);

    const submitted = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/submit`, u.operator, { version: set.version }),
    );
    expect(submitted.status).toBe('IN_APPROVAL');
    refused(await setLinkage(submitted, clause({ linkageTriggerPct: '3' })), 409, 'INVALID_STATE');
    const step = submitted.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${step.approvalId}/approve`, u.opadmin, { version: step.version }));

    // Its supplier reads the clause; another supplier reads nothing of it.
    const mine = ok(await f.get(`/api/v1/cyber/agreements/${a.agreementNo}`, u.supplier1));
    expect(mine).toMatchObject({ linkageKind: 'LINKED', linkageMaterial: '열연강판', linkageIndexCode: 'STEEL_HRC' });
    refused(await f.get(`/api/v1/cyber/agreements/${a.agreementNo}`, u.supplier2), 404, 'AGREEMENT_NOT_FOUND');
    const seen = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'agreement')
      .where('entityKey', '=', a.agreementNo)
      .orderBy('id')
      .execute();
    expect(seen.map((r) => r.action)).toContain('LINKAGE');
  });

  it('a draft with an answer is deleted with it; the answer follows a change of supplier', async () => {
    let a = await draft();
    a = ok(await setLinkage(a, clause()));
    a = ok(
      await f.put(`/api/v1/agreements/${a.agreementNo}`, u.operator, {
        ...body({ compNo: 'C00002' }),
        version: a.version,
      }),
    );
    const row = await t.db.db
      .selectFrom('agreementLinkage')
      .select('compNo')
      .where('agreementNo', '=', a.agreementNo)
      .executeTakeFirstOrThrow();
    expect(row.compNo).toBe('C00002');
    ok(await f.del(`/api/v1/agreements/${a.agreementNo}?version=${a.version}`, u.operator));
    refused(await f.get(`/api/v1/agreements/${a.agreementNo}`, u.operator), 404);
  });

  it('lists the indexes in use for the clause’s choice', async () => {
    const list = ok(await f.get('/api/v1/linkage-indexes', u.operator));
    // In use: this file's and the demo company's two (docs/seed.md); not the retired one.
    expect(list.rows.map((r: { indexCode: string }) => r.indexCode)).toEqual([
      'ALU_LME_CASH',
      'HRC_KR_DIST',
      'STEEL_HRC',
    ]);
    refused(await f.get('/api/v1/linkage-indexes', u.supplier1), 403);
  });
});
