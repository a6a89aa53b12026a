import type { Db } from '../../db/connect.js';

/** The new password, valid for its lifetime from now; the failure count starts again. */
export async function setPassword(
  trx: Db,
  userId: string,
  passwordHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await trx
    .updateTable('appUser')
    .set((eb) => ({
      passwordHash,
      passwordChangedAt: now,
      passwordExpiresAt: expiresAt,
      failedLoginCount: 0,
      updatedAt: now,
      version: eb('version', '+', 1),
    }))
    .where('userId', '=', userId)
    .execute();
}

export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('appUser').select('passwordHash').where('userId', '=', userId).executeTakeFirst();
  return Boolean(row?.passwordHash);
}
