import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The agreement consumption report (/AgreementConsumption, docs/agreements.md) opens from the
 * framework-agreement menu 구매관리 › 발주 › 단가계약: a sub-URL of PUR_AGREEMENT, so whoever holds that
 * menu reads it at the same level (staff only: the menu is the internal portal's). Only the row as
 * 0670 wrote it is changed; nothing happens without it.
 */
const up_sql = `
update menu set ssp_sub_urls = '{/AgreementEdit,/AgreementConsumption}'
  where pgm_id = 'PUR_AGREEMENT' and ssp_sub_urls = '{/AgreementEdit}';
`;

const down_sql = `
update menu set ssp_sub_urls = '{/AgreementEdit}'
  where pgm_id = 'PUR_AGREEMENT' and ssp_sub_urls = '{/AgreementEdit,/AgreementConsumption}';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
