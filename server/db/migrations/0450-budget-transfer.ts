import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget transfers (예산전용, issue #26, docs/budget.md "Transfers"): an amount moved from one budget
 * line to another of the same fiscal year, through the approval lines like a PR.
 *
 * - `budget_transfer`: the document (BT2026-000001), its source and target keys, amount, reason,
 *   status IN_APPROVAL → APPROVED / REJECTED / CANCELLED and its approval round.
 * - `budget_line.transferred`: the signed sum of the approved transfers into (+) and out of (−) the
 *   line, kept by the approval's transaction. `amount` stays the budget as assigned (typed, uploaded,
 *   imported), so re-assigning a budget never undoes a transfer; the budget in force is
 *   amount + transferred, and `transferred` can be re-derived from the APPROVED transfers.
 * - The approval tables accept the document type BUDGET; DOC_TYPE gets its code (the approval rule
 *   screen's choice). A rule for BUDGET is the administrator's to add (the seed adds one): until then
 *   a transfer request answers APPROVAL_RULE_MISSING, like any document without a rule.
 * - 구매관리 › 예산관리 › 예산전용 (/budget/budgetTransfer) with the groups and authority that
 *   예산관리 (/budget/budgetManage) has, in a database that has that menu (as 0431).
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

insert into code (group_id, code, text_ko, text_en, attr_1, attr_2, sort_order, use_yn)
  select 'DOC_TYPE', 'BUDGET', '예산전용', 'Budget transfer', null, null, coalesce((select max(sort_order) from code where group_id = 'DOC_TYPE'), 0) + 10, 'Y'
  where exists (select 1 from code_group where group_id = 'DOC_TYPE')
    and not exists (select 1 from code where group_id = 'DOC_TYPE' and code = 'BUDGET');

insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BUDGET_TRANSFER', 'PUR_BUDGET', 3, '예산전용', 'Budget Transfers', '/budget/budgetTransfer', '{}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR_BUDGET'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_BUDGET') and not exists (select 1 from menu where pgm_id = 'PUR_BUDGET_TRANSFER');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_BUDGET_TRANSFER', a.can_read, a.can_write from menu_auth a
  where a.pgm_id = 'PUR_BUDGET_MANAGE'
    and exists (select 1 from menu where pgm_id = 'PUR_BUDGET_TRANSFER')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_BUDGET_TRANSFER');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
