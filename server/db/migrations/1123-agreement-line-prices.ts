import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Dated prices per agreement line (docs/subcontracting.md "납품대금 연동"): a price changes under an active
 * agreement from a day on — a 변경계약 (AMENDMENT), an accepted 연동 proposal (LINKAGE) — and an order called off
 * before that day keeps the price it was made at. A call-off is checked against the row in effect on its order
 * date (the latest with effective_from ≤ that day); agreement_line.unit_price stays the price in effect today.
 *
 * Every approved agreement's lines get their current price as ORIGINAL from the agreement's first valid day; a
 * draft's lines are replaced whenever it is saved, so its ORIGINAL rows are written when it becomes active.
 * Rows are never updated: two changes effective the same day are both kept, the later (price_id) wins.
 *
 * comp_no, row-level security and the supplier role's grants as agreement_line has them (migration 0670): the
 * policy keeps a supplier to its own agreements' prices (tests/api/security/rls.test.ts checks every such table).
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table agreement_line_price (
  price_id        bigserial primary key,
  agreement_no    varchar(20) not null,
  line_no         integer not null,
  comp_no         varchar(10) not null references company(comp_no),
  effective_from  date not null,
  unit_price      numeric(18,2) not null check (unit_price >= 0),
  source          varchar(10) not null check (source in ('ORIGINAL','AMENDMENT','LINKAGE')),
  reference       varchar(200),
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  foreign key (agreement_no, line_no) references agreement_line(agreement_no, line_no)
);
create index agreement_line_price_effective on agreement_line_price(agreement_no, line_no, effective_from);

insert into agreement_line_price (agreement_no, line_no, comp_no, effective_from, unit_price, source, created_by)
select l.agreement_no, l.line_no, l.comp_no, a.valid_from, l.unit_price, 'ORIGINAL', 'SYSTEM'
  from agreement_line l join agreement a on a.agreement_no = l.agreement_no
 where a.status in ('ACTIVE','EXPIRED','TERMINATED')
 order by l.agreement_no, l.line_no;

alter table agreement_line_price enable row level security;
create policy company_isolation on agreement_line_price to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on agreement_line_price to ${ROLE};
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
