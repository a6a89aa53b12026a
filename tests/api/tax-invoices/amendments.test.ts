import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { validCorpNum } from '../../../server/config-tax-invoices.js';
import { addDays, issueDeadline, writeDateOf } from '../../../server/modules/tax-invoices/deadlines.js';
import { requestOf } from '../../../server/modules/tax-invoices/drafting.js';
import { loadHolidayCalendar } from '../../../server/modules/tax-invoices/holidays.js';
import { taxInvoiceJobs } from '../../../server/modules/tax-invoices/jobs.js';
import {
  closeWith,
  fakeErp,
  gatedAppWith,
  invoiceReads,
  kstToday,
  supplierXml,
  type SupplierDocument,
} from './helpers.js';

const BUYER = '1208147521';
type Line = { kind: string; side: string; amount: string };
type Payload = {
  voucherNo: string;
  amount: string;
  ntsConfirmNum: string | null;
  correctsVoucherNo?: string;
  lines: Line[];
};
type Inv = {
  mgtKey: string;
  version: number;
  writeDate: string;
  supplyAmount: string;
  taxAmount: string;
  taxType: string;
  typeCode: string;
  status: string;
  amendsMgtKey: string | null;
  amendReason: number | null;
  amendCauseDate: string | null;
  issueDeadline: string;
  ntsConfirmNum: string | null;
  zeroRatedDocNo: string | null;
  correctingVouchers: Array<{ voucherNo: string; amount: string; status: string; correctsVoucherNo: string }>;
  history: Array<{ action: string; code: string | null; message: string | null }>;
};

const balanced = (p: Payload) => {
  const sum = (side: string) => p.lines.filter((l) => l.side === side).reduce((a, l) => a + BigInt(l.amount), 0n);
  return sum('DEBIT') === sum('CREDIT');
};

