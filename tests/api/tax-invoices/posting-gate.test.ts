import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { closeWith, fakeErp, gatedAppWith, invoiceReads } from './helpers.js';

type Finding = { type: string; code: string; message: string; lineNo?: number };
type Line = { kind: string; side: string; amount: string };
type Payload = { amount: string; ntsConfirmNum: string | null; lines: Line[] };

describe('the posting gate: each finding its own code and amounts; the voucher carries 부가세대급금 and the approval number', () => {
  const erp = fakeErp<Payload>({ code: 'VENDOR_NOT_FOUND', message: '거래처 코드가 ERP에 등록되어 있지 않습니다' });
  let t: TestApp;
  let rest: ReturnType<typeof api>;
  let operator: LoggedIn;
  let settlements: Array<{ settleNo: string; totalAmount: string }>;

  beforeAll(async () => {
    t = await gatedAppWith(erp);
    rest = api(t.app);
    operator = await loginAs(t.app, 'operator');
    settlements = (
      await t.db.db
        .selectFrom('settlement')
        .select(['settleNo', 'totalAmount'])
        .where('status', '=', 'CONFIRMED')
        .where('totalAmount', '>', '0')
        .orderBy('settleNo')
        .execute()
    ).map((s) => ({ settleNo: s.settleNo, totalAmount: String(s.totalAmount).split('.')[0]! }));
    expect(settlements.length).toBeGreaterThanOrEqual(4);
  }, 240_000);
  afterAll(() => closeWith(t, erp));

  const version = async (settleNo: string) =>
    (
      await t.db.db
        .selectFrom('settlement')
        .select('version')
        .where('settleNo', '=', settleNo)
        .executeTakeFirstOrThrow()
    ).version;
  const post = async (settleNo: string) =>
    rest.post(`/api/v1/settlements/${settleNo}/post`, operator, { version: await version(settleNo) });
  const { draw } = invoiceReads<{ mgtKey: string; supplyAmount: string; taxAmount: string; writeDate: string }>(() => ({
    rest,
    operator,
  }));
  /** Stands for the provider's answer: transmitted, with its approval number (the lifecycle is tax-invoices.test.ts'). */
  const transmitted = async (mgtKey: string, writeDate: string, serial: number) => {
    const n = `${writeDate.replace(/-/g, '')}41000042${String(serial).padStart(8, '0')}`;
    await t.db.db
      .updateTable('taxInvoice')
      .set({ status: 'NTS_SUCCESS', ntsConfirmNum: n })
      .where('mgtKey', '=', mgtKey)
      .execute();
    return n;
  };

  it('a 영세율 (0102) invoice on taxable lines is refused with both tax types named', async () => {
    const s = settlements[0]!;
    const [inv] = await draw(s.settleNo);
    // The supplier's 0102, tax 0, for goods settled as 과세 (as a forward XML would bring it).
    await t.db.db
      .updateTable('taxInvoice')
      .set({ taxType: 'ZERO_RATED', taxAmount: '0', totalAmount: inv!.supplyAmount })
      .where('mgtKey', '=', inv!.mgtKey)
      .execute();
    await transmitted(inv!.mgtKey, inv!.writeDate, 1);
    const r = await post(s.settleNo);
    expectError(r, 409, 'TAX_TYPE_MISMATCH');
    expect(r.body.msg).toContain('영세율(0102)');
    expect(r.body.msg).toContain('과세(0101)');
    expect(r.body.msg).toMatch(/정산 라인 \d/);
    expect(r.body.details.problems).toEqual(['TAX_TYPE_MISMATCH']);
  });

  it('supply, tax and the supplier differing from the settlement: each its own code, with the amounts', async () => {
    const s = settlements[1]!;
    const [inv] = await draw(s.settleNo);
    const supply = BigInt(inv!.supplyAmount) + 1000n;
    await t.db.db
      .updateTable('taxInvoice')
      .set({ supplyAmount: supply.toString(), totalAmount: (supply + BigInt(inv!.taxAmount)).toString() })
      .where('mgtKey', '=', inv!.mgtKey)
      .execute();
    await transmitted(inv!.mgtKey, inv!.writeDate, 2);
    let r = await post(s.settleNo);
    expectError(r, 409, 'TAX_INVOICE_SUPPLY_MISMATCH');
    const grouped = (v: bigint) => v.toLocaleString('en-US');
    expect(r.body.msg).toContain(`${grouped(supply)}원`);
    expect(r.body.msg).toContain(`${grouped(BigInt(s.totalAmount))}원`);
    const findings = r.body.details.findings as Finding[];
    // The tax stays 10 % of the old supply: 1,000 won more supply is 100 won of tax missing.
    expect(findings.map((f) => f.code)).toEqual(['TAX_INVOICE_SUPPLY_MISMATCH', 'TAX_INVOICE_TAX_MISMATCH']);
    expect(findings[1]!.message).toContain(`${grouped(BigInt(inv!.taxAmount))}원`);
    await t.db.db
      .updateTable('taxInvoice')
      .set({
        supplyAmount: inv!.supplyAmount,
        totalAmount: (BigInt(inv!.supplyAmount) + BigInt(inv!.taxAmount)).toString(),
        supplierCorpNum: '1234567891',
      })
      .where('mgtKey', '=', inv!.mgtKey)
      .execute();
    r = await post(s.settleNo);
    expectError(r, 409, 'TAX_INVOICE_SUPPLIER_MISMATCH');
    expect(r.body.msg).toContain('1234567891');
  });

  it('the three-way match per line: a settled quantity or price unlike its receipt and order is refused with the line and amounts', async () => {
    const s = settlements[2]!;
    for (const [n, inv] of (await draw(s.settleNo)).entries()) await transmitted(inv.mgtKey, inv.writeDate, 10 + n);
    const line = await t.db.db
      .selectFrom('settlementLine')
      .select(['lineNo', 'quantity', 'unitPrice'])
      .where('settleNo', '=', s.settleNo)
      .orderBy('lineNo')
      .executeTakeFirstOrThrow();
    // A settled unit price unlike the order's (the line's amount left as it was).
    await t.db.db
      .updateTable('settlementLine')
      .set({ unitPrice: (Number(line.unitPrice) + 7).toString() })
      .where('settleNo', '=', s.settleNo)
      .where('lineNo', '=', line.lineNo)
      .execute();
    const r = await post(s.settleNo);
    expectError(r, 409, 'THREE_WAY_MISMATCH');
    expect(r.body.msg).toContain(`정산 라인 ${line.lineNo}`);
    expect(r.body.msg).toContain('발주 단가');
    expect(r.body.msg).toContain((Number(line.unitPrice) + 7).toLocaleString('en'));
    const ex = await rest.get(`/api/v1/tax-invoice-exceptions?settleNo=${s.settleNo}`, operator);
    expect(ex.body.rows.map((x: { type: string }) => x.type)).toEqual(['THREE_WAY_MISMATCH']);
    // Put back, a settled quantity unlike the receipt's.
    await t.db.db
      .updateTable('settlementLine')
      .set({ unitPrice: String(line.unitPrice), quantity: (Number(line.quantity) + 1).toString() })
      .where('settleNo', '=', s.settleNo)
      .where('lineNo', '=', line.lineNo)
      .execute();
    const q = await post(s.settleNo);
    expectError(q, 409, 'THREE_WAY_MISMATCH');
    expect(q.body.msg).toContain('입고 수량');
    expect((q.body.details.findings as Finding[])[0]).toMatchObject({ lineNo: line.lineNo });
  });

  it('the voucher: 부가세대급금 = the invoices’ tax, payable = supply + tax, the approval number kept on the re-post after a failure', async () => {
    const s = settlements[3]!;
    const invs = await draw(s.settleNo);
    const numbers: string[] = [];
    for (const [n, inv] of invs.entries()) numbers.push(await transmitted(inv.mgtKey, inv.writeDate, 20 + n));
    const tax = invs.reduce((a, i) => a + BigInt(i.taxAmount), 0n);
    erp.state.mode = 'reject';
    expectError(await post(s.settleNo), 424, 'ERP_POSTING_FAILED');
    erp.state.mode = 'ok';
    const r = await post(s.settleNo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [first, second] = erp.state.bodies.slice(-2);
    for (const body of [first!, second!]) {
      expect(body.ntsConfirmNum!.split(',').sort()).toEqual([...numbers].sort());
      const vat = body.lines.find((l) => l.kind === 'VAT')!;
      const payable = body.lines.find((l) => l.kind === 'PAYABLE')!;
      expect(vat).toMatchObject({ side: 'DEBIT', amount: tax.toString() });
      expect(payable).toMatchObject({ side: 'CREDIT', amount: (BigInt(s.totalAmount) + tax).toString() });
      expect(body.amount).toBe(payable.amount);
      const debit = body.lines.filter((l) => l.side === 'DEBIT').reduce((a, l) => a + BigInt(l.amount), 0n);
      const credit = body.lines.filter((l) => l.side === 'CREDIT').reduce((a, l) => a + BigInt(l.amount), 0n);
      expect(debit).toBe(credit);
    }
    expect(numbers.every((n) => second!.ntsConfirmNum!.includes(n))).toBe(true);
  });
});
