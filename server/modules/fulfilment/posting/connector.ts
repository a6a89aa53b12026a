/**
 * The seam between GPMS and the ERP (docs/fulfilment.md "ERP posting"). A connector posts one
 * voucher under an idempotency key and answers what happened; it never throws for an ERP
 * failure. Two adapters: `http-adapter.ts` (ERP_URL set: POST with retries, exponential
 * backoff and an Idempotency-Key header) and `file-adapter.ts` (the default: a JSON file per
 * voucher under erp-vouchers/ of the file store (DATA_DIR or FILE_STORE's bucket), for an ERP that imports files).
 */
import type { Config } from '../../../config.js';
import { createFileAdapter } from './file-adapter.js';
import { createHttpAdapter } from './http-adapter.js';
import { objectStoreFor } from '../../../storage/open.js';

export interface VoucherLine {
  lineNo: number;
  side: 'DEBIT' | 'CREDIT';
  /**
   * GOODS (per expense type), ADJUSTMENT, VAT (부가세대급금, the invoices' input tax) or PAYABLE (외상매입금) on a
   * settlement's voucher; INTEREST (이자비용: 하도급 지연이자), BILL_FEE (지급수수료: 어음 할인료 or 어음대체결제
   * 수수료) and OTHER_PAYABLE (미지급금) on a payment's charge voucher. The ERP maps each kind to its account.
   */
  kind: 'GOODS' | 'ADJUSTMENT' | 'VAT' | 'PAYABLE' | 'INTEREST' | 'BILL_FEE' | 'OTHER_PAYABLE';
  /** EXPENSES code of the goods lines (the ERP maps it to its account). */
  expenses: string | null;
  description: string;
  /** Whole won, never negative (the side carries the sign). */
  amount: string;
}

/** What the ERP receives, as JSON. Balanced: Σ debit = Σ credit. */
export interface VoucherPayload {
  voucherNo: string;
  settleNo: string;
  period: string;
  postingDate: string;
  vendor: { compNo: string; name: string; taxNo: string };
  currency: 'KRW';
  amount: string;
  lines: VoucherLine[];
  /** The NTS approval numbers of the settlement's transmitted invoices (comma-separated), or null when posted without one (the gate off or bypassed). */
  ntsConfirmNum?: string | null;
  /**
   * 하도급 settlements only: the 지급 기한 (the earliest of its 하도급 lines', 하도급법 제13조), which the ERP's
   * payment run must meet; null (or absent, on vouchers made before it) when none of its lines is 하도급.
   */
  paymentDue?: string | null;
  /**
   * A payment's charge voucher only (kind SUBCON_CHARGE): the payment that owes the 지연이자 and fee
   * (하도급법 제13조제6항·제7항·제8항), so the ERP can pay them with it.
   */
  subconCharge?: {
    paidOn: string;
    method: 'CASH' | 'BILL' | 'BILL_SUBSTITUTE';
    billMaturity: string | null;
    lateInterest: string;
    billFee: string;
  };
}

export type PostResult =
  | { ok: true; erpDocNo: string; attempts: number }
  | { ok: false; attempts: number; message: string; httpStatus: number | null; erpCode: string | null };

export interface ErpConnector {
  readonly kind: 'file' | 'http';
  post(payload: VoucherPayload, idempotencyKey: string): Promise<PostResult>;
}

export function createErpConnector(
  config: Pick<Config, 'erpUrl' | 'erpTimeoutMs' | 'erpRetries' | 'erpBackoffMs' | 'dataDir' | 'fileStore'>,
): ErpConnector {
  if (config.erpUrl)
    return createHttpAdapter({
      url: config.erpUrl,
      timeoutMs: config.erpTimeoutMs,
      retries: config.erpRetries,
      backoffMs: config.erpBackoffMs,
    });
  return createFileAdapter(objectStoreFor(config));
}

/** Longest a posting may take with every retry: a voucher SENT longer ago than this was interrupted and may be sent again. */
export function postingWindowMs(config: Pick<Config, 'erpTimeoutMs' | 'erpRetries' | 'erpBackoffMs'>): number {
  let total = config.erpTimeoutMs * (config.erpRetries + 1);
  for (let i = 0; i < config.erpRetries; i++) total += Math.min(config.erpBackoffMs * 2 ** i, 30_000);
  return total + 60_000;
}
