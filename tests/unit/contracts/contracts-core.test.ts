// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  normaliseStampNo,
  stampDuty,
  splitDuty,
  STAMP_DOCUMENT_KINDS,
  vatProblem,
} from '../../../server/modules/contracts/stamp-duty.js';
import {
  changedVariables,
  checkTemplateText,
  fillTemplate,
  formatValue,
} from '../../../server/modules/contracts/variables.js';
import { eventHash, GENESIS, verifyChain, type ChainEvent } from '../../../server/modules/contracts/chain.js';
import { contractFontsAvailable, renderContractPdf } from '../../../server/modules/contracts/render.js';
import { renderCertificatePdf } from '../../../server/modules/contracts/certificate.js';
import { appendPdfPages } from '../../../server/modules/contracts/pdf-append.js';

describe('stamp duty (인지세) brackets at their edges', () => {
  it.each([
    ['CONSTRUCT', '10000000', '0'],
    ['CONSTRUCT', '10000001', '20000'],
    ['CONSTRUCT', '30000000', '20000'],
    ['CONSTRUCT', '30000001', '40000'],
    ['CONSTRUCT', '50000001', '70000'],
    ['CONSTRUCT', '100000000', '70000'],
    ['CONSTRUCT', '100000001', '150000'],
    ['CONSTRUCT', '1000000000', '150000'],
    ['CONSTRUCT', '1000000001', '350000'],
    // The narrow reading (인지세법 §3①1): a 용역 contract is no 도급 document unless configured as one.
    ['SERVICE', '20000000', '0'],
    ['SUPPLY', '5000000000', '0'],
    ['UNIT_PRICE', '5000000000', '0'],
  ] as const)('%s %s → %s', (type, amount, duty) => {
    expect(stampDuty(type, amount)).toBe(duty);
  });
  it('which kinds are taxable is configured per kind; a fraction of a won is above the bracket', () => {
    expect(stampDuty('SERVICE', '20000000', { taxableKinds: ['CONSTRUCT', 'SERVICE'] })).toBe('20000');
    expect(stampDuty('CONSTRUCT', '20000000', { taxableKinds: [] })).toBe('0');
    expect(stampDuty('CONSTRUCT', '10000000.5')).toBe('20000');
  });
  it('the split adds up', () => {
    expect(splitDuty('350000', 50)).toEqual({ buyer: '175000', supplier: '175000' });
    expect(splitDuty('20000', 100)).toEqual({ buyer: '20000', supplier: '0' });
    expect(splitDuty('70000', 33)).toEqual({ buyer: '23100', supplier: '46900' });
  });
});

describe('stamp duty on a 변경계약 (인지세법 시행령 §12; NTS 서면-2022-소비-5001)', () => {
  const amend = (before: string, paid: string, after: string) =>
    stampDuty('CONSTRUCT', after, undefined, { beforeTotal: before, paidBefore: paid });
  it.each([
    // The duty on the new amount less the duty on the old: ₩10 M (no duty) → ₩35 M owes the ₩40,000 of the 30–50 M bracket.
    ['10000000', '0', '35000000', '40000'],
    // From an untaxed amount, one won over the ₩10 M edge: the 10–30 M bracket in full.
    ['10000000', '0', '10000001', '20000'],
    // ₩20 M (₩20,000 paid) → ₩35 M: 40,000 − 20,000 (the "₩20,000", from a taxed amount).
    ['20000000', '20000', '35000000', '20000'],
    // ₩30 M (₩20,000 paid) → ₩35 M: 40,000 − 20,000.
    ['30000000', '20000', '35000000', '20000'],
    // An increase to the top of a bracket and one won past it.
    ['20000000', '20000', '50000000', '20000'],
    ['20000000', '20000', '50000001', '50000'],
    ['500000000', '150000', '1000000001', '200000'],
    // An increase within the same bracket owes nothing more.
    ['11000000', '20000', '30000000', '0'],
    // One won over the bracket's edge.
    ['30000000', '20000', '30000001', '20000'],
    // A decrease counts as no change (단서): nothing due, nothing refunded; the same amount owes nothing.
    ['35000000', '40000', '12000000', '0'],
    ['35000000', '40000', '35000000', '0'],
    // After a decrease, the duty paid on the larger amount still counts: ₩60 M paid 70,000, down to 35 M, up to 50 M.
    ['35000000', '70000', '50000000', '0'],
    ['35000000', '70000', '100000001', '80000'],
  ] as const)('%s (paid %s) → %s owes %s', (before, paid, after, duty) => {
    expect(amend(before, paid, after)).toBe(duty);
  });
  it('a kind not taxable owes nothing on an increase either', () => {
    expect(stampDuty('SUPPLY', '35000000', undefined, { beforeTotal: '10000000', paidBefore: '0' })).toBe('0');
  });
  it('every kind names its statute; only CONSTRUCT is taxable by default (the narrow reading)', () => {
    for (const k of Object.values(STAMP_DOCUMENT_KINDS)) expect(k.statute).toMatch(/인지세법|매매|단가/);
    expect(
      Object.entries(STAMP_DOCUMENT_KINDS)
        .filter(([, k]) => k.taxableByDefault)
        .map(([n]) => n),
    ).toEqual(['CONSTRUCT']);
  });
});

