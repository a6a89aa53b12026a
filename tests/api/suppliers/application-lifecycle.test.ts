import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { JOBS } from '../../../server/jobs/registry.js';
import { FileStore } from '../../../server/modules/files/storage.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';
import { applicant, companyBody, freshTaxNo, lastCode, userBody } from './apply-helpers.js';

/**
 * What finishes an application besides the decision itself: the result notice to the
 * applicant on approval and rejection, the job that expires drafts past their seven days, and
 * company numbers that two approvals at the same moment cannot share.
 */
describe('supplier application: result notice, draft expiry, company numbers', () => {
  let t: TestApp;
  let f: Flow;
  let a: ReturnType<typeof applicant>;
  let versions: { termsVersion: string; privacyVersion: string };
  beforeAll(async () => {
    t = await buildTestApp({ config: { devOutbox: true } });
    f = { ...client(t), u: await logins(t, ['opadmin', 'tfadmin']) };
    a = applicant(t);
    const terms = ok(await a.terms());
    const v = (k: string) => terms.rows.find((r: { kind: string }) => r.kind === k).version;
    versions = { termsVersion: v('TERMS'), privacyVersion: v('PRIVACY') };
  });
  afterAll(() => t.close());

  async function throughCompany(taxNo = freshTaxNo(), compNameKr = '㈜새봄정밀') {
    const s = ok(await a.start());
    ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    ok(await a.upload(s.receiptNo, s.secret, 'CERT'));
    ok(await a.upload(s.receiptNo, s.secret, 'BANKBOOK', 'bank.pdf', '%PDF-1.4 bankbook'));
    ok(await a.company(s.receiptNo, s.secret, companyBody(taxNo, { compNameKr })));
    return s as { receiptNo: string; secret: string };
  }

  async function submitted(userId: string, compNameKr?: string) {
    const s = await throughCompany(freshTaxNo(), compNameKr);
    ok(await a.otp(s.receiptNo, s.secret, '010-5555-0101'));
    ok(await a.submit(s.receiptNo, s.secret, userBody(userId, await lastCode(t, '010-5555-0101'))));
    return ok(await f.get(`/api/v1/supplier-applications/${s.receiptNo}`, f.u.opadmin));
  }

  async function passEvaluation(evalNo: string) {
    const ev = ok(await f.get(`/api/v1/registration-evaluations/${evalNo}`, f.u.tfadmin));
    return ok(
      await f.post(`/api/v1/registration-evaluations/${evalNo}/pass`, f.u.tfadmin, {
        version: ev.version,
        chkCert: 'Y',
        chkBank: 'Y',
        chkTax: 'Y',
        chkCredit: 'Y',
        chkQuality: 'Y',
        score: 80,
      }),
    );
  }

  const notices = (receiptNo: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['recipient', 'template', 'lang', 'subject', 'body', 'state'])
      .where('refEntity', '=', 'supplier_application')
      .where('refKey', '=', receiptNo)
      .orderBy('id')
      .execute();

  it('approval tells the applicant once, at the address on the application, when the company is created', async () => {
    const app = await submitted('notify01', '㈜알림정밀');
    ok(
      await f.post(`/api/v1/supplier-applications/${app.receiptNo}/approve-user`, f.u.opadmin, {
        version: app.version,
      }),
    );
    // The user approved but the evaluation open: nothing decided yet, nothing sent.
    expect(await notices(app.receiptNo)).toEqual([]);
    await passEvaluation(app.evalNo);
    expect(await notices(app.receiptNo)).toEqual([
      {
        recipient: 'notify01@saebom.example',
        template: 'supplier.application',
        lang: 'ko',
        subject: '[OGPMS] 협력사 등록 신청 결과: 승인',
        body: '㈜알림정밀의 협력사 등록 신청이 승인되었습니다.\n사유: -',
        state: 'PENDING',
      },
    ]);
  });

  it('a rejection by review and a failed evaluation tell the applicant why', async () => {
    const one = await submitted('notify02', '㈜반려상사');
    ok(
      await f.post(`/api/v1/supplier-applications/${one.receiptNo}/reject`, f.u.opadmin, {
        version: one.version,
        comment: '사업자등록증 식별 불가',
      }),
    );
    expect(await notices(one.receiptNo)).toMatchObject([
      {
        recipient: 'notify02@saebom.example',
        subject: '[OGPMS] 협력사 등록 신청 결과: 반려',
        body: '㈜반려상사의 협력사 등록 신청이 반려되었습니다.\n사유: 사업자등록증 식별 불가',
      },
    ]);

    const two = await submitted('notify03', '㈜불합격상사');
    const ev = ok(await f.get(`/api/v1/registration-evaluations/${two.evalNo}`, f.u.tfadmin));
    ok(
      await f.post(`/api/v1/registration-evaluations/${two.evalNo}/fail`, f.u.tfadmin, {
        version: ev.version,
        reason: '신용등급 미달',
      }),
    );
    expect(await notices(two.receiptNo)).toMatchObject([
      {
        recipient: 'notify03@saebom.example',
        body: '㈜불합격상사의 협력사 등록 신청이 반려되었습니다.\n사유: 등록평가 불합격: 신용등급 미달',
      },
    ]);
  });

  it('a refused decision records no notice (the notice shares the decision’s transaction)', async () => {
    const app = await submitted('notify04');
    refused(
      await f.post(`/api/v1/supplier-applications/${app.receiptNo}/reject`, f.u.opadmin, {
        version: app.version + 5,
        comment: '늦은 판단',
      }),
      409,
      'VERSION_CONFLICT',
    );
    // A login id taken meanwhile stops the approving transaction at its last step: nothing of it stays.
    await t.db.db
      .insertInto('appUser')
      .values({ userId: 'notify04', portal: 'X', compNo: 'C00001', hname: '선점', authGroupId: '60', status: 'NORMAL' })
      .execute();
    await passEvaluation(app.evalNo);
    const fresh = ok(await f.get(`/api/v1/supplier-applications/${app.receiptNo}`, f.u.opadmin));
    refused(
      await f.post(`/api/v1/supplier-applications/${app.receiptNo}/approve-user`, f.u.opadmin, {
        version: fresh.version,
      }),
      409,
      'DUPLICATE_USER_ID',
    );
    expect(ok(await f.get(`/api/v1/supplier-applications/${app.receiptNo}`, f.u.opadmin))).toMatchObject({
      status: 'SUBMITTED',
      userDecision: 'PENDING',
    });
    expect(await notices(app.receiptNo)).toEqual([]);
  });

  it('a new user of a registered company is told with the master’s company name', async () => {
    const c1 = await t.db.db
      .selectFrom('company')
      .select(['taxNo', 'compNameKr'])
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    const s = ok(await a.start('NEW_USER'));
    ok(await a.consent(s.receiptNo, s.secret, { ...versions, agreeTerms: true, agreePrivacy: true }));
    ok(await a.company(s.receiptNo, s.secret, { taxNo: c1.taxNo }));
    ok(await a.otp(s.receiptNo, s.secret, '010-5555-0101'));
    ok(await a.submit(s.receiptNo, s.secret, userBody('notify05', await lastCode(t, '010-5555-0101'))));
    const row = ok(await f.get(`/api/v1/supplier-applications/${s.receiptNo}`, f.u.opadmin));
    ok(
      await f.post(`/api/v1/supplier-applications/${s.receiptNo}/approve-user`, f.u.opadmin, { version: row.version }),
    );
    expect(await notices(s.receiptNo)).toMatchObject([
      { recipient: 'notify05@saebom.example', body: `${c1.compNameKr}의 협력사 등록 신청이 승인되었습니다.\n사유: -` },
    ]);
  });

  describe('the draft expiry job', () => {
    const job = () => JOBS.find((j) => j.name === 'supplierApply.expireDrafts')!;
    const runs = () =>
      t.db.db
        .selectFrom('auditLog')
        .select(['afterData'])
        .where('entity', '=', 'job_run')
        .where('entityKey', '=', 'supplierApply.expireDrafts')
        .orderBy('id')
        .execute();
    const ctx = (now: Date) => ({ db: t.db.db, log: t.app.log, config: t.config, now });

    it('is registered with the other jobs', () => {
      expect(job()).toBeDefined();
      expect(job().everySeconds).toBeGreaterThan(0);
    });

    it('expires drafts past their seven days, removes their files, one-time code and account; audits each draft and the run; a second run does nothing', async () => {
      const old = await throughCompany();
      ok(await a.otp(old.receiptNo, old.secret, '010-5555-0101'));
      const young = await throughCompany();
      const submittedApp = await submitted('expire01');
      const before = await t.db.db
        .selectFrom('supplierApplication')
        .select(['fileId', 'version'])
        .where('receiptNo', '=', old.receiptNo)
        .executeTakeFirstOrThrow();
      const stored = await t.db.db
        .selectFrom('fileEntry')
        .select('storedName')
        .where('fileId', '=', before.fileId!)
        .execute();
      const store = FileStore.of(t.config);
      expect(stored.length).toBe(2);
      for (const s of stored) expect(await store.exists(s.storedName)).toBe(true);
      // Eight days later for the old draft and the submitted application; the young draft has days left.
      const past = new Date(Date.now() - 86_400_000);
      await t.db.db
        .updateTable('supplierApplication')
        .set({ expiresAt: past })
        .where('receiptNo', 'in', [old.receiptNo, submittedApp.receiptNo])
        .execute();
      // Before the job, the lists already say EXPIRED and the applicant is told so.
      expect(ok(await f.get(`/api/v1/supplier-applications/${old.receiptNo}`, f.u.opadmin)).status).toBe('EXPIRED');
      refused(await a.read(old.receiptNo, old.secret), 409, 'APPLICATION_EXPIRED');
      const runsBefore = (await runs()).length;

      const summary = await job().run(ctx(new Date()));
      expect((summary as { expired: number }).expired).toBeGreaterThanOrEqual(1);
      const row = await t.db.db
        .selectFrom('supplierApplication')
        .selectAll()
        .where('receiptNo', '=', old.receiptNo)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'EXPIRED',
        fileId: null,
        certSeq: null,
        bankbookSeq: null,
        otpHash: null,
        otpPhone: null,
        bankAccount: null,
        version: before.version + 1,
      });
      expect(
        await t.db.db.selectFrom('fileGroup').select('fileId').where('fileId', '=', before.fileId!).execute(),
      ).toEqual([]);
      expect(
        await t.db.db.selectFrom('fileEntry').select('seq').where('fileId', '=', before.fileId!).execute(),
      ).toEqual([]);
      for (const s of stored) expect(await store.exists(s.storedName)).toBe(false);
      // Only drafts: the young draft and the submitted application are untouched.
      expect(
        (
          await t.db.db
            .selectFrom('supplierApplication')
            .select('status')
            .where('receiptNo', '=', young.receiptNo)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('DRAFT');
      expect(
        (
          await t.db.db
            .selectFrom('supplierApplication')
            .select('status')
            .where('receiptNo', '=', submittedApp.receiptNo)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('SUBMITTED');
      ok(await a.read(young.receiptNo, young.secret));
      // The applicant is still told it expired (not that it never existed), and nothing can be written to it.
      refused(await a.read(old.receiptNo, old.secret), 409, 'APPLICATION_EXPIRED');
      refused(
        await a.consent(old.receiptNo, old.secret, { ...versions, agreeTerms: true, agreePrivacy: true }),
        409,
        'APPLICATION_EXPIRED',
      );
      expect(
        ok(await f.get(`/api/v1/supplier-applications?receiptNo=${old.receiptNo}`, f.u.opadmin)).rows[0].status,
      ).toBe('EXPIRED');

      const audit = await t.db.db
        .selectFrom('auditLog')
        .select(['action', 'actor', 'afterData'])
        .where('entity', '=', 'supplier_application')
        .where('entityKey', '=', old.receiptNo)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'EXPIRE', actor: 'system:job' });
      expect(JSON.parse(JSON.stringify(audit.afterData))).toMatchObject({ status: 'EXPIRED', filesRemoved: 2 });
      const all = await runs();
      expect(all.length).toBe(runsBefore + 1);
      const run = all[all.length - 1].afterData as unknown as { expired: string[]; filesRemoved: number };
      expect(run.expired).toContain(old.receiptNo);
      expect(run.expired).not.toContain(submittedApp.receiptNo);

      expect(await job().run(ctx(new Date()))).toEqual({ expired: 0, filesRemoved: 0 });
      expect((await runs()).length).toBe(runsBefore + 2);
    });
  });

  it('two approvals at the same moment get different company numbers, in the existing format', async () => {
    // Submitted one after the other (each reads its one-time code from the outbox), decided together.
    const apps = [await submitted('concur01'), await submitted('concur02')];
    for (const app of apps) await passEvaluation(app.evalNo);
    const fresh = await Promise.all(
      apps.map((app) => f.get(`/api/v1/supplier-applications/${app.receiptNo}`, f.u.opadmin).then(ok)),
    );
    const answers = await Promise.all(
      fresh.map((app) =>
        f.post(`/api/v1/supplier-applications/${app.receiptNo}/approve-user`, f.u.opadmin, { version: app.version }),
      ),
    );
    const compNos = answers.map((r) => ok(r).compNo as string);
    for (const c of compNos) expect(c).toMatch(/^C\d{5}$/);
    expect(new Set(compNos).size).toBe(2);
    // Above every number in use before (the seed wrote its companies without the counter).
    const seeded = await t.db.db
      .selectFrom('company')
      .select('compNo')
      .where('compNo', 'not in', compNos)
      .orderBy('compNo', 'desc')
      .executeTakeFirstOrThrow();
    for (const c of compNos) expect(c > seeded.compNo).toBe(true);
  });

  it('a company written without the counter never collides with the next number', async () => {
    const last = await t.db.db
      .selectFrom('company')
      .select('compNo')
      .orderBy('compNo', 'desc')
      .executeTakeFirstOrThrow();
    const jump = `C${String(Number(last.compNo.slice(1)) + 5).padStart(5, '0')}`;
    const tmpl = await t.db.db
      .selectFrom('company')
      .selectAll()
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('company')
      .values({ ...tmpl, compNo: jump, taxNo: freshTaxNo(), corpNo: null, fileId: null })
      .execute();
    const app = await submitted('concur03');
    await passEvaluation(app.evalNo);
    const fresh = ok(await f.get(`/api/v1/supplier-applications/${app.receiptNo}`, f.u.opadmin));
    const done = ok(
      await f.post(`/api/v1/supplier-applications/${app.receiptNo}/approve-user`, f.u.opadmin, {
        version: fresh.version,
      }),
    );
    expect(done.compNo).toBe(`C${String(Number(jump.slice(1)) + 1).padStart(5, '0')}`);
  });
});