describe('수정세금계산서 by 시행령 §70①: dates, codes and deadlines per case; the correcting voucher; a supplier’s 02xx', () => {
  const erp = fakeErp<Payload>();
  let t: TestApp;
  let rest: ReturnType<typeof api>;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let today: string;
  let settlements: Array<{ settleNo: string; totalAmount: string }>;

  beforeAll(async () => {
    t = await gatedAppWith(erp);
    rest = api(t.app);
    operator = await loginAs(t.app, 'operator');
    admin = await loginAs(t.app, 'admin');
    today = kstToday(t);
    settlements = (
      await t.db.db
        .selectFrom('settlement')
        .select(['settleNo', 'totalAmount'])
        .where('status', '=', 'CONFIRMED')
        .where('totalAmount', '>', '0')
        .orderBy('settleNo')
        .execute()
    ).map((s) => ({ settleNo: s.settleNo, totalAmount: String(s.totalAmount).split('.')[0]! }));
    expect(settlements.length).toBeGreaterThanOrEqual(5);
  }, 240_000);
  afterAll(() => closeWith(t, erp));

  const { invoice, draw } = invoiceReads<Inv>(() => ({ rest, operator }));
  const amend = (inv: { mgtKey: string; version: number }, body: Record<string, unknown>) =>
    rest.post(`/api/v1/tax-invoices/${inv.mgtKey}/amend`, operator, { version: inv.version, ...body });
  /** Stands for the provider's answer: transmitted, with its approval number (the lifecycle is tax-invoices.test.ts'). */
  const transmitted = async (inv: Inv, serial: number) => {
    const n = `${addDays(inv.writeDate, 1).replace(/-/g, '')}41000099${String(serial).padStart(8, '0')}`;
    await t.db.db
      .updateTable('taxInvoice')
      .set({ status: 'NTS_SUCCESS', ntsConfirmNum: n })
      .where('mgtKey', '=', inv.mgtKey)
      .execute();
    return invoice(inv.mgtKey);
  };
  /** What the provider would be sent for this invoice (the request's own builder). */
  const sent = async (mgtKey: string) => {
    const row = await t.db.db
      .selectFrom('taxInvoice')
      .selectAll()
      .where('mgtKey', '=', mgtKey)
      .executeTakeFirstOrThrow();
    return requestOf(t.db.db, { corpNum: BUYER, corpName: 'GPMS', ceoName: '대표' }, row);
  };

  let original: Inv;

  it('a draft (not transmitted) cannot be amended; a cause date missing, after today or before the original: refused', async () => {
    const s = settlements[0]!;
    const [draft] = await draw(s.settleNo);
    expectError(await amend(draft!, { reason: 2, causeDate: today, supplyDelta: '-1000' }), 409, 'INVALID_STATE');
    original = await transmitted(draft!, 1);
    let r = await amend(original, { reason: 4 });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.details).toEqual([{ path: 'body/causeDate', message: '계약해제일(사유 발생일)을 입력하세요' }]);
    r = await amend(original, { reason: 3, causeDate: addDays(today, 1), supplyDelta: '-1000' });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.msg).toContain(`오늘(${today})보다 늦습니다`);
    r = await amend(original, { reason: 2, causeDate: addDays(original.writeDate, -1), supplyDelta: '-1000' });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.msg).toContain(`당초 세금계산서 작성일자(${original.writeDate})보다 앞섭니다`);
    // 환입 only takes back: an increase is refused.
    r = await amend(original, { reason: 3, causeDate: today, supplyDelta: '1000' });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.details[0].path).toBe('body/supplyDelta');
    // 5 needs its 내국신용장/구매확인서.
    r = await amend(original, { reason: 5, causeDate: original.writeDate });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.details[0].path).toBe('body/zeroRatedDocNo');
    expect((await invoice(original.mgtKey)).version).toBe(original.version);
  });

  it('2 공급가액 변동: one document of the difference, dated the change, due the 10th after it; sent with modify code 2 and the original’s number', async () => {
    const calendar = await loadHolidayCalendar(t.db.db);
    const r = await amend(original, { reason: 2, causeDate: today, supplyDelta: '-10005' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [d] = r.body.rows as Inv[];
    expect(d).toMatchObject({
      amendsMgtKey: original.mgtKey,
      amendReason: 2,
      amendCauseDate: today,
      writeDate: today,
      typeCode: '0201',
      supplyAmount: '-10005',
      // The tax of a decrease mirrors an increase's: 1,000 (절사), negative.
      taxAmount: '-1000',
      issueDeadline: issueDeadline(today, calendar),
      status: 'DRAFT',
    });
    const req = await sent(d!.mgtKey);
    expect(req).toMatchObject({
      writeDate: today.replace(/-/g, ''),
      typeCode: '0201',
      modifyCode: 2,
      orgNTSConfirmNum: original.ntsConfirmNum,
    });
    expect(req.remark1).toContain(`당초 작성일자 ${original.writeDate}`);
    // Not posted: nothing to correct at the ERP.
    expect(d!.correctingVouchers).toEqual([]);
    // The deadline view judges it by its own deadline, not the original's 10th.
    const view = await rest.get('/api/v1/tax-invoice-deadlines', operator);
    expect(view.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          mgtKey: d!.mgtKey,
          issueDeadline: issueDeadline(today, calendar),
          deadlineState: 'ON_TIME',
        }),
      ]),
    );
  });

  it('3 환입 and 4 계약의 해제: dated the cause; 4 cancels the original whole', async () => {
    let cur = await invoice(original.mgtKey);
    const cause = addDays(original.writeDate, 1) <= today ? addDays(original.writeDate, 1) : today;
    let r = await amend(cur, { reason: 3, causeDate: cause, supplyDelta: '-20000' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows.map((x: Inv) => [x.writeDate, x.supplyAmount, x.taxAmount, x.amendReason])).toEqual([
      [cause, '-20000', '-2000', 3],
    ]);
    cur = await invoice(original.mgtKey);
    // As the screen's prompt sends it: its empty fields as ''.
    r = await amend(cur, { reason: 4, causeDate: today, supplyDelta: '', zeroRatedDocKind: '', zeroRatedDocNo: '' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows.map((x: Inv) => [x.writeDate, x.supplyAmount, x.taxAmount, x.typeCode])).toEqual([
      [today, `-${original.supplyAmount}`, `-${original.taxAmount}`, '0201'],
    ]);
    expect((await sent(r.body.rows[0].mgtKey)).modifyCode).toBe(4);
  });

  it('1 착오·정정 and 6 이중발급: the original’s 작성일자, due a year after the 확정신고기한; 5: cancelled and issued again as 영세율', async () => {
    let cur = await invoice(original.mgtKey);
    let r = await amend(cur, { reason: 1, causeDate: today });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [neg, pos] = r.body.rows as Inv[];
    expect([neg!.supplyAmount, pos!.supplyAmount]).toEqual([`-${original.supplyAmount}`, original.supplyAmount]);
    expect([neg!.writeDate, pos!.writeDate]).toEqual([original.writeDate, original.writeDate]);
    const y = Number(original.writeDate.slice(0, 4));
    const returnDay = Number(original.writeDate.slice(5, 7)) <= 6 ? `${y}-07-25` : `${y + 1}-01-25`;
    const lastDay = `${Number(returnDay.slice(0, 4)) + 1}${returnDay.slice(4)}`;
    // A year from the day after the 확정신고기한, moved past a weekend or holiday (at most a few days).
    expect(neg!.issueDeadline >= lastDay && neg!.issueDeadline <= addDays(lastDay, 4)).toBe(true);
    cur = await invoice(original.mgtKey);
    r = await amend(cur, { reason: 6, causeDate: today });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows.map((x: Inv) => [x.writeDate, x.supplyAmount])).toEqual([
      [original.writeDate, `-${original.supplyAmount}`],
    ]);
    expect(original.taxType, 'the seed’s settlement is 과세').toBe('TAXABLE');
    {
      cur = await invoice(original.mgtKey);
      // Opened on the original's 작성일자 (within the 25 days after its period however late that ends).
      r = await amend(cur, {
        reason: 5,
        causeDate: original.writeDate,
        zeroRatedDocKind: 'LOCAL_LC',
        zeroRatedDocNo: 'LC-2026-0001',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(
        r.body.rows.map((x: Inv) => [x.taxType, x.typeCode, x.supplyAmount, x.taxAmount, x.zeroRatedDocNo]),
      ).toEqual([
        ['TAXABLE', '0201', `-${original.supplyAmount}`, `-${original.taxAmount}`, null],
        ['ZERO_RATED', '0202', original.supplyAmount, '0', 'LC-2026-0001'],
      ]);
      const req = await sent(r.body.rows[1].mgtKey);
      expect(req).toMatchObject({ taxType: 'ZERO_RATED', typeCode: '0202', modifyCode: 5 });
      expect(req.remark1).toContain(`내국신용장 개설일 ${original.writeDate}`);
    }
  });

  /**
   * An amendment document requested, issued (standing for the supplier's issue, as `transmitted` does) and its
   * NTS result recorded through the API: the move on which its correcting voucher is asked.
   */
  const accept = async (mgtKey: string, serial: number) => {
    const requested = await rest.post(`/api/v1/tax-invoices/${mgtKey}/request`, operator, {
      version: (await invoice(mgtKey)).version,
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const doc = await invoice(mgtKey);
    await t.db.db
      .updateTable('taxInvoice')
      .set({
        status: 'ISSUED',
        issuedAt: t.app.clock.now(),
        ntsConfirmNum: `${addDays(doc.writeDate, 1).replace(/-/g, '')}41000099${String(serial).padStart(8, '0')}`,
      })
      .where('mgtKey', '=', mgtKey)
      .execute();
    let r = await rest.post(`/api/v1/tax-invoices/${mgtKey}/transmission`, operator, {
      version: (await invoice(mgtKey)).version,
      outcome: 'SENT',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return async () => {
      r = await rest.post(`/api/v1/tax-invoices/${mgtKey}/transmission`, operator, {
        version: r.body.version,
        outcome: 'SUCCEEDED',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
  };
  const settlementVersion = async (settleNo: string) =>
    (
      await t.db.db
        .selectFrom('settlement')
        .select('version')
        .where('settleNo', '=', settleNo)
        .executeTakeFirstOrThrow()
    ).version;

  it('an amendment of a posted settlement: its correcting voucher goes to the ERP when the NTS accepts it, not before (the difference; the reversal, then the re-post)', async () => {
    const s = settlements[3]!;
    const invs = await draw(s.settleNo);
    const done: Inv[] = [];
    for (const [n, inv] of invs.entries()) done.push(await transmitted(inv, 40 + n));
    const posted = await rest.post(`/api/v1/settlements/${s.settleNo}/post`, operator, {
      version: await settlementVersion(s.settleNo),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const own = posted.body.voucherNo as string;
    const before = erp.state.bodies.length;

    const inv = done[0]!;
    let r = await amend(inv, { reason: 2, causeDate: today, supplyDelta: '-10000' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const diffKey = r.body.rows[0].mgtKey as string;
    // Made, then sent to the NTS: nothing reaches the ERP while the supplier may still refuse or the NTS fail it.
    const succeed = await accept(diffKey, 60);
    expect(erp.state.bodies.length).toBe(before);
    expect((await invoice(diffKey)).correctingVouchers).toEqual([]);
    await succeed();
    expect(erp.state.bodies.length).toBe(before + 1);
    const voucher = erp.state.bodies.at(-1)!;
    const rate = inv.taxType === 'TAXABLE' ? 1000n : 0n;
    expect(voucher).toMatchObject({
      correctsVoucherNo: own,
      ntsConfirmNum: inv.ntsConfirmNum,
      amount: `-${10000n + rate}`,
    });
    expect(voucher.lines.map((l) => [l.kind, l.side, l.amount])).toEqual([
      ['ADJUSTMENT', 'CREDIT', '10000'],
      ...(rate ? [['VAT', 'CREDIT', '1000']] : []),
      ['PAYABLE', 'DEBIT', (10000n + rate).toString()],
    ]);
    expect(balanced(voucher)).toBe(true);
    const d = await invoice(diffKey);
    expect(d.correctingVouchers).toEqual([
      expect.objectContaining({
        voucherNo: voucher.voucherNo,
        correctsVoucherNo: own,
        status: 'POSTED',
        amount: `-${10000n + rate}`,
      }),
    ]);
    // The settlement's own voucher and state are the posting's, untouched.
    const settled = await rest.get(`/api/v1/vouchers/${own}`, operator);
    expect(settled.body).toMatchObject({ status: 'POSTED', settleNo: s.settleNo });
    expect(
      (
        await t.db.db
          .selectFrom('settlement')
          .select('status')
          .where('settleNo', '=', s.settleNo)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('POSTED');
    // The follow-up job's sweep finds nothing more owed: one voucher per document.
    const follow = taxInvoiceJobs.find((j) => j.name === 'taxInvoices.follow')!;
    const ctx = { db: t.db.db, log: t.app.log, config: t.app.config, now: t.app.clock.now(), metrics: t.app.metrics };
    expect(await follow.run(ctx)).toMatchObject({ corrected: 0 });
    expect(erp.state.bodies.length).toBe(before + 1);

    // 1: the reversal when its negative document is accepted — refused by the ERP first: the amendment stands, the
    // voucher waits in 전기오류 —, the re-post when the corrected copy is.
    erp.state.mode = 'reject';
    r = await amend(await invoice(inv.mgtKey), { reason: 1, causeDate: today });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [minus, plus] = r.body.rows as Inv[];
    expect(erp.state.bodies.length).toBe(before + 1);
    await (
      await accept(minus!.mgtKey, 61)
    )();
    erp.state.mode = 'ok';
    const failed = erp.state.bodies.at(-1)!;
    const supply = inv.supplyAmount;
    const gross = (BigInt(supply) + BigInt(inv.taxAmount)).toString();
    expect(failed.lines.map((l) => [l.kind, l.side, l.amount])).toEqual([
      ['ADJUSTMENT', 'CREDIT', supply],
      ...(inv.taxAmount !== '0' ? [['VAT', 'CREDIT', inv.taxAmount]] : []),
      ['PAYABLE', 'DEBIT', gross],
    ]);
    expect((await invoice(inv.mgtKey)).correctingVouchers.map((v) => v.status)).toEqual(['POSTED', 'FAILED']);
    const retryVersion = (await rest.get(`/api/v1/vouchers/${failed.voucherNo}`, operator)).body.version;
    const retried = await rest.post(`/api/v1/vouchers/${failed.voucherNo}/retry`, admin, { version: retryVersion });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(erp.state.bodies.at(-1)).toEqual(failed);
    await (
      await accept(plus!.mgtKey, 62)
    )();
    const repost = erp.state.bodies.at(-1)!;
    expect(repost.voucherNo).not.toBe(failed.voucherNo);
    expect(repost.lines.map((l) => [l.kind, l.side, l.amount])).toEqual([
      ['ADJUSTMENT', 'DEBIT', supply],
      ...(inv.taxAmount !== '0' ? [['VAT', 'DEBIT', inv.taxAmount]] : []),
      ['PAYABLE', 'CREDIT', gross],
    ]);
    expect((await invoice(inv.mgtKey)).correctingVouchers.map((v) => v.status)).toEqual(['POSTED', 'POSTED', 'POSTED']);
  });

  it('an amendment of a settlement not posted yet: the gate waits for it; accepted, the posting goes and the follow-up job sends its correcting voucher', async () => {
    const s = settlements[4]!;
    const invs = await draw(s.settleNo);
    const done: Inv[] = [];
    for (const [n, inv] of invs.entries()) done.push(await transmitted(inv, 70 + n));
    const inv = done[0]!;
    const r = await amend(inv, { reason: 2, causeDate: today, supplyDelta: '-5000' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const diffKey = r.body.rows[0].mgtKey as string;
    const refusedPosting = await rest.post(`/api/v1/settlements/${s.settleNo}/post`, operator, {
      version: await settlementVersion(s.settleNo),
    });
    expect(refusedPosting.status, JSON.stringify(refusedPosting.body)).toBe(409);
    expect(refusedPosting.body.code).toBe('TAX_INVOICE_AMENDMENT_PENDING');
    expect(refusedPosting.body.msg).toContain(diffKey);
    expect(refusedPosting.body.msg).toContain('(작성)');

    const before = erp.state.bodies.length;
    await (
      await accept(diffKey, 71)
    )();
    // Accepted before the posting: nothing to correct yet.
    expect(erp.state.bodies.length).toBe(before);
    const posted = await rest.post(`/api/v1/settlements/${s.settleNo}/post`, operator, {
      version: await settlementVersion(s.settleNo),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(erp.state.bodies.length).toBe(before + 1);
    const follow = taxInvoiceJobs.find((j) => j.name === 'taxInvoices.follow')!;
    const ctx = { db: t.db.db, log: t.app.log, config: t.app.config, now: t.app.clock.now(), metrics: t.app.metrics };
    expect(await follow.run(ctx)).toMatchObject({ corrected: 1, correctionFailed: 0 });
    const voucher = erp.state.bodies.at(-1)!;
    const rate = inv.taxType === 'TAXABLE' ? 500n : 0n;
    expect(voucher).toMatchObject({ correctsVoucherNo: posted.body.voucherNo, amount: `-${5000n + rate}` });
    expect(await follow.run(ctx)).toMatchObject({ corrected: 0 });
    expect(erp.state.bodies.length).toBe(before + 2);
  });

  describe('a supplier’s own 수정세금계산서 (02xx) and 계산서 (03xx/04xx) taken in', () => {
    let mine: { settleNo: string; period: string; totalAmount: string; taxNo: string };
    let originalApproval: string;
    let originalKey: string;

    /** A supplier-issued document in the NTS standard XML, and its approval number. */
    const xmlOf = (o: SupplierDocument) =>
      supplierXml(o, { invoicer: mine.taxNo, invoicee: BUYER, today, series: '41000088' });
    const intake = (xml: string) => rest.post('/api/v1/tax-invoices/forward', operator, { xml });

    beforeAll(async () => {
      const rows = await t.db.db
        .selectFrom('settlement as s')
        .innerJoin('company as c', 'c.compNo', 's.compNo')
        .select(['s.settleNo', 's.compNo', 's.period', 's.totalAmount', 'c.taxNo'])
        .where('s.status', '=', 'CONFIRMED')
        .orderBy('s.settleNo')
        .execute();
      const taken = new Set([settlements[0]!.settleNo, settlements[3]!.settleNo]);
      const single = (r: { compNo: string; period: string }) =>
        rows.filter((x) => x.compNo === r.compNo && x.period === r.period).length === 1;
      const found = rows.find(
        (r) =>
          !taken.has(r.settleNo) &&
          validCorpNum(r.taxNo) &&
          BigInt(String(r.totalAmount).split('.')[0]!) > 0n &&
          single(r),
      );
      expect(found, 'a confirmed settlement with a valid business number, alone in its month').toBeDefined();
      mine = { ...found!, totalAmount: String(found!.totalAmount).split('.')[0]! };
      const supply = BigInt(mine.totalAmount);
      const o = xmlOf({ typeCode: '0101', writeDate: writeDateOf(mine.period), supply, tax: supply / 10n, serial: 1 });
      const r = await intake(o.xml);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      originalApproval = o.approval;
      originalKey = r.body.mgtKey;
      for (const outcome of ['SENT', 'SUCCEEDED']) {
        const v = (await invoice(originalKey)).version;
        const x = await rest.post(`/api/v1/tax-invoices/${originalKey}/transmission`, operator, {
          version: v,
          outcome,
        });
        expect(x.status, JSON.stringify(x.body)).toBe(200);
      }
    });

    it('refused: no modify code, an original not registered, a 작성일자 unlike the case, a 계산서 with tax', async () => {
      const writeDate = writeDateOf(mine.period);
      let x = xmlOf({
        typeCode: '0201',
        writeDate: today,
        supply: -5000n,
        tax: -500n,
        serial: 2,
        original: originalApproval,
      });
      let r = await intake(x.xml);
      expectError(r, 400, 'VALIDATION');
      expect(r.body.details).toEqual([
        expect.objectContaining({ path: 'body/xml/TaxInvoiceDocument/AmendmentStatusCode' }),
      ]);
      x = xmlOf({
        typeCode: '0201',
        writeDate: today,
        supply: -5000n,
        tax: -500n,
        serial: 3,
        modifyCode: 2,
        original: `${today.replace(/-/g, '')}99999999${'9'.repeat(8)}`,
      });
      expectError(await intake(x.xml), 409, 'ORIGINAL_NOT_FOUND');
      // 1 기재사항 착오·정정 keeps the original's 작성일자.
      x = xmlOf({
        typeCode: '0201',
        writeDate: addDays(writeDate, 1) <= today ? addDays(writeDate, 1) : today,
        supply: -5000n,
        tax: -500n,
        serial: 4,
        modifyCode: 1,
        original: originalApproval,
      });
      r = await intake(x.xml);
      expectError(r, 409, 'AMEND_WRITE_DATE');
      expect(r.body.msg).toContain(`당초 작성일자(${writeDate})`);
      // A 수정세금계산서 of 0102 for a 과세 original (not case 5): both types named.
      x = xmlOf({
        typeCode: '0202',
        writeDate: today,
        supply: -5000n,
        tax: 0n,
        serial: 5,
        modifyCode: 2,
        original: originalApproval,
      });
      r = await intake(x.xml);
      expectError(r, 409, 'TAX_TYPE_MISMATCH');
      expect(r.body.msg).toContain('영세율(0202)');
      x = xmlOf({ typeCode: '0301', writeDate, supply: 5000n, tax: 500n, serial: 6 });
      r = await intake(x.xml);
      expectError(r, 400, 'VALIDATION');
      expect(r.body.details[0].path).toBe(
        'body/xml/TaxInvoiceTradeSettlement/SpecifiedMonetarySummation/TaxTotalAmount',
      );
      // A code outside 01xx–04xx's ordinary kinds.
      r = await intake(
        xmlOf({ typeCode: '0101', writeDate, supply: 1n, tax: 0n, serial: 7 }).xml.replace(
          '<TypeCode>0101',
          '<TypeCode>0103',
        ),
      );
      expectError(r, 400, 'VALIDATION');
      expect(r.body.msg).toContain('0103');
    });

    it('0201 공급가액 변동 taken in: linked to the original, its modify code kept, matched against the settlement with the difference named', async () => {
      const x = xmlOf({
        typeCode: '0201',
        writeDate: today,
        supply: -5000n,
        tax: -500n,
        serial: 10,
        modifyCode: 2,
        original: originalApproval,
      });
      const r = await intake(x.xml);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        amendsMgtKey: originalKey,
        amendReason: 2,
        amendCauseDate: today,
        typeCode: '0201',
        issueKind: 'FORWARD',
        status: 'ISSUED',
        ntsConfirmNum: x.approval,
        supplyAmount: '-5000',
      });
      const intakeEvent = (r.body as Inv).history.find((h) => h.action === 'intake')!;
      expect(intakeEvent.code).toBe('AMEND_2');
      expect(intakeEvent.message).toContain('공급가액≠정산 공급가액');
      expect(intakeEvent.message).toContain('차이 -5,000원');
      const match = await rest.get(`/api/v1/settlements/${mine.settleNo}/tax-match`, operator);
      expect(match.status, JSON.stringify(match.body)).toBe(200);
      expect(match.body.invoices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            mgtKey: r.body.mgtKey,
            supplyAmount: '-5000',
            differences: ['AMOUNT_VARIANCE'],
            matched: 'N',
          }),
        ]),
      );
      expect(match.body.matched).toBe('N');
      // The original's history names it; the same approval number twice: refused.
      expect(
        (await invoice(originalKey)).history.some((h) => h.action === 'amend' && h.message === r.body.mgtKey),
      ).toBe(true);
      expectError(await intake(x.xml), 409, 'DUPLICATE_APPROVAL_NUMBER');
    });
  });
});
