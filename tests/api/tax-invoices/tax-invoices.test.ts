import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeTaxProvider, type FakeTaxProvider } from '../../helpers/fake-tax-provider.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { flagDeadlines, gateProblems, retentionUntil } from '../../../server/modules/tax-invoices/service.js';
import { addDays } from '../../../server/modules/tax-invoices/deadlines.js';

type Row = { settleNo: string; version: number; totalAmount: string; period: string; compNo: string };

/** The 24 digits of an approval number dated the day after `writeDate`. */
const approvalAfter = (writeDate: string, serial: number) =>
  `${addDays(writeDate, 1).replace(/-/g, '')}41000042${String(serial).padStart(8, '0')}`;

describe('tax invoices with the file provider: the supplier issues in /cyber, the posting gate', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let admin: LoggedIn;
  let confirmed: Row[];
  let others: Row[];

  beforeAll(async () => {
    t = await buildTestApp({ config: { taxInvoiceGate: true } });
    http = api(t.app);
    [operator, supplier1, supplier2, admin] = [
      await loginAs(t.app, 'operator'),
      await loginAs(t.app, 'supplier1'),
      await loginAs(t.app, 'supplier2'),
      await loginAs(t.app, 'admin'),
    ];
    confirmed = (
      await t.db.db
        .selectFrom('settlement')
        .select(['settleNo', 'version', 'totalAmount', 'period', 'compNo'])
        .where('status', '=', 'CONFIRMED')
        .where('compNo', '=', 'C00001')
        .orderBy('settleNo')
        .execute()
    ).map((r) => ({ ...r, totalAmount: String(r.totalAmount) }));
    expect(confirmed.length).toBeGreaterThanOrEqual(1);
    others = (
      await t.db.db
        .selectFrom('settlement')
        .select(['settleNo', 'version', 'totalAmount', 'period', 'compNo'])
        .where('status', '=', 'CONFIRMED')
        .where('compNo', '<>', 'C00001')
        .orderBy('settleNo')
        .execute()
    ).map((r) => ({ ...r, totalAmount: String(r.totalAmount) }));
    expect(others.length).toBeGreaterThanOrEqual(2);
  }, 120_000);
  afterAll(() => t?.close());

  const invoice = async (mgtKey: string) => (await http.get(`/api/v1/tax-invoices/${mgtKey}`, operator)).body;
  const version = async (settleNo: string) =>
    (
      await t.db.db
        .selectFrom('settlement')
        .select('version')
        .where('settleNo', '=', settleNo)
        .executeTakeFirstOrThrow()
    ).version;

  it('posting a confirmed settlement without its invoice is refused: 409 TAX_INVOICE_REQUIRED, listed as an exception', async () => {
    const s = confirmed[0]!;
    const r = await http.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: s.version });
    expectError(r, 409, 'TAX_INVOICE_REQUIRED');
    expect(r.body.details.problems).toEqual(['NO_INVOICE']);
    const ex = await http.get('/api/v1/tax-invoice-exceptions?type=NO_INVOICE', operator);
    expect(ex.status).toBe(200);
    expect(ex.body.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ settleNo: s.settleNo, type: 'NO_INVOICE' })]),
    );
  });

  it('the invoice drawn from the settlement: Σ supply = settlement total, tax 10 % 절사, Σ lines = header; a second draw 409', async () => {
    const s = confirmed[0]!;
    const r = await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const invs = r.body.rows as Array<{
      mgtKey: string;
      status: string;
      supplyAmount: string;
      taxAmount: string;
      totalAmount: string;
      writeDate: string;
      lines: Array<{ supplyAmount: string; taxAmount: string }>;
    }>;
    expect(invs.map((i) => i.status)).toEqual(invs.map(() => 'DRAFT'));
    expect(invs.reduce((a, i) => a + BigInt(i.supplyAmount), 0n)).toBe(BigInt(s.totalAmount.split('.')[0]!));
    for (const i of invs) {
      expect(i.lines.reduce((a, l) => a + BigInt(l.supplyAmount), 0n)).toBe(BigInt(i.supplyAmount));
      expect(i.lines.reduce((a, l) => a + BigInt(l.taxAmount), 0n)).toBe(BigInt(i.taxAmount));
      expect(BigInt(i.totalAmount)).toBe(BigInt(i.supplyAmount) + BigInt(i.taxAmount));
      expect(BigInt(i.taxAmount)).toBe((BigInt(i.supplyAmount) * 10n) / 100n);
      expect(i.writeDate.slice(0, 7).replace('-', '')).toBe(s.period);
    }
    expectError(await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator), 409, 'TAX_INVOICE_EXISTS');
  });

  it('every move the lifecycle does not allow is 409 INVALID_STATE and kept in the history', async () => {
    const s = confirmed[0]!;
    const [inv] = (await http.get(`/api/v1/tax-invoices?settleNo=${s.settleNo}`, operator)).body.rows;
    expectError(
      await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/cancel-request`, operator, {
        version: inv.version,
        reason: '테스트',
      }),
      409,
      'INVALID_STATE',
    );
    expectError(
      await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/transmission`, operator, {
        version: inv.version,
        outcome: 'SENT',
      }),
      409,
      'INVALID_STATE',
    );
    expectError(
      await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/amend`, operator, { version: inv.version, reason: 4 }),
      409,
      'INVALID_STATE',
    );
    // A draft is not the supplier's to see.
    expect((await http.get(`/api/v1/cyber/tax-invoices/${inv.mgtKey}`, supplier1)).status).toBe(404);
    const d = await invoice(inv.mgtKey);
    expect(
      d.history
        .filter((h: { outcome: string }) => h.outcome === 'REFUSED')
        .map((h: { action: string; code: string }) => [h.action, h.code]),
    ).toEqual([
      ['cancelRequest', 'INVALID_STATE'],
      ['send', 'INVALID_STATE'],
    ]);
    expect(
      d.history.every(
        (h: { message: string | null; outcome: string }) => h.outcome !== 'REFUSED' || /[가-힣]/.test(h.message ?? ''),
      ),
    ).toBe(true);
  });

  it('request → refuse (reason kept) → request again → the supplier issues with its approval number; supplier2 sees none of it', async () => {
    const s = confirmed[0]!;
    const [row] = (await http.get(`/api/v1/tax-invoices?settleNo=${s.settleNo}`, operator)).body.rows;
    let r = await http.post(`/api/v1/tax-invoices/${row.mgtKey}/request`, operator, { version: row.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('REQUESTED');
    // The supplier is told, by us: what to issue and by when (a notice to its users, the request's document).
    const notices = await t.db.db
      .selectFrom('notification')
      .select(['template', 'body', 'recipient'])
      .where('template', '=', 'taxInvoice.reverseRequest')
      .where('refKey', '=', row.mgtKey)
      .execute();
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]!.body).toContain(row.mgtKey);
    expect(notices[0]!.body).toContain(s.settleNo);
    expect(notices[0]!.body).toMatch(/발행 기한은 \d{4}-\d{2}-\d{2}입니다/);
    // Stale version
    expectError(
      await http.post(`/api/v1/cyber/tax-invoices/${row.mgtKey}/refuse`, supplier1, {
        version: row.version,
        reason: '단가 불일치',
      }),
      409,
      'VERSION_CONFLICT',
    );
    // Another company's supplier: 404 whatever it sends.
    expect((await http.get(`/api/v1/cyber/tax-invoices/${row.mgtKey}`, supplier2)).status).toBe(404);
    expect(
      (
        await http.post(`/api/v1/cyber/tax-invoices/${row.mgtKey}/refuse`, supplier2, {
          version: r.body.version,
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (await http.get('/api/v1/cyber/tax-invoices', supplier2)).body.rows.map((x: { mgtKey: string }) => x.mgtKey),
    ).not.toContain(row.mgtKey);
    expect(
      (await http.get('/api/v1/cyber/tax-invoices', supplier1)).body.rows.map((x: { mgtKey: string }) => x.mgtKey),
    ).toContain(row.mgtKey);

    r = await http.post(`/api/v1/cyber/tax-invoices/${row.mgtKey}/refuse`, supplier1, {
      version: r.body.version,
      reason: '단가 불일치',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'REFUSED', memo: '단가 불일치' });
    r = await http.post(`/api/v1/tax-invoices/${row.mgtKey}/request`, operator, { version: r.body.version });
    expect(r.body.status).toBe('REQUESTED');
    expectError(
      await http.post(`/api/v1/cyber/tax-invoices/${row.mgtKey}/issue`, supplier1, {
        version: r.body.version,
        ntsConfirmNum: '20200101410000420000001',
      }),
      400,
      'INVALID_APPROVAL_NUMBER',
    );
    expectError(
      await http.post(`/api/v1/cyber/tax-invoices/${row.mgtKey}/issue`, supplier1, {
        version: r.body.version,
        ntsConfirmNum: '202001014100004200000001',
      }),
      400,
      'INVALID_APPROVAL_NUMBER',
    );
    r = await http.post(`/api/v1/cyber/tax-invoices/${row.mgtKey}/issue`, supplier1, {
      version: r.body.version,
      ntsConfirmNum: approvalAfter(row.writeDate, 1),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'ISSUED', ntsConfirmNum: approvalAfter(row.writeDate, 1) });
    const d = await invoice(row.mgtKey);
    expect(
      d.history.filter((h: { outcome: string }) => h.outcome === 'DONE').map((h: { action: string }) => h.action),
    ).toEqual(['create', 'request', 'refuse', 'request', 'issue']);
  });

  it('issued but not transmitted: still gated; the NTS failure then success; posting allowed and the voucher carries the NTS number; evidence kept', async () => {
    const s = confirmed[0]!;
    const invs = (await http.get(`/api/v1/tax-invoices?settleNo=${s.settleNo}`, operator)).body.rows as Array<{
      mgtKey: string;
      version: number;
      status: string;
      writeDate: string;
    }>;
    expectError(
      await http.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: await version(s.settleNo) }),
      409,
      'TAX_INVOICE_NOT_TRANSMITTED',
    );
    for (const [n, inv] of invs.entries()) {
      let v = inv.version;
      if (inv.status === 'DRAFT') {
        v = (await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/request`, operator, { version: v })).body.version;
        v = (
          await http.post(`/api/v1/cyber/tax-invoices/${inv.mgtKey}/issue`, supplier1, {
            version: v,
            ntsConfirmNum: approvalAfter(inv.writeDate, n + 10),
          })
        ).body.version;
      }
      let r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/transmission`, operator, {
        version: v,
        outcome: 'SENT',
      });
      r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/transmission`, operator, {
        version: r.body.version,
        outcome: 'FAILED',
        code: 'SERR001',
        message: '전송 실패',
      });
      expect(r.body).toMatchObject({ status: 'NTS_FAILED', ntsResult: 'SERR001' });
      const gated = await http.post(`/api/v1/settlements/${s.settleNo}/post`, operator, {
        version: await version(s.settleNo),
      });
      expectError(gated, 409, 'TAX_INVOICE_NTS_FAILED');
      expect(gated.body.msg).toContain('SERR001');
      expect(gated.body.details.problems).toContain('NTS_FAILURE');
      r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/transmission`, operator, {
        version: r.body.version,
        outcome: 'SENT',
      });
      r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/transmission`, operator, {
        version: r.body.version,
        outcome: 'SUCCEEDED',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.status).toBe('NTS_SUCCESS');
      expect(r.body.files.map((f: { kind: string }) => f.kind)).toEqual(['XML']);
      expect(r.body.files[0].retainUntil).toBe(retentionUntil(inv.writeDate));
      const xml = await t.app.inject({
        method: 'GET',
        url: `/api/v1/tax-invoices/${inv.mgtKey}/files/xml`,
        headers: operator.headers,
      });
      expect(xml.statusCode).toBe(200);
      expect(xml.body).toContain('<IssueID>');
      expect(xml.headers['x-content-sha256']).toBe(r.body.files[0].sha256);
      expectError(await http.del(`/api/v1/tax-invoices/${inv.mgtKey}/files/xml`, admin), 409, 'RETENTION_PERIOD');
    }
    // Separation of duties: the person who recorded the NTS result by hand (file provider) — nothing
    // but their word says it — does not post the same settlement; another person does.
    const same = await http.post(`/api/v1/settlements/${s.settleNo}/post`, operator, {
      version: await version(s.settleNo),
    });
    expectError(same, 409, 'TAX_INVOICE_SAME_PERSON');
    const posted = await http.post(`/api/v1/settlements/${s.settleNo}/post`, admin, {
      version: await version(s.settleNo),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const voucher = await t.db.db
      .selectFrom('erpVoucher')
      .select('payload')
      .where('settleNo', '=', s.settleNo)
      .executeTakeFirstOrThrow();
    const payload = (typeof voucher.payload === 'string' ? JSON.parse(voucher.payload) : voucher.payload) as {
      ntsConfirmNum: string;
    };
    expect(payload.ntsConfirmNum).toMatch(/^\d{24}(,\d{24})*$/);
  });

  it('수정세금계산서: reason 4 makes one negative draft; reason 2 needs the difference; reason 1 a negative and a positive', async () => {
    const s = confirmed[0]!;
    const [inv] = (await http.get(`/api/v1/tax-invoices?settleNo=${s.settleNo}&status=NTS_SUCCESS`, operator)).body
      .rows;
    // The day the error was found (시행령 §70①5): today on the business clock; the cases' dates are amendments.test.ts'.
    const causeDate = new Date(t.app.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    let r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/amend`, operator, {
      version: inv.version,
      reason: 2,
      causeDate,
    });
    expectError(r, 400, 'VALIDATION');
    r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/amend`, operator, {
      version: inv.version,
      reason: 1,
      causeDate,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(
      r.body.rows.map((x: { supplyAmount: string; amendReason: number; status: string }) => [
        x.supplyAmount,
        x.amendReason,
        x.status,
      ]),
    ).toEqual([
      [`-${inv.supplyAmount}`, 1, 'DRAFT'],
      [inv.supplyAmount, 1, 'DRAFT'],
    ]);
  });

  it('the bypass: an authorised person posts without the invoice, with a reason (audited); a supplier or monitor may not', async () => {
    const s = others.at(-1)!;
    expectError(
      await http.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: s.version }),
      409,
      'TAX_INVOICE_REQUIRED',
    );
    expect(
      (await http.post(`/api/v1/settlements/${s.settleNo}/tax-gate-bypass`, supplier1, { reason: 'x' })).status,
    ).toBe(403);
    expectError(
      await http.post(`/api/v1/settlements/${s.settleNo}/tax-gate-bypass`, admin, { reason: '   ' }),
      400,
      'VALIDATION',
    );
    const b = await http.post(`/api/v1/settlements/${s.settleNo}/tax-gate-bypass`, admin, {
      reason: '공급자 폐업: 세금계산서 발행 불가',
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expectError(
      await http.post(`/api/v1/settlements/${s.settleNo}/tax-gate-bypass`, admin, { reason: '다시' }),
      409,
      'ALREADY_BYPASSED',
    );
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['actor', 'reason'])
      .where('entity', '=', 'settlement')
      .where('entityKey', '=', s.settleNo)
      .where('action', '=', 'TAX_GATE_BYPASS')
      .execute();
    expect(audit).toEqual([{ actor: 'admin', reason: '공급자 폐업: 세금계산서 발행 불가' }]);
    // The bypass needs a second person: who bypassed does not post it.
    expectError(
      await http.post(`/api/v1/settlements/${s.settleNo}/post`, admin, { version: s.version }),
      409,
      'TAX_GATE_SAME_PERSON',
    );
    const posted = await http.post(`/api/v1/settlements/${s.settleNo}/post`, operator, { version: s.version });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  });

  it('the deadline view and job on the business clock: due soon from the 8th, late after the 10th moved past holidays, flagged once', async () => {
    const s = others[0]!;
    // Before any invoice is drawn, the confirmed settlement is in the view already: its invoice is due all the same.
    const before = await http.get('/api/v1/tax-invoice-deadlines', operator);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: s.settleNo,
          mgtKey: null,
          settleNo: s.settleNo,
          status: 'NOT_DRAWN',
          deadlineState: expect.stringMatching(/^(ON_TIME|DUE_SOON|LATE)$/),
        }),
      ]),
    );
    const made = await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const inv = made.body.rows[0] as { mgtKey: string; writeDate: string; issueDeadline: string };
    const view = await http.get('/api/v1/tax-invoice-deadlines', operator);
    expect(view.body.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ mgtKey: inv.mgtKey, issueDeadline: inv.issueDeadline })]),
    );
    // Drawn, it is listed by its invoice, no longer as a settlement without one.
    expect(view.body.rows.filter((r: { key: string }) => r.key === s.settleNo)).toEqual([]);
    const month = inv.writeDate.slice(0, 8);
    const next = addDays(inv.writeDate, 1).slice(0, 8);
    expect(month).not.toBe(next);
    const first = await flagDeadlines(t.db.db, new Date(`${next}09T03:00:00Z`));
    expect(first.dueSoon).toBeGreaterThanOrEqual(1);
    const again = await flagDeadlines(t.db.db, new Date(`${next}09T05:00:00Z`));
    expect(again.dueSoon).toBe(0);
    const late = await flagDeadlines(t.db.db, new Date(`${addDays(inv.issueDeadline, 1)}T03:00:00Z`));
    expect(late.late).toBeGreaterThanOrEqual(1);
    const d = await invoice(inv.mgtKey);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(['create', 'deadlineDueSoon', 'deadlineLate']);
  });
});

