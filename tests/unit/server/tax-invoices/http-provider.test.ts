// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpProvider } from '../../../../server/modules/tax-invoices/http-provider';
import { mgtKeyFor, type ReverseIssueRequest } from '../../../../server/modules/tax-invoices/provider';
import { shapeProblem, startFakeTaxProvider, type FakeTaxProvider } from '../../../helpers/fake-tax-provider';

/**
 * The fields of Popbill's published Taxinvoice example (linkhub-sdk/node-popbill.example,
 * routes/taxinvoice.js, registIssue): the adapter may send these and no others.
 */
const PUBLISHED_TAXINVOICE_FIELDS = [
  'writeDate',
  'chargeDirection',
  'issueType',
  'purposeType',
  'taxType',
  'invoicerCorpNum',
  'invoicerMgtKey',
  'invoicerTaxRegID',
  'invoicerCorpName',
  'invoicerCEOName',
  'invoicerAddr',
  'invoicerBizClass',
  'invoicerBizType',
  'invoicerContactName',
  'invoicerTEL',
  'invoicerHP',
  'invoicerEmail',
  'invoicerSMSSendYN',
  'invoiceeType',
  'invoiceeCorpNum',
  'invoiceeMgtKey',
  'invoiceeTaxRegID',
  'invoiceeCorpName',
  'invoiceeCEOName',
  'invoiceeAddr',
  'invoiceeBizClass',
  'invoiceeBizType',
  'invoiceeContactName1',
  'invoiceeTEL1',
  'invoiceeHP1',
  'invoiceeEmail1',
  'invoiceeSMSSendYN',
  'supplyCostTotal',
  'taxTotal',
  'totalAmount',
  'serialNum',
  'cash',
  'chkBill',
  'note',
  'credit',
  'remark1',
  'remark2',
  'remark3',
  'kwon',
  'ho',
  'businessLicenseYN',
  'bankBookYN',
  'detailList',
  'modifyCode',
  'orgNTSConfirmNum',
  'addContactList',
];
const PUBLISHED_DETAIL_FIELDS = [
  'serialNum',
  'purchaseDT',
  'itemName',
  'spec',
  'qty',
  'unitCost',
  'supplyCost',
  'tax',
  'remark',
];

const party = (corpNum: string, corpName: string) => ({
  corpNum,
  taxRegId: null,
  corpName,
  ceoName: '대표자',
  addr: null,
  bizType: '제조',
  bizClass: '부품',
  contactName: null,
  email: null,
});

function request(mgtKey: string): ReverseIssueRequest {
  return {
    mgtKey,
    writeDate: '20261031',
    taxType: 'TAXABLE',
    purposeType: '02',
    typeCode: '0101',
    zeroRatedEvidence: null,
    modifyCode: null,
    orgNTSConfirmNum: null,
    invoicer: party('1234567891', '㈜대한정밀'),
    invoicee: party('2208162517', '㈜지피엠에스'),
    supplyCostTotal: '30005',
    taxTotal: '3000',
    totalAmount: '33005',
    detailList: [
      {
        serialNum: 1,
        purchaseDT: '20261020',
        itemName: '볼트',
        spec: 'M8',
        qty: '20',
        unitCost: '1500',
        supplyCost: '30005',
        tax: '3000',
        remark: null,
      },
    ],
    remark1: '2026년 10월 월합계',
  };
}

