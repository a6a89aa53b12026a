import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeTaxProvider, type FakeTaxProvider } from '../../helpers/fake-tax-provider.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, expectError, insertAcknowledgedPo, type TestPoLine } from '../fulfilment/helpers.js';

type Invoice = {
  mgtKey: string;
  version: number;
  taxType: string;
  typeCode: string;
  supplyAmount: string;
  taxAmount: string;
  zeroRatedDocKind: string | null;
  zeroRatedDocNo: string | null;
  lines: Array<{ taxAmount: string }>;
};

/**
 * Tax types (docs/tax-invoices.md "Tax types"): set on items and as a supplier's default, taken by the
 * settlement lines when the settlement is built, and drawn one document per type — 0101 과세, 0102 영세율
 * with its 구매확인서, a 계산서 (0301) for 면세 — each sent to the provider (the fake, in the provider's
 * published shape) under its own type, an EXEMPT one never as 과세.
 */
describe('tax types: 영세율 and 면세 drawn on their own documents and sent as such', () => {
  let t: TestApp;
  let fake: FakeTaxProvider;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  const today = todayKst(new Date());
  const period = today.slice(0, 4) + today.slice(5, 7);
  let exemptItem: string;
  let plainItem: string;

  /** An order delivered by the supplier, received, approved and decided today. */
  async function received(compNo: string, supplier: LoggedIn, lines: TestPoLine[]) {
    const poNo = await insertAcknowledgedPo(t, compNo, 'KRW', lines);
    const d = (
      await http.post('/api/v1/cyber/deliveries', supplier, {
        poNo,
        deliveryDate: today,
        lines: lines.map((l, i) => ({ poLineNo: i + 1, quantity: l.quantity })),
      })
    ).body.delivery;
    let r = (
      await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
        version: d.version,
        expenses: 'MATERIAL',
      })
    ).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/approve`, admin, { version: r.version })).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/decide`, operator, { version: r.version })).body.receipt;
    expect(r.status).toBe('DECIDED');
  }

  /** The supplier-month built, sent for confirmation and confirmed by the supplier; its invoices drawn. */
  async function confirmedInvoices(compNo: string, supplier: LoggedIn): Promise<Invoice[]> {
    const built = await http.post('/api/v1/settlements/build', operator, { period, compNo });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const settleNo = [...built.body.created, ...built.body.rebuilt][0] as string;
    let version = (await http.get(`/api/v1/settlements/${settleNo}`, operator)).body.settlement.version;
    version = (await http.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, { version })).body
      .settlement.version;
    const c = await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier, { version });
    expect(c.body.settlement?.status, JSON.stringify(c.body)).toBe('CONFIRMED');
    const made = await http.post(`/api/v1/settlements/${settleNo}/tax-invoices`, operator);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.rows as Invoice[];
  }

  const requested = async (inv: Invoice) => {
    const r = await http.post(`/api/v1/tax-invoices/${inv.mgtKey}/request`, operator, { version: inv.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return fake.documents.get(inv.mgtKey)!.request as Record<string, unknown>;
  };

  beforeAll(async () => {
    fake = await startFakeTaxProvider();
    t = await buildTestApp({
      config: { logLevel: 'error', taxInvoiceGate: true, taxInvoiceUrl: fake.base, taxInvoiceBackoffMs: 1 },
    });
    http = api(t.app);
    [operator, admin, supplier1, supplier2] = [
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'admin'),
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
    ];
    [exemptItem, plainItem] = (
      await t.db.db
        .selectFrom('item')
        .select('itemCode')
        .where('useYn', '=', 'Y')
        .orderBy('itemCode')
        .limit(2)
        .execute()
    ).map((i) => i.itemCode);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a supplier’s 영세율 default needs its 내국신용장 or 구매확인서; a stale version is 409', async () => {
    const cur = (await http.get('/api/v1/tax-types/suppliers/C00002', operator)).body;
    expect(cur).toMatchObject({ compNo: 'C00002', taxType: 'TAXABLE', zeroRatedDocNo: null });
    const missing = await http.put('/api/v1/tax-types/suppliers/C00002', operator, {
      taxType: 'ZERO_RATED',
      version: cur.version,
    });
    expectError(missing, 400, 'VALIDATION');
    expect(missing.body.details.map((d: { path: string }) => d.path)).toEqual([
      'body/zeroRatedDocKind',
      'body/zeroRatedDocNo',
    ]);
    expectError(
      await http.put('/api/v1/tax-types/suppliers/C00002', operator, {
        taxType: 'TAXABLE',
        zeroRatedDocKind: 'LOCAL_LC',
        zeroRatedDocNo: 'L123',
        version: cur.version,
      }),
      400,
      'VALIDATION',
    );
    expectError(
      await http.put('/api/v1/tax-types/suppliers/C00002', operator, {
        taxType: 'ZERO_RATED',
        zeroRatedDocKind: 'PURCHASE_CONFIRMATION',
        zeroRatedDocNo: 'PKT2026110001',
        version: cur.version + 1,
      }),
      409,
      'VERSION_CONFLICT',
    );
    const set = await http.put('/api/v1/tax-types/suppliers/C00002', operator, {
      taxType: 'ZERO_RATED',
      zeroRatedDocKind: 'PURCHASE_CONFIRMATION',
      zeroRatedDocNo: 'PKT2026110001',
      version: cur.version,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ taxType: 'ZERO_RATED', zeroRatedDocKind: 'PURCHASE_CONFIRMATION' });
    const list = await http.get('/api/v1/tax-types/suppliers?taxType=ZERO_RATED', operator);
    expect(list.body.rows.map((r: { compNo: string }) => r.compNo)).toEqual(['C00002']);
  });

  it('a 영세율 settlement is reverse-issued as 0102, tax 0, with its 구매확인서 number, sent as 영세', async () => {
    await received('C00002', supplier2, [
      { quantity: '10', unitPrice: '2500' },
      { quantity: '3.5', unitPrice: '1000' },
    ]);
    const invs = await confirmedInvoices('C00002', supplier2);
    expect(invs.map((i) => [i.taxType, i.typeCode])).toEqual([['ZERO_RATED', '0102']]);
    const [z] = invs;
    expect(z).toMatchObject({
      taxAmount: '0',
      zeroRatedDocKind: 'PURCHASE_CONFIRMATION',
      zeroRatedDocNo: 'PKT2026110001',
    });
    expect(z!.lines.every((l) => l.taxAmount === '0')).toBe(true);
    const body = await requested(z!);
    expect(body).toMatchObject({ taxType: '영세', taxTotal: '0', purposeType: '청구' });
    expect(String(body.remark1)).toContain('구매확인서 PKT2026110001');
  });

  it('an item’s own type wins over the supplier’s: a mixed settlement is drawn as a 세금계산서 and a 계산서, the 면세 one never sent as 과세', async () => {
    const item = (await http.get(`/api/v1/tax-types/items/${exemptItem}`, operator)).body;
    expect(item.taxType).toBeNull();
    expectError(
      await http.put(`/api/v1/tax-types/items/${exemptItem}`, operator, { taxType: 'FREE', version: item.version }),
      400,
      'VALIDATION',
    );
    const set = await http.put(`/api/v1/tax-types/items/${exemptItem}`, operator, {
      taxType: 'EXEMPT',
      version: item.version,
    });
    expect(set.body).toMatchObject({ itemCode: exemptItem, taxType: 'EXEMPT' });
    await received('C00001', supplier1, [
      { quantity: '4', unitPrice: '12345', itemCode: exemptItem, itemName: '면세 품목' },
      { quantity: '2', unitPrice: '10001', itemCode: plainItem, itemName: '과세 품목' },
    ]);
    const invs = await confirmedInvoices('C00001', supplier1);
    expect(invs.map((i) => [i.taxType, i.typeCode]).sort()).toEqual([
      ['EXEMPT', '0301'],
      ['TAXABLE', '0101'],
    ]);
    const exempt = invs.find((i) => i.taxType === 'EXEMPT')!;
    const taxable = invs.find((i) => i.taxType === 'TAXABLE')!;
    expect(exempt).toMatchObject({ supplyAmount: '49380', taxAmount: '0', zeroRatedDocNo: null });
    expect(BigInt(taxable.taxAmount)).toBe((BigInt(taxable.supplyAmount) * 10n) / 100n);
    const sentExempt = await requested(exempt);
    expect(sentExempt).toMatchObject({ taxType: '면세', taxTotal: '0' });
    const sentTaxable = await requested(taxable);
    expect(sentTaxable).toMatchObject({ taxType: '과세' });
    // The 계산서 comes back from the provider as type 0301, the 세금계산서 as 0101.
    for (const [inv, code] of [
      [exempt, '0301'],
      [taxable, '0101'],
    ] as const) {
      await fetch(`${fake.base}/__issue/${inv.mgtKey}`, { method: 'POST' });
      const xml = await fetch(`${fake.base}/Taxinvoice/BUY/${inv.mgtKey}?XML`);
      expect(await xml.text()).toContain(`<TypeCode>${code}</TypeCode>`);
    }
    // Its amendment (수정세금계산서) names the provider's modify code and the original's approval number.
    await fetch(`${fake.base}/__send/${taxable.mgtKey}`, { method: 'POST' });
    await fetch(`${fake.base}/__nts/${taxable.mgtKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ok: true }),
    });
    const synced = await http.post(`/api/v1/tax-invoices/${taxable.mgtKey}/sync`, operator);
    expect(synced.body.status, JSON.stringify(synced.body)).toBe('NTS_SUCCESS');
    const amended = await http.post(`/api/v1/tax-invoices/${taxable.mgtKey}/amend`, operator, {
      version: synced.body.version,
      // 기재사항 착오·정정, found today on the business clock (the month's 작성일자 may be still ahead: an error is
      // found once the invoice is issued; the other cases' dates are amendments.test.ts').
      reason: 1,
      causeDate: new Date(t.app.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10),
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const [draft] = amended.body.rows as Invoice[];
    expect(draft!.typeCode).toBe('0201');
    expect(await requested(draft!)).toMatchObject({
      taxType: '과세',
      modifyCode: '1',
      orgNTSConfirmNum: synced.body.ntsConfirmNum,
      supplyCostTotal: `-${synced.body.supplyAmount}`,
    });
  });

  it('a 영세율 line without its evidence is not drawn at all (409), rather than guessed 과세', async () => {
    // A line zero-rated by its item while the supplier holds no 내국신용장/구매확인서 (the seed's confirmed settlement).
    const s = await t.db.db
      .selectFrom('settlement')
      .select('settleNo')
      .where('status', '=', 'CONFIRMED')
      .where('compNo', '=', 'C00001')
      .where('period', '<>', period)
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('settlementLine')
      .set({ taxType: 'ZERO_RATED' })
      .where('settleNo', '=', s.settleNo)
      .where('lineNo', '=', 1)
      .execute();
    const r = await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator);
    expectError(r, 409, 'ZERO_RATED_EVIDENCE_REQUIRED');
    expect(
      await t.db.db.selectFrom('taxInvoice').select('mgtKey').where('settleNo', '=', s.settleNo).execute(),
    ).toEqual([]);
  });

  it('the holiday calendar is data: a deadline on a day an operator adds moves to the next business day', async () => {
    // A 월합계 invoice (an amendment's deadline runs from its cause, possibly into a year not entered yet).
    const inv = (
      (await http.get('/api/v1/tax-invoices?settleNo=&size=50', operator)).body.rows as Array<{
        mgtKey: string;
        amendsMgtKey: string | null;
      }>
    ).find((r) => r.amendsMgtKey === null);
    const before = (await http.get(`/api/v1/tax-invoices/${inv!.mgtKey}`, operator)).body;
    const deadline = before.issueDeadline as string;
    const year = Number(deadline.slice(0, 4));
    const cur = (await http.get(`/api/v1/public-holidays/${year}`, operator)).body;
    expect(cur.days).toEqual(expect.arrayContaining([expect.objectContaining({ date: `${year}-01-01` })]));
    if (year >= 2026)
      expect(cur.days).toEqual(expect.arrayContaining([{ date: `${year}-07-17`, name: '제헌절', kind: 'HOLIDAY' }]));
    // Checked before anything is written: every problem at its row.
    const bad = await http.put(`/api/v1/public-holidays/${year}`, operator, {
      version: cur.version,
      days: [
        ...cur.days,
        { date: `${year + 1}-03-01`, name: '삼일절', kind: 'HOLIDAY' },
        { date: deadline, name: '', kind: 'X' },
      ],
    });
    expectError(bad, 400, 'VALIDATION');
    expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual([
      `body/days/${cur.days.length}/date`,
      `body/days/${cur.days.length + 1}/name`,
      `body/days/${cur.days.length + 1}/kind`,
    ]);
    expectError(
      await http.put(`/api/v1/public-holidays/${year}`, operator, { version: cur.version + 1, days: cur.days }),
      409,
      'VERSION_CONFLICT',
    );
    const put = await http.put(`/api/v1/public-holidays/${year}`, operator, {
      version: cur.version,
      days: [...cur.days, { date: deadline, name: '임시공휴일', kind: 'TEMPORARY' }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.version).toBe(cur.version + 1);
    const after = (await http.get(`/api/v1/tax-invoices/${inv!.mgtKey}`, operator)).body.issueDeadline as string;
    expect(after > deadline).toBe(true);
    const weekday = new Date(`${after}T00:00:00Z`).getUTCDay();
    expect(weekday === 0 || weekday === 6).toBe(false);
    // A year not entered yet is added whole, with no version.
    const next = await http.put('/api/v1/public-holidays/2028', operator, {
      days: [
        { date: '2028-12-25', name: '기독탄신일', kind: 'HOLIDAY' },
        { date: '2028-01-01', name: '신정', kind: 'HOLIDAY' },
      ],
    });
    expect(next.body).toMatchObject({ year: 2028, version: 1, days: [{ date: '2028-01-01' }, { date: '2028-12-25' }] });
    const years = (await http.get('/api/v1/public-holidays', operator)).body.rows.map((r: { year: number }) => r.year);
    expect(years).toEqual([2028, 2027, 2026, 2025, 2024]);
  });
});
