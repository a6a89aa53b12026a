import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 연동 (상생협력법 §21; docs/subcontracting.md "납품대금 연동"):
 *
 * - `linkage_index`: a 기준 지표 a company links prices to (a price index, a commodity quote), with its unit and
 *   where its values come from; `linkage_index_value`: its value on a day.
 * - `agreement_linkage`: an agreement's answer — a clause (LINKED: the 주요 원재료 and its share of the price, the
 *   index, the base day and value, how the comparison value is read and how often, the trigger rate, the formula's
 *   note) or a 미연동 agreement (NOT_LINKED: the legal exception and the reason). One per agreement; the rules on
 *   the numbers are server/domain/linkage.ts's, the CHECKs only keep the two shapes apart.
 *
 * agreement_linkage carries comp_no: row-level security and the supplier role's grants, as the agreement tables
 * have (migration 0670); a supplier reads the index it names, so the index tables are readable to it.
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table linkage_index (
  index_code   varchar(20) primary key check (index_code ~ '^[A-Z0-9_-]+$'),
  index_name   varchar(200) not null check (length(trim(index_name)) > 0),
  unit         varchar(30) not null,
  source       varchar(300) not null,
  use_yn       char(1) not null default 'Y' check (use_yn in ('Y','N')),
  updated_by   varchar(50) not null,
  updated_at   timestamptz not null default now(),
  version      integer not null default 1
);

create table linkage_index_value (
  index_code   varchar(20) not null references linkage_index(index_code),
  value_date   date not null,
  value        numeric(18,4) not null check (value > 0),
  updated_by   varchar(50) not null,
  updated_at   timestamptz not null default now(),
  primary key (index_code, value_date)
);

create table agreement_linkage (
  agreement_no           varchar(20) primary key references agreement(agreement_no),
  comp_no                varchar(10) not null references company(comp_no),
  kind                   varchar(12) not null check (kind in ('LINKED','NOT_LINKED')),
  material               varchar(200),
  share_pct              numeric(6,3),
  index_code             varchar(20) references linkage_index(index_code),
  base_date              date,
  base_value             numeric(18,4) check (base_value > 0),
  compare_basis          varchar(12) check (compare_basis in ('DAY','MONTH_AVG')),
  compare_period_months  integer check (compare_period_months between 1 and 12),
  trigger_pct            numeric(5,2),
  formula_note           varchar(1000),
  exception_type         varchar(20) check (exception_type in ('SMALL_AMOUNT','SHORT_TERM','SMALL_ENTRUSTER','AGREED_NONE')),
  reason                 varchar(1000),
  updated_by             varchar(50) not null,
  updated_at             timestamptz not null default now(),
  check ((kind = 'LINKED') = (material is not null and share_pct is not null and index_code is not null
         and base_date is not null and base_value is not null and compare_basis is not null
         and compare_period_months is not null and trigger_pct is not null)),
  check ((kind = 'NOT_LINKED') = (exception_type is not null and reason is not null))
);
create index agreement_linkage_index on agreement_linkage(index_code);

alter table agreement_linkage enable row level security;
create policy company_isolation on agreement_linkage to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on agreement_linkage to ${ROLE};
grant select on linkage_index to ${ROLE};
grant select on linkage_index_value to ${ROLE};
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
