import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * PO change orders as revisions (docs/agreements.md "Change orders"). A sent or acknowledged order
 * changed (quantity, price, due date, lines added or removed) becomes revision n+1; each revision's
 * terms are kept read-only here, with the field-level difference from the one before.
 *
 * - po_header.revision: the revision in force (1 until the first change).
 * - po_revision: one row per revision: its terms (snapshot: header fields and lines), the diff from
 *   the previous one, the reason, whether it needed approval again and its approval round, and the
 *   supplier's acknowledgement. status CURRENT (in force), SUPERSEDED (an earlier one), PROPOSED (a
 *   change waiting for approval; the order keeps its current terms meanwhile), REJECTED, WITHDRAWN.
 *   Revision 1 is written when the order is first changed, from its terms before the change.
 * - po_change (0020) stays the spec's change history (poChangeInfo): every revision put in force
 *   writes its field rows there under one change_seq, which po_revision.change_seq names.
 *
 * comp_no: the supplier reads its orders' revisions (row-level security and grants as 0670).
 */
const ROLE = 'gpms_supplier';

const up_sql = `
alter table po_header add column revision integer not null default 1 check (revision > 0);

create table po_revision (
  po_no            varchar(20) not null references po_header(po_no),
  revision         integer not null check (revision > 0),
  comp_no          varchar(10) not null references company(comp_no),
  status           varchar(12) not null check (status in ('CURRENT','SUPERSEDED','PROPOSED','REJECTED','WITHDRAWN')),
  snapshot         jsonb not null,
  diff             jsonb not null default '[]'::jsonb,
  reason           varchar(500),
  change_seq       integer,
  total_amount     numeric(18,2) not null,
  needs_approval   boolean not null default false,
  approval_id      bigint references approval(approval_id),
  approval_status  varchar(12) not null default 'NONE',
  created_by       varchar(50) not null,
  created_at       timestamptz not null default now(),
  acknowledged_at  timestamptz,
  acknowledged_by  varchar(50),
  version          integer not null default 1,
  primary key (po_no, revision)
);
create index po_revision_comp on po_revision(comp_no, status);
create unique index po_revision_one_proposed on po_revision(po_no) where status = 'PROPOSED';
create unique index po_revision_one_current on po_revision(po_no) where status = 'CURRENT';

alter table po_revision enable row level security;
create policy company_isolation on po_revision to ${ROLE} using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on po_revision to ${ROLE};

insert into code (group_id, code, text_ko, text_en, attr_1, attr_2, sort_order, use_yn)
  select 'SYSTEM_CONST', 'PO_CHANGE_APPROVAL', '발주변경 재결재 기준', 'PO change re-approval rule', 'AMOUNT_UP', null,
         coalesce((select max(sort_order) from code where group_id = 'SYSTEM_CONST'), 0) + 10, 'Y'
  where exists (select 1 from code_group where group_id = 'SYSTEM_CONST')
    and not exists (select 1 from code where group_id = 'SYSTEM_CONST' and code = 'PO_CHANGE_APPROVAL');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
