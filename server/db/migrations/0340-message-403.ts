import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Spec §8's 403 alert reads "authorization failed, no access right"; the first seed wrote only the
 * second half ('권한이 없습니다.'). Databases seeded before this fix get the spec's text — unless an
 * administrator has already reworded it in messageManage (then their text stays).
 */
const up_sql = `
update message set text_ko = '인가에 실패했습니다. 접근 권한이 없습니다.', updated_at = now(), version = version + 1
 where msg_key = 'http.403' and text_ko = '권한이 없습니다.';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
