import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { validCorpNum } from '../../../server/config-tax-invoices.js';
import { BACKFILL_SQL } from '../../../server/db/migrations/1161-erp-voucher-documents.js';
import { runSqlScript } from '../../../server/db/sql-script.js';
import { createErpConnector } from '../../../server/modules/fulfilment/posting/connector.js';
import { supplierAccountsWithEmail } from '../../../server/modules/notifications/queries.js';
import { correctionsThrough } from '../../../server/modules/tax-invoices/correcting-voucher.js';
import { addDays } from '../../../server/modules/tax-invoices/deadlines.js';
import { taxInvoiceJobs } from '../../../server/modules/tax-invoices/jobs.js';
import {
  closeWith,
  fakeErp,
  gatedAppWith,
  invoiceReads,
  kstToday,
  supplierXml,
  ymd,
  type SupplierDocument,
} from './helpers.js';

type Inv = {
  mgtKey: string;
  version: number;
  writeDate: string;
  period: string;
  supplyAmount: string;
  taxAmount: string;
  taxType: string;
  typeCode: string;
  status: string;
  issueKind: string;
  supplierCorpNum: string;
  amendsMgtKey: string | null;
  amendReason: number | null;
  amendCauseDate: string | null;
  ntsConfirmNum: string | null;
  correctingVouchers: Array<{ voucherNo: string; status: string }>;
};
type Settlement = { settleNo: string; compNo: string; period: string; taxNo: string };

