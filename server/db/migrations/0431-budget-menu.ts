import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 구매관리 › 예산관리 (/budget/budgetManage, /budget/budgetReport) in a database that
 * already has the purchasing menus, with the authority the seed gives (server/db/seed/authority.ts):
 * write for the administrators (99, 50, 51), TF administrators (10) and operators (20), read for
 * monitoring (40). A new database gets the same rows from the seed; nothing is inserted while there
 * is no 구매관리 area, as in 0421.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BUDGET', 'PUR', 2, '예산관리', 'Budgets', null, '{}', 'F', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR') and not exists (select 1 from menu where pgm_id = 'PUR_BUDGET');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select v.id, 'PUR_BUDGET', 3, v.ko, v.en, v.url, '{}', 'T', 'I', v.ord, 'Y'
  from (values ('PUR_BUDGET_MANAGE', '예산관리', 'Budget Lines', '/budget/budgetManage', 10), ('PUR_BUDGET_REPORT', '예산현황', 'Budget Report', '/budget/budgetReport', 20)) as v(id, ko, en, url, ord)
  where exists (select 1 from menu where pgm_id = 'PUR_BUDGET') and not exists (select 1 from menu m where m.pgm_id = v.id);
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select g.id, m.pgm_id, 'Y', g.w from menu m
  cross join (values ('99', 'Y'), ('50', 'Y'), ('51', 'Y'), ('10', 'Y'), ('20', 'Y'), ('40', 'N')) as g(id, w)
  where m.pgm_id in ('PUR_BUDGET', 'PUR_BUDGET_MANAGE', 'PUR_BUDGET_REPORT')
    and exists (select 1 from auth_group a where a.auth_group_id = g.id)
    and not exists (select 1 from menu_auth x where x.auth_group_id = g.id and x.pgm_id = m.pgm_id);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
