import type { Db } from '../../db/connect.js';

/** Every message with both its texts, by key. */
export function listMessages(db: Db) {
  return db.selectFrom('message').select(['msgKey', 'textKo', 'textEn']).orderBy('msgKey').execute();
}