describe('tax invoices with the HTTP provider (the fake on loopback): idempotency, retries, the provider’s refusal kept', () => {
  let t: TestApp;
  let fake: FakeTaxProvider;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let supplier1: LoggedIn;

  beforeAll(async () => {
    fake = await startFakeTaxProvider();
    t = await buildTestApp({
      config: {
        logLevel: 'error',
        taxInvoiceGate: true,
        taxInvoiceUrl: fake.base,
        taxInvoiceRetries: 2,
        taxInvoiceBackoffMs: 1,
        taxInvoiceTimeoutMs: 2000,
      },
    });
    http = api(t.app);
    [operator, supplier1] = [await loginAs(t.app, 'operator'), await loginAs(t.app, 'supplier1')];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('two requests of one invoice are one document at the provider; a 503 is retried under the same key; a final refusal is kept and answered 424', async () => {
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo'])
      .where('status', '=', 'CONFIRMED')
      .where('compNo', '=', 'C00001')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    const [inv] = (await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator)).body.rows;
    // A provider refusal (4xx, final): kept with its code and message.
    await fetch(`${fake.base}/__fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ times: 1, status: 400, code: 'BAD_CORPNUM', message: '사업자번호 오류' }),
    });
    const refusedAnswer = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/request`, operator, {
      version: inv.version,
    });
    expectError(refusedAnswer, 424, 'TAX_PROVIDER_FAILED');
    let d = (await http.get(`/api/v1/tax-invoices/${inv.mgtKey}`, operator)).body;
    expect(d.status).toBe('DRAFT');
    expect(d.history.at(-1)).toMatchObject({ action: 'request', outcome: 'FAILED', code: 'BAD_CORPNUM' });
    // Transient failures: retried under the same key.
    await fetch(`${fake.base}/__fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ times: 2, status: 503 }),
    });
    const r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/request`, operator, { version: d.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('REQUESTED');
    // The supplier issues at the provider, then refuses? No: the supplier's own /cyber issue is the provider's.
    expectError(
      await http.post(`/api/v1/cyber/tax-invoices/${inv.mgtKey}/issue`, supplier1, {
        version: r.body.version,
        ntsConfirmNum: '202612014100004200000001',
      }),
      409,
      'PROVIDER_MANAGED',
    );
    // A cancel and a re-request: the same key, still one document.
    let c = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/cancel-request`, operator, {
      version: r.body.version,
      reason: '금액 확인',
    });
    expect(c.body.status, JSON.stringify(c.body)).toBe('CANCELLED');
    c = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/request`, operator, { version: c.body.version });
    expect(c.body.status, JSON.stringify(c.body)).toBe('REQUESTED');
    const docs = (await (await fetch(`${fake.base}/__documents`)).json()) as Record<string, { registrations: number }>;
    expect(Object.keys(docs)).toEqual([inv.mgtKey]);
    // Following the provider: issued, sent, NTS success, in one sync; the XML and the PDF kept.
    await fetch(`${fake.base}/__issue/${inv.mgtKey}`, { method: 'POST' });
    await fetch(`${fake.base}/__send/${inv.mgtKey}`, { method: 'POST' });
    await fetch(`${fake.base}/__nts/${inv.mgtKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ok: true }),
    });
    const synced = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/sync`, operator);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body).toMatchObject({ status: 'NTS_SUCCESS', ntsResult: 'SUCCESS' });
    expect(synced.body.ntsConfirmNum).toMatch(/^\d{24}$/);
    expect(synced.body.files.map((f: { kind: string }) => f.kind).sort()).toEqual(['PDF', 'XML']);
    d = (await http.get(`/api/v1/tax-invoices/${inv.mgtKey}`, operator)).body;
    expect(
      d.history.filter((h: { outcome: string }) => h.outcome === 'DONE').map((h: { action: string }) => h.action),
    ).toEqual(['create', 'request', 'cancelRequest', 'request', 'issue', 'send', 'ntsSucceeded']);
  });
});

describe('the gate’s totals over random settlements (property)', () => {
  it('invoices built from a settlement pass the gate exactly when their supply adds up to its total and they are transmitted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10_000_000_000n }), { minLength: 1, maxLength: 3 }),
        fc.bigInt({ min: -5n, max: 5n }),
        (supplies, drift) => {
          const total = supplies.reduce((a, b) => a + b, 0n);
          const invoices = supplies.map((supply, i) => ({
            mgtKey: `K${i}`,
            settleNo: 'S',
            taxType: 'TAXABLE',
            status: 'NTS_SUCCESS',
            supplyAmount: supply.toString(),
            taxAmount: ((supply * 10n) / 100n).toString(),
            totalAmount: '0',
            supplierCorpNum: '1208147521',
            ntsConfirmNum: '202602014100004200000001',
            ntsResult: null,
            memo: null,
            revision: 0,
            amendsMgtKey: null,
            writeDate: '2026-01-31',
            issuedAt: null,
            compNo: 'C',
            period: '202601',
          }));
          const problems = gateProblems({
            settleNo: 'S',
            totalAmount: (total + drift).toString(),
            taxNo: '1208147521',
            invoices: invoices as never,
          });
          expect(problems.includes('AMOUNT_VARIANCE')).toBe(drift !== 0n);
          expect(problems.filter((p) => p !== 'AMOUNT_VARIANCE')).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
