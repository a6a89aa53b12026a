import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Items and catalogue (docs/items.md): versions on the catalogue masters, unit conversions,
 * item attributes with their allowed values, suppliers' current prices and their history,
 * suppliers' proposals (a new item or a price change) reviewed by staff, and Excel upload
 * batches with one row per spreadsheet row.
 *
 * Supplier-owned rows (prices, price history, proposals) carry comp_no, so the company scope
 * (server/db/company-scope.ts) limits them on its own. Money is numeric, never float.
 */
const up_sql = `
alter table unit add column version integer not null default 1;
alter table item_category add column version integer not null default 1;
alter table sourcing_group add column version integer not null default 1;
alter table item add column file_id varchar(36) references file_group(file_id);
alter table item add column updated_by varchar(50);

create table unit_conversion (
  from_unit   varchar(10) not null references unit(unit_code),
  to_unit     varchar(10) not null references unit(unit_code),
  factor      numeric(18,6) not null check (factor > 0),
  version     integer not null default 1,
  primary key (from_unit, to_unit),
  check (from_unit <> to_unit)
);

create table item_attribute (
  attr_code   varchar(20) primary key,
  name_ko     varchar(100) not null,
  name_en     varchar(100) not null,
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N')),
  version     integer not null default 1
);

create table item_attribute_value (
  attr_code   varchar(20) not null references item_attribute(attr_code),
  value_code  varchar(30) not null,
  name_ko     varchar(100) not null,
  name_en     varchar(100) not null,
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N')),
  version     integer not null default 1,
  primary key (attr_code, value_code)
);

create table item_attr (
  item_code   varchar(20) not null references item(item_code),
  attr_code   varchar(20) not null,
  value_code  varchar(30) not null,
  primary key (item_code, attr_code),
  foreign key (attr_code, value_code) references item_attribute_value(attr_code, value_code)
);

create table item_supplier_price (
  item_code      varchar(20) not null references item(item_code),
  comp_no        varchar(10) not null references company(comp_no),
  unit_price     numeric(18,2) not null check (unit_price >= 0),
  currency       char(3) not null check (currency in ('KRW','JPY')),
  effective_date date not null,
  updated_at     timestamptz not null default now(),
  version        integer not null default 1,
  primary key (item_code, comp_no)
);
create index item_supplier_price_comp on item_supplier_price(comp_no);

create table item_price_history (
  id             bigserial primary key,
  item_code      varchar(20) not null references item(item_code),
  comp_no        varchar(10) not null references company(comp_no),
  unit_price     numeric(18,2) not null check (unit_price >= 0),
  currency       char(3) not null check (currency in ('KRW','JPY')),
  effective_date date not null,
  source         varchar(10) not null check (source in ('SEED','PROPOSAL','MANUAL')),
  proposal_no    varchar(20),
  changed_by     varchar(50),
  changed_at     timestamptz not null default now()
);
create index item_price_history_item on item_price_history(item_code, comp_no, effective_date);

create table item_proposal (
  proposal_no    varchar(20) primary key,
  comp_no        varchar(10) not null references company(comp_no),
  kind           varchar(10) not null check (kind in ('NEW','PRICE')),
  item_code      varchar(20) references item(item_code),
  item_name      varchar(200) not null,
  spec           varchar(300),
  cat_code       varchar(20) references item_category(cat_code),
  unit_code      varchar(10) references unit(unit_code),
  maker          varchar(100),
  current_price  numeric(18,2),
  proposed_price numeric(18,2) not null check (proposed_price >= 0),
  currency       char(3) not null check (currency in ('KRW','JPY')),
  valid_from     date not null,
  reason         varchar(1000) not null,
  file_id        varchar(36) references file_group(file_id),
  status         varchar(10) not null check (status in ('SUBMITTED','APPROVED','REJECTED','WITHDRAWN')),
  effective_date date,
  reject_reason  varchar(1000),
  reviewed_by    varchar(50),
  reviewed_at    timestamptz,
  created_by     varchar(50) not null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  version        integer not null default 1,
  check (kind = 'NEW' or item_code is not null),
  check (kind = 'PRICE' or (cat_code is not null and unit_code is not null))
);
create index item_proposal_comp on item_proposal(comp_no, status);
create index item_proposal_status on item_proposal(status, created_at);

create table item_upload_batch (
  batch_id        varchar(20) primary key,
  file_name       varchar(300) not null,
  size_bytes      bigint not null,
  status          varchar(10) not null check (status in ('RECEIVED','PARSING','CHECKED','FAILED','APPLYING','APPLIED','REPLACED')),
  rows_total      integer not null default 0,
  rows_read       integer not null default 0,
  rows_checked    integer not null default 0,
  count_new       integer not null default 0,
  count_update    integer not null default 0,
  count_unchanged integer not null default 0,
  count_error     integer not null default 0,
  fail_code       varchar(40),
  fail_message    varchar(1000),
  replaces        varchar(20) references item_upload_batch(batch_id),
  error_file_id   varchar(36) references file_group(file_id),
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  checked_at      timestamptz,
  applied_by      varchar(50),
  applied_at      timestamptz,
  version         integer not null default 1
);
create index item_upload_batch_created on item_upload_batch(created_at);

create table item_upload_row (
  batch_id    varchar(20) not null references item_upload_batch(batch_id),
  row_no      integer not null,
  result      varchar(10) not null check (result in ('NEW','UPDATE','UNCHANGED','ERROR')),
  item_code   varchar(20),
  data        jsonb not null,
  errors      jsonb,
  primary key (batch_id, row_no)
);
create index item_upload_row_result on item_upload_row(batch_id, result, row_no);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
