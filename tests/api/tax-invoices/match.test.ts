import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';

type MatchRow = {
  key: string;
  lineNo: number | null;
  mgtKey: string | null;
  settledKrwAmount: string | null;
  settledUnitPrice: string | null;
  poUnitPrice: string | null;
  invoiceSupply: string | null;
  invoiceTax: string | null;
  differences: string[];
  matched: string;
};
type Match = {
  settleNo: string;
  matched: string;
  totalAmount: string;
  invoiceSupply: string;
  supplyDifference: string;
  differingRows: number;
  rows: MatchRow[];
  invoices: Array<{ mgtKey: string; supplyAmount: string; settledSupply: string; differences: string[] }>;
  findings: Array<{ type: string; code: string; message: string }>;
};
type Pending = { mgtKey: string; status: string; reason: string | null; issueDeadline: string | null };

describe('the match view (PO ↔ receipt ↔ settlement ↔ invoice) and the supplier’s invoices awaiting it', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let own: string[];
  let foreign: string;

  beforeAll(async () => {
    t = await buildTestApp({ config: { taxInvoiceGate: true } });
    http = api(t.app);
    [operator, supplier1, supplier2] = [
      await loginAs(t.app, 'operator'),
      await loginAs(t.app, 'supplier1'),
      await loginAs(t.app, 'supplier2'),
    ];
    const confirmed = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'compNo'])
      .where('status', '=', 'CONFIRMED')
      .where('totalAmount', '>', '0')
      .orderBy('settleNo')
      .execute();
    own = confirmed.filter((s) => s.compNo === 'C00001').map((s) => s.settleNo);
    foreign = confirmed.find((s) => s.compNo !== 'C00001')?.settleNo ?? '';
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(foreign).not.toBe('');
  }, 240_000);
  afterAll(() => t?.close());

  const match = async (settleNo: string, who: LoggedIn = operator) => {
    const r = await http.get(`/api/v1/settlements/${settleNo}/tax-match`, who);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Match;
  };
  const draw = async (settleNo: string) => {
    const r = await http.post(`/api/v1/settlements/${settleNo}/tax-invoices`, operator);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.rows as Array<{ mgtKey: string; version: number; supplyAmount: string; taxAmount: string }>;
  };
  const pending = async (who: LoggedIn) => {
    const r = await http.get('/api/v1/cyber/home/tax-invoices', who);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { rows: Pending[]; total: number };
  };

  it('lines up each settlement line with its order, receipt and invoice: before the draw NO_INVOICE, after it every row matches', async () => {
    const settleNo = own[0]!;
    const before = await match(settleNo);
    expect(before.rows.length).toBeGreaterThan(0);
    expect(before.rows.every((r) => r.differences.includes('NO_INVOICE') && r.matched === 'N')).toBe(true);
    expect(before.findings[0]).toMatchObject({ type: 'NO_INVOICE', code: 'TAX_INVOICE_REQUIRED' });
    expect(before.matched).toBe('N');

    await draw(settleNo);
    const after = await match(settleNo);
    const lines = after.rows.filter((r) => r.lineNo !== null);
    expect(lines.map((r) => r.differences)).toEqual(lines.map(() => []));
    // Each line's share of its invoice line: Σ over the lines = the invoices' supply (less an adjustment line's).
    for (const r of lines) expect(r.invoiceSupply).toBe(r.settledKrwAmount);
    const invoiced = after.rows.reduce((a, r) => a + BigInt(r.invoiceSupply ?? '0'), 0n);
    expect(invoiced).toBe(BigInt(after.invoiceSupply));
    const tax = after.rows.reduce((a, r) => a + BigInt(r.invoiceTax ?? '0'), 0n);
    expect(tax).toBe(after.invoices.reduce((a, i) => a + BigInt(i.supplyAmount) / 10n, 0n));
    expect(after.supplyDifference).toBe('0');
    expect(after.invoices.every((i) => i.differences.length === 0 && i.supplyAmount === i.settledSupply)).toBe(true);
    expect(after.matched).toBe('Y');
    // Matched, but not postable yet: the gate's finding is named as a refused posting names it.
    expect(after.findings.map((f) => f.type)).toEqual(after.invoices.map(() => 'NOT_TRANSMITTED'));
  });

  it('marks the cells that differ: a settled price unlike the order, a quantity unlike the receipt, an invoice supply unlike the settlement', async () => {
    // Another company's settlement (staff see every supplier's).
    const settleNo = foreign;
    const [inv] = await draw(settleNo);
    const line = await t.db.db
      .selectFrom('settlementLine')
      .select(['lineNo', 'unitPrice', 'quantity'])
      .where('settleNo', '=', settleNo)
      .orderBy('lineNo')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('settlementLine')
      .set({ unitPrice: '987654', quantity: '99999' })
      .where('settleNo', '=', settleNo)
      .where('lineNo', '=', line.lineNo)
      .execute();
    const supply = BigInt(inv!.supplyAmount) + 1000n;
    await t.db.db
      .updateTable('taxInvoice')
      .set({ supplyAmount: supply.toString(), totalAmount: (supply + BigInt(inv!.taxAmount)).toString() })
      .where('mgtKey', '=', inv!.mgtKey)
      .execute();

    const m = await match(settleNo);
    const row = m.rows.find((r) => r.lineNo === line.lineNo)!;
    expect(row.differences).toEqual(expect.arrayContaining(['UNIT_PRICE', 'QUANTITY']));
    expect(row.settledUnitPrice).not.toBe(row.poUnitPrice);
    expect(row.matched).toBe('N');
    expect(m.supplyDifference).toBe('1000');
    expect(m.invoices.find((i) => i.mgtKey === inv!.mgtKey)!.differences).toContain('AMOUNT_VARIANCE');
    expect(m.matched).toBe('N');
    expect(m.differingRows).toBeGreaterThanOrEqual(1);
    const types = m.findings.map((f) => f.type);
    expect(types).toEqual(expect.arrayContaining(['AMOUNT_VARIANCE', 'THREE_WAY_MISMATCH']));
    expect(m.findings.find((f) => f.type === 'THREE_WAY_MISMATCH')!.message).toContain(`정산 라인 ${line.lineNo}`);
  });

  it('the supplier sees its own settlement (never a draft invoice); another company’s answers 404; staff’s operation is not its', async () => {
    const settleNo = own[0]!;
    const r = await http.get(`/api/v1/cyber/settlements/${settleNo}/tax-match`, supplier1);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = r.body as Match;
    // The invoice drawn above is still a draft: the supplier does not see it.
    expect(m.invoices).toEqual([]);
    expect(m.rows.every((row) => row.mgtKey === null)).toBe(true);
    expectError(
      await http.get(`/api/v1/cyber/settlements/${foreign}/tax-match`, supplier1),
      404,
      'SETTLEMENT_NOT_FOUND',
    );
    expectError(
      await http.get(`/api/v1/cyber/settlements/${settleNo}/tax-match`, supplier2),
      404,
      'SETTLEMENT_NOT_FOUND',
    );
    const staffRoute = await http.get(`/api/v1/settlements/${settleNo}/tax-match`, supplier1);
    expect(staffRoute.status).toBe(403);
    expectError(await http.get('/api/v1/settlements/NOPE-1/tax-match', operator), 404, 'SETTLEMENT_NOT_FOUND');
  });

  it('the supplier’s card: a 역발행 request awaits it with its deadline, a withdrawn one with the buyer’s reason; never another company’s', async () => {
    const settleNo = own[0]!;
    const before = await pending(supplier1);
    const [inv] = (await http.get(`/api/v1/tax-invoices?settleNo=${settleNo}`, operator)).body.rows as Array<{
      mgtKey: string;
      version: number;
    }>;
    expect(before.rows.map((r) => r.mgtKey)).not.toContain(inv!.mgtKey);
    const req = await http.post(`/api/v1/tax-invoices/${inv!.mgtKey}/request`, operator, { version: inv!.version });
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    const asked = await pending(supplier1);
    expect(asked.total).toBe(before.total + 1);
    expect(asked.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          mgtKey: inv!.mgtKey,
          status: 'REQUESTED',
          issueDeadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      ]),
    );
    expect((await pending(supplier2)).rows.map((r) => r.mgtKey)).not.toContain(inv!.mgtKey);
    // Requested, the supplier's match view shows the invoice.
    const seen = (await http.get(`/api/v1/cyber/settlements/${settleNo}/tax-match`, supplier1)).body as Match;
    expect(seen.invoices.map((i) => i.mgtKey)).toEqual([inv!.mgtKey]);

    const cancelled = await http.post(`/api/v1/tax-invoices/${inv!.mgtKey}/cancel-request`, operator, {
      version: req.body.version,
      reason: '단가 정정 후 다시 요청합니다',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const withdrawn = (await pending(supplier1)).rows.find((r) => r.mgtKey === inv!.mgtKey);
    expect(withdrawn).toMatchObject({ status: 'CANCELLED', reason: '단가 정정 후 다시 요청합니다' });
    // Staff have no such card.
    expect((await http.get('/api/v1/cyber/home/tax-invoices', operator)).status).toBe(403);
  });

  it('the deadline view lists every confirmed settlement of the demo data that has no invoice (미작성)', async () => {
    const undrawn = await t.db.db
      .selectFrom('settlement as s')
      .select('s.settleNo')
      .where('s.status', 'in', ['CONFIRMED', 'POST_FAILED'])
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('taxInvoice as i').select('i.mgtKey').whereRef('i.settleNo', '=', 's.settleNo')),
        ),
      )
      .execute();
    expect(undrawn.length).toBeGreaterThan(0);
    const r = await http.get('/api/v1/tax-invoice-deadlines', operator);
    expect(r.status).toBe(200);
    const listed = (r.body.rows as Array<{ status: string; settleNo: string }>)
      .filter((row) => row.status === 'NOT_DRAWN')
      .map((row) => row.settleNo)
      .sort();
    expect(listed).toEqual(undrawn.map((s) => s.settleNo).sort());
  });
});
