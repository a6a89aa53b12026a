import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Supplier lifecycle (docs/suppliers.md): the supplier master's own data beyond the
 * seed's company row — corporate registration number, bank account holder, the master's
 * attachment group, the reason and time of the current trading status —, what a supplier
 * supplies (item categories and sourcing groups), and status change requests
 * (active / suspended / closed, with a reason and an approver's decision), and the application
 * that creates a supplier in the ERP's vendor master (sent once, idempotent, retryable).
 *
 * Every row belongs to one company and carries comp_no, so the company scope
 * (server/db/company-scope.ts) limits a supplier user to its own rows.
 */
const up_sql = `
alter table company add column corp_no char(13) check (corp_no ~ '^[0-9]{13}$');
alter table company add column bank_holder varchar(50);
alter table company add column file_id varchar(36) references file_group(file_id);
alter table company add column status_reason varchar(1000);
alter table company add column status_changed_at timestamptz;
alter table company add constraint company_status_value check (status in ('ACTIVE','SUSPENDED','CLOSED'));

create table company_category (
  comp_no   varchar(10) not null references company(comp_no),
  cat_code  varchar(20) not null references item_category(cat_code),
  primary key (comp_no, cat_code)
);
create index company_category_cat on company_category(cat_code);

create table company_sourcing_group (
  comp_no  varchar(10) not null references company(comp_no),
  sg_code  varchar(20) not null references sourcing_group(sg_code),
  primary key (comp_no, sg_code)
);
create index company_sourcing_group_sg on company_sourcing_group(sg_code);

create table company_status_request (
  req_no            varchar(20) primary key,
  comp_no           varchar(10) not null references company(comp_no),
  from_status       varchar(10) not null check (from_status in ('ACTIVE','SUSPENDED','CLOSED')),
  to_status         varchar(10) not null check (to_status in ('ACTIVE','SUSPENDED','CLOSED')),
  reason            varchar(1000) not null,
  status            varchar(10) not null check (status in ('REQUESTED','APPROVED','REJECTED','WITHDRAWN')),
  file_id           varchar(36) references file_group(file_id),
  requested_by      varchar(50) not null,
  requested_at      timestamptz not null default now(),
  decided_by        varchar(50),
  decided_at        timestamptz,
  decision_comment  varchar(1000),
  version           integer not null default 1,
  check (from_status <> to_status)
);
create index company_status_request_comp on company_status_request(comp_no, requested_at);
create index company_status_request_open on company_status_request(status, requested_at);
-- One open request per company at a time.
create unique index company_status_request_one_open on company_status_request(comp_no) where status = 'REQUESTED';

-- The application that creates a supplier in the ERP's vendor master: one per company, sent once
-- under its idempotency key (SENDING while the call is under way; FAILED keeps the ERP's message
-- and may be sent again with the same key).
create table erp_vendor_app (
  app_no           varchar(20) primary key,
  comp_no          varchar(10) not null unique references company(comp_no),
  status           varchar(10) not null check (status in ('READY','SENDING','SENT','FAILED')),
  idempotency_key  varchar(36) not null unique,
  erp_vendor_no    varchar(40),
  attempts         integer not null default 0,
  last_error       varchar(2000),
  http_status      integer,
  remark           varchar(1000),
  requested_by     varchar(50) not null,
  requested_at     timestamptz not null default now(),
  sending_at       timestamptz,
  sent_at          timestamptz,
  sent_by          varchar(50),
  version          integer not null default 1,
  check ((status = 'SENT') = (erp_vendor_no is not null))
);
create index erp_vendor_app_status on erp_vendor_app(status, requested_at);

-- Supplier council (협력회): members and their terms.
create table company_council (
  council_id  bigserial primary key,
  comp_no     varchar(10) not null references company(comp_no),
  role        varchar(10) not null check (role in ('CHAIR','VICE','MEMBER')),
  term_from   date not null,
  term_to     date not null,
  remark      varchar(500),
  created_by  varchar(50) not null,
  created_at  timestamptz not null default now(),
  version     integer not null default 1,
  check (term_to >= term_from)
);
create index company_council_comp on company_council(comp_no, term_to);

-- Prospective suppliers found by buyers (협력사 발굴), invited to apply on the public pages.
create table company_prospect (
  prospect_no   varchar(20) primary key,
  comp_name     varchar(100) not null,
  tax_no        char(10),
  ceo_name      varchar(50),
  contact_name  varchar(50),
  email         varchar(100) not null,
  phone_no      varchar(20),
  items         varchar(500),
  status        varchar(10) not null check (status in ('FOUND','INVITED','DROPPED')),
  found_by      varchar(50) not null,
  found_at      timestamptz not null default now(),
  invited_at    timestamptz,
  invited_by    varchar(50),
  drop_reason   varchar(500),
  version       integer not null default 1
);
create index company_prospect_status on company_prospect(status, found_at);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