describe('전자수입인지 numbers and VAT', () => {
  it('a stamp number is normalised; what is not one is refused', () => {
    expect(normaliseStampNo('0123-4567-8901-2345')).toBe('0123456789012345');
    expect(normaliseStampNo(' ab12 3456 7890 ')).toBe('AB1234567890');
    expect(normaliseStampNo('1234567890')).toBe('1234567890');
    for (const bad of [
      '123456789',
      'R-2026-0001',
      '아무거나',
      'receipt',
      '12345678901234567890123456789012',
      '1234/5678/90',
    ])
      expect(normaliseStampNo(bad), bad).toBeNull();
  });
  it('VAT: a tenth of the supply within ₩1,000 when taxable, 0 when zero-rated or exempt', () => {
    expect(vatProblem('9000000', '900000', 'TAXABLE')).toBeNull();
    expect(vatProblem('9000000', '901000', 'TAXABLE')).toBeNull();
    expect(vatProblem('9000000', '901001', 'TAXABLE')).toMatch(/공급가액의 10%\(900,000원\)/);
    expect(vatProblem('9000000', '90000000', 'TAXABLE')).toMatch(/입력 90,000,000원/);
    expect(vatProblem('9000000', '0', 'TAXABLE')).not.toBeNull();
    expect(vatProblem('9000000', '0', 'ZERO_RATED')).toBeNull();
    expect(vatProblem('9000000', '900000', 'EXEMPT')).toMatch(/면세 계약의 부가가치세는 0원/);
  });
});

describe('template variables', () => {
  it('an unknown variable is named with its line and column', () => {
    const text = '제1조 (목적)\n갑 {{buyer.name}}과 을 {{supplier.nmae}}은\n{{clause:NOPE}}';
    expect(checkTemplateText(text, new Set(['PAY']))).toEqual([
      { code: 'UNKNOWN_VARIABLE', name: 'supplier.nmae', line: 2, column: 21 },
      { code: 'UNKNOWN_CLAUSE', name: 'NOPE', line: 3, column: 1 },
    ]);
    expect(checkTemplateText('a {{ b', new Set())[0]).toMatchObject({
      code: 'UNCLOSED_PLACEHOLDER',
      line: 1,
      column: 3,
    });
  });
  it('fills money and dates by their type, clauses by their text', () => {
    const out = fillTemplate(
      '{{contract.totalAmount}} / {{contract.startDate}} / {{clause:PAY}}',
      { 'contract.totalAmount': '11000000', 'contract.startDate': '2026-01-05', 'supplier.name': '(주)갑을' },
      new Map([['PAY', '대금은 {{supplier.name}}에게 지급한다']]),
    );
    expect(out).toBe('금 11,000,000원 / 2026년 1월 5일 / 대금은 (주)갑을에게 지급한다');
    expect(formatValue('money', '1234.50')).toBe('금 1,234.5원');
  });
  it('the change summary lists the variables that differ', () => {
    expect(
      changedVariables(
        { 'contract.totalAmount': '100', 'contract.no': 'A' },
        { 'contract.totalAmount': '200', 'contract.no': 'B' },
      ),
    ).toEqual([{ name: 'contract.totalAmount', before: '100', after: '200' }]);
  });
});

