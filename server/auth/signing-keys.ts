import crypto from 'node:crypto';
import type { Db } from '../db/connect.js';
import { loadSigningKey } from './secrets.js';

/**
 * Token signing keys that rotate (table signing_key, migration 0361). The newest
 * key that is not retired signs; every key whose `retiresAt` has not passed verifies, chosen by the
 * token's `kid` header (JWKS-style). A rotation adds a key and gives the others a retirement time:
 * when the last token they could have signed expires, or now for a key thought stolen. Every server
 * on the database reads the same rows, so they agree; each keeps them `cacheSec` at most.
 */
export interface SigningKey {
  kid: string;
  key: Uint8Array;
  createdAt: Date;
  retiresAt: Date | null;
}

/** The key of tokens signed before keys had ids (server_secret 'jwt-hs256'): it keeps them valid. */
export const FIRST_KID = 'k0';

const toKey = (r: { kid: string; secret: string; createdAt: string; retiresAt: string | null }): SigningKey => ({
  kid: r.kid,
  key: new Uint8Array(Buffer.from(r.secret, 'base64')),
  createdAt: new Date(r.createdAt),
  retiresAt: r.retiresAt === null ? null : new Date(r.retiresAt),
});

/** Every key, newest first; on a database without any, the first one (the old single key) is written. */
export async function readSigningKeys(db: Db): Promise<SigningKey[]> {
  let rows = await db
    .selectFrom('signingKey')
    .select(['kid', 'secret', 'createdAt', 'retiresAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('kid', 'desc')
    .execute();
  if (rows.length === 0) {
    const legacy = await loadSigningKey(db);
    await db
      .insertInto('signingKey')
      .values({ kid: FIRST_KID, secret: Buffer.from(legacy).toString('base64'), retiresAt: null })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    rows = await db
      .selectFrom('signingKey')
      .select(['kid', 'secret', 'createdAt', 'retiresAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('kid', 'desc')
      .execute();
  }
  return rows.map(toKey);
}

/** The key that signs: the newest not retired (nor due to retire). */
function signingKeyOf(keys: SigningKey[]): SigningKey | undefined {
  return keys.find((k) => k.retiresAt === null);
}

/** A key that still verifies at `now`. */
const stillVerifies = (k: SigningKey, now: number) => k.retiresAt === null || k.retiresAt.getTime() > now;

export interface Rotation {
  kid: string;
  retired: Array<{ kid: string; retiresAt: Date }>;
}

/**
 * A new signing key (512 random bits) in one transaction; the keys in use retire after `retireAfterSec`
 * (the access-token lifetime plus how long servers cache keys: every token they signed has expired by
 * then), or at once with 0. Keys retired long ago (a day past retirement) are deleted.
 */
export async function rotateSigningKey(db: Db, retireAfterSec: number, now = new Date()): Promise<Rotation> {
  await readSigningKeys(db); // the first key exists before it can retire
  const kid = `k${now.getTime().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  const retiresAt = new Date(now.getTime() + retireAfterSec * 1000);
  return db.transaction().execute(async (trx) => {
    const retiring = await trx
      .updateTable('signingKey')
      .set({ retiresAt })
      .where((eb) => eb.or([eb('retiresAt', 'is', null), eb('retiresAt', '>', retiresAt.toISOString())]))
      .returning('kid')
      .execute();
    await trx
      .deleteFrom('signingKey')
      .where('retiresAt', '<', new Date(now.getTime() - 86_400_000).toISOString())
      .execute();
    await trx
      .insertInto('signingKey')
      .values({ kid, secret: crypto.randomBytes(64).toString('base64'), createdAt: now, retiresAt: null })
      .execute();
    return { kid, retired: retiring.map((r) => ({ kid: r.kid, retiresAt })) };
  });
}

/**
 * A server's view of the keys: read again after `cacheSec`, and at once (at most once a second) when a
 * token names a key it does not know — one signed by a server that has already seen a rotation.
 */
export class SigningKeyRing {
  private keys: SigningKey[] | null = null;
  private readAt = 0;
  private reading: Promise<SigningKey[]> | null = null;

  constructor(
    private readonly db: () => Db,
    private readonly cacheSec: number,
  ) {}

  private async all(force = false): Promise<SigningKey[]> {
    const now = Date.now();
    const fresh = this.keys !== null && now - this.readAt < this.cacheSec * 1000;
    if (fresh && !(force && now - this.readAt >= 1000)) return this.keys!;
    this.reading ??= readSigningKeys(this.db()).then(
      (keys) => {
        this.keys = keys;
        this.readAt = Date.now();
        this.reading = null;
        return keys;
      },
      (err: unknown) => {
        this.reading = null;
        throw err;
      },
    );
    return this.reading;
  }

  async signing(): Promise<SigningKey> {
    const key = signingKeyOf(await this.all());
    if (key) return key;
    // Every key known here is retiring: a rotation happened elsewhere; its new key is in the table.
    const again = signingKeyOf(await this.all(true));
    if (!again) throw new Error('no signing key in signing_key: run npm run keys:rotate');
    return again;
  }

  /** The key named `kid` if it still verifies now. */
  async verifying(kid: string): Promise<SigningKey | undefined> {
    let key = (await this.all()).find((k) => k.kid === kid);
    if (!key) key = (await this.all(true)).find((k) => k.kid === kid);
    return key && stillVerifies(key, Date.now()) ? key : undefined;
  }
}
