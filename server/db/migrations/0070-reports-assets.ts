import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Reports and assets (docs/reports.md, docs/assets.md).
 *
 * Reports: the spend reports read orders by date with their state and grouping columns; one
 * covering index lets PostgreSQL read them from the index alone.
 *
 * Assets: an asset is one unit registered from a finally decided receipt line whose receipt's
 * expense type is ASSET (a line of quantity 3 gives three assets, each with its own number);
 * asset_registration records that a receipt line was registered (once: its primary key refuses a
 * second). Transfers keep their history; disposal keeps the reason. An inventory count
 * (asset_count) is planned for a location, records found / missing / moved once per asset (the
 * primary key of asset_count_line), and is closed.
 */
const up_sql = `
create index po_header_report on po_header(po_date, status, comp_no, currency, section, deptcd);

create table asset_registration (
  wh_req_no      varchar(20) not null,
  wh_line_no     integer not null,
  asset_count    integer not null check (asset_count > 0),
  registered_by  varchar(50) not null,
  registered_at  timestamptz not null default now(),
  primary key (wh_req_no, wh_line_no),
  foreign key (wh_req_no, wh_line_no) references wh_receipt_line(wh_req_no, line_no)
);

create table asset (
  asset_no          varchar(20) primary key,
  asset_name        varchar(200) not null,
  item_code         varchar(20) references item(item_code),
  cat_code          varchar(20) references item_category(cat_code),
  location          varchar(100) not null,
  deptcd            varchar(20) not null references department(deptcd),
  custodian_id      varchar(30) references employee(singleid),
  acquired_date     date not null,
  currency          char(3) not null check (currency in ('KRW','JPY')),
  acquisition_cost  numeric(18,2) not null check (acquisition_cost >= 0),
  status            varchar(12) not null check (status in ('IN_USE','DISPOSED')),
  wh_req_no         varchar(20) not null,
  wh_line_no        integer not null,
  unit_seq          integer not null check (unit_seq > 0),
  po_no             varchar(20) not null references po_header(po_no),
  comp_no           varchar(10) not null references company(comp_no),
  dispose_reason    varchar(500),
  disposed_at       timestamptz,
  disposed_by       varchar(50),
  created_by        varchar(50) not null,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1,
  unique (wh_req_no, wh_line_no, unit_seq),
  foreign key (wh_req_no, wh_line_no) references asset_registration(wh_req_no, wh_line_no),
  check ((status = 'DISPOSED') = (disposed_at is not null))
);
create index asset_dept on asset(deptcd, status);
create index asset_location on asset(location, status);
create index asset_acquired on asset(acquired_date);

create table asset_transfer (
  transfer_id       bigserial primary key,
  asset_no          varchar(20) not null references asset(asset_no),
  from_deptcd       varchar(20) not null,
  to_deptcd         varchar(20) not null,
  from_custodian_id varchar(30),
  to_custodian_id   varchar(30),
  from_location     varchar(100) not null,
  to_location       varchar(100) not null,
  reason            varchar(500),
  transferred_by    varchar(50) not null,
  transferred_at    timestamptz not null default now()
);
create index asset_transfer_asset on asset_transfer(asset_no, transferred_at);

create table asset_count (
  count_no      varchar(20) primary key,
  title         varchar(200) not null,
  location      varchar(100) not null,
  planned_date  date not null,
  status        varchar(10) not null check (status in ('OPEN','CLOSED')),
  created_by    varchar(50) not null,
  created_at    timestamptz not null default now(),
  closed_by     varchar(50),
  closed_at     timestamptz,
  updated_at    timestamptz not null default now(),
  version       integer not null default 1,
  check ((status = 'CLOSED') = (closed_at is not null))
);
create index asset_count_location on asset_count(location, status);

create table asset_count_line (
  count_no        varchar(20) not null references asset_count(count_no),
  asset_no        varchar(20) not null references asset(asset_no),
  result          varchar(10) not null check (result in ('FOUND','MISSING','MOVED')),
  found_location  varchar(100),
  remark          varchar(500),
  counted_by      varchar(50) not null,
  counted_at      timestamptz not null default now(),
  primary key (count_no, asset_no),
  check (result <> 'MOVED' or found_location is not null)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
