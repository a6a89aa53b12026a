import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Purchasing documents and their approval (DESIGN §6, docs/purchasing.md): approval lines and
 * rules, approval instances (a copy of the line taken at submission, so later edits of the line
 * never move a document in flight), purchase requests, quotation requests (RFQ) and the
 * suppliers' quotations, letters of intent, and the PO columns that link an order to its PR,
 * quotation, LOI and approval; PO changes after sending (poChangeInfo).
 *
 * People are employees (singleid) where the business names a person (requester, buyer,
 * approver); "*_by" columns hold the app_user id of whoever acted, staff or supplier.
 * Supplier-owned tables (quotation, quotation_line, loi) carry comp_no and are listed in
 * COMPANY_OWNED_TABLES; rfq_header/rfq_line/po_line are reached by suppliers only through a
 * join with an owned table.
 */
const up_sql = `
create table approval_line (
  line_id      serial primary key,
  line_name    varchar(100) not null,
  description  varchar(300),
  use_yn       char(1) not null default 'Y' check (use_yn in ('Y','N')),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  version      integer not null default 1
);

create table approval_line_step (
  line_id      integer not null references approval_line(line_id) on delete cascade,
  step_no      integer not null check (step_no between 1 and 10),
  approver_id  varchar(30) not null references employee(singleid),
  primary key (line_id, step_no)
);

create table approval_rule (
  rule_id      serial primary key,
  doc_type     varchar(10) not null check (doc_type in ('PR','PO','LOI','SIMPLE')),
  min_amount   numeric(18,0) not null check (min_amount >= 0),
  max_amount   numeric(18,0) check (max_amount is null or max_amount > min_amount),
  line_id      integer not null references approval_line(line_id),
  description  varchar(300),
  use_yn       char(1) not null default 'Y' check (use_yn in ('Y','N')),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  version      integer not null default 1
);
create index approval_rule_doc on approval_rule(doc_type, min_amount);

create table approval (
  approval_id   bigserial primary key,
  doc_type      varchar(10) not null check (doc_type in ('PR','PO','LOI','SIMPLE')),
  doc_no        varchar(20) not null,
  rule_id       integer references approval_rule(rule_id),
  line_id       integer references approval_line(line_id),
  line_name     varchar(100) not null,
  amount_krw    numeric(18,0) not null,
  status        varchar(12) not null check (status in ('PENDING','IN_PROGRESS','APPROVED','REJECTED','WITHDRAWN')),
  current_step  integer,
  submitted_by  varchar(30) not null references employee(singleid),
  submitted_at  timestamptz not null default now(),
  completed_at  timestamptz,
  version       integer not null default 1
);
create index approval_doc on approval(doc_type, doc_no);

create table approval_step (
  approval_id  bigint not null references approval(approval_id),
  step_no      integer not null,
  approver_id  varchar(30) not null references employee(singleid),
  status       varchar(10) not null check (status in ('WAITING','PENDING','APPROVED','REJECTED','SKIPPED')),
  comment      varchar(1000),
  acted_at     timestamptz,
  primary key (approval_id, step_no)
);
create index approval_step_approver on approval_step(approver_id, status);

create table pr_header (
  pr_no           varchar(20) primary key,
  pr_date         date not null,
  title           varchar(200) not null,
  requester_id    varchar(30) not null references employee(singleid),
  section         varchar(20) not null references business_section(top_dept),
  deptcd          varchar(20) not null references department(deptcd),
  desired_date    date not null,
  purpose         varchar(1000),
  currency        char(3) not null check (currency in ('KRW','JPY')),
  total_amount    numeric(18,2) not null default 0,
  status          varchar(20) not null check (status in ('DRAFT','IN_APPROVAL','APPROVED','RECEIVED','QUOT_REQUESTED','ORDERED','REJECTED','CANCELLED')),
  approval_status varchar(12) not null default 'NONE',
  approval_id     bigint references approval(approval_id),
  buyer_id        varchar(30) references employee(singleid),
  received_at     timestamptz,
  received_by     varchar(50),
  reject_reason   varchar(500),
  cancel_reason   varchar(500),
  file_id         varchar(36) references file_group(file_id),
  submitted_at    timestamptz,
  approved_at     timestamptz,
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1
);
create index pr_header_requester on pr_header(requester_id, pr_date);
create index pr_header_status on pr_header(status, pr_date);
create index pr_header_buyer on pr_header(buyer_id);
create index pr_header_date on pr_header(pr_date);

create table pr_line (
  pr_no           varchar(20) not null references pr_header(pr_no),
  line_no         integer not null,
  item_code       varchar(20) references item(item_code),
  item_name       varchar(200) not null,
  spec            varchar(300),
  unit_code       varchar(10) not null references unit(unit_code),
  sg_code         varchar(20) references sourcing_group(sg_code),
  quantity        numeric(15,3) not null check (quantity > 0),
  est_unit_price  numeric(18,2) not null check (est_unit_price >= 0),
  est_amount      numeric(18,2) not null,
  remark          varchar(300),
  primary key (pr_no, line_no)
);

create table rfq_header (
  rfq_no            varchar(20) primary key,
  pr_no             varchar(20) not null references pr_header(pr_no),
  title             varchar(200) not null,
  buyer_id          varchar(30) not null references employee(singleid),
  currency          char(3) not null check (currency in ('KRW','JPY')),
  deadline          timestamptz not null,
  status            varchar(12) not null check (status in ('OPEN','AWARDED','CANCELLED')),
  description       varchar(1000),
  file_id           varchar(36) references file_group(file_id),
  selected_comp_no  varchar(10) references company(comp_no),
  awarded_at        timestamptz,
  cancel_reason     varchar(500),
  created_by        varchar(50) not null,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1
);
create index rfq_header_pr on rfq_header(pr_no);
create index rfq_header_status on rfq_header(status, deadline);

create table rfq_line (
  rfq_no         varchar(20) not null references rfq_header(rfq_no),
  line_no        integer not null,
  pr_line_no     integer not null,
  item_code      varchar(20) references item(item_code),
  item_name      varchar(200) not null,
  spec           varchar(300),
  unit_code      varchar(10) not null references unit(unit_code),
  sg_code        varchar(20) references sourcing_group(sg_code),
  quantity       numeric(15,3) not null check (quantity > 0),
  delivery_date  date,
  primary key (rfq_no, line_no)
);

create table quotation (
  rfq_no          varchar(20) not null references rfq_header(rfq_no),
  comp_no         varchar(10) not null references company(comp_no),
  quote_no        varchar(20) unique,
  status          varchar(12) not null check (status in ('REQUESTED','CHECKED','SUBMITTED','SELECTED','NOT_SELECTED','CANCELLED')),
  currency        char(3) not null check (currency in ('KRW','JPY')),
  total_amount    numeric(18,2),
  lead_time_days  integer check (lead_time_days between 0 and 3650),
  valid_until     date,
  remark          varchar(1000),
  file_id         varchar(36) references file_group(file_id),
  revision        integer not null default 0,
  invited_at      timestamptz not null default now(),
  checked_at      timestamptz,
  checked_by      varchar(50),
  submitted_at    timestamptz,
  submitted_by    varchar(50),
  decided_at      timestamptz,
  version         integer not null default 1,
  primary key (rfq_no, comp_no)
);
create index quotation_comp on quotation(comp_no, status);

create table quotation_line (
  rfq_no      varchar(20) not null,
  comp_no     varchar(10) not null,
  line_no     integer not null,
  unit_price  numeric(18,2) not null check (unit_price >= 0),
  amount      numeric(18,2) not null,
  remark      varchar(300),
  primary key (rfq_no, comp_no, line_no),
  foreign key (rfq_no, comp_no) references quotation(rfq_no, comp_no)
);

create table loi (
  loi_no          varchar(20) primary key,
  comp_no         varchar(10) not null references company(comp_no),
  title           varchar(200) not null,
  scope           varchar(2000) not null,
  currency        char(3) not null check (currency in ('KRW','JPY')),
  amount          numeric(18,2) not null check (amount > 0),
  valid_from      date not null,
  valid_until     date not null,
  status          varchar(12) not null check (status in ('DRAFT','IN_APPROVAL','ISSUED','ACCEPTED','EXPIRED','CANCELLED')),
  approval_status varchar(12) not null default 'NONE',
  approval_id     bigint references approval(approval_id),
  buyer_id        varchar(30) not null references employee(singleid),
  pr_no           varchar(20) references pr_header(pr_no),
  file_id         varchar(36) references file_group(file_id),
  issued_at       timestamptz,
  accepted_at     timestamptz,
  accepted_by     varchar(50),
  expired_at      timestamptz,
  cancel_reason   varchar(500),
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1,
  check (valid_until >= valid_from)
);
create index loi_comp on loi(comp_no, status);
create index loi_status on loi(status, valid_until);

alter table po_header add column approval_status varchar(12) not null default 'NONE';
alter table po_header add column approval_id bigint references approval(approval_id);
alter table po_header add column approved_amount numeric(18,2);
alter table po_header add column rfq_no varchar(20) references rfq_header(rfq_no);
alter table po_header add column quote_no varchar(20);
alter table po_header add column loi_no varchar(20) references loi(loi_no);
alter table po_header add column file_id varchar(36) references file_group(file_id);
alter table po_header add column remark varchar(1000);
alter table po_header add column created_by varchar(50);
alter table po_header add column sent_by varchar(50);
alter table po_header add column acknowledged_by varchar(50);
alter table po_header add constraint po_header_pr_fk foreign key (pr_no) references pr_header(pr_no);
create index po_header_pr on po_header(pr_no);
create index po_header_rfq on po_header(rfq_no);
create index po_header_buyer on po_header(buyer_id, po_date);

-- Orders written before this migration: their approval is taken as done (or under way).
update po_header set approval_status = 'APPROVED', approved_amount = total_amount
  where status in ('APPROVED','SENT','ACKNOWLEDGED','PARTLY_DELIVERED','DELIVERED','CLOSED');
update po_header set approval_status = 'PENDING' where status = 'IN_APPROVAL';

create table po_change (
  change_id     bigserial primary key,
  po_no         varchar(20) not null references po_header(po_no),
  change_seq    integer not null,
  field         varchar(40) not null,
  line_no       integer,
  before_value  varchar(300),
  after_value   varchar(300),
  reason        varchar(500) not null,
  changed_by    varchar(50) not null,
  changed_at    timestamptz not null default now()
);
create index po_change_po on po_change(po_no, change_seq);
create index po_change_at on po_change(changed_at);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
