import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The 납품대금 조정협의 screens' menus (docs/subcontracting.md "납품대금 조정협의") in a database seeded before them,
 * as the seed gives a new one (server/db/seed/menus.ts):
 *
 * - 구매관리 › 하도급 › 납품대금 조정협의 (/priceCoordinationList), at the level each group holds on 단가계약
 *   (PUR_AGREEMENT): the talks are about an agreement's prices, so whoever keeps the agreements answers them;
 * - the supplier's 발주 › 발주관리 › 납품대금 조정협의 (/myCoordinationList), after 단가계약 조회, at the level each
 *   supplier group holds there (CY_AGREEMENT), whose agreements the requests are about.
 *
 * Nothing is inserted while the parent menus are missing; running it twice adds nothing.
 */
const LEAVES: ReadonlyArray<{
  pgmId: string;
  parentId: string;
  ko: string;
  en: string;
  url: string;
  portal: 'I' | 'X';
  like: string;
}> = [
  {
    pgmId: 'PUR_SUBCON_COORDINATION',
    parentId: 'PUR_SUBCON',
    ko: '납품대금 조정협의',
    en: 'Price Coordination Requests',
    url: '/priceCoordinationList',
    portal: 'I',
    like: 'PUR_AGREEMENT',
  },
  {
    pgmId: 'CY_AGREEMENT_COORDINATION',
    parentId: 'CY_ORDER_MAIN',
    ko: '납품대금 조정협의',
    en: 'Price Coordination Requests',
    url: '/myCoordinationList',
    portal: 'X',
    like: 'CY_AGREEMENT',
  },
];

const leafSql = (l: (typeof LEAVES)[number]) => `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select '${l.pgmId}', '${l.parentId}', 3, '${l.ko}', '${l.en}', '${l.url}', '{}', 'T', '${l.portal}',
         coalesce((select max(sort_order) from menu where parent_id = '${l.parentId}'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = '${l.parentId}') and not exists (select 1 from menu where pgm_id = '${l.pgmId}');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, '${l.pgmId}', a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = '${l.like}' and exists (select 1 from menu where pgm_id = '${l.pgmId}')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = '${l.pgmId}');
`;

const ids = LEAVES.map((l) => `'${l.pgmId}'`).join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, LEAVES.map(leafSql).join(''));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `delete from menu_auth where pgm_id in (${ids});\ndelete from menu where pgm_id in (${ids});\n`,
  );
}
