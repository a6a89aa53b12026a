import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script.js';

/**
 * A menu migration's shape: new leaf screens in a database seeded before them, as the seed gives a new one
 * (server/db/seed/menus.ts). Each leaf goes last under its parent, and every authority group gets on it the level
 * it holds on the menu named by `like`. Nothing is inserted while the parent is missing (an empty database is
 * seeded later, with the leaf); running it twice adds nothing; `down` removes the leaves and their authority.
 *
 * Leaves are the migration's own constants, never input: quotes are still doubled so a name with an apostrophe
 * is text, not SQL.
 */
export interface MenuLeaf {
  pgmId: string;
  parentId: string;
  ko: string;
  en: string;
  url: string;
  /** the leaf's sub-routes as a PostgreSQL array literal, e.g. `{/myReductionDetail}` */
  subUrls?: string;
  portal: 'I' | 'X';
  /** the menu whose authority each group gets on the leaf */
  like: string;
}

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

const leafSql = (l: MenuLeaf) => `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select ${text(l.pgmId)}, ${text(l.parentId)}, 3, ${text(l.ko)}, ${text(l.en)}, ${text(l.url)}, ${text(l.subUrls ?? '{}')}, 'T', ${text(l.portal)},
         coalesce((select max(sort_order) from menu where parent_id = ${text(l.parentId)}), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = ${text(l.parentId)}) and not exists (select 1 from menu where pgm_id = ${text(l.pgmId)});
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, ${text(l.pgmId)}, a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = ${text(l.like)} and exists (select 1 from menu where pgm_id = ${text(l.pgmId)})
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = ${text(l.pgmId)});
`;

export function menuLeavesMigration(leaves: readonly MenuLeaf[]): {
  up: (db: Kysely<unknown>) => Promise<void>;
  down: (db: Kysely<unknown>) => Promise<void>;
} {
  const ids = leaves.map((l) => text(l.pgmId)).join(', ');
  return {
    up: (db) => runSqlScript(db, leaves.map(leafSql).join('')),
    down: (db) =>
      runSqlScript(db, `delete from menu_auth where pgm_id in (${ids});\ndelete from menu where pgm_id in (${ids});\n`),
  };
}
