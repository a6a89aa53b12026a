import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Electronic tax invoices (전자세금계산서) drawn from a confirmed settlement (docs/tax-invoices.md):
 *
 * - tax_invoice: one document per settlement, tax type and revision (a 월합계 per supplier, business
 *   place and month, since a settlement is one per supplier and month); its management key (관리번호)
 *   is unique per buyer business number, as the provider requires; the NTS approval number only in
 *   its 24 digits; supply + tax = total; a version column for concurrent edits.
 * - tax_invoice_line: its lines (Σ supply and Σ tax equal the header's: the service writes them so).
 * - tax_invoice_event: every transition and every refusal, the provider's code and message kept.
 * - tax_invoice_file: the provider's XML and PDF in the file store, with their hash and the day until
 *   which they must be kept (deletion before it is refused).
 * - settlement_tax_gate_bypass: an authorised person's decision to post a settlement without its
 *   invoice, with the reason (staff only: no comp_no, so a supplier's role has no grant on it).
 *
 * The company-owned tables get row-level security and the supplier role's grants here, as migrations
 * 0310 and 0550 gave the others (written out: a migration must not change when the code does).
 */
const ROLE = 'gpms_supplier';
const COMPANY_OWNED = ['tax_invoice', 'tax_invoice_line', 'tax_invoice_event', 'tax_invoice_file'];

const up_sql = `
create table tax_invoice (
  mgt_key          varchar(24) primary key check (mgt_key ~ '^[A-Za-z0-9_-]{1,24}$'),
  buyer_corp_num   char(10) not null check (buyer_corp_num ~ '^[0-9]{10}$'),
  settle_no        varchar(20) not null references settlement(settle_no),
  comp_no          varchar(10) not null references company(comp_no),
  supplier_corp_num char(10) not null check (supplier_corp_num ~ '^[0-9]{10}$'),
  biz_place        char(4) check (biz_place ~ '^[0-9]{4}$'),
  period           char(6) not null check (period ~ '^[0-9]{4}(0[1-9]|1[0-2])$'),
  write_date       date not null,
  issue_kind       varchar(10) not null default 'REVERSE' check (issue_kind in ('REVERSE','FORWARD')),
  tax_type         varchar(12) not null check (tax_type in ('TAXABLE','ZERO_RATED','EXEMPT')),
  purpose_type     char(2) not null default '02' check (purpose_type in ('01','02')),
  status           varchar(12) not null check (status in ('DRAFT','REQUESTED','ISSUED','SENT','NTS_SUCCESS','NTS_FAILED','REFUSED','CANCELLED')),
  revision         integer not null default 0 check (revision >= 0),
  amends_mgt_key   varchar(24) references tax_invoice(mgt_key),
  amend_reason     smallint check (amend_reason between 1 and 6),
  nts_confirm_num  char(24) check (nts_confirm_num ~ '^[0-9]{24}$'),
  nts_result       varchar(60),
  memo             varchar(1000),
  supply_amount    numeric(18,0) not null,
  tax_amount       numeric(18,0) not null,
  total_amount     numeric(18,0) not null,
  line_count       integer not null default 0,
  provider         varchar(10) not null check (provider in ('file','http')),
  requested_at     timestamptz,
  issued_at        timestamptz,
  sent_at          timestamptz,
  nts_at           timestamptz,
  created_by       varchar(50),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  version          integer not null default 1,
  unique (buyer_corp_num, mgt_key),
  unique (settle_no, tax_type, revision),
  check (total_amount = supply_amount + tax_amount),
  check ((amends_mgt_key is null) = (amend_reason is null)),
  check (status not in ('ISSUED','SENT','NTS_SUCCESS','NTS_FAILED') or nts_confirm_num is not null)
);
create index tax_invoice_period on tax_invoice(period, status);
create index tax_invoice_comp on tax_invoice(comp_no, period);

create table tax_invoice_line (
  mgt_key       varchar(24) not null references tax_invoice(mgt_key),
  line_no       integer not null check (line_no between 1 and 99),
  comp_no       varchar(10) not null references company(comp_no),
  month_day     char(5) not null,
  item_name     varchar(200) not null,
  spec          varchar(300),
  unit_code     varchar(10),
  quantity      numeric(15,3),
  unit_price    numeric(18,2),
  supply_amount numeric(18,0) not null,
  tax_amount    numeric(18,0) not null,
  source_count  integer not null default 1,
  primary key (mgt_key, line_no)
);

create table tax_invoice_event (
  event_id     bigserial primary key,
  mgt_key      varchar(24) not null references tax_invoice(mgt_key),
  comp_no      varchar(10) not null references company(comp_no),
  action       varchar(20) not null,
  from_status  varchar(12),
  to_status    varchar(12),
  outcome      varchar(10) not null check (outcome in ('DONE','REFUSED','FAILED')),
  code         varchar(60),
  message      varchar(2000),
  actor        varchar(50) not null,
  occurred_at  timestamptz not null default now()
);
create index tax_invoice_event_key on tax_invoice_event(mgt_key, event_id);

create table tax_invoice_file (
  file_id      bigserial primary key,
  mgt_key      varchar(24) not null references tax_invoice(mgt_key),
  comp_no      varchar(10) not null references company(comp_no),
  kind         varchar(3) not null check (kind in ('XML','PDF')),
  storage_key  varchar(300) not null unique,
  content_sha  char(64) not null check (content_sha ~ '^[0-9a-f]{64}$'),
  size_bytes   integer not null check (size_bytes >= 0),
  retain_until date not null,
  created_at   timestamptz not null default now(),
  unique (mgt_key, kind)
);

create table settlement_tax_gate_bypass (
  settle_no    varchar(20) primary key references settlement(settle_no),
  reason       varchar(1000) not null check (length(trim(reason)) > 0),
  bypassed_by  varchar(50) not null,
  bypassed_at  timestamptz not null default now()
);
`;

const companyOwned = COMPANY_OWNED.flatMap((t) => [
  `alter table ${t} enable row level security;`,
  `create policy company_isolation on ${t} to ${ROLE} using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));`,
  `grant select, insert, update, delete on ${t} to ${ROLE};`,
]).join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `${up_sql}\n${companyOwned}\ngrant usage, select on sequence tax_invoice_event_event_id_seq to ${ROLE};\ngrant usage, select on sequence tax_invoice_file_file_id_seq to ${ROLE};\n`,
  );
}