describe('the tax-invoice provider over HTTP, against the fake provider', () => {
  let fake: FakeTaxProvider;
  const slept: number[] = [];
  let provider: ReturnType<typeof createHttpProvider>;
  const control = (path: string, body: unknown = {}) =>
    fetch(`${fake.base}/__${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    fake = await startFakeTaxProvider();
    provider = createHttpProvider({
      baseUrl: fake.base,
      token: null,
      timeoutMs: 5000,
      retries: 3,
      backoffMs: 200,
      sleep: async (ms) => void slept.push(ms),
    });
  });
  afterAll(() => fake.close());

  it('asks once per management key: a repeated request finds the same document', async () => {
    const key = mgtKeyFor('ST202610-000012', 'TAXABLE');
    expect(key).toBe('ST202610-000012-T');
    const first = await provider.requestReverseIssue(request(key));
    const again = await provider.requestReverseIssue(request(key));
    expect(first).toMatchObject({ ok: true, value: { created: true } });
    expect(again).toMatchObject({ ok: true, value: { created: false } });
    const docs = await (await fetch(`${fake.base}/__documents`)).json();
    expect(docs[key]).toEqual({ state: 'REQUESTED', registrations: 2 });
    expect(fake.documents.size).toBe(1);
  });

  it('registers in the shape of the provider’s published example: flat parties, its tax type and purpose names, two decimals', async () => {
    const key = 'SHAPE-1';
    const r = request(key);
    r.detailList = [
      { ...r.detailList[0]!, qty: '20.000', unitCost: '1500.00' },
      { ...r.detailList[0]!, serialNum: 2, qty: '12.345', supplyCost: '0', tax: '0' },
    ];
    expect(await provider.requestReverseIssue(r)).toMatchObject({ ok: true });
    const body = fake.documents.get(key)!.request as Record<string, unknown>;
    // Every field is one the published example (linkhub-sdk/node-popbill.example, routes/taxinvoice.js) names.
    expect(Object.keys(body).filter((k) => !PUBLISHED_TAXINVOICE_FIELDS.includes(k))).toEqual([]);
    const lines = body.detailList as Array<Record<string, unknown>>;
    for (const line of lines) expect(Object.keys(line).filter((k) => !PUBLISHED_DETAIL_FIELDS.includes(k))).toEqual([]);
    expect(body).toMatchObject({
      writeDate: '20261031',
      issueType: '역발행',
      taxType: '과세',
      purposeType: '청구',
      invoiceeType: '사업자',
      invoicerCorpNum: '1234567891',
      invoicerCorpName: '㈜대한정밀',
      invoiceeCorpNum: '2208162517',
      invoiceeMgtKey: key,
    });
    expect(lines[0]).toMatchObject({ qty: '20', unitCost: '1500' });
    // Three decimals are more than the provider takes: no quantity rather than a rounded one, the exact one in the remark.
    expect(lines[1]).toMatchObject({ qty: '', remark: '수량 12.345' });
    expect(shapeProblem(body)).toBeNull();
  });

  it('sends a 영세율 invoice as 영세 and a 면세 one as 면세 (a 계산서), never as 과세', async () => {
    const zero = {
      ...request('SHAPE-Z'),
      taxType: 'ZERO_RATED' as const,
      typeCode: '0102' as const,
      taxTotal: '0',
      totalAmount: '30005',
    };
    zero.detailList = zero.detailList.map((l) => ({ ...l, tax: '0' }));
    const exempt = { ...zero, mgtKey: 'SHAPE-E', taxType: 'EXEMPT' as const, typeCode: '0301' as const };
    expect(await provider.requestReverseIssue(zero)).toMatchObject({ ok: true });
    expect(await provider.requestReverseIssue(exempt)).toMatchObject({ ok: true });
    expect(fake.documents.get('SHAPE-Z')!.request).toMatchObject({ taxType: '영세', taxTotal: '0' });
    expect(fake.documents.get('SHAPE-E')!.request).toMatchObject({ taxType: '면세', taxTotal: '0' });
  });

  it('the fake provider refuses what the published example would not take', () => {
    const flat = {
      writeDate: '20261031',
      invoicerCorpNum: '1',
      invoicerCorpName: 'a',
      invoiceeCorpNum: '2',
      invoiceeMgtKey: 'k',
      taxType: '과세',
      purposeType: '청구',
      taxTotal: '1',
    };
    expect(shapeProblem(flat)).toBeNull();
    expect(shapeProblem({ ...flat, invoicer: {} })).toMatch(/invoicer/);
    expect(shapeProblem({ ...flat, taxType: 'TAXABLE' })).toMatch(/과세형태/);
    expect(shapeProblem({ ...flat, purposeType: '02' })).toMatch(/영수/);
    expect(shapeProblem({ ...flat, detailList: [{ qty: '1.234' }] })).toMatch(/소수점 2자리/);
    expect(shapeProblem({ ...flat, taxType: '면세' })).toMatch(/세액은 0/);
  });

  it('retries a provider outage with backoff, the same key each time', async () => {
    slept.length = 0;
    await control('fail', { times: 2, status: 503 });
    const r = await provider.requestReverseIssue(request('RETRY-1'));
    expect(r).toMatchObject({ ok: true, attempts: 4 });
    expect(slept).toEqual([200, 400]);
    expect(fake.documents.get('RETRY-1')?.registrations).toBe(1);
  });

  it('keeps a final refusal with its code and message, and gives up after the retries', async () => {
    await control('fail', {
      times: 1,
      status: 400,
      code: 'INVALID_CORPNUM',
      message: '공급자 사업자번호가 올바르지 않습니다',
    });
    expect(await provider.requestReverseIssue(request('REFUSED-1'))).toEqual({
      ok: false,
      attempts: 1,
      code: 'INVALID_CORPNUM',
      message: '공급자 사업자번호가 올바르지 않습니다 (HTTP 400)',
      httpStatus: 400,
    });
    await control('fail', { times: 4, status: 502 });
    expect(await provider.state('RETRY-1')).toMatchObject({ ok: false, attempts: 4, httpStatus: 502 });
    expect(await provider.requestReverseIssue({ ...request('bad key!') })).toMatchObject({
      ok: false,
      code: 'BAD_MGTKEY',
      attempts: 0,
    });
  });

  it('follows the supplier and the NTS: issued with an approval number, transmitted, documents', async () => {
    const key = 'FLOW-1';
    await provider.requestReverseIssue(request(key));
    expect(await provider.document(key, 'xml')).toMatchObject({ ok: false, code: 'NOT_ISSUED', httpStatus: 409 });
    await control(`issue/${key}`);
    const issued = await provider.state(key);
    expect(issued).toMatchObject({ ok: true, value: { status: 'ISSUED', ntsResult: null } });
    expect(issued.ok && issued.value.ntsConfirmNum).toMatch(/^\d{24}$/);
    await control(`send/${key}`);
    await control(`nts/${key}`, { ok: false, code: 'SERR013' });
    expect(await provider.state(key)).toMatchObject({
      ok: true,
      value: { status: 'NTS_FAILED', ntsResult: 'SERR013' },
    });
    await control(`send/${key}`);
    await control(`nts/${key}`, { ok: true });
    expect(await provider.state(key)).toMatchObject({
      ok: true,
      value: { status: 'NTS_SUCCESS', ntsResult: 'SUCCESS' },
    });
    const xml = await provider.document(key, 'xml');
    expect(xml.ok && xml.value.toString('utf8')).toContain('<ChargeTotalAmount>30005</ChargeTotalAmount>');
    const pdf = await provider.document(key, 'pdf');
    expect(pdf.ok && pdf.value.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a refused request is asked again; a request is withdrawn only before the supplier acts', async () => {
    await provider.requestReverseIssue(request('AGAIN-1'));
    await control('refuse/AGAIN-1', { reason: '단가 불일치' });
    expect(await provider.state('AGAIN-1')).toMatchObject({
      ok: true,
      value: { status: 'REFUSED', memo: '단가 불일치' },
    });
    expect(await provider.requestReverseIssue(request('AGAIN-1'))).toMatchObject({
      ok: true,
      value: { created: false },
    });
    expect(await provider.cancelRequest('AGAIN-1', '정산 재작성')).toMatchObject({ ok: true });
    expect(await provider.state('AGAIN-1')).toMatchObject({ ok: true, value: { status: 'CANCELLED' } });
    expect(await provider.cancelRequest('AGAIN-1', '다시')).toMatchObject({
      ok: false,
      code: 'INVALID_STATE',
      httpStatus: 409,
    });
  });

  it('a management key that does not fit is a hash, stable and within 24 characters', () => {
    const long = mgtKeyFor('SETTLEMENT-2026-10-000000000012', 'ZERO_RATED', 2);
    expect(long).toMatch(/^G[0-9a-f]{23}$/);
    expect(mgtKeyFor('SETTLEMENT-2026-10-000000000012', 'ZERO_RATED', 2)).toBe(long);
    expect(mgtKeyFor('ST202610-000012', 'ZERO_RATED', 1)).toBe('ST202610-000012-Z-1');
  });
});
