import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Security:
 * - login_throttle: failed logins counted per account + client, per account and per client, with
 *   temporary locks that end by themselves (server/auth/throttle.ts);
 * - file groups get owners: the document (type, number) that holds them, the uploader's company,
 *   and when they were bound; existing groups are bound to the documents that reference them.
 */
const up_sql = `
create table login_throttle (
  scope            varchar(10) not null check (scope in ('PAIR','ACCOUNT','CLIENT')),
  key              varchar(200) not null,
  failures         integer not null default 0,
  last_failure_at  timestamptz not null default now(),
  locked_until     timestamptz,
  primary key (scope, key)
);

alter table file_group add column doc_type varchar(30);
alter table file_group add column doc_no varchar(50);
alter table file_group add column comp_no varchar(10) references company(comp_no);
alter table file_group add column bound_at timestamptz;
create index file_group_unbound on file_group(created_at) where bound_at is null;

update file_group g set doc_type = 'PR', doc_no = d.pr_no, bound_at = now() from pr_header d where d.file_id = g.file_id and g.bound_at is null;
update file_group g set doc_type = 'RFQ', doc_no = d.rfq_no, bound_at = now() from rfq_header d where d.file_id = g.file_id and g.bound_at is null;
update file_group g set doc_type = 'QUOTATION', doc_no = d.rfq_no, comp_no = d.comp_no, bound_at = now() from quotation d where d.file_id = g.file_id and g.bound_at is null;
update file_group g set doc_type = 'PO', doc_no = d.po_no, bound_at = now() from po_header d where d.file_id = g.file_id and g.bound_at is null;
update file_group g set doc_type = 'LOI', doc_no = d.loi_no, bound_at = now() from loi d where d.file_id = g.file_id and g.bound_at is null;
update file_group g set doc_type = 'DELIVERY', doc_no = d.delivery_no, comp_no = d.comp_no, bound_at = now() from delivery d where d.file_id = g.file_id and g.bound_at is null;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
