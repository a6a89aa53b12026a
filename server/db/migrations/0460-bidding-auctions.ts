import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Live reverse auctions (역경매, issue 30 items 2–3). An auction invites suppliers to underbid one
 * another on one lot (its lines) between start_at and end_at; a bid in the last
 * soft_close_minutes moves end_at by that many minutes, at most max_extensions times.
 *
 * Bids are taken one at a time per auction: the bid's transaction locks the auction row (its
 * update of last_seq), so seq is the server-time order of the accepted bids, and the insert into
 * auction_bid is conditional on the one rule (under the start price; at least the decrement below
 * the company's own last bid) — a bid that does not satisfy it is not written.
 * auction_participant keeps each invited company's current best (its last accepted bid) and the
 * seq it was made at: rank = lowest best first, the earlier seq among equals.
 *
 * auction_event is the live feed (SSE, docs/bidding.md): one row per thing participants see
 * change (a bid with the ranking after it, an extension, open, close, cancel, award) with a
 * sequence; a client that reconnects asks for the rows after its last id.
 *
 * The supplier-owned tables (auction_participant, auction_bid) get 0310's row-level policy and
 * are in COMPANY_OWNED_TABLES. auction_event names every company's prices and has no comp_no: no
 * supplier operation reads it through the company's Db; the server reads it with its own and
 * projects each row for each supplier (service.ts project). The evaluation-warning confirmations may name an auction.
 */
const up_sql = `
create table auction (
  auction_no        varchar(20) primary key,
  pr_no             varchar(20) references pr_header(pr_no),
  title             varchar(200) not null,
  description       varchar(2000),
  section           varchar(20) not null references business_section(top_dept),
  deptcd            varchar(20) not null references department(deptcd),
  buyer_id          varchar(30) not null references employee(singleid),
  currency          char(3) not null check (currency in ('KRW','JPY')),
  start_price       numeric(18,2) not null check (start_price > 0),
  decrement_kind    varchar(8) not null check (decrement_kind in ('AMOUNT','PERCENT')),
  decrement_value   numeric(18,4) not null check (decrement_value > 0),
  start_at          timestamptz not null,
  planned_end_at    timestamptz not null,
  end_at            timestamptz not null,
  soft_close_minutes integer not null default 0 check (soft_close_minutes between 0 and 60),
  max_extensions    integer not null default 0 check (max_extensions between 0 and 100),
  extensions        integer not null default 0,
  status            varchar(12) not null check (status in ('DRAFT','PUBLISHED','OPEN','CLOSED','AWARDED','CANCELLED')),
  last_seq          integer not null default 0,
  winner_comp_no    varchar(10) references company(comp_no),
  winning_amount    numeric(18,2),
  po_no             varchar(20) references po_header(po_no),
  cancel_reason     varchar(500),
  published_at      timestamptz,
  opened_at         timestamptz,
  closed_at         timestamptz,
  awarded_at        timestamptz,
  created_by        varchar(50) not null,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1,
  check (planned_end_at > start_at),
  check (end_at >= planned_end_at)
);
create index auction_status on auction(status, start_at, end_at);
create index auction_pr on auction(pr_no) where pr_no is not null;

create table auction_line (
  auction_no     varchar(20) not null references auction(auction_no),
  line_no        integer not null,
  pr_line_no     integer,
  item_code      varchar(20) references item(item_code),
  item_name      varchar(200) not null,
  spec           varchar(300),
  unit_code      varchar(10) not null references unit(unit_code),
  sg_code        varchar(20) references sourcing_group(sg_code),
  quantity       numeric(15,3) not null check (quantity > 0),
  ref_unit_price numeric(18,2) not null check (ref_unit_price >= 0),
  delivery_date  date,
  primary key (auction_no, line_no)
);

-- The invited companies and where each stands: its last accepted bid is its best.
create table auction_participant (
  auction_no     varchar(20) not null references auction(auction_no),
  comp_no        varchar(10) not null references company(comp_no),
  best_amount    numeric(18,2),
  best_seq       integer,
  best_at        timestamptz,
  bid_count      integer not null default 0,
  result         varchar(8) check (result in ('WON','LOST')),
  invited_at     timestamptz not null default now(),
  primary key (auction_no, comp_no)
);
create index auction_participant_comp on auction_participant(comp_no, auction_no);
create index auction_participant_rank on auction_participant(auction_no, best_amount, best_seq);

-- The bid log: every accepted bid in server-time order (seq per auction).
create table auction_bid (
  auction_no     varchar(20) not null references auction(auction_no),
  seq            integer not null,
  comp_no        varchar(10) not null references company(comp_no),
  amount         numeric(18,2) not null check (amount > 0),
  bid_at         timestamptz not null,
  bid_by         varchar(50) not null,
  end_at_after   timestamptz not null,
  primary key (auction_no, seq)
);
create index auction_bid_comp on auction_bid(auction_no, comp_no, seq);

-- The live feed; id orders every event of every auction, Last-Event-ID names one.
create table auction_event (
  id             bigserial primary key,
  auction_no     varchar(20) not null references auction(auction_no),
  kind           varchar(10) not null check (kind in ('OPEN','BID','EXTEND','CLOSE','CANCEL','AWARD')),
  payload        jsonb not null,
  created_at     timestamptz not null default now()
);
create index auction_event_auction on auction_event(auction_no, id);

alter table eva_warn_confirm drop constraint eva_warn_confirm_doc_type_check;
alter table eva_warn_confirm add constraint eva_warn_confirm_doc_type_check check (doc_type in ('RFQ','PO','SIMPLE','TENDER','AUCTION'));

alter table auction_participant enable row level security;
create policy company_isolation on auction_participant to gpms_supplier
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
alter table auction_bid enable row level security;
create policy company_isolation on auction_bid to gpms_supplier
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
