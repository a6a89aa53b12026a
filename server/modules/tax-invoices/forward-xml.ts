/**
 * 정발행 intake: a tax invoice the supplier issued itself, as the NTS/KEC standard XML (`TaxInvoice`),
 * read with fast-xml-parser and checked before anything is stored (docs/tax-invoices.md "정발행"):
 * the required fields, the approval number (24 digits, a real date not before 작성일자), the type
 * (0101 일반, 0102 영세율, 0301 계산서; amended: 0201, 0202 수정세금계산서 and 0401 수정계산서, each with its
 * AmendmentStatusCode 1–6 and the OriginalIssueID it amends) and purpose (01 영수, 02 청구), both business numbers' check digits, the
 * buyer's own number as the invoicee, ChargeTotal + TaxTotal = GrandTotal, and the lines adding up
 * to the header. Every problem is reported at once, in Korean, at its element.
 */
import { XMLParser } from 'fast-xml-parser';
import { josa, particle } from '../../../lib/josa.js';
import { validCorpNum } from '../../config-tax-invoices.js';
import type { TaxType } from './amounts.js';
import { approvalNumberProblem, calendarDay } from './approval-number.js';

interface ForwardLine {
  lineNo: number;
  /** MMDD of the supply (PurchaseExpiryDateTime), or null. */
  monthDay: string | null;
  itemName: string;
  spec: string | null;
  quantity: string | null;
  unitPrice: string | null;
  supply: bigint;
  tax: bigint;
}

/** A 수정(세금)계산서's reference: the NTS modify code (1–6) and the original's approval number. */
interface ForwardAmendment {
  code: number;
  originalNtsConfirmNum: string;
}

export interface ForwardInvoice {
  ntsConfirmNum: string;
  taxType: TaxType;
  /** The NTS type code as sent (0101 … 0401). */
  typeCode: string;
  amendment: ForwardAmendment | null;
  purposeType: '01' | '02';
  /** YYYY-MM-DD */
  writeDate: string;
  invoicerCorpNum: string;
  invoicerName: string | null;
  invoicerTaxRegId: string | null;
  invoiceeCorpNum: string;
  supply: bigint;
  tax: bigint;
  total: bigint;
  lines: ForwardLine[];
}

export interface XmlProblem {
  /** The element, as a path below the body's xml (body/xml/TaxInvoiceDocument/IssueID). */
  path: string;
  message: string;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Every value stays text: a 24-digit number or a business number with a leading zero must not become a float.
  parseTagValue: false,
  trimValues: true,
  // Line items repeat; everything else appears once.
  isArray: (name) => name === 'TaxInvoiceTradeLineItem',
  processEntities: true,
});

type Node = Record<string, unknown>;
const child = (n: unknown, name: string): Node | undefined =>
  n && typeof n === 'object' && name in (n as Node) ? ((n as Node)[name] as Node) : undefined;
const text = (n: unknown, ...names: string[]): string | null => {
  let cur: unknown = n;
  for (const name of names) cur = child(cur, name);
  if (cur === undefined || cur === null || typeof cur === 'object') return null;
  const s = String(cur).trim();
  return s === '' ? null : s;
};
const WON = /^-?\d{1,15}$/;

/**
 * The NTS type codes taken in (전자세금계산서 표준: the first two digits the document — 01 세금계산서, 02 수정세금계산서,
 * 03 계산서, 04 수정계산서 — the last two its kind, 01 일반, 02 영세율); 위수탁 and 수입 kinds are not the buyer's.
 */
const TYPE_CODES: Record<string, { taxType: TaxType; amended: boolean }> = {
  '0101': { taxType: 'TAXABLE', amended: false },
  '0102': { taxType: 'ZERO_RATED', amended: false },
  '0201': { taxType: 'TAXABLE', amended: true },
  '0202': { taxType: 'ZERO_RATED', amended: true },
  '0301': { taxType: 'EXEMPT', amended: false },
  '0401': { taxType: 'EXEMPT', amended: true },
};
const digitsOnly = (s: string | null) => (s === null ? null : s.replace(/-/g, ''));

