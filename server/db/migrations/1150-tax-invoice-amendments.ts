import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 수정세금계산서 by 부가가치세법 시행령 §70①'s cases (docs/tax-invoices.md "수정세금계산서"):
 * - `tax_invoice.amend_cause_date`: the day the cause arose (환입된 날, 계약해제일, the change's day, the
 *   내국신용장's opening, the day an error was found), which is the 작성일자 where the law says so;
 *   with the case (amend_reason) and the 작성일자 it gives the amendment's issue deadline, computed on every read from
 *   the holiday table (the 10th after the cause, or a year after the period's 확정신고기한), so an amendment is not
 *   judged against the original's 10th;
 * - `erp_voucher.corrects_voucher_no` and `amend_mgt_key`: a correcting voucher for an amended invoice whose
 *   settlement was already posted — a second voucher of the same settlement, so the one-voucher-per-settlement
 *   rule holds for the settlement's own voucher only.
 * Amendments made before this have neither date; they keep being judged as before.
 */
const up_sql = `
alter table tax_invoice add column amend_cause_date date;
alter table tax_invoice add constraint tax_invoice_amend_cause
  check (amends_mgt_key is not null or amend_cause_date is null);

alter table erp_voucher add column corrects_voucher_no varchar(20) references erp_voucher(voucher_no);
alter table erp_voucher add column amend_mgt_key varchar(24) references tax_invoice(mgt_key);
alter table erp_voucher add constraint erp_voucher_correction
  check ((corrects_voucher_no is null) = (amend_mgt_key is null));
alter table erp_voucher drop constraint erp_voucher_settle_no_key;
create unique index erp_voucher_settlement_own on erp_voucher(settle_no) where corrects_voucher_no is null;
create unique index erp_voucher_correction_once on erp_voucher(amend_mgt_key) where amend_mgt_key is not null;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