describe('hash chain', () => {
  const chain = (n: number) => {
    const out: Array<ChainEvent & { hash: string }> = [];
    let prev = GENESIS;
    for (let i = 1; i <= n; i++) {
      const e: ChainEvent = {
        contractNo: 'CT2026-000001',
        seq: i,
        kind: i === 1 ? 'CREATED' : 'VIEWED',
        occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        ip: '127.0.0.1',
        userAgent: 'test',
        userId: 'u',
        actorCompNo: null,
        docSha: null,
        detail: { n: i },
        prevHash: prev,
      };
      const hash = eventHash(e);
      out.push({ ...e, hash });
      prev = hash;
    }
    return out;
  };
  it('verifies an intact chain and names the first changed event', () => {
    const c = chain(4);
    expect(verifyChain(c)).toMatchObject({ ok: true, events: 4 });
    c[2] = { ...c[2], ip: '10.0.0.1' };
    expect(verifyChain(c)).toMatchObject({ ok: false, firstBadSeq: 3, reason: 'HASH_MISMATCH' });
    const d = chain(3);
    expect(verifyChain([d[0], d[2]])).toMatchObject({ ok: false, firstBadSeq: 3, reason: 'SEQUENCE_GAP' });
  });
});

// Without the fonts the suite fails here (and in CI runs, never skips): .ci/run installs them.
it('the machine has the Korean fonts the contract PDF is printed with (fonts-noto-cjk)', () => {
  expect(contractFontsAvailable()).toBe(true);
});

describe.runIf(process.env.CI === 'true' || contractFontsAvailable())('deterministic rendering', () => {
  it('the same data gives the same PDF bytes twice, the Korean font embedded', async () => {
    const model = {
      contractNo: 'CT2026-000001',
      title: '물품공급 기본계약서',
      documentDate: '2026-11-26',
      buyerRows: [['상호', '(주)지피엠에스']] as Array<[string, string]>,
      supplierRows: [['상호', '(주)협력']] as Array<[string, string]>,
      body: '제1조 (목적)\n\n이 계약은 갑과 을의 거래 조건을 정한다.\n\n제2조 (대금)\n\n금 11,000,000원',
      signers: [
        { role: '수급자', company: '(주)협력' },
        { role: '발주자', company: '(주)지피엠에스' },
      ],
    };
    const a = await renderContractPdf(model);
    const b = await renderContractPdf(model);
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(a, b)).toBe(0);
    expect(a.toString('latin1')).toMatch(/FontFile2|FontFile3/);
    const c = await renderContractPdf({ ...model, body: model.body.replace('11,000,000', '11,000,001') });
    expect(Buffer.compare(a, c)).not.toBe(0);
  }, 60_000);

  it('the audit-trail certificate renders the same bytes twice and is appended as an update after the contract', async () => {
    const cert = {
      contractNo: 'CT2026-000001',
      title: '물품공급 기본계약서',
      documentSha: 'a'.repeat(64),
      executedAt: '2026-11-26T05:00:00.000Z',
      signers: [
        {
          role: '수급자(을)',
          company: '(주)협력',
          name: '홍길동',
          userId: 'supplier1',
          identifiedBy: '로그인 + 일회용 인증번호 (이메일 ho***@example.com)',
          signedAt: '2026-11-26T04:59:00.000Z',
          ip: '10.0.0.1',
          userAgent: 'Mozilla/5.0',
          documentSha: 'a'.repeat(64),
          viewedSha: 'a'.repeat(64),
        },
      ],
      chainHead: { seq: 12, hash: 'b'.repeat(64) },
    };
    const x = await renderCertificatePdf(cert);
    expect(Buffer.compare(x, await renderCertificatePdf(cert))).toBe(0);
    const contract = await renderContractPdf({
      contractNo: 'CT2026-000001',
      title: '물품공급 기본계약서',
      documentDate: '2026-11-26',
      buyerRows: [['상호', '(주)지피엠에스']],
      supplierRows: [['상호', '(주)협력']],
      body: '제1조 (목적)\n\n본문',
      signers: [{ role: '수급자', company: '(주)협력' }],
    });
    const joined = appendPdfPages(contract, x);
    expect(Buffer.compare(joined.subarray(0, contract.length), contract)).toBe(0);
    const text = joined.toString('latin1');
    expect(text.match(/\/Count\s+(\d+)/g)!.at(-1)).toBe('/Count 2');
    expect(text.slice(contract.length)).toMatch(
      new RegExp(`/Prev ${/startxref\s+(\d+)/.exec(contract.toString('latin1'))![1]}`),
    );
  }, 60_000);
});
