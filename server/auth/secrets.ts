import crypto from 'node:crypto';
import type { Db } from '../db/connect.js';

/**
 * The token-signing key is kept in the database, created once, so every server sharing the
 * database signs and verifies with the same key and a restart keeps sessions valid.
 */
export async function loadSigningKey(db: Db): Promise<Uint8Array> {
  const name = 'jwt-hs256';
  await db
    .insertInto('serverSecret')
    .values({ name, value: crypto.randomBytes(64).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
