/**
 * The supplier is told when its invoice is refused (docs/tax-invoices.md "The supplier is told"): through the
 * notifications module's own command (notifyTaxInvoiceRefused), never by writing its rows. Every refusal path:
 * - the 역발행 request refused: by a user of the supplier in /cyber (supplier-issue.ts) or at the provider, which
 *   reports it (상태 확인, the follow-up job: provider-sync.ts) — the company's users keep it on record with the reason;
 * - the NTS refused the transmission (전송 실패: the provider's report, or staff recording it: transmission.ts) —
 *   the issuer must send it again;
 * - the buyer would not take in the supplier's own XML (정발행 등록 refused: forward-intake.ts) — with the refusal's
 *   reason and the document's amounts.
 */
import type { Db } from '../../db/connect.js';
import { asOwner } from '../../db/company-scope.js';
import { notifyTaxInvoiceRefused } from '../notifications/supplier.js';
import type { Invoice } from './invoice-moves.js';

/** A reverse-issued or forward invoice of ours refused (the provider, the NTS): told in the refusal's transaction. */
export function tellSupplierOfRefusal(
  trx: Db,
  inv: Pick<Invoice, 'compNo' | 'mgtKey' | 'ntsConfirmNum' | 'settleNo' | 'supplyAmount' | 'taxAmount'>,
  kind: 'REFUSED' | 'NTS_FAILED',
  reason: string | null,
) {
  return notifyTaxInvoiceRefused(asOwner(trx), {
    compNo: inv.compNo,
    kind,
    document: inv.ntsConfirmNum ?? inv.mgtKey,
    settleNo: inv.settleNo,
    reason: reason ?? '',
    supply: String(inv.supplyAmount).split('.')[0]!,
    tax: String(inv.taxAmount).split('.')[0]!,
  });
}
