import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { ntsParty } from '../../helpers/nts-party.js';
import type { api } from '../fulfilment/helpers.js';
import { standardXml } from '../../../server/modules/tax-invoices/file-provider.js';
import type { ReverseIssueRequest } from '../../../server/modules/tax-invoices/provider.js';

/**
 * What the tax-invoice API tests that post to an ERP share (amendments, supplier-amendments, posting-gate): a stand-in
 * ERP and an app with the posting gate on that sends to it, the invoice reads, and a supplier's document in the NTS
 * standard XML.
 */

/** A day as the NTS writes it: 2026-11-28 → 20261128. */
export const ymd = (day: string) => day.replace(/-/g, '');

/** The business clock's day in Korea. */
export const kstToday = (t: TestApp) => new Date(t.app.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/**
 * An ERP on a local port that books (or, in mode `reject`, refuses with `refusal`: 422, final) and keeps what it was
 * sent.
 */
export function fakeErp<P>(refusal = { code: 'PERIOD_CLOSED', message: '회계기간이 마감되었습니다' }) {
  const state = { mode: 'ok' as 'ok' | 'reject', bodies: [] as P[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      const [status, body] = state.mode === 'reject' ? [422, refusal] : [200, { docNo: `ERP-${state.bodies.length}` }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return { server, state };
}

/** The ERP listening, and an app that posts to it (no retries) with the tax-invoice posting gate on. */
export async function gatedAppWith(erp: { server: http.Server }): Promise<TestApp> {
  await new Promise<void>((resolve) => erp.server.listen(0, '127.0.0.1', resolve));
  const port = (erp.server.address() as AddressInfo).port;
  return buildTestApp({
    config: { taxInvoiceGate: true, erpUrl: `http://127.0.0.1:${port}/vouchers`, erpRetries: 0, erpBackoffMs: 1 },
  });
}

/** The app (if it was built) and the ERP closed. */
export async function closeWith(t: TestApp | undefined, erp: { server: http.Server }) {
  await t?.close();
  await new Promise((resolve) => erp.server.close(resolve));
}

/**
 * The operator's reads of invoices: one invoice's detail, and a settlement's invoices drawn. `cast` is read at each
 * call, so they can be made before the suite's `beforeAll` has built its app.
 */
export function invoiceReads<Inv>(cast: () => { rest: ReturnType<typeof api>; operator: LoggedIn }) {
  const invoice = async (mgtKey: string): Promise<Inv> => {
    const { rest, operator } = cast();
    return (await rest.get(`/api/v1/tax-invoices/${mgtKey}`, operator)).body;
  };
  /** The settlement's invoices drawn (one per tax type of its lines). */
  const draw = async (settleNo: string) => {
    const { rest, operator } = cast();
    const r = await rest.post(`/api/v1/settlements/${settleNo}/tax-invoices`, operator);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.rows as Inv[];
  };
  return { invoice, draw };
}

/** A document a supplier issued: its type, 작성일자 (YYYY-MM-DD), amounts and, for an amendment, its case and original. */
export interface SupplierDocument {
  typeCode: ReverseIssueRequest['typeCode'];
  writeDate: string;
  supply: bigint;
  tax: bigint;
  /** Makes its approval number: the day it was issued, the suite's series, then the serial. */
  serial: number;
  modifyCode?: number;
  /** The original's NTS approval number. */
  original?: string;
  /** The day its approval number names (the suite's today unless given). */
  issued?: string;
  /** Its supplier's business number (the suite's supplier unless given). */
  invoicer?: string;
}

/**
 * A supplier-issued document in the NTS standard XML (the file provider's writer: modify code and original where the
 * standard puts them), and its approval number. `suite` names the suite's supplier, the buyer, today, and the eight
 * digits its approval numbers carry (so that two suites' numbers never meet).
 */
export function supplierXml(
  o: SupplierDocument,
  suite: { invoicer: string; invoicee: string; today: string; series: string },
) {
  const approval = `${ymd(o.issued ?? suite.today)}${suite.series}${String(o.serial).padStart(8, '0')}`;
  const request: ReverseIssueRequest = {
    mgtKey: 'X',
    writeDate: ymd(o.writeDate),
    taxType: o.typeCode.endsWith('02')
      ? 'ZERO_RATED'
      : o.typeCode.startsWith('03') || o.typeCode.startsWith('04')
        ? 'EXEMPT'
        : 'TAXABLE',
    purposeType: '02',
    typeCode: o.typeCode,
    zeroRatedEvidence: null,
    modifyCode: o.modifyCode ?? null,
    orgNTSConfirmNum: o.original ?? null,
    invoicer: ntsParty(o.invoicer ?? suite.invoicer, '공급자'),
    invoicee: ntsParty(suite.invoicee, '공급자'),
    supplyCostTotal: o.supply.toString(),
    taxTotal: o.tax.toString(),
    totalAmount: (o.supply + o.tax).toString(),
    detailList: [
      {
        serialNum: 1,
        purchaseDT: ymd(o.writeDate),
        itemName: '월 납품분',
        spec: null,
        qty: null,
        unitCost: null,
        supplyCost: o.supply.toString(),
        tax: o.tax.toString(),
        remark: null,
      },
    ],
    remark1: null,
  };
  const xml = standardXml(request, {
    status: 'ISSUED',
    ntsConfirmNum: approval,
    ntsResult: null,
    memo: null,
    issueDT: null,
  });
  return { xml, approval };
}
