import type { Db } from '../../db/connect.js';

/**
 * One enabled, unlocked internal user of an active group holding write on an active internal menu
 * that opens `screen`, if any.
 */
export function anAuthorityAdmin(trx: Db, screen: string) {
  return trx
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .innerJoin('menuAuth as a', 'a.authGroupId', 'u.authGroupId')
    .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
    .select('u.userId')
    .where('u.portal', '=', 'I')
    .where('u.useFlag', '=', 'Y')
    .where('u.status', '=', 'NORMAL')
    .where('u.lockedAt', 'is', null)
    .where('g.useYn', '=', 'Y')
    .where('a.canWrite', '=', 'Y')
    .where('m.useYn', '=', 'Y')
    .where('m.portal', '=', 'I')
    .where((eb) => eb.or([eb('m.sspUrl', '=', screen), eb(eb.val(screen), '=', eb.fn.any('m.sspSubUrls'))]))
    .limit(1)
    .executeTakeFirst();
}
