import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The contract screens added after migration 0701, in a database seeded before them (the seed gives a
 * new one the same rows, server/db/seed/menus.ts): 전자계약 › 계약 조항 (/contract/clauseList, the clause
 * library), at the level each group holds on 계약 템플릿; and 계약 작성 (/contract/contractCreate) as a
 * screen of 계약 관리, whose authority it shares. Running it twice adds nothing.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_CONTRACT_CLAUSE', 'PUR_CONTRACT', 3, '계약 조항', 'Contract Clauses', '/contract/clauseList', '{}', 'T', 'I', 40, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_CONTRACT') and not exists (select 1 from menu where pgm_id = 'PUR_CONTRACT_CLAUSE');
update menu set ssp_sub_urls = array_append(ssp_sub_urls, '/contract/contractCreate')
  where pgm_id = 'PUR_CONTRACT_LIST' and not ('/contract/contractCreate' = any(ssp_sub_urls));
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_CONTRACT_CLAUSE', a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = 'PUR_CONTRACT_TEMPLATE' and exists (select 1 from menu where pgm_id = 'PUR_CONTRACT_CLAUSE')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_CONTRACT_CLAUSE');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
