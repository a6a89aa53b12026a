import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { menuPathOf, menusForPath } from '../../auth/menu-authority.js';
import { insertMenuVisit } from './queries.js';

/** Records a visit to `path`, under the menu the client names or the first menu that opens the path. */
export async function recordMenuVisit(
  db: Db,
  caller: Caller,
  body: { path: string; pgmId?: string },
  ip: string,
): Promise<{ code: 'OK' }> {
  const target = menuPathOf(body.path);
  const pgmId = body.pgmId ?? (await menusForPath(db, caller.portal, target.path))[0] ?? null;
  await insertMenuVisit(db, { userId: caller.userId, pgmId, path: body.path, portal: caller.portal, ip });
  return { code: 'OK' };
}
