import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget control (docs/budget.md).
 *
 * - The budget accounts are the common-code group BUDGET_ACCOUNT (names in ko/en); `budget_account`
 *   holds each account's policy when a request would overdraw it: STOP refuses, WARN asks for a
 *   confirmation, IGNORE only records.
 * - `budget_account_category` defaults a PR line's account from its item's category (the most
 *   specific mapped category of leaf, family or top level).
 * - `budget_line`: the amount in whole won per fiscal year, month, department and account; a key
 *   without a line is not controlled (its movements are still in the ledger).
 * - `budget_ledger`: every movement, signed, in whole won; pre-committed, committed and actual are
 *   sums of it (`kind`), `event` says what moved it. Append-only by use.
 * - `budget_exception`: a movement that overdrew a WARN (with who confirmed) or IGNORE account.
 * - `pr_line.budget_account`: the account a PR line is charged to (null: none).
 *
 * A database that already has data gets the account codes here; a new one from the seed
 * (server/db/seed/codes.ts and budget.ts), as 0421 does for its menus.
 */
const up_sql = `
create table budget_account (
  account_code  varchar(20) primary key,
  policy        varchar(10) not null default 'WARN' check (policy in ('STOP', 'WARN', 'IGNORE')),
  version       integer not null default 1,
  updated_by    varchar(50),
  updated_at    timestamptz not null default now()
);
create table budget_account_category (
  cat_code      varchar(20) primary key references item_category(cat_code),
  account_code  varchar(20) not null references budget_account(account_code)
);
create table budget_line (
  fiscal_year   integer not null check (fiscal_year between 2000 and 2100),
  month         integer not null check (month between 1 and 12),
  deptcd        varchar(20) not null references department(deptcd),
  account_code  varchar(20) not null references budget_account(account_code),
  amount        numeric(18,0) not null check (amount >= 0),
  version       integer not null default 1,
  created_by    varchar(50) not null,
  created_at    timestamptz not null default now(),
  updated_by    varchar(50),
  updated_at    timestamptz not null default now(),
  primary key (fiscal_year, month, deptcd, account_code)
);
create index budget_line_dept on budget_line(deptcd, fiscal_year);
create table budget_ledger (
  entry_id      bigserial primary key,
  fiscal_year   integer not null,
  month         integer not null check (month between 1 and 12),
  deptcd        varchar(20) not null,
  account_code  varchar(20) not null,
  doc_type      varchar(10) not null check (doc_type in ('PR', 'PO', 'LOI')),
  doc_no        varchar(20) not null,
  line_no       integer not null,
  kind          varchar(12) not null check (kind in ('PRE_COMMIT', 'COMMIT', 'ACTUAL')),
  event         varchar(12) not null check (event in ('APPROVE', 'ORDER', 'CHANGE', 'RECEIPT', 'CANCEL', 'RETURN', 'RELEASE')),
  amount        numeric(18,0) not null,
  created_by    varchar(50) not null,
  created_at    timestamptz not null default now()
);
create index budget_ledger_key on budget_ledger(deptcd, account_code, fiscal_year, month);
create index budget_ledger_doc on budget_ledger(doc_type, doc_no);
create table budget_exception (
  exception_id  bigserial primary key,
  fiscal_year   integer not null,
  month         integer not null,
  deptcd        varchar(20) not null,
  account_code  varchar(20) not null,
  policy        varchar(10) not null check (policy in ('WARN', 'IGNORE')),
  doc_type      varchar(10) not null,
  doc_no        varchar(20) not null,
  available     numeric(18,0) not null,
  requested     numeric(18,0) not null,
  confirmed_by  varchar(50),
  created_at    timestamptz not null default now()
);
create index budget_exception_doc on budget_exception(doc_type, doc_no);
alter table pr_line add column budget_account varchar(20);

insert into code_group (group_id, name_ko, name_en, description, sort_order, use_yn)
  select 'BUDGET_ACCOUNT', '예산계정', 'Budget accounts', '예산 통제 계정 (구매요청 품목의 비용 요소)', 900, 'Y'
  where exists (select 1 from code_group) and not exists (select 1 from code_group where group_id = 'BUDGET_ACCOUNT');
insert into code (group_id, code, text_ko, text_en, attr_1, attr_2, sort_order, use_yn)
  select 'BUDGET_ACCOUNT', v.code, v.ko, v.en, null, null, v.ord, 'Y'
  from (values ('RAW', '원재료', 'Raw materials', 10), ('SUP', '소모품', 'Consumables', 20), ('EQP', '설비', 'Equipment', 30),
               ('OUT', '외주가공', 'Outsourced processing', 40), ('PKG', '포장재', 'Packaging', 50), ('RND', '시험연구', 'Research and testing', 60)) as v(code, ko, en, ord)
  where exists (select 1 from code_group where group_id = 'BUDGET_ACCOUNT')
    and not exists (select 1 from code c where c.group_id = 'BUDGET_ACCOUNT' and c.code = v.code);
insert into budget_account (account_code, policy)
  select c.code, case c.code when 'RAW' then 'WARN' when 'OUT' then 'WARN' when 'PKG' then 'IGNORE' else 'STOP' end
  from code c where c.group_id = 'BUDGET_ACCOUNT';
insert into budget_account_category (cat_code, account_code)
  select v.cat, v.acc
  from (values ('MRO', 'SUP'), ('ELC', 'RAW'), ('RAW', 'RAW'), ('OFC', 'SUP'), ('ITE', 'EQP'), ('PKG', 'PKG'), ('FAC', 'EQP')) as v(cat, acc)
  where exists (select 1 from item_category ic where ic.cat_code = v.cat) and exists (select 1 from budget_account a where a.account_code = v.acc);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
