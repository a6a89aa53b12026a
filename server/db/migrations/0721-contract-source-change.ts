import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * An amendment (변경계약) of a contract made for a PO may carry the change of the order it agrees
 * (`source_change`: the new due date and line quantities, prices, delivery dates, in the shape of a
 * PO change request). It is applied through the order's change path only when the amendment is
 * executed (docs/contracts.md). The column is part of what an executed contract never changes, so
 * the freezing trigger's function is replaced with it included.
 */
const up_sql = `
alter table econtract add column source_change jsonb;
create or replace function econtract_executed_frozen() returns trigger language plpgsql security definer as $$ begin if old.status = 'EXECUTED' then if tg_op = 'DELETE' or (new.status, new.comp_no, new.template_no, new.template_version, new.contract_type, new.sign_order, new.title, new.source_kind, new.source_no, new.supply_amount, new.vat_amount, new.total_amount, new.start_date, new.end_date, new.contract_date, new.variables, new.document_sha, new.executed_sha, new.supplier_signed_by, new.supplier_signed_at, new.buyer_signed_by, new.buyer_signed_at, new.executed_at, new.stamp_duty, new.stamp_buyer_share, new.amends_contract_no, new.change_summary, new.source_change) is distinct from (old.status, old.comp_no, old.template_no, old.template_version, old.contract_type, old.sign_order, old.title, old.source_kind, old.source_no, old.supply_amount, old.vat_amount, old.total_amount, old.start_date, old.end_date, old.contract_date, old.variables, old.document_sha, old.executed_sha, old.supplier_signed_by, old.supplier_signed_at, old.buyer_signed_by, old.buyer_signed_at, old.executed_at, old.stamp_duty, old.stamp_buyer_share, old.amends_contract_no, old.change_summary, old.source_change) then raise exception 'an executed econtract does not change' using errcode = '55000'; end if; end if; if tg_op = 'DELETE' then return old; end if; return new; end $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
