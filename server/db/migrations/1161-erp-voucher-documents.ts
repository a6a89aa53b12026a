import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Which 수정세금계산서 documents each correcting voucher carries (docs/tax-invoices.md "수정세금계산서"): one row per
 * document, its primary key the document, so no document is ever carried by two vouchers — the key the follow-up
 * job's sweep and the posting module's command (fulfilment/posting/correction.ts) both go by.
 *
 * Why a table and not `erp_voucher.amend_mgt_key` alone: correcting vouchers were first made when an amendment was
 * drafted, one voucher for all its documents (case 1's − and + documents, case 5's − 과세 and + 영세율 ones) naming
 * only the first. Once vouchers moved to the NTS's acceptance, one per document, the second document of such an
 * old amendment looked unpaid and the sweep would post it a second time. The backfill below records, for each old
 * voucher, every document of its amendment: an old voucher is one made before the document it names was accepted
 * (no `ntsSucceeded` event of that document at or before the voucher) — the new way makes it only after — and the
 * amendment's documents are those its audit row (`tax_invoice` AMEND, `documents`, first = the voucher's) lists.
 * Staff only (no comp_no), no grant to the supplier's role: a supplier never reaches the ERP.
 */
const up_sql = `
create table erp_voucher_document (
  mgt_key    varchar(24) primary key references tax_invoice(mgt_key),
  voucher_no varchar(20) not null references erp_voucher(voucher_no)
);
create index erp_voucher_document_voucher on erp_voucher_document(voucher_no);
`;

/** The backfill (exported for its test, which rebuilds an old voucher and runs it again: idempotent). */
export const BACKFILL_SQL = `
insert into erp_voucher_document (mgt_key, voucher_no)
select amend_mgt_key, voucher_no from erp_voucher where amend_mgt_key is not null
on conflict do nothing;
insert into erp_voucher_document (mgt_key, voucher_no)
select d.mgt_key, v.voucher_no
  from erp_voucher v
  join audit_log a on a.entity = 'tax_invoice' and a.action = 'AMEND'
                  and a.after_data -> 'documents' ->> 0 = v.amend_mgt_key
  cross join lateral jsonb_array_elements_text(a.after_data -> 'documents') as d(mgt_key)
  join tax_invoice t on t.mgt_key = d.mgt_key
 where v.amend_mgt_key is not null
   and not exists (select 1 from tax_invoice_event e
                    where e.mgt_key = v.amend_mgt_key and e.action = 'ntsSucceeded' and e.outcome = 'DONE'
                      and e.occurred_at <= v.created_at)
on conflict do nothing;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
  await runSqlScript(db, BACKFILL_SQL);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, 'drop table if exists erp_voucher_document;');
}
