import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 연동 proposals (상생협력법 §21; docs/subcontracting.md "납품대금 연동"): the daily job's finding that an
 * active agreement's 기준 지표 moved past its clause's trigger at a 조정주기 point, with the formula's numbers as they
 * were read (base and comparison values, the change rate, the share, the trigger) and, per agreement line, the price
 * in effect on the point and the price the 산식 gives. The buyer accepts it (a 변경계약: the new prices dated from
 * the effective day, agreement_line_price source LINKAGE) or rejects it with a reason.
 *
 * One proposal per agreement and comparison day (the unique key): the job run twice writes one. Both tables carry
 * comp_no with row-level security and the supplier role's grants, as agreement_linkage (migration 1121): the
 * agreement's supplier reads its own company's proposals only.
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table linkage_proposal (
  proposal_no     varchar(20) primary key,
  agreement_no    varchar(20) not null references agreement(agreement_no),
  comp_no         varchar(10) not null references company(comp_no),
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
  decided_by      varchar(50),
  decided_at      timestamptz,
  reject_reason   varchar(500),
  version         integer not null default 1,
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  unique (agreement_no, compare_date),
  check ((status = 'PROPOSED') = (decided_by is null)),
  check ((status = 'REJECTED') = (reject_reason is not null))
);

create table linkage_proposal_line (
  proposal_no     varchar(20) not null references linkage_proposal(proposal_no),
  line_no         integer not null,
  comp_no         varchar(10) not null references company(comp_no),
  current_price   numeric(18,2) not null check (current_price >= 0),
  proposed_price  numeric(18,2) not null,
  primary key (proposal_no, line_no)
);

alter table linkage_proposal enable row level security;
create policy company_isolation on linkage_proposal to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on linkage_proposal to ${ROLE};

alter table linkage_proposal_line enable row level security;
create policy company_isolation on linkage_proposal_line to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on linkage_proposal_line to ${ROLE};
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