describe('a supplier’s own 수정세금계산서 in /cyber, the refusal notice, and no second correcting voucher for an old amendment', () => {
  const erp = fakeErp<{ voucherNo: string; amount: string }>();
  let t: TestApp;
  let rest: ReturnType<typeof api>;
  let operator: LoggedIn;
  let supplier: LoggedIn;
  let otherSupplier: LoggedIn;
  let today: string;
  let mine: Settlement;
  let another: Settlement;
  /** supplier1's 과세 invoice, issued by it and accepted by the NTS. */
  let original: Inv;

  beforeAll(async () => {
    t = await gatedAppWith(erp);
    rest = api(t.app);
    operator = await loginAs(t.app, 'operator');
    supplier = await loginAs(t.app, 'supplier1');
    otherSupplier = await loginAs(t.app, 'supplier2');
    today = kstToday(t);
    const rows = await t.db.db
      .selectFrom('settlement as s')
      .innerJoin('company as c', 'c.compNo', 's.compNo')
      .select(['s.settleNo', 's.compNo', 's.period', 's.totalAmount', 'c.taxNo'])
      .where('s.status', '=', 'CONFIRMED')
      .orderBy('s.settleNo')
      .execute();
    const usable = rows.filter(
      (r) => validCorpNum(r.taxNo) && BigInt(String(r.totalAmount).split('.')[0]!) >= 100_000n,
    );
    mine = usable.find((r) => r.compNo === 'C00001')!;
    // supplier2's company when it has one: its posted settlement then takes supplier2's own amendment too.
    another =
      usable.find((r) => r.compNo === 'C00002') ??
      usable.find((r) => r.compNo !== 'C00001' && r.settleNo !== mine?.settleNo)!;
    expect(mine, 'a confirmed settlement of C00001 with a valid business number').toBeDefined();
    expect(another).toBeDefined();
  }, 240_000);
  afterAll(() => closeWith(t, erp));

  const { invoice, draw } = invoiceReads<Inv>(() => ({ rest, operator }));
  const record = async (mgtKey: string, outcome: 'SENT' | 'SUCCEEDED' | 'FAILED', extra: object = {}) => {
    const r = await rest.post(`/api/v1/tax-invoices/${mgtKey}/transmission`, operator, {
      version: (await invoice(mgtKey)).version,
      outcome,
      ...extra,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Inv;
  };
  const refusalNotices = () =>
    t.db.db
      .selectFrom('notification')
      .select(['recipient', 'subject', 'body', 'refKey'])
      .where('template', '=', 'taxInvoice.refused')
      .orderBy('id')
      .execute();
  const emailsOf = async (compNo: string) => [
    ...new Set((await supplierAccountsWithEmail(t.db.db, compNo)).map((u) => u.email!.toLowerCase())),
  ];

  /** A document the supplier issued, in the NTS standard XML, and its approval number. */
  const xmlOf = (o: SupplierDocument) =>
    supplierXml(o, { invoicer: mine.taxNo, invoicee: t.app.config.buyerCorpNum, today, series: '41000066' });
  const upload = (who: LoggedIn, xml: string, settleNo?: string) =>
    rest.post('/api/v1/cyber/tax-invoices/amendments', who, { xml, ...(settleNo ? { settleNo } : {}) });

  it('a refusal reaches the supplier’s users, never another company’s: a request refused, the NTS’s refused transmission, the buyer refusing its XML (reason and amounts)', async () => {
    const invs = await draw(mine.settleNo);
    const taxable = invs.find((i) => i.taxType === 'TAXABLE');
    expect(taxable, 'a 과세 invoice on the settlement').toBeDefined();
    const mineMails = await emailsOf('C00001');
    const otherMails = (await emailsOf(another.compNo)).filter((m) => !mineMails.includes(m));
    expect(mineMails.length, 'C00001 has users with an address').toBeGreaterThan(0);
    const start = (await refusalNotices()).length;
    let requested = await rest.post(`/api/v1/tax-invoices/${taxable!.mgtKey}/request`, operator, {
      version: taxable!.version,
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    // supplier1 refuses the request in /cyber: the company's users have it on record with the reason and the amounts.
    const refusedByMe = await rest.post(`/api/v1/cyber/tax-invoices/${taxable!.mgtKey}/refuse`, supplier, {
      version: requested.body.version,
      reason: '단가가 계약과 다릅니다',
    });
    expect(refusedByMe.status, JSON.stringify(refusedByMe.body)).toBe(200);
    const onRefusal = (await refusalNotices()).slice(start);
    expect(onRefusal.map((n) => n.recipient.toLowerCase()).sort()).toEqual([...mineMails].sort());
    expect(onRefusal[0]!.subject).toContain('역발행 요청 거부');
    expect(onRefusal[0]!.body).toContain('단가가 계약과 다릅니다');
    requested = await rest.post(`/api/v1/tax-invoices/${taxable!.mgtKey}/request`, operator, {
      version: (await invoice(taxable!.mgtKey)).version,
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const approval = `${ymd(addDays(taxable!.writeDate, 1))}41000055${'1'.padStart(8, '0')}`;
    const issued = await rest.post(`/api/v1/cyber/tax-invoices/${taxable!.mgtKey}/issue`, supplier, {
      version: requested.body.version,
      ntsConfirmNum: approval,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    await record(taxable!.mgtKey, 'SENT');
    const before = (await refusalNotices()).length;
    await record(taxable!.mgtKey, 'FAILED', { code: 'SEND_ERR', message: '공급받는자 사업자번호 휴업' });

    let notices = (await refusalNotices()).slice(before);
    expect(notices.map((n) => n.recipient.toLowerCase()).sort()).toEqual([...mineMails].sort());
    expect(
      [...onRefusal, ...notices].some((n) => otherMails.includes(n.recipient.toLowerCase())),
      'no notice to another company',
    ).toBe(false);
    const supply = BigInt(taxable!.supplyAmount);
    expect(notices[0]!.subject).toContain('국세청 전송 실패');
    expect(notices[0]!.body).toContain('공급받는자 사업자번호 휴업');
    expect(notices[0]!.body).toContain(`공급가액 ${Number(supply).toLocaleString('ko-KR')}원`);
    expect(notices[0]!.refKey).toBe(approval);

    // Sent again and accepted: the original every later case amends.
    await record(taxable!.mgtKey, 'SENT');
    original = await record(taxable!.mgtKey, 'SUCCEEDED');
    expect(original.status).toBe('NTS_SUCCESS');

    // The buyer would not take in the supplier's 수정세금계산서 (a 계약의 해제 not of the whole): told with the amounts.
    const partial = xmlOf({
      typeCode: '0201',
      writeDate: today,
      supply: -1000n,
      tax: -100n,
      serial: 1,
      modifyCode: 4,
      original: approval,
    });
    const r = await rest.post('/api/v1/tax-invoices/forward', operator, { xml: partial.xml });
    expectError(r, 409, 'AMEND_AMOUNT_MISMATCH');
    notices = (await refusalNotices()).slice(before + mineMails.length);
    expect(notices.map((n) => n.recipient.toLowerCase()).sort()).toEqual([...mineMails].sort());
    expect(notices[0]!.subject).toContain('구매사 접수 거부');
    expect(notices[0]!.body).toContain(r.body.msg);
    expect(notices[0]!.body).toContain('공급가액 -1,000원, 세액 -100원, 합계 -1,100원');
  });

  it('each §70① case taken in from the supplier’s XML, matched to its original by the approval number and the modify code', async () => {
    const S = BigInt(original.supplyAmount);
    const T = BigInt(original.taxAmount);
    const o = original.ntsConfirmNum!;
    const accepted = async (x: { xml: string; approval: string }, code: number, typeCode: string) => {
      const r = await upload(supplier, x.xml);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        amendsMgtKey: original.mgtKey,
        amendReason: code,
        typeCode,
        issueKind: 'FORWARD',
        status: 'ISSUED',
        ntsConfirmNum: x.approval,
        // The supplier's own view: the buyer's ledger is not in it.
        correctingVouchers: [],
      });
      return r.body as Inv;
    };
    // 2 공급가액 변동 and 3 환입: dated the cause, due the 10th after it.
    const two = await accepted(
      xmlOf({ typeCode: '0201', writeDate: today, supply: -5000n, tax: -500n, serial: 2, modifyCode: 2, original: o }),
      2,
      '0201',
    );
    expect(two.amendCauseDate).toBe(today);
    await accepted(
      xmlOf({ typeCode: '0201', writeDate: today, supply: -3000n, tax: -300n, serial: 3, modifyCode: 3, original: o }),
      3,
      '0201',
    );
    // 4 계약의 해제: the whole, dated the 해제일.
    await accepted(
      xmlOf({ typeCode: '0201', writeDate: today, supply: -S, tax: -T, serial: 4, modifyCode: 4, original: o }),
      4,
      '0201',
    );
    // 6 이중발급, 1 착오·정정 (− then the corrected copy) and 5 내국신용장 (− 과세 then + 영세율): the original's 작성일자.
    const w = original.writeDate;
    const six = await accepted(
      xmlOf({ typeCode: '0201', writeDate: w, supply: -S, tax: -T, serial: 5, modifyCode: 6, original: o }),
      6,
      '0201',
    );
    expect(six.amendCauseDate).toBeNull();
    await accepted(
      xmlOf({ typeCode: '0201', writeDate: w, supply: -S, tax: -T, serial: 6, modifyCode: 1, original: o }),
      1,
      '0201',
    );
    await accepted(
      xmlOf({
        typeCode: '0201',
        writeDate: w,
        supply: S + 1000n,
        tax: (S + 1000n) / 10n,
        serial: 7,
        modifyCode: 1,
        original: o,
      }),
      1,
      '0201',
    );
    await accepted(
      xmlOf({ typeCode: '0201', writeDate: w, supply: -S, tax: -T, serial: 8, modifyCode: 5, original: o }),
      5,
      '0201',
    );
    const zero = await accepted(
      xmlOf({ typeCode: '0202', writeDate: w, supply: S, tax: 0n, serial: 9, modifyCode: 5, original: o }),
      5,
      '0202',
    );
    expect(zero.taxType).toBe('ZERO_RATED');
    // Staff see it on the settlement, the original's history names it.
    const back = await invoice(zero.mgtKey);
    expect(back.amendsMgtKey).toBe(original.mgtKey);
  });

  it('refused with the house’s Korean messages: amounts unlike the case, a date unlike it or after today, an original 01xx, the same approval number twice', async () => {
    const S = BigInt(original.supplyAmount);
    const T = BigInt(original.taxAmount);
    const o = original.ntsConfirmNum!;
    // 환입 only decreases.
    let r = await upload(
      supplier,
      xmlOf({ typeCode: '0201', writeDate: today, supply: 3000n, tax: 300n, serial: 20, modifyCode: 3, original: o })
        .xml,
    );
    expectError(r, 409, 'AMEND_AMOUNT_MISMATCH');
    expect(r.body.msg).toContain('환입은 공급가액을 줄입니다');
    // 6 cancels the whole original: both amounts named.
    r = await upload(
      supplier,
      xmlOf({
        typeCode: '0201',
        writeDate: original.writeDate,
        supply: -S + 10n,
        tax: -T + 1n,
        serial: 21,
        modifyCode: 6,
        original: o,
      }).xml,
    );
    expectError(r, 409, 'AMEND_AMOUNT_MISMATCH');
    expect(r.body.msg).toContain(`공급가액 ${(-S).toLocaleString('en-US')}원`);
    expect(r.body.msg).toContain(`공급가액 ${(-S + 10n).toLocaleString('en-US')}원`);
    // 1's corrected copy with a tax unlike 10 %.
    r = await upload(
      supplier,
      xmlOf({
        typeCode: '0201',
        writeDate: original.writeDate,
        supply: S,
        tax: 0n,
        serial: 22,
        modifyCode: 1,
        original: o,
      }).xml,
    );
    expectError(r, 409, 'AMEND_AMOUNT_MISMATCH');
    // 5's 영세율 copy of another supply.
    r = await upload(
      supplier,
      xmlOf({
        typeCode: '0202',
        writeDate: original.writeDate,
        supply: S - 1n,
        tax: 0n,
        serial: 23,
        modifyCode: 5,
        original: o,
      }).xml,
    );
    expectError(r, 409, 'AMEND_AMOUNT_MISMATCH');
    // 2 dated after today (the cause cannot be in the future), 6 not on the original's 작성일자.
    const tomorrow = addDays(today, 1);
    r = await upload(
      supplier,
      xmlOf({
        typeCode: '0201',
        writeDate: tomorrow,
        supply: -1000n,
        tax: -100n,
        serial: 24,
        modifyCode: 2,
        original: o,
        issued: tomorrow,
      }).xml,
    );
    expectError(r, 409, 'AMEND_WRITE_DATE');
    expect(r.body.msg).toContain(`오늘(${today})`);
    if (today !== original.writeDate) {
      r = await upload(
        supplier,
        xmlOf({ typeCode: '0201', writeDate: today, supply: -S, tax: -T, serial: 25, modifyCode: 6, original: o }).xml,
      );
      expectError(r, 409, 'AMEND_WRITE_DATE');
      expect(r.body.msg).toContain(`당초 작성일자(${original.writeDate})`);
    }
    // An original invoice is the buyer's staff's to register.
    r = await upload(
      supplier,
      xmlOf({ typeCode: '0101', writeDate: original.writeDate, supply: 1000n, tax: 100n, serial: 26 }).xml,
    );
    expectError(r, 400, 'VALIDATION');
    expect(r.body.details[0].path).toBe('body/xml/TaxInvoiceDocument/TypeCode');
    // The same document twice: refused, without naming whose settlement holds it.
    const again = xmlOf({
      typeCode: '0201',
      writeDate: today,
      supply: -500n,
      tax: -50n,
      serial: 27,
      modifyCode: 2,
      original: o,
    });
    expect((await upload(supplier, again.xml)).status).toBe(200);
    r = await upload(supplier, again.xml);
    expectError(r, 409, 'DUPLICATE_APPROVAL_NUMBER');
    expect(r.body.msg).not.toContain(mine.settleNo);
  });

  it('another company’s ids: supplier2 naming supplier1’s original or settlement gets 404 and nothing is written; supplier1 naming a settlement not the original’s, 404', async () => {
    const o = original.ntsConfirmNum!;
    const count = async () => {
      const [inv, files, events] = await Promise.all([
        t.db.db
          .selectFrom('taxInvoice')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
        t.db.db
          .selectFrom('taxInvoiceFile')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
        t.db.db
          .selectFrom('taxInvoiceEvent')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return [inv.n, files.n, events.n].map(Number);
    };
    const before = await count();
    const x = xmlOf({
      typeCode: '0201',
      writeDate: today,
      supply: -700n,
      tax: -70n,
      serial: 30,
      modifyCode: 2,
      original: o,
    });
    let r = await upload(otherSupplier, x.xml);
    expectError(r, 404, 'ORIGINAL_NOT_FOUND');
    r = await upload(otherSupplier, x.xml, mine.settleNo);
    expectError(r, 404, 'ORIGINAL_NOT_FOUND');
    expect(await count()).toEqual(before);
    expect(
      await t.db.db.selectFrom('taxInvoice').select('mgtKey').where('ntsConfirmNum', '=', x.approval).execute(),
    ).toEqual([]);
    // supplier1 naming another company's settlement: not its original's.
    r = await upload(supplier, x.xml, another.settleNo);
    expectError(r, 404, 'SETTLEMENT_NOT_FOUND');
    expect(await count()).toEqual(before);
    // Its own, named rightly: taken in.
    r = await upload(supplier, x.xml, mine.settleNo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('an amendment whose correcting voucher was made the old way (one voucher for its − and + documents, at drafting) gets no second one when its + document is accepted', async () => {
    const invs = await draw(another.settleNo);
    for (const [n, inv] of invs.entries())
      await t.db.db
        .updateTable('taxInvoice')
        .set({
          status: 'NTS_SUCCESS',
          ntsConfirmNum: `${ymd(addDays(inv.writeDate, 1))}41000044${String(n + 1).padStart(8, '0')}`,
        })
        .where('mgtKey', '=', inv.mgtKey)
        .execute();
    const version = (
      await t.db.db
        .selectFrom('settlement')
        .select('version')
        .where('settleNo', '=', another.settleNo)
        .executeTakeFirstOrThrow()
    ).version;
    const posted = await rest.post(`/api/v1/settlements/${another.settleNo}/post`, operator, { version });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const inv = await invoice(invs[0]!.mgtKey);
    const amended = await rest.post(`/api/v1/tax-invoices/${inv.mgtKey}/amend`, operator, {
      version: inv.version,
      reason: 1,
      causeDate: today,
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const [minus, plus] = (amended.body.rows as Inv[]).map((d) => d.mgtKey);

    // The old way, as the amendment's own transaction did it: one voucher claimed for both documents, naming the
    // first, and sent; then a database from before migration 1161, which has no record of what a voucher carries.
    const corrections = correctionsThrough(createErpConnector(t.app.config));
    const claimed = await t.db.db
      .transaction()
      .execute((trx) =>
        corrections.claim(
          trx,
          { settleNo: another.settleNo, compNo: another.compNo, period: inv.period, ntsConfirmNum: inv.ntsConfirmNum },
          [minus!, plus!],
          1,
          'operator',
          t.app.clock.now(),
        ),
      );
    expect(claimed).not.toBeNull();
    expect((await corrections.send(t.db.db, claimed!, 'operator')).ok).toBe(true);
    await t.db.db.deleteFrom('erpVoucherDocument').where('voucherNo', '=', claimed!.voucherNo).execute();
    // The migration's backfill recognises it (made before its document was accepted) and records both documents.
    const owner = t.db.db as unknown as Kysely<unknown>;
    await runSqlScript(owner, BACKFILL_SQL);
    await runSqlScript(owner, BACKFILL_SQL);
    expect(
      (
        await t.db.db
          .selectFrom('erpVoucherDocument')
          .select(['mgtKey', 'voucherNo'])
          .where('voucherNo', '=', claimed!.voucherNo)
          .orderBy('mgtKey')
          .execute()
      ).map((d) => d.mgtKey),
    ).toEqual([minus, plus].sort());

    const sentBefore = erp.state.bodies.length;
    for (const [n, key] of [minus!, plus!].entries()) {
      const r = await rest.post(`/api/v1/tax-invoices/${key}/request`, operator, {
        version: (await invoice(key)).version,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await t.db.db
        .updateTable('taxInvoice')
        .set({
          status: 'ISSUED',
          issuedAt: t.app.clock.now(),
          ntsConfirmNum: `${ymd(addDays(inv.writeDate, 1))}41000043${String(n + 1).padStart(8, '0')}`,
        })
        .where('mgtKey', '=', key)
        .execute();
      await record(key, 'SENT');
      await record(key, 'SUCCEEDED');
    }
    const follow = taxInvoiceJobs.find((j) => j.name === 'taxInvoices.follow')!;
    const ctx = { db: t.db.db, log: t.app.log, config: t.app.config, now: t.app.clock.now(), metrics: t.app.metrics };
    expect(await follow.run(ctx)).toMatchObject({ corrected: 0 });
    expect(erp.state.bodies.length).toBe(sentBefore);
    expect((await invoice(inv.mgtKey)).correctingVouchers.map((v) => v.voucherNo)).toEqual([claimed!.voucherNo]);

    // A supplier's own amendment of a posted invoice follows the path of ours: nothing to the ERP when taken in, its
    // correcting voucher when staff record the NTS's acceptance.
    expect(another.compNo, "supplier2's company has a posted settlement in the demo data").toBe('C00002');
    const x = xmlOf({
      typeCode: '0201',
      writeDate: today,
      supply: -1000n,
      tax: inv.taxType === 'TAXABLE' ? -100n : 0n,
      serial: 40,
      modifyCode: 2,
      original: inv.ntsConfirmNum!,
      invoicer: another.taxNo,
    });
    expect(inv.taxType).toBe('TAXABLE');
    const r = await upload(otherSupplier, x.xml);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(erp.state.bodies.length).toBe(sentBefore);
    await record(r.body.mgtKey, 'SENT');
    await record(r.body.mgtKey, 'SUCCEEDED');
    expect(erp.state.bodies.length).toBe(sentBefore + 1);
    expect(erp.state.bodies.at(-1)).toMatchObject({ amount: '-1100' });
    expect((await invoice(r.body.mgtKey)).correctingVouchers.map((v) => v.status)).toEqual(['POSTED', 'POSTED']);
  });
});
