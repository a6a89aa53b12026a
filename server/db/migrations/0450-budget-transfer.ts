import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget transfers (예산전용, docs/budget.md "Transfers"): an amount moved from one budget
 * line to another of the same fiscal year, through the approval lines like a PR.
 *
 * - `budget_transfer`: the document (BT2026-000001), its source and target keys, amount, reason,
 *   status IN_APPROVAL → APPROVED / REJECTED / CANCELLED and its approval round.
 * - `budget_line.transferred`: the signed sum of the approved transfers into (+) and out of (−) the
 *   line, kept by the approval's transaction. `amount` stays the budget as assigned (typed, uploaded,
 *   imported), so re-assigning a budget never undoes a transfer; the budget in force is
 *   amount + transferred, and `transferred` can be re-derived from the APPROVED transfers.
 * - The approval tables accept the document type BUDGET (its DOC_TYPE code and menu: 0451). A rule
 *   for BUDGET is the administrator's to add (the seed adds one): until then a transfer request
 *   answers APPROVAL_RULE_MISSING, like any document without a rule.
 */
const up_sql = `
create table budget_transfer (
  transfer_no      varchar(20) primary key,
  fiscal_year      integer not null check (fiscal_year between 2000 and 2100),
  from_month       integer not null check (from_month between 1 and 12),
  from_deptcd      varchar(20) not null references department(deptcd),
  from_account     varchar(20) not null references budget_account(account_code),
  to_month         integer not null check (to_month between 1 and 12),
  to_deptcd        varchar(20) not null references department(deptcd),
  to_account       varchar(20) not null references budget_account(account_code),
  amount           numeric(18,0) not null check (amount > 0),
  reason           varchar(500) not null,
  status           varchar(12) not null check (status in ('IN_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED')),
  approval_id      bigint,
  approval_status  varchar(12) not null default 'NONE',
  requester_id     varchar(30) not null references employee(singleid),
  requested_at     timestamptz not null default now(),
  approved_at      timestamptz,
  cancelled_at     timestamptz,
  cancel_reason    varchar(500),
  created_by       varchar(50) not null,
  version          integer not null default 1,
  updated_at       timestamptz not null default now(),
  check (not (from_month = to_month and from_deptcd = to_deptcd and from_account = to_account))
);
create index budget_transfer_from on budget_transfer(fiscal_year, from_deptcd, from_account, from_month);
create index budget_transfer_to on budget_transfer(fiscal_year, to_deptcd, to_account, to_month);
alter table budget_line add column transferred numeric(18,0) not null default 0;

alter table approval drop constraint approval_doc_type_check;
alter table approval add constraint approval_doc_type_check check (doc_type in ('PR','PO','LOI','SIMPLE','BUDGET'));
alter table approval_rule drop constraint approval_rule_doc_type_check;
alter table approval_rule add constraint approval_rule_doc_type_check check (doc_type in ('PR','PO','LOI','SIMPLE','BUDGET'));

`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
