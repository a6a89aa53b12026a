import { forgivingBase64Decode } from '../../lib/base64';
import type { SessionTokens } from '../stores/session';

/**
 * Refresh this long before the access token's stated expiry, so a request that leaves just
 * before the deadline does not arrive just after it.
 */
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;

/**
 * Spec §4 "verify the token ... if not expired": is the access token still good at `nowMs`
 * (client clock)? The expiry is in server time, and timeDifference is server minus client, so
 * the server's "now" is nowMs + timeDifference. An unknown expiry counts as good: the server
 * has the last word on every request anyway.
 */
export function accessTokenFresh(
  tokens: Pick<SessionTokens, 'tokenExpiredTimestamp' | 'timeDifference'>,
  nowMs: number,
): boolean {
  if (tokens.tokenExpiredTimestamp === null || !Number.isFinite(tokens.tokenExpiredTimestamp)) return true;
  const serverNow = nowMs + (Number.isFinite(tokens.timeDifference) ? tokens.timeDifference : 0);
  return tokens.tokenExpiredTimestamp - TOKEN_EXPIRY_MARGIN_MS > serverNow;
}

/**
 * The claims of a JWT, read WITHOUT checking its signature — only to learn whose token the
 * address carried (its `sub`) before the server checks it. Null for anything malformed.
 */
export function readJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === '') return null;
  const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const binary = forgivingBase64Decode(b64);
  if (binary === null) return null;
  try {
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The user id (`sub`) a token names, or null. */
export function tokenSubject(token: string): string | null {
  const sub = readJwtClaims(token)?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/** The expiry (`exp`, seconds) of a token in ms, or null. */
export function tokenExpiry(token: string): number | null {
  const exp = readJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
