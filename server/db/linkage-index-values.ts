import type { Db } from './connect.js';

/**
 * An index's values on the days from `from` to `to`, both included (one day: DAY; a month: MONTH_AVG): what the
 * 연동 조정 제안 jobs of agreements and of e-contracts compare (server/domain/linkage-proposal-step.ts). Here because
 * the two modules may not import each other and the index tables are neither's documents.
 */
export async function findIndexValues(db: Db, indexCode: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('linkageIndexValue')
    .select('value')
    .where('indexCode', '=', indexCode)
    .where('valueDate', '>=', from)
    .where('valueDate', '<=', to)
    .orderBy('valueDate')
    .execute();
  return rows.map((r) => r.value);
}
