/**
 * The seam between GPMS and the tax-invoice provider (ASP: Popbill, Barobill, …), like the ERP
 * connector: a provider call never throws for the provider's failure — it answers what happened,
 * and a refusal keeps the provider's code and message. Every call about one invoice carries our own
 * management key (관리번호), so a request repeated after a lost answer finds the same document.
 */
import crypto from 'node:crypto';
import type { TaxType } from './amounts.js';

/** The states a provider reports for a reverse-issued invoice (ours: machine.ts). */
export type ProviderStatus = 'REQUESTED' | 'ISSUED' | 'SENT' | 'NTS_SUCCESS' | 'NTS_FAILED' | 'REFUSED' | 'CANCELLED';

export interface InvoiceParty {
  /** 사업자등록번호, 10 digits. */
  corpNum: string;
  /** 종사업장번호, 4 digits, or null for the head office. */
  taxRegId: string | null;
  corpName: string;
  ceoName: string;
  addr: string | null;
  bizType: string | null;
  bizClass: string | null;
  contactName: string | null;
  email: string | null;
}

interface ReverseIssueLine {
  serialNum: number;
  /** YYYYMMDD */
  purchaseDT: string;
  itemName: string;
  spec: string | null;
  qty: string | null;
  unitCost: string | null;
  supplyCost: string;
  tax: string;
  remark: string | null;
}

/** One reverse-issue request, in the provider's field names (Popbill's). */
export interface ReverseIssueRequest {
  mgtKey: string;
  /** YYYYMMDD, the 작성일자. */
  writeDate: string;
  /** 과세, 영세율 or 면세: an EXEMPT one is a 계산서 (typeCode 0301), never sent as taxable. */
  taxType: TaxType;
  /** The NTS document type: 0101 세금계산서, 0102 영세율 세금계산서, 0301 계산서; an amendment's 0201, 0202, 0401. */
  typeCode: '0101' | '0102' | '0301' | '0201' | '0202' | '0401';
  /** 01 영수, 02 청구: a monthly invoice on credit is 청구. */
  purposeType: '01' | '02';
  /** The 내국신용장 or 구매확인서 a 영세율 invoice is zero-rated under (부가가치세법 시행령 §31②). */
  zeroRatedEvidence: { kind: 'LOCAL_LC' | 'PURCHASE_CONFIRMATION'; no: string } | null;
  /** An amendment (수정세금계산서): the provider's modify code (1–6) and the original's NTS approval number. */
  modifyCode: number | null;
  orgNTSConfirmNum: string | null;
  invoicer: InvoiceParty;
  invoicee: InvoiceParty;
  supplyCostTotal: string;
  taxTotal: string;
  totalAmount: string;
  detailList: ReverseIssueLine[];
  remark1: string | null;
}

export interface ProviderState {
  status: ProviderStatus;
  /** The 24-digit NTS approval number once issued. */
  ntsConfirmNum: string | null;
  /** The NTS's result code after transmission (success or the failure's code). */
  ntsResult: string | null;
  /** The supplier's refusal reason or the provider's message. */
  memo: string | null;
  /** ISO instant of the supplier's issue. */
  issueDT: string | null;
}

export type ProviderResult<T> =
  | { ok: true; value: T; attempts: number }
  | { ok: false; attempts: number; code: string | null; message: string; httpStatus: number | null };

export interface TaxInvoiceProvider {
  readonly kind: 'file' | 'http';
  /** Registers the invoice and asks the supplier to issue it; a key already requested answers `created: false`. */
  requestReverseIssue(request: ReverseIssueRequest): Promise<ProviderResult<{ created: boolean }>>;
  /** Withdraws a request the supplier has not acted on. */
  cancelRequest(mgtKey: string, memo: string): Promise<ProviderResult<null>>;
  state(mgtKey: string): Promise<ProviderResult<ProviderState>>;
  /** The provider's standard XML (the NTS's TaxInvoice) or its PDF of an issued invoice. */
  document(mgtKey: string, format: 'xml' | 'pdf'): Promise<ProviderResult<Buffer>>;
}

/** A provider's management key: 1–24 of [A-Za-z0-9_-], unique per business number (the buyer's). */
export const MGT_KEY = /^[A-Za-z0-9_-]{1,24}$/;

/**
 * Our management key for a settlement's invoice of one tax type, revision `n` (a re-request after a
 * refusal is the same document; an amendment is a new one): readable when it fits, else a hash.
 */
export function mgtKeyFor(settleNo: string, taxType: TaxType, revision = 0): string {
  const tag = { TAXABLE: 'T', ZERO_RATED: 'Z', EXEMPT: 'E' }[taxType];
  const readable = `${settleNo.replace(/[^A-Za-z0-9_-]/g, '')}-${tag}${revision > 0 ? `-${revision}` : ''}`;
  if (MGT_KEY.test(readable)) return readable;
  return `G${crypto.createHash('sha256').update(`${settleNo}|${taxType}|${revision}`).digest('hex').slice(0, 23)}`;
}
