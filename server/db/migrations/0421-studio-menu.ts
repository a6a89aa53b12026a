import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The screen studio's menu (포털관리 › 화면관리 › 화면 스튜디오, /portal/screen/studio) with write
 * for the system administrators (group 99), in a database that already has the portal's menus.
 * A new database gets the same rows from the seed (server/db/seed/menus.ts and authority.ts): here
 * nothing is inserted while there is no 포털관리 area to put them in.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PORTAL_SCREEN', 'PORTAL', 2, '화면관리', 'Screens', null, '{}', 'F', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PORTAL'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PORTAL') and not exists (select 1 from menu where pgm_id = 'PORTAL_SCREEN');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PORTAL_SCREEN_STUDIO', 'PORTAL_SCREEN', 3, '화면 스튜디오', 'Screen Studio', '/portal/screen/studio', '{}', 'T', 'I', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PORTAL_SCREEN') and not exists (select 1 from menu where pgm_id = 'PORTAL_SCREEN_STUDIO');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select '99', m.pgm_id, 'Y', 'Y' from menu m
  where m.pgm_id in ('PORTAL_SCREEN', 'PORTAL_SCREEN_STUDIO')
    and exists (select 1 from auth_group where auth_group_id = '99')
    and not exists (select 1 from menu_auth a where a.auth_group_id = '99' and a.pgm_id = m.pgm_id);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
