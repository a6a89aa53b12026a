// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { loadConfig } from '../../../server/config.js';
import {
  createErpConnector,
  postingWindowMs,
  type VoucherPayload,
} from '../../../server/modules/fulfilment/posting/connector.js';
import { createFileAdapter } from '../../../server/modules/fulfilment/posting/file-adapter.js';
import { DiskStore } from '../../../server/storage/disk-store.js';
import {
  buildSubconChargePayload,
  buildVoucherPayload,
  imbalance,
  maySend,
} from '../../../server/modules/fulfilment/posting/workflow.js';
import { columnName, XlsxStream } from '../../../server/modules/exports/xlsx-stream.js';
import { renderStatementHtml } from '../../../server/modules/fulfilment/statement/html.js';
import { renderStatementPdf, textWidth } from '../../../server/modules/fulfilment/statement/pdf.js';
import {
  formatNumber,
  statementModel,
  type StatementSource,
} from '../../../server/modules/fulfilment/statement/workflow.js';

const source = (over: Partial<VoucherPayload> = {}) =>
  buildVoucherPayload({
    voucherNo: 'VC2026-000001',
    settleNo: 'ST2026-000001',
    period: '202610',
    postingDate: '2026-11-02',
    vendor: { compNo: 'C00001', name: '대한정밀', taxNo: '123-45-67890' },
    goodsByExpenses: [
      { expenses: 'MATERIAL', name: '재료비', amount: '100000' },
      { expenses: 'REPAIR', name: '수선비', amount: '31138' },
    ],
    adjustmentAmount: '15000',
    totalAmount: '146138',
    ...over,
  });

