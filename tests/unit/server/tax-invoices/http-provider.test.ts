// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpProvider } from '../../../../server/modules/tax-invoices/http-provider';
import { mgtKeyFor, type ReverseIssueRequest } from '../../../../server/modules/tax-invoices/provider';
import { startFakeTaxProvider, type FakeTaxProvider } from '../../../helpers/fake-tax-provider';

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
