import type { Db } from '../../db/connect.js';

export function insertMenuVisit(
  db: Db,
  row: { userId: string; pgmId: string | null; path: string; portal: 'I' | 'X'; ip: string },
) {
  return db.insertInto('menuLog').values(row).execute();
}
