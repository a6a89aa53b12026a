import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { APPLICATION_KEEP_DAYS } from '../../../server/modules/suppliers/apply-public/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, type Flow } from '../purchase/helpers.js';
import { applicant, companyBody, freshTaxNo, lastCode, userBody } from './apply-helpers.js';

/**
 * One business clock (docs/testing.md "The business clock"): an application's keeping period is a
 * deadline the applicant reads and the expiry job applies, and a company's registration date and the
 * decisions that make it are document dates, so all run on the app's clock. Before, the draft was
 * stamped and checked on the real time (with the clock moved past the period it still opened, while
 * the expiry job, which takes the clock, would already have expired it), and an approval on the moved
 * day registered the company on the real day.
 */
describe('a supplier application by the business clock', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['opadmin', 'tfadmin']) };
  });
  afterAll(() => t.close());

  it('dates the keeping period from the clock and refuses the draft once the clock passes it', async () => {
    const a = applicant(t);
    t.app.clock.advance(3 * 86_400_000);
    const started = await a.start();
    expect(started.statusCode).toBe(200);
    const { receiptNo, secret, expiresAt } = started.json();
    const keptFor = Date.parse(expiresAt) - t.app.clock.now().getTime();
    // Seven days from the moved clock (less the few milliseconds the request took), not from the real time.
    expect(Math.abs(keptFor - APPLICATION_KEEP_DAYS * 86_400_000)).toBeLessThan(5_000);
    expect((await a.read(receiptNo, secret)).statusCode).toBe(200);

    t.app.clock.advance(APPLICATION_KEEP_DAYS * 86_400_000 + 60_000);
    const late = await a.read(receiptNo, secret);
    expect(late.json().code).toBe('APPLICATION_EXPIRED');
  });

  it('registers the approved company on the clock’s day, with the decisions dated then', async () => {
    const a = applicant(t);
    const terms = ok(await a.terms());
    const v = (k: string) => terms.rows.find((r: { kind: string }) => r.kind === k).version;
    const s = ok(await a.start());
    ok(
      await a.consent(s.receiptNo, s.secret, {
        termsVersion: v('TERMS'),
        privacyVersion: v('PRIVACY'),
        agreeTerms: true,
        agreePrivacy: true,
      }),
    );
    ok(await a.upload(s.receiptNo, s.secret, 'CERT'));
    ok(await a.upload(s.receiptNo, s.secret, 'BANKBOOK', 'bank.pdf', '%PDF-1.4 bankbook'));
    const taxNo = freshTaxNo();
    ok(await a.company(s.receiptNo, s.secret, companyBody(taxNo, { compNameKr: '㈜시계정밀' })));
    ok(await a.otp(s.receiptNo, s.secret, '010-5555-0101'));
    ok(await a.submit(s.receiptNo, s.secret, userBody('clockreg1', await lastCode(t, '010-5555-0101'))));
    const app = ok(await f.get(`/api/v1/supplier-applications/${s.receiptNo}`, f.u.opadmin));

    t.app.clock.advance(20 * 86_400_000);
    ok(
      await f.post(`/api/v1/supplier-applications/${s.receiptNo}/approve-user`, f.u.opadmin, {
        version: app.version,
      }),
    );
    const ev = ok(await f.get(`/api/v1/registration-evaluations/${app.evalNo}`, f.u.tfadmin));
    const passed = ok(
      await f.post(`/api/v1/registration-evaluations/${app.evalNo}/pass`, f.u.tfadmin, {
        version: ev.version,
        chkCert: 'Y',
        chkBank: 'Y',
        chkTax: 'Y',
        chkCredit: 'Y',
        chkQuality: 'Y',
        score: 80,
      }),
    );
    const now = t.app.clock.now().getTime();
    expect(Math.abs(Date.parse(passed.evaluatedAt) - now)).toBeLessThan(60_000);
    const company = await t.db.db
      .selectFrom('company')
      .select(['regDate', 'statusChangedAt'])
      .where('taxNo', '=', taxNo)
      .executeTakeFirstOrThrow();
    expect(company.regDate).toBe(todayKst(t.app.clock.now()));
    expect(Math.abs(new Date(company.statusChangedAt as string | Date).getTime() - now)).toBeLessThan(60_000);
  });
});