/**
 * The parser's refusal in Korean: where (line and column, which its message ends with) and what to
 * check, never its own text.
 */
function unreadableXml(err: unknown): string {
  const at = /:(\d+):(\d+)\s*$/.exec(err instanceof Error ? err.message : '');
  const where = at ? ` (${at[1]}행 ${at[2]}열)` : '';
  return `XML 형식이 올바르지 않습니다${where}. 태그가 닫혔는지, 허용되지 않는 문자가 없는지 확인하세요`;
}

/** Reads and checks the XML; answers the invoice, or every problem found. */
export function readForwardXml(
  xml: string,
  buyerCorpNum: string,
): { ok: true; invoice: ForwardInvoice } | { ok: false; problems: XmlProblem[] } {
  const problems: XmlProblem[] = [];
  const at = (path: string, message: string) => problems.push({ path: `body/xml/${path}`, message });
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (err) {
    // Our own words: the parser's message (English, quoting the input) never reaches a client.
    return { ok: false, problems: [{ path: 'body/xml', message: unreadableXml(err) }] };
  }
  const root = child(doc, 'TaxInvoice');
  if (!root)
    return {
      ok: false,
      problems: [{ path: 'body/xml', message: '국세청 표준 전자세금계산서(TaxInvoice) XML이 아닙니다' }],
    };
  const d = child(root, 'TaxInvoiceDocument');
  const s = child(root, 'TaxInvoiceTradeSettlement');
  if (!d) at('TaxInvoiceDocument', '세금계산서 문서 정보(TaxInvoiceDocument)가 없습니다');
  if (!s) at('TaxInvoiceTradeSettlement', '거래 정보(TaxInvoiceTradeSettlement)가 없습니다');

  // 작성일자
  const issueDate = text(d, 'IssueDateTime');
  const writeDate = issueDate ? calendarDay(issueDate.replace(/-/g, '').slice(0, 8)) : null;
  if (!issueDate) at('TaxInvoiceDocument/IssueDateTime', '작성일자(IssueDateTime)가 없습니다');
  else if (!writeDate) at('TaxInvoiceDocument/IssueDateTime', `작성일자가 올바른 날짜가 아닙니다: ${issueDate}`);

  // 승인번호
  const issueId = text(d, 'IssueID');
  let ntsConfirmNum = '';
  if (!issueId) at('TaxInvoiceDocument/IssueID', '국세청 승인번호(IssueID)가 없습니다');
  else {
    const problem = approvalNumberProblem(issueId, writeDate ?? '0000-00-00');
    if (problem === 'FORMAT') at('TaxInvoiceDocument/IssueID', `승인번호는 24자리 숫자여야 합니다: ${issueId}`);
    else if (problem === 'DATE') at('TaxInvoiceDocument/IssueID', `승인번호의 앞 8자리가 날짜가 아닙니다: ${issueId}`);
    else if (problem === 'BEFORE_WRITE_DATE')
      at('TaxInvoiceDocument/IssueID', `승인번호의 발급일이 작성일자(${writeDate})보다 앞섭니다: ${issueId}`);
    else ntsConfirmNum = issueId.replace(/-/g, '');
  }

  // 종류와 영수/청구
  const typeCode = text(d, 'TypeCode');
  const kind = typeCode !== null && Object.hasOwn(TYPE_CODES, typeCode) ? TYPE_CODES[typeCode]! : null;
  const taxType = kind?.taxType ?? null;
  if (!typeCode) at('TaxInvoiceDocument/TypeCode', '세금계산서 종류(TypeCode)가 없습니다');
  else if (!kind)
    at(
      'TaxInvoiceDocument/TypeCode',
      `일반(0101)·영세율(0102) 세금계산서, 계산서(0301)와 그 수정분(0201, 0202, 0401)만 받을 수 있습니다: ${typeCode}`,
    );

  // 수정사유와 당초 승인번호: a 수정(세금)계산서 names both (the NTS standard's AmendmentStatusCode, OriginalIssueID).
  const amendCode = text(d, 'AmendmentStatusCode');
  const originalId = digitsOnly(text(d, 'OriginalIssueID'));
  let amendment: ForwardAmendment | null = null;
  if (kind?.amended) {
    const code = amendCode && /^0?[1-6]$/.test(amendCode) ? Number(amendCode) : null;
    if (!amendCode)
      at('TaxInvoiceDocument/AmendmentStatusCode', '수정세금계산서의 수정사유(AmendmentStatusCode)가 없습니다');
    else if (code === null) at('TaxInvoiceDocument/AmendmentStatusCode', `수정사유는 01–06이어야 합니다: ${amendCode}`);
    if (!originalId)
      at('TaxInvoiceDocument/OriginalIssueID', '수정세금계산서의 당초 승인번호(OriginalIssueID)가 없습니다');
    else if (!/^\d{24}$/.test(originalId))
      at('TaxInvoiceDocument/OriginalIssueID', `당초 승인번호는 24자리 숫자여야 합니다: ${originalId}`);
    if (code !== null && originalId && /^\d{24}$/.test(originalId))
      amendment = { code, originalNtsConfirmNum: originalId };
  } else if (kind && (amendCode || originalId))
    at(
      'TaxInvoiceDocument/AmendmentStatusCode',
      `수정사유와 당초 승인번호는 수정세금계산서(02xx, 04xx)에만 적습니다: 종류 ${typeCode}`,
    );
  const purpose = text(d, 'PurposeCode');
  if (!purpose) at('TaxInvoiceDocument/PurposeCode', '영수/청구 구분(PurposeCode)이 없습니다');
  else if (purpose !== '01' && purpose !== '02')
    at('TaxInvoiceDocument/PurposeCode', `영수/청구 구분은 01(영수) 또는 02(청구)여야 합니다: ${purpose}`);

  // 공급자와 공급받는자
  const invoicer = child(s, 'InvoicerParty');
  const invoicee = child(s, 'InvoiceeParty');
  const invoicerCorpNum = digitsOnly(text(invoicer, 'ID'));
  const invoiceeCorpNum = digitsOnly(text(invoicee, 'ID'));
  const path = 'TaxInvoiceTradeSettlement';
  if (!invoicerCorpNum) at(`${path}/InvoicerParty/ID`, '공급자 사업자등록번호가 없습니다');
  else if (!validCorpNum(invoicerCorpNum))
    at(`${path}/InvoicerParty/ID`, `공급자 사업자등록번호가 올바르지 않습니다: ${invoicerCorpNum}`);
  if (!invoiceeCorpNum) at(`${path}/InvoiceeParty/ID`, '공급받는자 사업자등록번호가 없습니다');
  else if (!validCorpNum(invoiceeCorpNum))
    at(`${path}/InvoiceeParty/ID`, `공급받는자 사업자등록번호가 올바르지 않습니다: ${invoiceeCorpNum}`);
  else if (invoiceeCorpNum !== buyerCorpNum)
    at(
      `${path}/InvoiceeParty/ID`,
      `공급받는자 사업자등록번호(${invoiceeCorpNum})가 우리 회사(${buyerCorpNum})가 아닙니다`,
    );

  // 금액: 공급가액 + 세액 = 합계
  const sum = child(s, 'SpecifiedMonetarySummation');
  const amount = (name: string, label: string): bigint | null => {
    const v = text(sum, name);
    if (v === null) {
      at(`${path}/SpecifiedMonetarySummation/${name}`, `${label}(${name})${particle(label, '이/가')} 없습니다`);
      return null;
    }
    if (!WON.test(v)) {
      at(`${path}/SpecifiedMonetarySummation/${name}`, `${josa(label, '은/는')} 원 단위 정수여야 합니다: ${v}`);
      return null;
    }
    return BigInt(v);
  };
  const supply = amount('ChargeTotalAmount', '공급가액 합계');
  const tax = amount('TaxTotalAmount', '세액 합계');
  const total = amount('GrandTotalAmount', '총금액');
  if (supply !== null && tax !== null && total !== null && supply + tax !== total)
    at(
      `${path}/SpecifiedMonetarySummation/GrandTotalAmount`,
      `공급가액(${supply})과 세액(${tax})의 합이 총금액(${total})과 다릅니다`,
    );
  if (taxType === 'ZERO_RATED' && tax !== null && tax !== 0n)
    at(`${path}/SpecifiedMonetarySummation/TaxTotalAmount`, `영세율 세금계산서의 세액은 0이어야 합니다: ${tax}`);
  if (taxType === 'EXEMPT' && tax !== null && tax !== 0n)
    at(`${path}/SpecifiedMonetarySummation/TaxTotalAmount`, `계산서(면세)에는 세액이 없습니다: ${tax}`);

  // 품목
  const items = (root.TaxInvoiceTradeLineItem as Node[] | undefined) ?? [];
  if (items.length === 0) at('TaxInvoiceTradeLineItem', '품목(TaxInvoiceTradeLineItem)이 하나도 없습니다');
  if (items.length > 99) at('TaxInvoiceTradeLineItem', `품목은 99개까지입니다: ${items.length}개`);
  const lines: ForwardLine[] = [];
  items.slice(0, 99).forEach((item, i) => {
    const p = `TaxInvoiceTradeLineItem/${i}`;
    const name = text(item, 'NameText');
    const lineSupply = text(item, 'InvoiceAmount');
    const lineTax = text(item, 'TotalTax', 'CalculatedAmount') ?? '0';
    if (!name) at(`${p}/NameText`, `${i + 1}번째 품목의 품목명이 없습니다`);
    if (!lineSupply || !WON.test(lineSupply))
      at(`${p}/InvoiceAmount`, `${i + 1}번째 품목의 공급가액이 원 단위 정수가 아닙니다: ${lineSupply ?? '(없음)'}`);
    if (!WON.test(lineTax)) at(`${p}/TotalTax`, `${i + 1}번째 품목의 세액이 원 단위 정수가 아닙니다: ${lineTax}`);
    const day = digitsOnly(text(item, 'PurchaseExpiryDateTime'));
    const qty = text(item, 'ChargeableUnitQuantity');
    const price = text(item, 'UnitPrice', 'UnitAmount');
    lines.push({
      lineNo: i + 1,
      monthDay: day && /^\d{8}$/.test(day) ? `${day.slice(4, 6)}-${day.slice(6, 8)}` : null,
      itemName: (name ?? '').slice(0, 200),
      spec: text(item, 'InformationText')?.slice(0, 300) ?? null,
      quantity: qty && /^-?\d{1,12}(\.\d{1,3})?$/.test(qty) ? qty : null,
      unitPrice: price && /^-?\d{1,16}(\.\d{1,2})?$/.test(price) ? price : null,
      supply: lineSupply && WON.test(lineSupply) ? BigInt(lineSupply) : 0n,
      tax: WON.test(lineTax) ? BigInt(lineTax) : 0n,
    });
  });
  if (problems.length === 0 && supply !== null && tax !== null) {
    const lineSupply = lines.reduce((a, l) => a + l.supply, 0n);
    const lineTax = lines.reduce((a, l) => a + l.tax, 0n);
    if (lineSupply !== supply)
      at('TaxInvoiceTradeLineItem', `품목 공급가액의 합(${lineSupply})이 공급가액 합계(${supply})와 다릅니다`);
    if (lineTax !== tax) at('TaxInvoiceTradeLineItem', `품목 세액의 합(${lineTax})이 세액 합계(${tax})와 다릅니다`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    invoice: {
      ntsConfirmNum,
      taxType: taxType!,
      typeCode: typeCode!,
      amendment,
      purposeType: purpose as '01' | '02',
      writeDate: writeDate!,
      invoicerCorpNum: invoicerCorpNum!,
      invoicerName: text(invoicer, 'NameText'),
      invoicerTaxRegId: text(invoicer, 'SpecifiedOrganization', 'TaxRegistrationID'),
      invoiceeCorpNum: invoiceeCorpNum!,
      supply: supply!,
      tax: tax!,
      total: total!,
      lines,
    },
  };
}
