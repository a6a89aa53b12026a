import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Tax types (docs/tax-invoices.md "Tax types"): 과세 (TAXABLE, 10 %), 영세율 (ZERO_RATED, 0 %: 부가가치세법
 * §21–§24, for a domestic supply under a 내국신용장 or 구매확인서 by 시행령 §31②), 면세 (EXEMPT: §26, invoiced
 * on a 계산서, 소득세법 §163 / 법인세법 §121, not a 세금계산서).
 *
 * - `item.tax_type`: the item's own, or null (then the supplier's default applies);
 * - `company.tax_type`: the supplier's default, with its 영세율 evidence (the kind and number of the
 *   내국신용장 or 구매확인서) — required when the default is 영세율;
 * - `settlement_line.tax_type`: the line's, taken when the settlement is built (the item's, else the
 *   supplier's), with the evidence it was zero-rated under; existing lines are 과세, as they were invoiced;
 * - `tax_invoice.zero_rated_doc_*`: the evidence a 영세율 invoice was drawn with, sent to the provider.
 */
const TYPES = `('TAXABLE','ZERO_RATED','EXEMPT')`;
const DOC_KINDS = `('LOCAL_LC','PURCHASE_CONFIRMATION')`;
const evidence = (table: string) => `
alter table ${table} add column zero_rated_doc_kind varchar(24) check (zero_rated_doc_kind in ${DOC_KINDS});
alter table ${table} add column zero_rated_doc_no varchar(35) check (length(trim(zero_rated_doc_no)) > 0);
alter table ${table} add constraint ${table}_zero_rated_doc_pair check ((zero_rated_doc_kind is null) = (zero_rated_doc_no is null));`;

const up_sql = `
alter table item add column tax_type varchar(12) check (tax_type in ${TYPES});
alter table company add column tax_type varchar(12) not null default 'TAXABLE' check (tax_type in ${TYPES});
${evidence('company')}
alter table company add constraint company_zero_rated_evidence check (tax_type <> 'ZERO_RATED' or zero_rated_doc_no is not null);
alter table settlement_line add column tax_type varchar(12) not null default 'TAXABLE' check (tax_type in ${TYPES});
${evidence('settlement_line')}
${evidence('tax_invoice')}
`;

export async function up(db: Kysely<any>): Promise<void> {
  await runSqlScript(db, up_sql);
}
