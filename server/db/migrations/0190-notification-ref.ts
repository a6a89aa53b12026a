import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Notices are looked up by the document they concern: the RFQ deadline reminder asks whether a
 * supplier was already reminded of a request (server/modules/notifications/supplier.ts), and an
 * administrator's list filters by document. Without this index each lookup read the whole outbox.
 */
const up_sql = `
create index notification_ref on notification(ref_entity, ref_key, template) where ref_entity is not null;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
