import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 구매관리 › 예산관리 › 예산 연계 (/budget/budgetImport: the budget imports and uploads, docs/budget.md ›
 * ERP import) in a database seeded before it, as the seed gives a new one: read for every group that
 * reads 예산관리 (/budget/budgetManage); write — which is what the ERP's push needs — only for the system
 * administrators (group 99). Nothing is inserted while there is no such menu; running it twice adds nothing.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BUDGET_IMPORT', 'PUR_BUDGET', 3, '예산 연계', 'Budget Imports', '/budget/budgetImport', '{}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR_BUDGET'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_BUDGET') and not exists (select 1 from menu where pgm_id = 'PUR_BUDGET_IMPORT');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_BUDGET_IMPORT', a.can_read, case when a.auth_group_id = '99' then a.can_write else 'N' end from menu_auth a
  where a.pgm_id = 'PUR_BUDGET_MANAGE'
    and exists (select 1 from menu where pgm_id = 'PUR_BUDGET_IMPORT')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_BUDGET_IMPORT');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
