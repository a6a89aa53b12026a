import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Procure-to-pay after the order (DESIGN §6, docs/fulfilment.md): supplier deliveries (ASN),
 * goods receipts (입고: request → approval → final decision), monthly settlements with
 * adjustments and monthly JPY rates, ERP posting vouchers and posting errors, and per-user
 * saved preferences (the remembered warehousing search filter).
 *
 * Every supplier-owned row carries comp_no, lines included, so the company scope
 * (server/db/company-scope.ts) limits every table on its own. Money is numeric: amounts in the
 * document currency with 2 decimals, KRW settlement amounts in whole won.
 *
 * Every reference is a foreign key, lines included. The demo seed loads these tables with their
 * foreign keys set aside and re-validates them in one set-based pass per key
 * (server/db/seed/fulfilment.ts): per-row checks would cost most of the seed's time on PGlite.
 */
const up_sql = `
create table fx_rate (
  currency    char(3) not null check (currency in ('JPY')),
  period      char(6) not null check (period ~ '^[0-9]{4}(0[1-9]|1[0-2])$'),
  rate        numeric(12,4) not null check (rate > 0),
  per_units   integer not null default 100 check (per_units > 0),
  updated_by  varchar(50),
  updated_at  timestamptz not null default now(),
  version     integer not null default 1,
  primary key (currency, period)
);

create table delivery (
  delivery_no     varchar(20) primary key,
  comp_no         varchar(10) not null references company(comp_no),
  po_no           varchar(20) references po_header(po_no),
  no_po           char(1) not null check (no_po in ('Y','N')),
  status          varchar(20) not null check (status in ('REGISTERED','RECEIVED','CANCELLED')),
  delivery_date   date not null,
  arrival_date    date,
  currency        char(3) not null check (currency in ('KRW','JPY')),
  total_amount    numeric(18,2) not null default 0,
  deliverer_name  varchar(50),
  deliverer_phone varchar(20),
  vehicle_no      varchar(20),
  file_id         varchar(36) references file_group(file_id),
  remark          varchar(1000),
  cancel_reason   varchar(500),
  registered_by   varchar(50) not null,
  received_at     timestamptz,
  cancelled_at    timestamptz,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1,
  check ((no_po = 'Y') = (po_no is null))
);
create index delivery_comp on delivery(comp_no, delivery_date);
create index delivery_po on delivery(po_no);
create index delivery_date on delivery(delivery_date);

create table delivery_line (
  delivery_no  varchar(20) not null references delivery(delivery_no),
  line_no      integer not null,
  comp_no      varchar(10) not null references company(comp_no),
  po_no        varchar(20),
  po_line_no   integer,
  item_code    varchar(20) references item(item_code),
  item_name    varchar(200) not null,
  spec         varchar(300),
  unit_code    varchar(10) not null references unit(unit_code),
  quantity     numeric(15,3) not null check (quantity > 0),
  unit_price   numeric(18,2) not null check (unit_price >= 0),
  amount       numeric(18,2) not null,
  remark       varchar(500),
  primary key (delivery_no, line_no),
  foreign key (po_no, po_line_no) references po_line(po_no, line_no),
  check ((po_no is null) = (po_line_no is null))
);
create index delivery_line_po on delivery_line(po_no, po_line_no);

create table wh_receipt (
  wh_req_no       varchar(20) primary key,
  wh_app_no       varchar(20) unique,
  source_system   varchar(10) not null,
  external_ref    varchar(40),
  comp_no         varchar(10) not null references company(comp_no),
  po_no           varchar(20) not null references po_header(po_no),
  delivery_no     varchar(20) references delivery(delivery_no),
  section         varchar(20) not null references business_section(top_dept),
  deptcd          varchar(20) not null references department(deptcd),
  epr_id          varchar(30) references employee(singleid),
  receiver_id     varchar(30) references employee(singleid),
  expenses        varchar(20) not null,
  status          varchar(20) not null check (status in ('REQUESTED','APPROVED','DECIDED','CANCELLED')),
  approval_status varchar(20) not null check (approval_status in ('NONE','PENDING','IN_PROGRESS','APPROVED','REJECTED')),
  currency        char(3) not null check (currency in ('KRW','JPY')),
  total_amount    numeric(18,2) not null default 0,
  wh_req_date     date not null,
  approved_at     timestamptz,
  approver_id     varchar(50),
  last_deci_date  date,
  decided_by      varchar(50),
  reject_reason   varchar(500),
  cancel_reason   varchar(500),
  remark          varchar(1000),
  requested_by    varchar(50) not null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1,
  unique (source_system, external_ref),
  check ((status = 'DECIDED') = (last_deci_date is not null)),
  check (status not in ('APPROVED','DECIDED') or wh_app_no is not null)
);
create unique index wh_receipt_active_delivery on wh_receipt(delivery_no) where status <> 'CANCELLED';
create index wh_receipt_req_date on wh_receipt(wh_req_date);
create index wh_receipt_deci_date on wh_receipt(last_deci_date);
create index wh_receipt_comp on wh_receipt(comp_no, status);
create index wh_receipt_po on wh_receipt(po_no);

create table wh_receipt_line (
  wh_req_no         varchar(20) not null references wh_receipt(wh_req_no),
  line_no           integer not null,
  comp_no           varchar(10) not null references company(comp_no),
  po_no             varchar(20) not null,
  po_line_no        integer not null,
  delivery_no       varchar(20),
  delivery_line_no  integer,
  item_code         varchar(20) references item(item_code),
  item_name         varchar(200) not null,
  spec              varchar(300),
  unit_code         varchar(10) not null references unit(unit_code),
  quantity          numeric(15,3) not null check (quantity > 0),
  unit_price        numeric(18,2) not null check (unit_price >= 0),
  amount            numeric(18,2) not null,
  remark            varchar(500),
  primary key (wh_req_no, line_no),
  foreign key (po_no, po_line_no) references po_line(po_no, line_no),
  foreign key (delivery_no, delivery_line_no) references delivery_line(delivery_no, line_no)
);
create index wh_receipt_line_po on wh_receipt_line(po_no, po_line_no);

create table settlement (
  settle_no             varchar(20) primary key,
  comp_no               varchar(10) not null references company(comp_no),
  period                char(6) not null check (period ~ '^[0-9]{4}(0[1-9]|1[0-2])$'),
  status                varchar(20) not null check (status in ('DRAFT','CONFIRM_REQUESTED','CONFIRMED','DISPUTED','POSTED','POST_FAILED')),
  line_count            integer not null default 0,
  krw_goods_amount      numeric(18,0) not null default 0,
  jpy_goods_amount      numeric(18,2) not null default 0,
  jpy_krw_amount        numeric(18,0) not null default 0,
  goods_amount          numeric(18,0) not null default 0,
  adjustment_amount     numeric(18,0) not null default 0,
  total_amount          numeric(18,0) not null default 0,
  jpy_rate              numeric(12,4),
  jpy_rate_source       varchar(20) check (jpy_rate_source in ('MONTHLY','SYSTEM_CONST')),
  built_at              timestamptz not null default now(),
  built_by              varchar(50),
  confirm_requested_at  timestamptz,
  confirm_requested_by  varchar(50),
  confirmed_at          timestamptz,
  confirmed_by          varchar(50),
  disputed_at           timestamptz,
  disputed_by           varchar(50),
  dispute_reason        varchar(1000),
  posted_at             timestamptz,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now(),
  version               integer not null default 1,
  unique (comp_no, period),
  check (goods_amount = krw_goods_amount + jpy_krw_amount),
  check (total_amount = goods_amount + adjustment_amount)
);
create index settlement_period on settlement(period, status);

create table settlement_line (
  settle_no       varchar(20) not null references settlement(settle_no),
  line_no         integer not null,
  comp_no         varchar(10) not null references company(comp_no),
  wh_req_no       varchar(20) not null,
  wh_line_no      integer not null,
  po_no           varchar(20) not null,
  po_line_no      integer not null,
  item_code       varchar(20),
  item_name       varchar(200) not null,
  spec            varchar(300),
  unit_code       varchar(10) not null,
  expenses        varchar(20) not null,
  last_deci_date  date not null,
  quantity        numeric(15,3) not null,
  unit_price      numeric(18,2) not null,
  currency        char(3) not null check (currency in ('KRW','JPY')),
  amount          numeric(18,2) not null,
  krw_amount      numeric(18,0) not null,
  primary key (settle_no, line_no),
  unique (wh_req_no, wh_line_no),
  foreign key (wh_req_no, wh_line_no) references wh_receipt_line(wh_req_no, line_no),
  foreign key (po_no, po_line_no) references po_line(po_no, line_no)
);
create index settlement_line_po on settlement_line(po_no, po_line_no);

create table settlement_adjustment (
  adj_no            varchar(20) primary key,
  settle_no         varchar(20) not null references settlement(settle_no),
  comp_no           varchar(10) not null references company(comp_no),
  amount            numeric(18,0) not null check (amount <> 0),
  reason            varchar(500) not null check (length(trim(reason)) > 0),
  status            varchar(20) not null check (status in ('REQUESTED','APPROVED','REJECTED','CANCELLED')),
  requested_by      varchar(50) not null,
  requested_at      timestamptz not null default now(),
  decided_by        varchar(50),
  decided_at        timestamptz,
  decision_comment  varchar(500),
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1
);
create index settlement_adjustment_settle on settlement_adjustment(settle_no);
create index settlement_adjustment_requested on settlement_adjustment(requested_at);

create table erp_voucher (
  voucher_no       varchar(20) primary key,
  settle_no        varchar(20) not null unique references settlement(settle_no),
  comp_no          varchar(10) not null references company(comp_no),
  period           char(6) not null,
  currency         char(3) not null default 'KRW',
  amount           numeric(18,0) not null,
  idempotency_key  varchar(64) not null unique,
  status           varchar(10) not null check (status in ('READY','SENT','POSTED','FAILED')),
  attempts         integer not null default 0,
  connector        varchar(10),
  erp_doc_no       varchar(60),
  payload          jsonb not null,
  sent_at          timestamptz,
  posted_at        timestamptz,
  last_error       varchar(2000),
  created_by       varchar(50),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  version          integer not null default 1,
  check ((status = 'POSTED') = (posted_at is not null))
);
create index erp_voucher_period on erp_voucher(period, status);

create table posting_error (
  error_id     bigserial primary key,
  voucher_no   varchar(20) not null references erp_voucher(voucher_no),
  settle_no    varchar(20) not null references settlement(settle_no),
  comp_no      varchar(10) not null references company(comp_no),
  attempt      integer not null,
  http_status  integer,
  erp_code     varchar(60),
  message      varchar(2000) not null,
  status       varchar(10) not null check (status in ('FAILED','RETRIED')),
  occurred_at  timestamptz not null default now(),
  retried_at   timestamptz,
  retried_by   varchar(50)
);
create index posting_error_voucher on posting_error(voucher_no);
create index posting_error_open on posting_error(status, occurred_at);

create table user_pref (
  user_id     varchar(50) not null references app_user(user_id),
  pref_key    varchar(100) not null,
  value       jsonb not null,
  updated_at  timestamptz not null default now(),
  version     integer not null default 1,
  primary key (user_id, pref_key)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
