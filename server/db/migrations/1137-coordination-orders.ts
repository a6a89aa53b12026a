import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 조정협의 on orders (docs/subcontracting.md "납품대금 조정협의"): a 하도급 supplier working under a single
 * order — its written contract an e-contract or a recorded paper contract — has the same right to ask as one under
 * an agreement (상생협력법 §22의2, 하도급법 §16의2). A request names exactly one target: an agreement (every row made
 * before this migration) or an order. One open request per document, per target, as before.
 *
 * target_kind is stated by every insert (no default): a request that forgot it should fail, not become an
 * agreement's. comp_no stays the document's supplier, so row-level security is unchanged.
 */
const up_sql = `
alter table price_coordination add column target_kind varchar(10) not null default 'AGREEMENT'
  check (target_kind in ('AGREEMENT','ORDER'));
alter table price_coordination alter column target_kind drop default;
alter table price_coordination add column po_no varchar(20) references po_header(po_no);
alter table price_coordination alter column agreement_no drop not null;
alter table price_coordination add constraint price_coordination_target check (
  (target_kind = 'AGREEMENT' and agreement_no is not null and po_no is null)
  or (target_kind = 'ORDER' and po_no is not null and agreement_no is null)
);
create index price_coordination_po on price_coordination(po_no) where po_no is not null;
create unique index price_coordination_one_open_po on price_coordination(po_no)
  where po_no is not null and status in ('REQUESTED','TALKS_STARTED');
`;

/** Down: an order's request has nowhere to go in the agreement-only table, so it goes. */
const down_sql = `
delete from price_coordination where target_kind = 'ORDER';
drop index price_coordination_one_open_po;
drop index price_coordination_po;
alter table price_coordination drop constraint price_coordination_target;
alter table price_coordination alter column agreement_no set not null;
alter table price_coordination drop column po_no;
alter table price_coordination drop column target_kind;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
