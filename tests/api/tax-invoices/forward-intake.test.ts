import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { validCorpNum } from '../../../server/config-tax-invoices.js';
import { addDays, writeDateOf } from '../../../server/modules/tax-invoices/deadlines.js';
import { standardXml } from '../../../server/modules/tax-invoices/file-provider.js';
import type { ReverseIssueRequest } from '../../../server/modules/tax-invoices/provider.js';
import { ntsParty } from '../../helpers/nts-party.js';

const BUYER = '1208147521';

interface Settlement {
  settleNo: string;
  compNo: string;
  period: string;
  totalAmount: string;
  taxNo: string;
  version: number;
}

/** A supplier-issued invoice of a settlement, as the NTS standard XML (the file provider's writer). */
function forwardXml(
  s: Settlement,
  o: { serial: number; supply?: bigint; tax?: bigint; total?: bigint; invoicee?: string; invoicer?: string },
) {
  const writeDate = writeDateOf(s.period);
  const supply = o.supply ?? BigInt(s.totalAmount.split('.')[0]!);
  const tax = o.tax ?? (supply * 10n) / 100n;
  const half = supply / 2n;
  const halfTax = tax / 2n;
  const request: ReverseIssueRequest = {
    mgtKey: 'X',
    writeDate: writeDate.replace(/-/g, ''),
    taxType: 'TAXABLE',
    purposeType: '02',
    typeCode: '0101',
    zeroRatedEvidence: null,
    modifyCode: null,
    orgNTSConfirmNum: null,
    invoicer: ntsParty(o.invoicer ?? s.taxNo, '공급자'),
    invoicee: ntsParty(o.invoicee ?? BUYER, 'GPMS 구매사'),
    supplyCostTotal: supply.toString(),
    taxTotal: tax.toString(),
    totalAmount: (o.total ?? supply + tax).toString(),
    detailList: [
      {
        serialNum: 1,
        purchaseDT: writeDate.replace(/-/g, ''),
        itemName: '월 납품분 <1>',
        spec: 'A&B',
        qty: '1',
        unitCost: half.toString(),
        supplyCost: half.toString(),
        tax: halfTax.toString(),
        remark: null,
      },
      {
        serialNum: 2,
        purchaseDT: writeDate.replace(/-/g, ''),
        itemName: '월 납품분 2',
        spec: null,
        qty: null,
        unitCost: null,
        supplyCost: (supply - half).toString(),
        tax: (tax - halfTax).toString(),
        remark: null,
      },
    ],
    remark1: null,
  };
  const approval = `${addDays(writeDate, 3).replace(/-/g, '')}41000077${String(o.serial).padStart(8, '0')}`;
  return {
    xml: standardXml(request, {
      status: 'ISSUED',
      ntsConfirmNum: approval,
      ntsResult: null,
      memo: null,
      issueDT: null,
    }),
    approval,
  };
}

