import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The Subcontracting Act's payment duties on settlements (docs/subcontracting.md "Payment, interest and fees",
 * "감액 서면"):
 *
 * - `subcon_rate`: the rates the Fair Trade Commission announces, each in force from a date — 지연이자 (§13⑧),
 *   어음 할인료 (§13⑥) and 어음대체결제 수수료 (§13⑦). Seeded from secondary sources (the doc names them); a
 *   company adds a row when the FTC announces a new rate.
 * - the settlement's payment: the day it was paid, how (cash, 어음, 어음대체결제수단), a bill's maturity, and the
 *   interest and fee computed then; the 하도급 payment due date is read from its lines when needed.
 * - `settlement_reduction`: a 감액 서면 (§11) — the reason and amount of a reduction, put to the supplier, who
 *   acknowledges it in /cyber before any negative adjustment of a 하도급 settlement counts.
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table subcon_rate (
  rate_kind       varchar(16) not null check (rate_kind in ('LATE_INTEREST','BILL_DISCOUNT','BILL_SUBSTITUTE')),
  effective_from  date not null,
  rate_pct        numeric(6,3) not null check (rate_pct >= 0 and rate_pct <= 40),
  source          varchar(300) not null,
  updated_by      varchar(50) not null,
  updated_at      timestamptz not null default now(),
  primary key (rate_kind, effective_from)
);
insert into subcon_rate (rate_kind, effective_from, rate_pct, source, updated_by) values
  ('LATE_INTEREST', '2015-07-01', 15.5, '공정위 고시(지연이율) 2015-07-01 시행 — 2차 자료: koscaj.com 216270, electimes.com 1542598842168819025', 'system'),
  ('BILL_DISCOUNT', '2002-06-10', 7.5, '공정위 고시(어음할인율) 2002-06-10 교부분부터 — 2차 자료: hankyung.com 2002060617978', 'system'),
  ('BILL_SUBSTITUTE', '2008-01-01', 7, '공정위 고시(어음대체결제수단 수수료율) 7% — 2차 자료: etoday.co.kr 143051 (시행일 미확인)', 'system');

alter table settlement add column paid_on date;
alter table settlement add column payment_method varchar(16)
  check (payment_method in ('CASH','BILL','BILL_SUBSTITUTE'));
alter table settlement add column bill_maturity date;
alter table settlement add column late_interest numeric(18,0);
alter table settlement add column bill_fee numeric(18,0);
alter table settlement add column paid_by varchar(50);
alter table settlement add column paid_at timestamptz;
alter table settlement add constraint settlement_payment check (
  (paid_on is null) = (payment_method is null)
  and (paid_on is null) = (late_interest is null)
  and (paid_on is null) = (bill_fee is null)
  and ((payment_method in ('BILL','BILL_SUBSTITUTE')) = (bill_maturity is not null))
);

create table settlement_reduction (
  reduction_no     varchar(20) primary key,
  settle_no        varchar(20) not null references settlement(settle_no),
  comp_no          varchar(10) not null references company(comp_no),
  amount           numeric(18,0) not null check (amount > 0),
  reason           varchar(1000) not null check (length(trim(reason)) > 0),
  status           varchar(16) not null check (status in ('REQUESTED','ACKNOWLEDGED')),
  created_by       varchar(50) not null,
  created_at       timestamptz not null default now(),
  acknowledged_by  varchar(50),
  acknowledged_at  timestamptz,
  version          integer not null default 1,
  check ((status = 'ACKNOWLEDGED') = (acknowledged_at is not null))
);
create index settlement_reduction_settle on settlement_reduction(settle_no);
alter table settlement_adjustment add column reduction_no varchar(20) unique references settlement_reduction(reduction_no);

alter table settlement_reduction enable row level security;
create policy company_isolation on settlement_reduction to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on settlement_reduction to ${ROLE};
grant select on subcon_rate to ${ROLE};
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
