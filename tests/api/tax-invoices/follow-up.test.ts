import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeTaxProvider, type FakeTaxProvider } from '../../helpers/fake-tax-provider.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api } from '../fulfilment/helpers.js';
import { taxInvoiceJobs } from '../../../server/modules/tax-invoices/jobs.js';
import { FOLLOW_BACKOFF_MS, FOLLOW_EVERY_MS } from '../../../server/modules/tax-invoices/follow-up.js';

/**
 * The follow-up job (docs/tax-invoices.md "Following the provider"): with the HTTP adapter against the fake
 * provider on loopback, it moves invoices as the provider says, keeps their evidence, waits out a failing
 * provider per invoice, and flags a transmission later than the day after issue.
 */
describe('taxInvoices.follow: invoices follow the provider by themselves', () => {
  let t: TestApp;
  let fake: FakeTaxProvider;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let keys: string[];

  const job = taxInvoiceJobs.find((j) => j.name === 'taxInvoices.follow')!;
  const run = (now: Date) =>
    job.run({ db: t.db.db, log: t.app.log, config: t.app.config, now, metrics: t.app.metrics }) as Promise<
      Record<string, number>
    >;
  const control = (path: string, body?: unknown) =>
    fetch(`${fake.base}/__${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  const invoice = async (mgtKey: string) => (await http.get(`/api/v1/tax-invoices/${mgtKey}`, operator)).body;
  const follow = (mgtKey: string) =>
    t.db.db.selectFrom('taxInvoiceFollow').selectAll().where('mgtKey', '=', mgtKey).executeTakeFirst();

  beforeAll(async () => {
    fake = await startFakeTaxProvider();
    t = await buildTestApp({
      config: {
        logLevel: 'error',
        taxInvoiceUrl: fake.base,
        taxInvoiceRetries: 0,
        taxInvoiceBackoffMs: 1,
        taxInvoiceTimeoutMs: 2000,
      },
    });
    http = api(t.app);
    operator = await loginAs(t.app, 'operator');
    const settlements = await t.db.db
      .selectFrom('settlement')
      .select('settleNo')
      .where('status', '=', 'CONFIRMED')
      .orderBy('settleNo')
      .limit(3)
      .execute();
    expect(settlements.length).toBe(3);
    keys = [];
    for (const s of settlements) {
      const [inv] = (await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator)).body.rows;
      const r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/request`, operator, { version: inv.version });
      expect(r.body.status, JSON.stringify(r.body)).toBe('REQUESTED');
      keys.push(inv.mgtKey);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('moves an invoice to 국세청 전송 and then 전송 성공 with its evidence, nobody pressing 상태 확인', async () => {
    const [a] = keys as [string];
    await control(`issue/${a}`);
    await control(`send/${a}`);
    const now = new Date();
    const summary = await run(now);
    expect(summary.moved).toBeGreaterThanOrEqual(1);
    let d = await invoice(a);
    expect(d.status).toBe('SENT');
    expect(d.ntsConfirmNum).toMatch(/^\d{24}$/);
    expect(
      d.history.filter((h: { actor: string }) => h.actor === 'system').map((h: { action: string }) => h.action),
    ).toEqual(expect.arrayContaining(['issue', 'send']));
    const f = await follow(a);
    expect(f).toMatchObject({ attempts: 0, lastOutcome: 'OK', transmitState: 'ON_TIME' });
    expect(new Date(f!.nextCheckAt).getTime()).toBe(now.getTime() + FOLLOW_EVERY_MS);
    // Before its next look is due the job leaves it alone; after, it follows the NTS's result and keeps the files.
    await control(`nts/${a}`, { ok: true });
    await run(new Date(now.getTime() + 60_000));
    expect((await invoice(a)).status).toBe('SENT');
    await run(new Date(now.getTime() + FOLLOW_EVERY_MS));
    d = await invoice(a);
    expect(d.status).toBe('NTS_SUCCESS');
    expect(d.files.map((x: { kind: string }) => x.kind).sort()).toEqual(['PDF', 'XML']);
    expect(d.history.some((h: { action: string }) => h.action === 'transmitLate')).toBe(false);
  });

  it('a provider that does not answer: that invoice waits with a doubling backoff, the failure kept, the metric counted', async () => {
    const b = keys[1]!;
    const now = new Date(Date.now() + 3600_000);
    // Only b is due (a is followed till later; c too after this run), so the failures go to b's call.
    await control('fail', { times: 1, status: 503 });
    await t.db.db.deleteFrom('taxInvoiceFollow').where('mgtKey', '=', keys[2]!).execute();
    await t.db.db
      .insertInto('taxInvoiceFollow')
      .values({ mgtKey: keys[2]!, nextCheckAt: new Date(now.getTime() + 3600_000), updatedAt: now })
      .execute();
    const summary = await run(now);
    expect(summary.failed).toBe(1);
    let f = await follow(b);
    expect(f).toMatchObject({ attempts: 1, lastOutcome: 'FAILED' });
    expect(new Date(f!.nextCheckAt).getTime()).toBe(now.getTime() + FOLLOW_BACKOFF_MS);
    expect((await invoice(b)).history.at(-1)).toMatchObject({ action: 'sync', outcome: 'FAILED' });
    await control('fail', { times: 1, status: 503 });
    await run(new Date(now.getTime() + FOLLOW_BACKOFF_MS));
    f = await follow(b);
    expect(f).toMatchObject({ attempts: 2, lastOutcome: 'FAILED' });
    expect(new Date(f!.nextCheckAt).getTime()).toBe(now.getTime() + 3 * FOLLOW_BACKOFF_MS);
    // The provider answers again: the count starts over.
    await run(new Date(now.getTime() + 3 * FOLLOW_BACKOFF_MS));
    expect(await follow(b)).toMatchObject({ attempts: 0, lastOutcome: 'OK' });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/gpms_tax_invoice_follow_total\{outcome="failed"\} 2/);
    expect(metrics).toMatch(/gpms_tax_invoice_follow_total\{outcome="moved"\} [1-9]/);
  });

  it('an invoice issued and not transmitted by the day after issue is flagged late once, with its deadline', async () => {
    const c = keys[2]!;
    await control(`issue/${c}`);
    const inFourDays = new Date(Date.now() + 4 * 86400_000);
    await t.db.db.updateTable('taxInvoiceFollow').set({ nextCheckAt: inFourDays }).where('mgtKey', '=', c).execute();
    const summary = await run(inFourDays);
    expect(summary.late).toBe(1);
    const d = await invoice(c);
    expect(d.status).toBe('ISSUED');
    const late = d.history.filter((h: { action: string }) => h.action === 'transmitLate');
    expect(late).toHaveLength(1);
    const f = await follow(c);
    expect(f).toMatchObject({ transmitState: 'LATE', transmittedOn: null });
    const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
    const deadline = day(f!.transmitDeadline);
    expect(late[0].message).toContain(deadline);
    expect(deadline > day(f!.issueDate)).toBe(true);
    // Flagged once: a later run writes nothing more.
    await run(new Date(inFourDays.getTime() + FOLLOW_EVERY_MS));
    expect((await invoice(c)).history.filter((h: { action: string }) => h.action === 'transmitLate')).toHaveLength(1);
  });
});
