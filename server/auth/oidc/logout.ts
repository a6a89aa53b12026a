import crypto from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { sha256, type AccessTokens } from '../tokens.js';

/**
 * SSO logout with id_token_hint. A session that came from OpenID Connect keeps the
 * provider's ID token, encrypted at rest with AES-256-GCM under a key derived (HKDF-SHA256, label
 * below) from the server's root secret (server_secret 'jwt-hs256', shared by every server on the
 * database). The app's logout ends our session and leaves a one-time handle (only its SHA-256 is
 * stored, valid HANDLE_TTL_SEC); GET /auth/oidc/logout?handle= takes the ID token back — once — as
 * the `id_token_hint` of the provider's end_session URL, and forgets it.
 */
const KEY_LABEL = 'gpms/oidc-id-token/v1';
const HANDLE_TTL_SEC = 600;

const keyOf = (tokens: AccessTokens) => tokens.derivedKey(KEY_LABEL);

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; the session id is authenticated data (a token moved to another row does not open). */
function sealIdToken(tokens: AccessTokens, sessionId: string, idToken: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(tokens), iv);
  cipher.setAAD(Buffer.from(sessionId));
  const body = Buffer.concat([cipher.update(idToken, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

/** The ID token, or null when the box was not sealed for this session with this server's key. */
function openIdToken(tokens: AccessTokens, sessionId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(tokens), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(sessionId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export async function keepIdToken(db: Db, tokens: AccessTokens, sessionId: string, idToken: string): Promise<void> {
  await db
    .updateTable('userSession')
    .set({ idTokenEnc: sealIdToken(tokens, sessionId, idToken) })
    .where('sessionId', '=', sessionId)
    .execute();
}

/** At the app's logout: a one-time handle for the provider's logout when the session kept an ID token. */
export async function logoutHandle(db: Db, sessionId: string): Promise<string | null> {
  const handle = crypto.randomBytes(32).toString('base64url');
  const r = await db
    .updateTable('userSession')
    .set({ ssoLogoutHash: sha256(handle) })
    .where('sessionId', '=', sessionId)
    .where('idTokenEnc', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? handle : null;
}

/** The ID token behind a logout handle, once: both are forgotten whatever the outcome. */
export async function takeIdToken(
  db: Db,
  tokens: AccessTokens,
  handle: string,
  now = Date.now(),
): Promise<string | null> {
  const hash = sha256(handle);
  const row = await db
    .selectFrom('userSession')
    .select(['sessionId', 'idTokenEnc', 'endedAt'])
    .where('ssoLogoutHash', '=', hash)
    .executeTakeFirst();
  if (!row) return null;
  const taken = await db
    .updateTable('userSession')
    .set({ idTokenEnc: null, ssoLogoutHash: null })
    .where('sessionId', '=', row.sessionId)
    .where('ssoLogoutHash', '=', hash)
    .executeTakeFirst();
  if (
    Number(taken.numUpdatedRows) !== 1 ||
    !row.idTokenEnc ||
    !row.endedAt ||
    now - Date.parse(row.endedAt) > HANDLE_TTL_SEC * 1000
  )
    return null;
  return openIdToken(tokens, row.sessionId, row.idTokenEnc);
}
