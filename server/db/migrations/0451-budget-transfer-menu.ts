import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget transfers (docs/budget.md "Transfers") in a database that already has the
 * purchasing menus and codes, as the seed gives a new one: the DOC_TYPE code BUDGET (예산전용, the
 * approval rule screen's choice) and 구매관리 › 예산관리 › 예산전용 (/budget/budgetTransfer) with the
 * groups and authority that 예산관리 (/budget/budgetManage) has (as 0431). Nothing is inserted
 * while there is no such group or menu; running it twice adds nothing.
 */
const up_sql = `
insert into code (group_id, code, text_ko, text_en, attr_1, attr_2, sort_order, use_yn)
  select 'DOC_TYPE', 'BUDGET', '예산전용', 'Budget transfer', null, null, coalesce((select max(sort_order) from code where group_id = 'DOC_TYPE'), 0) + 10, 'Y'
  where exists (select 1 from code_group where group_id = 'DOC_TYPE')
    and not exists (select 1 from code where group_id = 'DOC_TYPE' and code = 'BUDGET');

insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BUDGET_TRANSFER', 'PUR_BUDGET', 3, '예산전용', 'Budget Transfers', '/budget/budgetTransfer', '{}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR_BUDGET'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_BUDGET') and not exists (select 1 from menu where pgm_id = 'PUR_BUDGET_TRANSFER');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_BUDGET_TRANSFER', a.can_read, a.can_write from menu_auth a
  where a.pgm_id = 'PUR_BUDGET_MANAGE'
    and exists (select 1 from menu where pgm_id = 'PUR_BUDGET_TRANSFER')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_BUDGET_TRANSFER');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
