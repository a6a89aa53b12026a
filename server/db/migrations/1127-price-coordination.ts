import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 조정협의 (상생협력법 §22의2, 하도급법 §16의2; docs/subcontracting.md "납품대금 조정협의"): a supplier's
 * request that the buyer talk about the price of an active 하도급 agreement, and what became of it —
 * REQUESTED → TALKS_STARTED → AGREED, or FAILED (결렬, 분쟁조정) or WITHDRAWN. The day of each step is kept, because
 * the clocks run on them: talks are due 10 days after the request, an outcome 30 days after it.
 *
 * The request keeps the 하도급 kind the agreement had when it was made (as an order keeps its kind), so a later
 * change of the rules does not take a request out of the compliance view. At most one open request per agreement.
 *
 * comp_no is the agreement's supplier: row-level security and the supplier role's grants, as the agreement tables
 * have (migration 0670); the supplier writes its request and its withdrawal itself.
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table price_coordination (
  coordination_no    varchar(20) primary key,
  agreement_no       varchar(20) not null references agreement(agreement_no),
  comp_no            varchar(10) not null references company(comp_no),
  subcon_kind        varchar(12) not null check (subcon_kind in ('MANUFACTURE','REPAIR','SERVICE')),
  status             varchar(16) not null check (status in ('REQUESTED','TALKS_STARTED','AGREED','FAILED','WITHDRAWN')),
  reason             varchar(1000) not null check (length(trim(reason)) > 0),
  requested_change   varchar(1000) not null check (length(trim(requested_change)) > 0),
  requested_pct      numeric(7,3),
  requested_amount   numeric(18,2) check (requested_amount > 0),
  cost_basis         varchar(2000) not null check (length(trim(cost_basis)) > 0),
  requested_by       varchar(50) not null,
  requested_on       date not null,
  requested_at       timestamptz not null default now(),
  talks_started_on   date,
  talks_started_by   varchar(50),
  outcome            varchar(1000),
  agreed_on          date,
  fail_reason        varchar(1000),
  failed_on          date,
  withdrawn_on       date,
  closed_by          varchar(50),
  updated_at         timestamptz not null default now(),
  version            integer not null default 1,
  check ((talks_started_on is null) = (talks_started_by is null)),
  check (talks_started_on is null or talks_started_on >= requested_on),
  check ((status = 'AGREED') = (agreed_on is not null and outcome is not null)),
  check ((status = 'FAILED') = (failed_on is not null and fail_reason is not null)),
  check ((status = 'WITHDRAWN') = (withdrawn_on is not null)),
  check (status not in ('TALKS_STARTED','AGREED') or talks_started_on is not null),
  check ((status in ('AGREED','FAILED','WITHDRAWN')) = (closed_by is not null))
);
create index price_coordination_agreement on price_coordination(agreement_no);
create index price_coordination_open on price_coordination(requested_on) where status in ('REQUESTED','TALKS_STARTED');
create unique index price_coordination_one_open on price_coordination(agreement_no)
  where status in ('REQUESTED','TALKS_STARTED');

alter table price_coordination enable row level security;
create policy company_isolation on price_coordination to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on price_coordination to ${ROLE};
`;

const down_sql = `drop table price_coordination;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
