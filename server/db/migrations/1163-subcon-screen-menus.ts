import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The 하도급 screens' menus (docs/subcontracting.md) in a database seeded before them, as the seed gives a new one
 * (server/db/seed/menus.ts):
 *
 * - 구매관리 › 하도급 › 하도급 이율 (/subconRateManage), after 하도급 준수 현황, at the level each group holds on
 *   하도급 대상 규칙 (PUR_SUBCON_RULE): the FTC's rates are kept by those who keep the rules, and read by their readers;
 * - the supplier's 정산 › 정산관리 › 감액 서면 (/myReductionList, its detail /myReductionDetail), after 세금계산서, at
 *   the level each supplier group holds on 월정산 (CY_SETTLE_MONTHLY), where the same 서면 are shown.
 *
 * Nothing is inserted while the parent menus are missing; running it twice adds nothing.
 */
const LEAVES: ReadonlyArray<{
  pgmId: string;
  parentId: string;
  ko: string;
  en: string;
  url: string;
  subUrls: string;
  portal: 'I' | 'X';
  like: string;
}> = [
  {
    pgmId: 'PUR_SUBCON_RATE',
    parentId: 'PUR_SUBCON',
    ko: '하도급 이율',
    en: 'Subcontracting Rates',
    url: '/subconRateManage',
    subUrls: '{}',
    portal: 'I',
    like: 'PUR_SUBCON_RULE',
  },
  {
    pgmId: 'CY_SETTLE_REDUCTION',
    parentId: 'CY_SETTLE_MAIN',
    ko: '감액 서면',
    en: 'Reduction Statements',
    url: '/myReductionList',
    subUrls: '{/myReductionDetail}',
    portal: 'X',
    like: 'CY_SETTLE_MONTHLY',
  },
];

const leafSql = (l: (typeof LEAVES)[number]) => `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select '${l.pgmId}', '${l.parentId}', 3, '${l.ko}', '${l.en}', '${l.url}', '${l.subUrls}', 'T', '${l.portal}',
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
