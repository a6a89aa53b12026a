import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Purchasing and fulfilment, finished (docs/purchasing.md, docs/fulfilment.md):
 * - partial receipts: what a receipt did not accept of a delivery line, and why (short, damaged,
 *   wrong item); the shortfall went back to the order line's open quantity;
 * - supplier questions on quotation requests: the question belongs to the supplier that asked
 *   (comp_no, company-scoped); an answer shared with every invited supplier is copied into
 *   rfq_notice, which names no company at all, so no supplier can learn who asked;
 * - approval delegation: an approver names a deputy for a period; steps that become pending
 *   then go to the deputy, and approval_step.on_behalf_of keeps whose turn it was;
 * - the RFQ deadline job stores when it closed a request to quotations (rfq_header.closed_at).
 */
const up_sql = `
alter table delivery_line add column short_qty numeric(15,3) not null default 0 check (short_qty >= 0);
alter table delivery_line add column short_reason varchar(12) check (short_reason in ('SHORT','DAMAGED','WRONG_ITEM'));
alter table delivery_line add column short_remark varchar(500);

create table rfq_question (
  question_id  bigserial primary key,
  rfq_no       varchar(20) not null references rfq_header(rfq_no),
  comp_no      varchar(10) not null references company(comp_no),
  question     varchar(2000) not null,
  asked_by     varchar(50) not null references app_user(user_id),
  asked_at     timestamptz not null default now(),
  answer       varchar(2000),
  answered_by  varchar(50) references app_user(user_id),
  answered_at  timestamptz,
  shared       char(1) not null default 'N' check (shared in ('Y','N')),
  version      integer not null default 1,
  check ((answer is null) = (answered_at is null))
);
create index rfq_question_rfq on rfq_question(rfq_no, asked_at);

create table rfq_notice (
  notice_id    bigserial primary key,
  rfq_no       varchar(20) not null references rfq_header(rfq_no),
  question_id  bigint not null unique references rfq_question(question_id),
  question     varchar(2000) not null,
  asked_at     timestamptz not null,
  answer       varchar(2000) not null,
  answered_at  timestamptz not null
);
create index rfq_notice_rfq on rfq_notice(rfq_no, asked_at);

alter table rfq_header add column closed_at timestamptz;

create table approval_delegation (
  delegation_id  bigserial primary key,
  approver_id    varchar(30) not null references employee(singleid),
  deputy_id      varchar(30) not null references employee(singleid),
  from_date      date not null,
  to_date        date not null,
  reason         varchar(500),
  status         varchar(10) not null default 'ACTIVE' check (status in ('ACTIVE','CANCELLED')),
  created_by     varchar(50) not null,
  created_at     timestamptz not null default now(),
  cancelled_at   timestamptz,
  version        integer not null default 1,
  check (from_date <= to_date),
  check (approver_id <> deputy_id)
);
create index approval_delegation_approver on approval_delegation(approver_id, status, from_date);

alter table approval_step add column on_behalf_of varchar(30) references employee(singleid);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
