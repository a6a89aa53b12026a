import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Sealed-bid tenders (전자입찰, issue 30 item 1). A tender invites suppliers to bid on its lines
 * inside a window; each bid's prices are stored only encrypted (tender_bid.sealed) with the
 * tender's data key, and that key is kept in tender_key wrapped by a master key that is never in
 * the database (BID_MASTER_KEY or a key file under DATA_DIR). Opening (개찰) needs two distinct
 * staff confirmations (tender_opening) within a window; only then are the prices decrypted into
 * tender_bid_line and ranked. Award makes the purchase orders (tender_award names them).
 *
 * The supplier-owned tables (tender_bid, tender_bid_line, tender_award) get 0310's row-level policy
 * and are in COMPANY_OWNED_TABLES. Also: the evaluation-warning confirmations may name a tender (doc_type TENDER).
 */
const up_sql = `
create table tender (
  tender_no      varchar(20) primary key,
  pr_no          varchar(20) references pr_header(pr_no),
  title          varchar(200) not null,
  description    varchar(2000),
  section        varchar(20) not null references business_section(top_dept),
  deptcd         varchar(20) not null references department(deptcd),
  buyer_id       varchar(30) not null references employee(singleid),
  currency       char(3) not null check (currency in ('KRW','JPY')),
  award_rule     varchar(20) not null check (award_rule in ('LOWEST_TOTAL','LOWEST_PER_LINE')),
  open_at        timestamptz not null,
  close_at       timestamptz not null,
  status         varchar(12) not null check (status in ('DRAFT','PUBLISHED','OPEN','CLOSED','OPENED','AWARDED','CANCELLED')),
  file_id        varchar(36) references file_group(file_id),
  cancel_reason  varchar(500),
  published_at   timestamptz,
  opened_at      timestamptz,
  awarded_at     timestamptz,
  created_by     varchar(50) not null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  version        integer not null default 1,
  check (close_at > open_at)
);
create index tender_status on tender(status, close_at);
create index tender_pr on tender(pr_no) where pr_no is not null;

create table tender_line (
  tender_no      varchar(20) not null references tender(tender_no),
  line_no        integer not null,
  pr_line_no     integer,
  item_code      varchar(20) references item(item_code),
  item_name      varchar(200) not null,
  spec           varchar(300),
  unit_code      varchar(10) not null references unit(unit_code),
  sg_code        varchar(20) references sourcing_group(sg_code),
  quantity       numeric(15,3) not null check (quantity > 0),
  delivery_date  date,
  primary key (tender_no, line_no)
);

-- The invited suppliers and their bids: one row per supplier, replaced until the close.
-- sealed holds the AES-256-GCM ciphertext of the prices (base64 "iv.tag.data"); total_amount,
-- rank and result stay empty until the opening.
create table tender_bid (
  tender_no      varchar(20) not null references tender(tender_no),
  comp_no        varchar(10) not null references company(comp_no),
  status         varchar(12) not null check (status in ('INVITED','SUBMITTED','WON','LOST','CANCELLED')),
  sealed         text,
  digest         char(64),
  revision       integer not null default 0,
  submitted_at   timestamptz,
  submitted_by   varchar(50),
  total_amount   numeric(18,2),
  bid_rank       integer,
  invited_at     timestamptz not null default now(),
  version        integer not null default 1,
  primary key (tender_no, comp_no)
);
create index tender_bid_comp on tender_bid(comp_no, tender_no);

-- The prices in clear, written by the opening only.
create table tender_bid_line (
  tender_no      varchar(20) not null references tender(tender_no),
  comp_no        varchar(10) not null references company(comp_no),
  line_no        integer not null,
  unit_price     numeric(18,2) not null check (unit_price >= 0),
  amount         numeric(18,2) not null,
  line_rank      integer,
  primary key (tender_no, comp_no, line_no)
);

-- The tender's data key, wrapped by the master key; apart from the bids on purpose.
create table tender_key (
  tender_no      varchar(20) primary key references tender(tender_no),
  wrapped_key    text,
  key_ref        varchar(64) not null,
  created_at     timestamptz not null default now(),
  released_at    timestamptz,
  destroyed_at   timestamptz
);

-- Opening confirmations (dual control): who, when; a confirmation older than the window lapses.
create table tender_opening (
  id             bigserial primary key,
  tender_no      varchar(20) not null references tender(tender_no),
  confirmed_by   varchar(50) not null,
  confirmer_name varchar(100),
  confirmed_at   timestamptz not null default now()
);
create index tender_opening_tender on tender_opening(tender_no, confirmed_at);

-- The orders an award made (one, or one per winning supplier under LOWEST_PER_LINE).
create table tender_award (
  tender_no      varchar(20) not null references tender(tender_no),
  comp_no        varchar(10) not null references company(comp_no),
  po_no          varchar(20) not null references po_header(po_no),
  primary key (tender_no, comp_no)
);

alter table eva_warn_confirm drop constraint eva_warn_confirm_doc_type_check;
alter table eva_warn_confirm add constraint eva_warn_confirm_doc_type_check check (doc_type in ('RFQ','PO','SIMPLE','TENDER'));

alter table tender_bid enable row level security;
create policy company_isolation on tender_bid to gpms_supplier
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
alter table tender_bid_line enable row level security;
create policy company_isolation on tender_bid_line to gpms_supplier
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
alter table tender_award enable row level security;
create policy company_isolation on tender_award to gpms_supplier
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