describe('정발행 intake: a supplier-issued standard XML checked, matched to its settlement, gated', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let supplier: LoggedIn;
  let otherSupplier: LoggedIn;
  let mine: Settlement;
  let other: Settlement;

  beforeAll(async () => {
    t = await buildTestApp({ config: { taxInvoiceGate: true } });
    http = api(t.app);
    operator = await loginAs(t.app, 'operator');
    supplier = await loginAs(t.app, 'supplier1');
    otherSupplier = await loginAs(t.app, 'supplier2');
    const rows = (
      await t.db.db
        .selectFrom('settlement as s')
        .innerJoin('company as c', 'c.compNo', 's.compNo')
        .select(['s.settleNo', 's.compNo', 's.period', 's.totalAmount', 's.version', 'c.taxNo'])
        .where('s.status', '=', 'CONFIRMED')
        .orderBy('s.settleNo')
        .execute()
    ).map((r) => ({ ...r, totalAmount: String(r.totalAmount) }));
    const usable = rows.filter((r) => validCorpNum(r.taxNo) && BigInt(r.totalAmount.split('.')[0]!) > 0n);
    // supplier1's company (C00001), and another company's, each the only confirmed one of its month.
    const single = (r: Settlement) => rows.filter((x) => x.compNo === r.compNo && x.period === r.period).length === 1;
    mine = usable.find((r) => r.compNo === 'C00001' && single(r))!;
    other = usable.find((r) => r.compNo !== 'C00001' && single(r))!;
    expect(mine, 'a confirmed settlement of C00001 with a valid business number').toBeDefined();
    expect(other).toBeDefined();
  }, 120_000);
  afterAll(() => t?.close());

  const intake = (body: unknown) => http.post('/api/v1/tax-invoices/forward', operator, body);

  it('refuses what is not a valid invoice, every problem at its element, in Korean', async () => {
    let r = await intake({ xml: '<html><body>not an invoice</body></html>' });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.msg).toContain('TaxInvoice');

    r = await intake({ xml: '<TaxInvoice><TaxInvoiceDocument>' });
    expect(r.status).toBe(400);
    // The parser's own message (English, quoting the input) never reaches the client: ours, with where.
    r = await intake({ xml: '<TaxInvoice>\n<a></b></TaxInvoice>' });
    expectError(r, 400, 'VALIDATION');
    expect(JSON.stringify(r.body)).not.toMatch(/Expected closing tag|opened in line|Invalid '|found\./);
    expect(r.body.details[0].message).toMatch(/^XML 형식이 올바르지 않습니다 \(2행 \d+열\)/);

    const { xml } = forwardXml(mine, { serial: 1, total: 1n });
    r = await intake({ xml });
    expectError(r, 400, 'VALIDATION');
    expect(r.body.details).toEqual([
      expect.objectContaining({
        path: 'body/xml/TaxInvoiceTradeSettlement/SpecifiedMonetarySummation/GrandTotalAmount',
        message: expect.stringContaining('합이 총금액'),
      }),
    ]);

    const notOurs = forwardXml(mine, { serial: 2, invoicee: '1018106486' }).xml;
    r = await intake({ xml: notOurs });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.details)).toMatch(/InvoiceeParty\/ID/);

    const badNumber = forwardXml(mine, { serial: 3, invoicer: '1234567890' }).xml;
    r = await intake({ xml: badNumber });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.details)).toContain('공급자 사업자등록번호가 올바르지 않습니다');

    const shortId = forwardXml(mine, { serial: 4 }).xml.replace(
      /<IssueID>(\d+)<\/IssueID>/,
      '<IssueID>12345</IssueID>',
    );
    r = await intake({ xml: shortId });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.details)).toContain('24자리');

    const early = forwardXml(mine, { serial: 5 }).xml.replace(/<IssueID>\d{8}/, '<IssueID>20200101');
    r = await intake({ xml: early });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.details)).toContain('작성일자');

    const lines = forwardXml(mine, { serial: 6 }).xml.replace(
      /<InvoiceAmount>(\d+)<\/InvoiceAmount>/,
      (_, n: string) => `<InvoiceAmount>${BigInt(n) + 1n}</InvoiceAmount>`,
    );
    r = await intake({ xml: lines });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.details)).toContain('품목 공급가액의 합');
    expect(await t.db.db.selectFrom('taxInvoice').select('mgtKey').execute()).toEqual([]);
  });

  it('a supplier’s number not the settlement’s, or no settlement of that month: 409, nothing stored', async () => {
    const { xml } = forwardXml(mine, { serial: 10 });
    expectError(await intake({ xml, settleNo: other.settleNo }), 409, 'BUSINESS_NUMBER_MISMATCH');
    const stranger = forwardXml(mine, { serial: 11, invoicer: BUYER }).xml;
    expectError(await intake({ xml: stranger }), 409, 'SETTLEMENT_NOT_FOUND');
    expect(await t.db.db.selectFrom('taxInvoice').select('mgtKey').execute()).toEqual([]);
  });

  it('matched by the supplier and month, kept with its hash as 발행; posting waits for the NTS; then allowed', async () => {
    const { xml, approval } = forwardXml(mine, { serial: 20 });
    const r = await intake({ xml });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      settleNo: mine.settleNo,
      issueKind: 'FORWARD',
      status: 'ISSUED',
      ntsConfirmNum: approval,
      supplyAmount: mine.totalAmount.split('.')[0],
      lineCount: 2,
    });
    expect(r.body.lines.map((l: { itemName: string; spec: string | null }) => [l.itemName, l.spec])).toEqual([
      ['월 납품분 <1>', 'A&B'],
      ['월 납품분 2', null],
    ]);
    const sha = crypto.createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('hex');
    expect(r.body.files).toEqual([expect.objectContaining({ kind: 'XML', sha256: sha })]);
    expect(r.body.history.map((h: { action: string; toStatus: string }) => [h.action, h.toStatus])).toEqual([
      ['intake', 'ISSUED'],
    ]);
    const mgtKey = r.body.mgtKey as string;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tax-invoices/${mgtKey}/files/xml`,
      headers: operator.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(xml);
    expect(file.headers['x-content-sha256']).toBe(sha);

    // The same approval number again, or a second invoice of the same tax type: refused.
    expectError(await intake({ xml }), 409, 'DUPLICATE_APPROVAL_NUMBER');
    expectError(await intake({ xml: forwardXml(mine, { serial: 21 }).xml }), 409, 'TAX_INVOICE_EXISTS');

    const version = async () =>
      (
        await t.db.db
          .selectFrom('settlement')
          .select('version')
          .where('settleNo', '=', mine.settleNo)
          .executeTakeFirstOrThrow()
      ).version;
    const gated = await http.post(`/api/v1/settlements/${mine.settleNo}/post`, operator, { version: await version() });
    expectError(gated, 409, 'TAX_INVOICE_NOT_TRANSMITTED');
    expect(gated.body.details.problems).toEqual(['NOT_TRANSMITTED']);

    // The supplier sees it in /cyber; another supplier sees none of it.
    expect((await http.get(`/api/v1/cyber/tax-invoices/${mgtKey}`, supplier)).status).toBe(200);
    expect((await http.get(`/api/v1/cyber/tax-invoices/${mgtKey}`, otherSupplier)).status).toBe(404);
    expect(
      (await http.get('/api/v1/cyber/tax-invoices', otherSupplier)).body.rows.map((x: { mgtKey: string }) => x.mgtKey),
    ).not.toContain(mgtKey);
    // Nor can the supplier refuse an invoice it issued itself.
    expectError(
      await http.post(`/api/v1/cyber/tax-invoices/${mgtKey}/refuse`, supplier, {
        version: r.body.version,
        reason: 'x',
      }),
      409,
      'INVALID_STATE',
    );

    // The NTS's result, as read at 홈택스, recorded on it: then the gate opens.
    let inv = (await http.get(`/api/v1/tax-invoices/${mgtKey}`, operator)).body;
    let m = await http.post(`/api/v1/tax-invoices/${mgtKey}/transmission`, operator, {
      version: inv.version,
      outcome: 'SENT',
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    inv = m.body;
    m = await http.post(`/api/v1/tax-invoices/${mgtKey}/transmission`, operator, {
      version: inv.version,
      outcome: 'SUCCEEDED',
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect(m.body.status).toBe('NTS_SUCCESS');
    // Who recorded the result by hand does not post the settlement: another person does.
    expectError(
      await http.post(`/api/v1/settlements/${mine.settleNo}/post`, operator, { version: await version() }),
      409,
      'TAX_INVOICE_SAME_PERSON',
    );
    const admin = await loginAs(t.app, 'admin');
    const posted = await http.post(`/api/v1/settlements/${mine.settleNo}/post`, admin, { version: await version() });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  });

  it('a supplier cannot upload: the intake is staff’s', async () => {
    const r = await http.post('/api/v1/tax-invoices/forward', supplier, { xml: '<TaxInvoice/>' });
    expect(r.status).toBe(403);
  });
});
