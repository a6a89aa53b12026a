import type { Db } from '../db/connect.js';

/** True when `code` is an active code of the common-code group (EXPENSES, SOURCE_SYSTEM …). */
export async function isActiveCode(db: Db, groupId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('code')
    .select('code')
    .where('groupId', '=', groupId)
    .where('code', '=', code)
    .where('useYn', '=', 'Y')
    .executeTakeFirst();
  return row !== undefined;
}
