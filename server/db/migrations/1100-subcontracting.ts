import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The Subcontracting Act's duties as data (docs/subcontracting.md): which orders are 하도급 and of which kind
 * (subcon_rule, kept by the purchasing manager; the order copies the kind once, when it is created), the
 * order's payment term and the day its own 발주자 paid (the payment clock's other two bounds, §13), a paper
 * contract recorded on an order (the written contract before sending, §3), the written inspection result
 * on a receipt line (§9: it stops the 10-day clock) and the day an order's transaction ended (cancelled
 * or closed: the start of the three-year retention, §3⑨).
 *
 * A rule names one thing — an order type, a sourcing group or a supplier — and the kind it makes an order;
 * NONE exempts (a supplier that is not a 수급사업자, say) and wins over a less specific rule.
 */
const up_sql = `
create table subcon_rule (
  rule_id      serial primary key,
  match_kind   varchar(8) not null check (match_kind in ('PO_TYPE','SG_CODE','COMP_NO')),
  match_value  varchar(20) not null,
  subcon_kind  varchar(12) not null check (subcon_kind in ('MANUFACTURE','REPAIR','SERVICE','NONE')),
  remark       varchar(200),
  updated_by   varchar(50) not null,
  updated_at   timestamptz not null default now(),
  version      integer not null default 1,
  unique (match_kind, match_value)
);
alter table po_header add column subcon_kind varchar(12) check (subcon_kind in ('MANUFACTURE','REPAIR','SERVICE'));
alter table po_header add column payment_term_days integer check (payment_term_days between 1 and 365);
alter table po_header add column owner_paid_date date;
alter table po_header add column ended_on date;
create table po_paper_contract (
  po_no          varchar(20) primary key references po_header(po_no),
  contract_date  date not null,
  reference      varchar(200) not null,
  file_id        varchar(36) references file_group(file_id),
  recorded_by    varchar(50) not null,
  recorded_at    timestamptz not null default now()
);
alter table wh_receipt_line add column inspection_result varchar(4) check (inspection_result in ('PASS','FAIL'));
alter table wh_receipt_line add column inspection_date date;
alter table wh_receipt_line add column inspected_by varchar(50);
alter table wh_receipt_line add constraint wh_receipt_line_inspection
  check ((inspection_result is null) = (inspection_date is null));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