describe('vouchers', () => {
  it('debits goods per expense type and the adjustment, credits the payable: balanced', () => {
    const v = source();
    expect(v.lines.map((l) => [l.side, l.kind, l.expenses, l.amount])).toEqual([
      ['DEBIT', 'GOODS', 'MATERIAL', '100000'],
      ['DEBIT', 'GOODS', 'REPAIR', '31138'],
      ['DEBIT', 'ADJUSTMENT', null, '15000'],
      ['CREDIT', 'PAYABLE', null, '146138'],
    ]);
    expect(imbalance(v)).toBe('0');
  });

  it('puts a negative adjustment on the credit side and a negative total on the debit side', () => {
    const v = buildVoucherPayload({
      voucherNo: 'VC2026-000002',
      settleNo: 'ST',
      period: '202610',
      postingDate: '2026-11-02',
      vendor: { compNo: 'C', name: 'N', taxNo: 'T' },
      goodsByExpenses: [{ expenses: 'MATERIAL', name: '재료비', amount: '1000' }],
      adjustmentAmount: '-3000',
      totalAmount: '-2000',
    });
    expect(v.lines.map((l) => [l.side, l.kind, l.amount])).toEqual([
      ['DEBIT', 'GOODS', '1000'],
      ['CREDIT', 'ADJUSTMENT', '3000'],
      ['DEBIT', 'PAYABLE', '2000'],
    ]);
    expect(imbalance(v)).toBe('0');
  });

  it('a 하도급 payment’s charges: 이자비용 and 지급수수료 debited against 미지급금, balanced; a zero charge has no line', () => {
    const charge = (lateInterest: string, billFee: string, method: 'CASH' | 'BILL' | 'BILL_SUBSTITUTE') =>
      buildSubconChargePayload({
        voucherNo: 'VC2027-000001',
        settleNo: 'ST',
        period: '202612',
        postingDate: '2027-03-10',
        vendor: { compNo: 'C', name: '협력사', taxNo: 'T' },
        paidOn: '2027-03-10',
        method,
        billMaturity: method === 'CASH' ? null : '2027-05-09',
        lateInterest,
        billFee,
      });
    const both = charge('16986', '41095', 'BILL_SUBSTITUTE');
    expect(both.lines.map((l) => [l.side, l.kind, l.amount])).toEqual([
      ['DEBIT', 'INTEREST', '16986'],
      ['DEBIT', 'BILL_FEE', '41095'],
      ['CREDIT', 'OTHER_PAYABLE', '58081'],
    ]);
    expect(both.amount).toBe('58081');
    expect(both.lines[1].description).toContain('어음대체결제 수수료');
    expect(imbalance(both)).toBe('0');
    const interest = charge('4246', '0', 'CASH');
    expect(interest.lines.map((l) => [l.side, l.kind, l.amount])).toEqual([
      ['DEBIT', 'INTEREST', '4246'],
      ['CREDIT', 'OTHER_PAYABLE', '4246'],
    ]);
    expect(interest.subconCharge).toEqual({
      paidOn: '2027-03-10',
      method: 'CASH',
      billMaturity: null,
      lateInterest: '4246',
      billFee: '0',
    });
    expect(charge('0', '123287', 'BILL').lines[0].description).toContain('어음 할인료');
  });

  it('sends a voucher unless posted or still being sent', () => {
    const now = new Date('2026-11-02T10:00:00Z');
    expect(maySend({ status: 'FAILED', sentAt: now }, now, 1000)).toBe('yes');
    expect(maySend({ status: 'POSTED', sentAt: now }, now, 1000)).toBe('posted');
    expect(maySend({ status: 'SENT', sentAt: new Date(now.getTime() - 500) }, now, 1000)).toBe('in-progress');
    expect(maySend({ status: 'SENT', sentAt: new Date(now.getTime() - 5000) }, now, 1000)).toBe('yes');
    expect(postingWindowMs({ erpTimeoutMs: 10_000, erpRetries: 3, erpBackoffMs: 500 })).toBe(40_000 + 3_500 + 60_000);
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-vouchers-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('file adapter: one file per voucher; the same key answers the same document, another key is refused', async () => {
    const file = createFileAdapter(new DiskStore(dir));
    const first = await file.post(source(), 'key-1');
    expect(first).toEqual({ ok: true, erpDocNo: 'F-VC2026-000001', attempts: 1 });
    const stored = path.join(dir, 'erp-vouchers', '202610', 'VC2026-000001.json');
    const mtime = fs.statSync(stored).mtimeMs;
    expect(await file.post(source(), 'key-1')).toEqual(first);
    expect(fs.statSync(stored).mtimeMs).toBe(mtime);
    expect(await file.post(source(), 'key-2')).toMatchObject({ ok: false, erpCode: 'DUPLICATE_VOUCHER' });
    expect(JSON.parse(fs.readFileSync(stored, 'utf8'))).toMatchObject({
      idempotencyKey: 'key-1',
      voucher: { amount: '146138' },
    });
  });

  it('picks the connector from the configuration, ERP_* variables validated', () => {
    expect(createErpConnector(loadConfig({}, dir)).kind).toBe('file');
    const c = loadConfig(
      {
        ERP_URL: 'https://erp.example.co.kr/api/vouchers',
        ERP_TIMEOUT_MS: '2500',
        ERP_RETRIES: '5',
        ERP_BACKOFF_MS: '100',
      },
      dir,
    );
    expect(c).toMatchObject({
      erpUrl: 'https://erp.example.co.kr/api/vouchers',
      erpTimeoutMs: 2500,
      erpRetries: 5,
      erpBackoffMs: 100,
    });
    expect(createErpConnector(c).kind).toBe('http');
    try {
      loadConfig({ ERP_URL: 'ftp://user:secret@erp', ERP_RETRIES: '11', ERP_TIMEOUT_MS: 'soon' }, dir);
      expect.unreachable();
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['ERP_URL', 'ERP_RETRIES', 'ERP_TIMEOUT_MS']) expect(msg).toContain(name);
      expect(msg).not.toContain('secret');
    }
  });
});

const statement = (lines = 3): StatementSource => ({
  settleNo: 'ST2026-000123',
  period: '202610',
  status: 'CONFIRMED',
  issuedOn: '2026-11-02',
  supplier: {
    compNo: 'C00001',
    name: '대한정밀<주>',
    taxNo: '123-45-67890',
    ceoName: '김대표',
    address: '서울시 강남구',
    phoneNo: '02-000-0000',
  },
  buyer: { name: '당사' },
  lines: Array.from({ length: lines }, (_, i) => ({
    lineNo: i + 1,
    lastDeciDate: '2026-10-15',
    whReqNo: 'WR2026-000001',
    poNo: 'PO2026-000001',
    itemCode: 'I0001',
    itemName: i % 2 ? '베어링 & 씰' : 'Bearing 6204ZZ',
    spec: null,
    unitCode: 'EA',
    quantity: '12.500',
    PRICE: '1234.00',
    currency: i % 3 === 2 ? 'JPY' : 'KRW',
    AMT: '15425.00',
    krwAmount: '15425',
  })),
  adjustments: [{ adjNo: 'AJ2026-000001', reason: '운반비 추가 정산', amount: '20000' }],
  totals: {
    krwGoodsAmount: '30850',
    jpyGoodsAmount: '15425',
    jpyKrwAmount: '139646',
    goodsAmount: '170496',
    adjustmentAmount: '20000',
    totalAmount: '190496',
    jpyRate: '905.32',
  },
  confirmedAt: '2026-11-01T06:00:00.000Z',
});

describe('the statement (거래명세서)', () => {
  it('formats numbers for people and lists the JPY conversion and adjustments', () => {
    expect(formatNumber('12.500')).toBe('12.5');
    expect(formatNumber('1200.000')).toBe('1,200');
    expect(formatNumber('-3.10')).toBe('-3.1');
    const m = statementModel(statement());
    expect(m.periodLabel).toBe('2026년 10월');
    expect(m.statusText).toBe('협력사확인 (협력사 확인 2026-11-01)');
    expect(m.rows[0]).toMatchObject({ quantity: '12.5', price: '1,234', amount: '15,425', krwAmount: '15,425' });
    expect(m.summary.map((s) => s.value)).toEqual(['₩30,850', '¥15,425', '₩139,646', '₩170,496', '₩+20,000']);
    expect(m.adjustments).toEqual([{ label: 'AJ2026-000001 운반비 추가 정산', value: '₩+20,000' }]);
    expect(m.total).toBe('₩190,496');
  });

  it('renders escaped HTML with a print stylesheet', () => {
    const html = renderStatementHtml(statementModel(statement()));
    expect(html).toContain('대한정밀&lt;주&gt;');
    expect(html).toContain('베어링 &amp; 씰');
    expect(html).toContain('@page { size: A4 landscape');
    expect(html).toContain('display: table-header-group');
    expect(html).not.toMatch(/<script/i);
  });

  it('renders a PDF whose cross-reference table points at its objects, over several pages', () => {
    const pdf = renderStatementPdf(statementModel(statement(80)));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = text
      .slice(startxref)
      .split('\n')
      .filter((l) => / 00000 n $/.test(l))
      .map((l) => Number(l.slice(0, 10)));
    entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain('/Encoding /UniKS-UCS2-H');
    const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    // The first page's content carries the title as UTF-16BE.
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    const streamEnd = text.indexOf('\nendstream', streamStart);
    const content = zlib.inflateSync(pdf.subarray(streamStart, streamEnd)).toString('latin1');
    expect(content).toContain(Buffer.from('거래명세서', 'utf16le').swap16().toString('hex').toUpperCase());
    expect(textWidth('AB가', 10)).toBe(20);
  });
});

describe('streamed xlsx', () => {
  it('writes a workbook SheetJS reads back: header, strings, numbers, escaped text', async () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    const x = new XlsxStream('입고내역', [
      { header: '번호', type: 'string' },
      { header: '수량', type: 'quantity' },
      { header: '금액', type: 'amount' },
    ]);
    const chunks: Buffer[] = [];
    x.output.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => x.output.on('end', resolve));
    await x.write([
      ['WR<1> & "x"', '12.500', '15425'],
      ['제어\u0001문자', null, '-3000'],
    ]);
    await x.write([['셋째', '0.001', '0']]);
    await x.end();
    await done;
    const wb = XLSX.read(Buffer.concat(chunks), { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['입고내역']);
    const ws = wb.Sheets['입고내역'];
    expect(XLSX.utils.sheet_to_json(ws, { header: 1, raw: true, defval: null })).toEqual([
      ['번호', '수량', '금액'],
      ['WR<1> & "x"', 12.5, 15425],
      ['제어문자', null, -3000],
      ['셋째', 0.001, 0],
    ]);
    expect(ws.B2.t).toBe('n');
    expect(x.rowsWritten).toBe(3);
  });

  it('writes rows converted to cells slice by slice (writeRows), in order and numbered across slices', async () => {
    const x = new XlsxStream('목록', [
      { header: '번호', type: 'string' },
      { header: '금액', type: 'string' },
    ]);
    const chunks: Buffer[] = [];
    x.output.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => x.output.on('end', resolve));
    // 250 rows: two full slices of 100 and a part, then a second call continuing the numbering.
    const rows = Array.from({ length: 250 }, (_, i) => ({ no: `R${i + 1}`, amount: i * 10 }));
    const seen: string[] = [];
    await x.writeRows(rows, (r) => {
      seen.push(r.no);
      return [
        { t: 's', v: r.no },
        { t: 'n', v: r.amount, z: '#,##0' },
      ];
    });
    await x.writeRows([{ no: 'last', amount: -1 }], (r) => [
      { t: 's', v: r.no },
      { t: 'n', v: r.amount },
    ]);
    await x.end();
    await done;
    expect(seen).toHaveLength(250);
    const ws = XLSX.read(Buffer.concat(chunks), { type: 'buffer' }).Sheets['목록'];
    const read = XLSX.utils.sheet_to_json<[string, number]>(ws, { header: 1, raw: true });
    expect(read).toHaveLength(252);
    expect(read[1]).toEqual(['R1', 0]);
    expect(read[100]).toEqual(['R100', 990]);
    expect(read[101]).toEqual(['R101', 1000]);
    expect(read[250]).toEqual(['R250', 2490]);
    expect(read[251]).toEqual(['last', -1]);
    expect(ws.A252.v).toBe('last');
    expect(x.rowsWritten).toBe(251);
  });
});
