import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs } from '../../helpers/login.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';
import { applicant, companyBody, freshTaxNo, lastCode, userBody } from './apply-helpers.js';

/**
 * The public application wizard and its review (docs/suppliers.md "Application"): every step, every
 * refusal the issue names, and the approval that creates the supplier, its first user and its ERP
 * vendor application — and no login before it.
 */
describe('supplier application wizard', () => {
  let t: TestApp;
  let f: Flow;
  let a: ReturnType<typeof applicant>;
  let versions: { termsVersion: string; privacyVersion: string };
  beforeAll(async () => {
    t = await buildTestApp({ config: { devOutbox: true } });
    f = { ...client(t), u: await logins(t, ['admin', 'opadmin', 'tfadmin', 'monitor', 'buyer', 'supplier1adm']) };
    a = applicant(t);
    const terms = ok(await a.terms());
    const v = (k: string) => terms.rows.find((r: { kind: string }) => r.kind === k).version;
    versions = { termsVersion: v('TERMS'), privacyVersion: v('PRIVACY') };
  });
  afterAll(() => t.close());

  /** An application through step 2 (consent, both files, company). */
  async function throughCompany(taxNo = freshTaxNo(), over: Record<string, unknown> = {}) {
    const s = ok(await a.start());
    ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    ok(await a.upload(s.receiptNo, s.secret, 'CERT'));
    ok(
      await a.upload(
        s.receiptNo,
        s.secret,
        'BANKBOOK',
        'bank.png',
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
        'image/png',
      ),
    );
    ok(await a.company(s.receiptNo, s.secret, companyBody(taxNo, over)));
    return s as { receiptNo: string; secret: string };
  }

  async function submitted(userId: string, taxNo = freshTaxNo()) {
    const s = await throughCompany(taxNo);
    ok(await a.otp(s.receiptNo, s.secret, '010-5555-0101'));
    const done = ok(await a.submit(s.receiptNo, s.secret, userBody(userId, await lastCode(t, '010-5555-0101'))));
    return { ...s, done };
  }

  it('lists the seeded applications and evaluations in every state', async () => {
    const apps = ok(await f.get('/api/v1/supplier-applications?size=500', f.u.monitor));
    expect(new Set(apps.rows.map((r: { status: string }) => r.status))).toEqual(
      new Set(['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'EXPIRED']),
    );
    expect(apps.rows.some((r: { applyType: string }) => r.applyType === 'NEW_USER')).toBe(true);
    const evals = ok(await f.get('/api/v1/registration-evaluations?size=500', f.u.monitor));
    expect(new Set(evals.rows.map((r: { status: string }) => r.status))).toEqual(
      new Set(['OPEN', 'PASSED', 'FAILED', 'CANCELLED']),
    );
    const approved = apps.rows.find((r: { status: string }) => r.status === 'APPROVED');
    expect(
      await t.db.db.selectFrom('company').select('compNo').where('compNo', '=', approved.compNo).executeTakeFirst(),
    ).toBeTruthy();
  });

  it('walks the four steps to a receipt; the user cannot log in until approval; approval creates company, user and ERP application', async () => {
    const taxNo = freshTaxNo();
    const s = ok(await a.start());
    expect(s.receiptNo).toMatch(/^SA\d{4}-\d{6}$/);
    expect(new Date(s.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // Resumable with the secret: the draft reads back at step 0.
    expect(ok(await a.read(s.receiptNo, s.secret))).toMatchObject({ step: 0, status: 'DRAFT' });
    const consent = ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    expect(consent).toMatchObject({ step: 1, termsVersion: versions.termsVersion });
    ok(await a.upload(s.receiptNo, s.secret, 'CERT'));
    ok(await a.upload(s.receiptNo, s.secret, 'BANKBOOK', 'bank.pdf', '%PDF-1.4 bankbook'));
    const company = ok(await a.company(s.receiptNo, s.secret, companyBody(taxNo)));
    expect(company).toMatchObject({ step: 2, certName: 'cert.pdf', bankbookName: 'bank.pdf', catCodes: ['MRO'] });
    const sent = ok(await a.otp(s.receiptNo, s.secret, '010-5555-0101'));
    expect(sent.sentTo).toBe('010-****-0101');
    const code = await lastCode(t, '010-5555-0101');
    const done = ok(await a.submit(s.receiptNo, s.secret, userBody('saebom01', code)));
    expect(done).toMatchObject({ status: 'SUBMITTED', step: 3, phoneVerified: true });

    // No login before approval: the id does not exist as a user, and the external login refuses it.
    expect(
      await t.db.db.selectFrom('appUser').select('userId').where('userId', '=', 'saebom01').executeTakeFirst(),
    ).toBeUndefined();
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cyberLogin',
      ...formRequest({ userId: 'saebom01', userPw: 'Saebom!2026', optGubun: 'SMS' }),
    });
    expect(early.statusCode).not.toBe(200);

    const listed = ok(await f.get(`/api/v1/supplier-applications?receiptNo=${s.receiptNo}`, f.u.opadmin));
    expect(listed.rows[0]).toMatchObject({
      status: 'SUBMITTED',
      userDecision: 'PENDING',
      evalStatus: 'OPEN',
      actions: ['approveUser', 'reject'],
      bankAccount: '123-456-789012',
    });
    // Read-only staff see the account masked and no actions.
    expect(
      ok(await f.get(`/api/v1/supplier-applications?receiptNo=${s.receiptNo}`, f.u.monitor)).rows[0],
    ).toMatchObject({ actions: [], bankAccount: '***-***-**9012' });
    const detail = ok(await f.get(`/api/v1/supplier-applications/${s.receiptNo}`, f.u.opadmin));
    expect(detail.attachments.map((x: { originalName: string }) => x.originalName)).toEqual(['cert.pdf', 'bank.pdf']);
    // Staff may download the applicant's certificate.
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/file/${detail.fileId}/1/wsdownload`,
      headers: f.u.opadmin.headers,
    });
    expect(dl.statusCode).toBe(200);

    ok(
      await f.post(`/api/v1/supplier-applications/${s.receiptNo}/approve-user`, f.u.opadmin, {
        version: detail.version,
        comment: '확인',
      }),
    );
    // The user is approved but the evaluation is open: still no company, no login.
    expect(
      await t.db.db.selectFrom('appUser').select('userId').where('userId', '=', 'saebom01').executeTakeFirst(),
    ).toBeUndefined();

    const ev = ok(await f.get(`/api/v1/registration-evaluations/${detail.evalNo}`, f.u.tfadmin));
    expect(ev).toMatchObject({ status: 'OPEN', passMark: 70, actions: ['save', 'pass', 'fail'] });
    // Pass needs every checklist item and the pass mark.
    const low = refused(
      await f.post(`/api/v1/registration-evaluations/${ev.evalNo}/pass`, f.u.tfadmin, {
        version: ev.version,
        chkCert: 'Y',
        chkBank: 'Y',
        chkTax: 'Y',
        chkCredit: 'Y',
        chkQuality: 'N',
        score: 65,
      }),
      400,
      'VALIDATION',
    );
    expect(low.details!.map((d) => d.path).sort()).toEqual(['body/chkQuality', 'body/score']);
    const saved = ok(
      await f.put(`/api/v1/registration-evaluations/${ev.evalNo}`, f.u.tfadmin, {
        version: ev.version,
        chkCert: 'Y',
        chkBank: 'Y',
        score: 60,
        remark: '서류 확인',
      }),
    );
    expect(saved).toMatchObject({ status: 'OPEN', chkCert: 'Y', score: 60, version: ev.version + 1 });
    refused(
      await f.post(`/api/v1/registration-evaluations/${ev.evalNo}/pass`, f.u.tfadmin, {
        version: ev.version,
        score: 90,
      }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post(`/api/v1/registration-evaluations/${ev.evalNo}/pass`, f.u.monitor, { version: saved.version }),
      403,
    );
    const passed = ok(
      await f.post(`/api/v1/registration-evaluations/${ev.evalNo}/pass`, f.u.tfadmin, {
        version: saved.version,
        chkTax: 'Y',
        chkCredit: 'Y',
        chkQuality: 'Y',
        score: 85,
      }),
    );
    expect(passed).toMatchObject({ status: 'PASSED', score: 85, applicationStatus: 'APPROVED', actions: [] });

    const app = ok(await f.get(`/api/v1/supplier-applications/${s.receiptNo}`, f.u.opadmin));
    expect(app).toMatchObject({ status: 'APPROVED', actions: [] });
    const supplier = ok(await f.get(`/api/v1/suppliers/${app.compNo}`, f.u.tfadmin));
    expect(supplier).toMatchObject({ compNameKr: '㈜새봄정밀', status: 'ACTIVE', ceoName: '한새봄' });
    const user = await t.db.db
      .selectFrom('appUser')
      .select(['compNo', 'authGroupId', 'portal'])
      .where('userId', '=', 'saebom01')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ compNo: app.compNo, authGroupId: '61', portal: 'X' });
    const erp = ok(await f.get(`/api/v1/erp-vendor-apps?compNo=${app.compNo}`, f.u.tfadmin));
    expect(erp.rows).toHaveLength(1);
    expect(erp.rows[0].status).toBe('READY');
    // The application keeps no password hash once the user holds it.
    expect(
      (
        await t.db.db
          .selectFrom('supplierApplication')
          .select('passwordHash')
          .where('receiptNo', '=', s.receiptNo)
          .executeTakeFirstOrThrow()
      ).passwordHash,
    ).toBeNull();
    // Now the login works.
    const supplierLogin = await loginAs(t.app, 'saebom01', 'Saebom!2026');
    expect(supplierLogin.accessToken).toBeTruthy();
    // Every step is audited.
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'supplier_application')
      .where('entityKey', '=', s.receiptNo)
      .orderBy('id')
      .execute();
    expect(audit.map((x) => x.action)).toEqual([
      'START',
      'CONSENT',
      'FILE_CERT',
      'FILE_BANKBOOK',
      'COMPANY',
      'OTP_SENT',
      'SUBMIT',
      'USER_APPROVE',
      'APPROVED',
    ]);
  });

  it('refuses a wrong check digit, an overlong name, a missing file and a duplicate number (the applicant learns only that it is registered)', async () => {
    const s = ok(await a.start());
    ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    const good = freshTaxNo();
    const wrongDigit = good.slice(0, 9) + String((Number(good[9]) + 1) % 10);
    const bad = refused(
      await a.company(
        s.receiptNo,
        s.secret,
        companyBody(wrongDigit, { corpNo: '1101111234560', compNameKr: '가'.repeat(34), catCodes: ['NOPE'] }),
      ),
      400,
      'VALIDATION',
    );
    const paths = bad.details!.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body/taxNo', 'body/compNameKr', 'body/catCodes/0', 'files/CERT', 'files/BANKBOOK']),
    );
    expect(bad.details!.find((d) => d.path === 'body/compNameKr')!.message).toContain('100바이트');
    expect(bad.details!.find((d) => d.path === 'body/taxNo')!.message).toContain('검증번호');
    // 33 Hangul syllables are 99 bytes: within the limit.
    ok(await a.upload(s.receiptNo, s.secret, 'CERT'));
    ok(await a.upload(s.receiptNo, s.secret, 'BANKBOOK', 'b.pdf', '%PDF-1.4 b'));
    ok(await a.company(s.receiptNo, s.secret, companyBody(freshTaxNo(), { compNameKr: '가'.repeat(33) })));
    // C00001's number: registered, and the applicant is not told by whom.
    const c1 = await t.db.db
      .selectFrom('company')
      .select(['taxNo', 'compNameKr'])
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    const dup = refused(await a.company(s.receiptNo, s.secret, companyBody(c1.taxNo)), 400, 'VALIDATION');
    expect(dup.details).toEqual([{ path: 'body/taxNo', message: '이미 등록된 사업자등록번호입니다' }]);
    expect(JSON.stringify(dup)).not.toContain(c1.compNameKr);
    expect(JSON.stringify(dup)).not.toContain('C00001');
    // Nothing half-written: the draft keeps the last good company.
    expect(ok(await a.read(s.receiptNo, s.secret)).compNameKr).toBe('가'.repeat(33));
  });

  it('refuses a file that is not what its extension claims, and a type other than PDF or image', async () => {
    const s = ok(await a.start());
    refused(await a.upload(s.receiptNo, s.secret, 'CERT'), 409, 'STEP_SKIPPED');
    ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    const fake = await a.upload(s.receiptNo, s.secret, 'CERT', 'cert.pdf', 'MZ this is an executable');
    expect(fake.statusCode, fake.body).toBe(415);
    expect(fake.json().msg).toMatch(/[가-힣]/);
    expect(
      (await a.upload(s.receiptNo, s.secret, 'CERT', 'cert.xlsx', 'PK\u0003\u0004', 'application/zip')).statusCode,
    ).toBe(415);
    expect(ok(await a.read(s.receiptNo, s.secret)).certName).toBeNull();
    expect(
      await t.db.db
        .selectFrom('supplierApplication')
        .select('fileId')
        .where('receiptNo', '=', s.receiptNo)
        .executeTakeFirstOrThrow(),
    ).toEqual({ fileId: null });
  });

  it('refuses a step skipped by URL, old terms, a wrong OTP, a weak password and a taken id', async () => {
    const s = ok(await a.start());
    refused(await a.company(s.receiptNo, s.secret, companyBody(freshTaxNo())), 409, 'STEP_SKIPPED');
    refused(await a.otp(s.receiptNo, s.secret, '010-5555-0101'), 409, 'STEP_SKIPPED');
    refused(await a.submit(s.receiptNo, s.secret, userBody('skipper1', '000000')), 409, 'STEP_SKIPPED');
    refused(
      await a.consent(s.receiptNo, s.secret, {
        termsVersion: '2025-01',
        privacyVersion: versions.privacyVersion,
        agreeTerms: true,
        agreePrivacy: true,
      }),
      409,
      'TERMS_CHANGED',
    );
    refused(
      await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: false }),
      400,
      'VALIDATION',
    );

    const d = await throughCompany();
    ok(await a.otp(d.receiptNo, d.secret, '010-5555-0101'));
    const code = await lastCode(t, '010-5555-0101');
    const wrong = code === '000000' ? '111111' : '000000';
    refused(await a.submit(d.receiptNo, d.secret, userBody('newuser1', wrong)), 400, 'AUTH013');
    // The code proves this phone only.
    refused(
      await a.submit(d.receiptNo, d.secret, userBody('newuser1', code, { cellPhoneNo: '010-5555-0202' })),
      400,
      'AUTH013',
    );
    const weak = refused(
      await a.submit(d.receiptNo, d.secret, userBody('newuser1', code, { password: 'password' })),
      400,
      'VALIDATION',
    );
    expect(weak.details![0].path).toBe('body/password');
    refused(await a.submit(d.receiptNo, d.secret, userBody('supplier1', code)), 400, 'VALIDATION');
    refused(
      await a.submit(d.receiptNo, d.secret, userBody('newuser1', code, { hname: '가'.repeat(17) })),
      400,
      'VALIDATION',
    );
    ok(await a.submit(d.receiptNo, d.secret, userBody('newuser1', code)));
  });

  it('never reopens a submitted application with its secret, nor another receipt with it', async () => {
    const first = await submitted('secret01');
    refused(await a.read(first.receiptNo, first.secret), 409, 'APPLICATION_CLOSED');
    refused(await a.company(first.receiptNo, first.secret, companyBody(freshTaxNo())), 409, 'APPLICATION_CLOSED');
    refused(await a.submit(first.receiptNo, first.secret, userBody('secret02', '123456')), 409, 'APPLICATION_CLOSED');
    const other = ok(await a.start());
    refused(await a.read(other.receiptNo, first.secret), 404, 'APPLICATION_NOT_FOUND');
    refused(await a.read(other.receiptNo, 'x'.repeat(32)), 404, 'APPLICATION_NOT_FOUND');
    // A draft past its seven days is gone for the applicant and shows EXPIRED to staff.
    await t.db.db
      .updateTable('supplierApplication')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('receiptNo', '=', other.receiptNo)
      .execute();
    refused(await a.read(other.receiptNo, other.secret), 409, 'APPLICATION_EXPIRED');
    expect(
      ok(await f.get(`/api/v1/supplier-applications?receiptNo=${other.receiptNo}`, f.u.opadmin)).rows[0].status,
    ).toBe('EXPIRED');
    // A second submitted application for the same number is refused.
    const taxNo = freshTaxNo();
    await submitted('dupnum01', taxNo);
    const again = await throughCompany(freshTaxNo());
    refused(await a.company(again.receiptNo, again.secret, companyBody(taxNo)), 400, 'VALIDATION');
  });

  it('rejects with a reason, fails an evaluation with a reason, and refuses what staff may not do', async () => {
    const one = await submitted('reject01');
    const row = ok(await f.get(`/api/v1/supplier-applications/${one.receiptNo}`, f.u.opadmin));
    refused(
      await f.post(`/api/v1/supplier-applications/${one.receiptNo}/reject`, f.u.opadmin, { version: row.version }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/supplier-applications/${one.receiptNo}/approve-user`, f.u.monitor, {
        version: row.version,
      }),
      403,
    );
    refused(
      await f.post(`/api/v1/supplier-applications/${one.receiptNo}/approve-user`, f.u.buyer, { version: row.version }),
      403,
    );
    refused(await f.get('/api/v1/supplier-applications', f.u.supplier1adm), 403);
    refused(await f.get('/api/v1/registration-evaluations', f.u.supplier1adm), 403);
    const rejected = ok(
      await f.post(`/api/v1/supplier-applications/${one.receiptNo}/reject`, f.u.opadmin, {
        version: row.version,
        comment: '사업자등록증 식별 불가',
      }),
    );
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejectReason: '사업자등록증 식별 불가',
      evalStatus: 'CANCELLED',
    });
    refused(
      await f.post(`/api/v1/supplier-applications/${one.receiptNo}/approve-user`, f.u.opadmin, {
        version: rejected.version,
      }),
      409,
      'INVALID_STATE',
    );

    const two = await submitted('failed01');
    const ev = ok(await f.get(`/api/v1/supplier-applications/${two.receiptNo}`, f.u.opadmin));
    const evaluation = ok(await f.get(`/api/v1/registration-evaluations/${ev.evalNo}`, f.u.tfadmin));
    refused(
      await f.post(`/api/v1/registration-evaluations/${ev.evalNo}/fail`, f.u.tfadmin, {
        version: evaluation.version,
        reason: ' ',
      }),
      400,
      'VALIDATION',
    );
    const failed = ok(
      await f.post(`/api/v1/registration-evaluations/${ev.evalNo}/fail`, f.u.tfadmin, {
        version: evaluation.version,
        reason: '신용등급 미달',
      }),
    );
    expect(failed).toMatchObject({ status: 'FAILED', failReason: '신용등급 미달', applicationStatus: 'REJECTED' });
    expect(ok(await f.get(`/api/v1/supplier-applications/${two.receiptNo}`, f.u.opadmin)).rejectReason).toBe(
      '등록평가 불합격: 신용등급 미달',
    );
    expect(
      await t.db.db.selectFrom('appUser').select('userId').where('userId', 'in', ['reject01', 'failed01']).execute(),
    ).toEqual([]);
  });

  it('adds a new user to a registered company once approved', async () => {
    const c1 = await t.db.db
      .selectFrom('company')
      .select('taxNo')
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    const s = ok(await a.start('NEW_USER'));
    ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    refused(await a.company(s.receiptNo, s.secret, { taxNo: freshTaxNo() }), 400, 'VALIDATION');
    ok(await a.company(s.receiptNo, s.secret, { taxNo: c1.taxNo }));
    ok(await a.otp(s.receiptNo, s.secret, '010-5555-0101'));
    ok(await a.submit(s.receiptNo, s.secret, userBody('c1newbie', await lastCode(t, '010-5555-0101'))));
    const row = ok(await f.get(`/api/v1/supplier-applications/${s.receiptNo}`, f.u.opadmin));
    expect(row).toMatchObject({ applyType: 'NEW_USER', compNo: 'C00001', evalNo: null });
    ok(
      await f.post(`/api/v1/supplier-applications/${s.receiptNo}/approve-user`, f.u.opadmin, { version: row.version }),
    );
    expect(
      await t.db.db
        .selectFrom('appUser')
        .select(['compNo', 'authGroupId'])
        .where('userId', '=', 'c1newbie')
        .executeTakeFirst(),
    ).toEqual({ compNo: 'C00001', authGroupId: '60' });
  });
});

describe('supplier application rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 after the limit per client, and starts nothing more', async () => {
    const a = applicant(t);
    for (let i = 0; i < 3; i++) ok(await a.start('NEW_COMPANY', '10.9.9.9'));
    const limited = await a.start('NEW_COMPANY', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    const n = await t.db.db
      .selectFrom('supplierApplication')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'DRAFT')
      .where('createdAt', '>', new Date(Date.now() - 60_000).toISOString())
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(3);
    // Another client still may.
    ok(await a.start('NEW_COMPANY', '10.9.9.8'));
  });
});
