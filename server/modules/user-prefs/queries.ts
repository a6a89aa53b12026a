import type { Db } from '../../db/connect.js';

export function findPref(db: Db, userId: string, key: string) {
  return db
    .selectFrom('userPref')
    .select(['value', 'version', 'updatedAt'])
    .where('userId', '=', userId)
    .where('prefKey', '=', key)
    .executeTakeFirst();
}

/** The saved preference, locked until the transaction ends (a concurrent save waits, then sees the new version). */
export function lockPref(trx: Db, userId: string, key: string) {
  return trx
    .selectFrom('userPref')
    .select(['version', 'value'])
    .where('userId', '=', userId)
    .where('prefKey', '=', key)
    .forUpdate()
    .executeTakeFirst();
}

export function updatePref(trx: Db, userId: string, key: string, json: string, version: number) {
  return trx
    .updateTable('userPref')
    .set({ value: json, version, updatedAt: new Date() })
    .where('userId', '=', userId)
    .where('prefKey', '=', key)
    .execute();
}

export function insertPref(trx: Db, userId: string, key: string, json: string) {
  return trx.insertInto('userPref').values({ userId, prefKey: key, value: json }).execute();
}

export function deletePrefRow(trx: Db, userId: string, key: string) {
  return trx.deleteFrom('userPref').where('userId', '=', userId).where('prefKey', '=', key).execute();
}
