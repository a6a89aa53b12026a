import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 연동 proposals on e-contracts (상생협력법 §21; docs/subcontracting.md "연동 조정 제안 on e-contracts"):
 * the daily job's finding that an executed contract's 기준 지표 (its `econtract_linkage` clause) moved past the
 * trigger at a 조정주기 point, with the formula's numbers as read, and per order line the order's unit price then and
 * the price the 산식 gives. The buyer accepts it (an amendment of the contract agreeing the order's new prices, whose
 * number the proposal keeps) or rejects it with a reason.
 *
 * `chain_no` is the first contract of the amendment chain: an amendment carries its original's clause on, so the
 * points and the base continue along the chain, and one proposal per chain and comparison day (the unique key) keeps
 * a point from being proposed twice when the chain's newest contract changes. comp_no with row-level security and
 * the supplier role's grants, as econtract_linkage (migration 1129) and linkage_proposal (1124).
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table contract_linkage_proposal (
  proposal_no     varchar(20) primary key,
  contract_no     varchar(20) not null references econtract(contract_no),
  chain_no        varchar(20) not null references econtract(contract_no),
  comp_no         varchar(10) not null references company(comp_no),
  po_no           varchar(20) not null,
  compare_date    date not null,
  compare_basis   varchar(12) not null check (compare_basis in ('DAY','MONTH_AVG')),
  value_from      date not null,
  value_to        date not null,
  value_count     integer not null check (value_count > 0),
  index_code      varchar(20) not null references linkage_index(index_code),
  base_date       date not null,
  base_value      numeric(18,4) not null check (base_value > 0),
  compare_value   numeric(18,4) not null check (compare_value > 0),
  change_pct      numeric(14,4) not null,
  share_pct       numeric(6,3) not null,
  trigger_pct     numeric(5,2) not null,
  effective_from  date not null,
  status          varchar(10) not null default 'PROPOSED' check (status in ('PROPOSED','ACCEPTED','REJECTED')),
  amendment_no    varchar(20) references econtract(contract_no),
  decided_by      varchar(50),
  decided_at      timestamptz,
  reject_reason   varchar(500),
  version         integer not null default 1,
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  unique (chain_no, compare_date),
  check ((status = 'PROPOSED') = (decided_by is null)),
  check ((status = 'REJECTED') = (reject_reason is not null)),
  check ((status = 'ACCEPTED') = (amendment_no is not null))
);
create index contract_linkage_proposal_contract on contract_linkage_proposal(contract_no);

create table contract_linkage_proposal_line (
  proposal_no     varchar(20) not null references contract_linkage_proposal(proposal_no),
  line_no         integer not null,
  comp_no         varchar(10) not null references company(comp_no),
  current_price   numeric(18,2) not null check (current_price >= 0),
  proposed_price  numeric(18,2) not null,
  primary key (proposal_no, line_no)
);

alter table contract_linkage_proposal enable row level security;
create policy company_isolation on contract_linkage_proposal to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on contract_linkage_proposal to ${ROLE};

alter table contract_linkage_proposal_line enable row level security;
create policy company_isolation on contract_linkage_proposal_line to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on contract_linkage_proposal_line to ${ROLE};
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
