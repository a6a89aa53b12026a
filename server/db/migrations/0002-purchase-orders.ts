import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Purchase orders and their lines: the document every later flow (delivery, receipt,
 * settlement) points at. The purchasing issue extends this with PRs, quotations and approval.
 */
const up_sql = `
create table po_header (
  po_no            varchar(20) primary key,
  po_type          varchar(10) not null check (po_type in ('PO','SIMPLE')),
  comp_no          varchar(10) not null references company(comp_no),
  section          varchar(20) not null references business_section(top_dept),
  deptcd           varchar(20) not null references department(deptcd),
  buyer_id         varchar(30) not null references employee(singleid),
  requester_id     varchar(30) references employee(singleid),
  pr_no            varchar(20),
  title            varchar(200) not null,
  currency         char(3) not null check (currency in ('KRW','JPY')),
  total_amount     numeric(18,2) not null default 0,
  status           varchar(20) not null,
  po_date          date not null,
  due_date         date,
  forwarded_at     timestamptz,
  acknowledged_at  timestamptz,
  cancel_reason    varchar(500),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  version          integer not null default 1
);
create index po_header_comp on po_header(comp_no, po_date);
create index po_header_date on po_header(po_date);
create index po_header_status on po_header(status);

create table po_line (
  po_no          varchar(20) not null references po_header(po_no),
  line_no        integer not null,
  item_code      varchar(20) references item(item_code),
  item_name      varchar(200) not null,
  spec           varchar(300),
  unit_code      varchar(10) not null references unit(unit_code),
  sg_code        varchar(20) references sourcing_group(sg_code),
  quantity       numeric(15,3) not null check (quantity > 0),
  unit_price     numeric(18,2) not null check (unit_price >= 0),
  amount         numeric(18,2) not null,
  delivery_date  date,
  delivered_qty  numeric(15,3) not null default 0,
  received_qty   numeric(15,3) not null default 0,
  primary key (po_no, line_no)
);
create index po_line_item on po_line(item_code);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
