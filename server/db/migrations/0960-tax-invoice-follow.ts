import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Following the provider by itself (docs/tax-invoices.md "Following the provider", issue 70 item 4): one row per
 * invoice the job `taxInvoices.follow` has looked at — when it looks next (a backoff of its own per invoice, so
 * one provider failure does not hold up the others), what the last look found, and the NTS transmission
 * deadline (부가가치세법 §32③, 시행령 §68⑦: the day after the issue, moved past non-business days by
 * 국세기본법 §5①) with whether the transmission was later. Staff only (no comp_no): a supplier's role has no
 * grant on it, as on settlement_tax_gate_bypass.
 */
const up_sql = `
create table tax_invoice_follow (
  mgt_key            varchar(24) primary key references tax_invoice(mgt_key),
  attempts           integer not null default 0 check (attempts >= 0),
  next_check_at      timestamptz not null,
  last_checked_at    timestamptz,
  last_outcome       varchar(10) check (last_outcome in ('OK','FAILED','GAVE_UP')),
  last_error         varchar(1000),
  issue_date         date,
  transmit_deadline  date,
  transmitted_on     date,
  transmit_state     varchar(10) check (transmit_state in ('ON_TIME','LATE')),
  updated_at         timestamptz not null default now(),
  check ((issue_date is null) = (transmit_deadline is null))
);
create index tax_invoice_follow_due on tax_invoice_follow(next_check_at);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, 'drop table if exists tax_invoice_follow;');
}
