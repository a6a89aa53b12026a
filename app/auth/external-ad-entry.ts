import { checkAdTimestamp, TOKEN_WINDOW_SEC, type AdTimestampFailure } from '../../lib/ad-timestamp';
import { ACCESS_TOKEN_PARAM, REFRESH_TOKEN_PARAM } from './urls';

/**
 * Spec §4 "External AD login": the partner portal links suppliers to /integration.
 *  1. An error code in the URL → the external authentication error page with that code.
 *  2. Access (and refresh) tokens in the URL → kept for a 5-second window, then used to log in
 *     (POST /api/v1/cyberAdLogin).
 *  3. Otherwise the timestamp `t`: base64 of yyyyMMddHHmmss, not in the future, at most 60 s
 *     old → redirect to the auth server's login page with a redirect URL back here.
 *  4. Anything else → alert "not a normal access path" and go to /integration.
 * Only addresses carrying one of those parameters are an AD entry; a bare /integration (or
 * /integration?type=l after a session loss) is the entry page itself.
 */

const AD_ERROR_PARAMS = ['errorCode', 'error'] as const;
const AD_TIMESTAMP_PARAM = 't';
const AD_USER_PARAMS = ['userId', 'loginid'] as const;

/** Where the auth server's login sends the user back to. */
const AD_RETURN_PATH = '/integration';

export interface UrlTokens {
  accessToken: string;
  refreshToken: string | null;
  userId: string | null;
}

export type AdEntryDecision =
  | { kind: 'notAdEntry' }
  | { kind: 'authError'; to: string }
  | { kind: 'tokens'; tokens: UrlTokens; expiresAt: number }
  | { kind: 'toAuthServer'; url: string }
  | { kind: 'abnormal'; reason: AdTimestampFailure | 'missing'; alertKey: 'auth.abnormalAccessPath'; to: string };

export function isAdEntry(params: URLSearchParams): boolean {
  return AD_ERROR_PARAMS.some((p) => params.has(p)) || params.has(ACCESS_TOKEN_PARAM) || params.has(AD_TIMESTAMP_PARAM);
}

/** The auth server login URL with the return address (absolute, so the auth server can use it). */
export function authServerLoginUrl(loginUri: string, origin: string): string {
  const url = new URL(loginUri, origin);
  url.searchParams.set('systemId', 'OGPMS');
  url.searchParams.set('redirect_uri', new URL(AD_RETURN_PATH, origin).toString());
  return url.origin === origin ? `${url.pathname}${url.search}` : url.toString();
}

export interface AdEntryInput {
  params: URLSearchParams;
  nowMs: number;
  /** /properties/dwpAuth loginUri. */
  loginUri: string;
  origin: string;
}

export function decideExternalAdEntry({ params, nowMs, loginUri, origin }: AdEntryInput): AdEntryDecision {
  if (!isAdEntry(params)) return { kind: 'notAdEntry' };
  const errorCode = AD_ERROR_PARAMS.map((p) => params.get(p)?.trim()).find((v) => v);
  if (errorCode) return { kind: 'authError', to: `/cyberAuthReq?error=${encodeURIComponent(errorCode)}` };
  const accessToken = params.get(ACCESS_TOKEN_PARAM)?.trim();
  if (accessToken) {
    const refreshToken = params.get(REFRESH_TOKEN_PARAM)?.trim() || null;
    const userId = AD_USER_PARAMS.map((p) => params.get(p)?.trim()).find((v) => v) ?? null;
    return {
      kind: 'tokens',
      tokens: { accessToken, refreshToken, userId },
      expiresAt: nowMs + TOKEN_WINDOW_SEC * 1000,
    };
  }
  const t = params.get(AD_TIMESTAMP_PARAM);
  if (t === null || t.trim() === '')
    return { kind: 'abnormal', reason: 'missing', alertKey: 'auth.abnormalAccessPath', to: AD_RETURN_PATH };
  const checked = checkAdTimestamp(t, nowMs);
  if (!checked.ok)
    return { kind: 'abnormal', reason: checked.reason, alertKey: 'auth.abnormalAccessPath', to: AD_RETURN_PATH };
  return { kind: 'toAuthServer', url: authServerLoginUrl(loginUri, origin) };
}

/* ---- the 5-second window (spec §4, §9) ---------------------------------------------------- */

export const URL_TOKENS_STORAGE_KEY = 'gpms.adTokens';

interface StoredUrlTokens extends UrlTokens {
  expiresAt: number;
}

/** Keeps the tokens from the URL for at most TOKEN_WINDOW_SEC: long enough to log in with them. */
export function keepUrlTokens(storage: Storage, tokens: UrlTokens, expiresAt: number): void {
  storage.setItem(URL_TOKENS_STORAGE_KEY, JSON.stringify({ ...tokens, expiresAt } satisfies StoredUrlTokens));
}

/**
 * Reads and removes the kept tokens. Null when there are none, when they are malformed, or
 * when the window has passed (a reload long after the hand-over must not log anyone in).
 */
export function takeUrlTokens(storage: Storage, nowMs: number): UrlTokens | null {
  const raw = storage.getItem(URL_TOKENS_STORAGE_KEY);
  storage.removeItem(URL_TOKENS_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredUrlTokens>;
    if (typeof v.accessToken !== 'string' || typeof v.expiresAt !== 'number') return null;
    if (nowMs > v.expiresAt) return null;
    return {
      accessToken: v.accessToken,
      refreshToken: typeof v.refreshToken === 'string' ? v.refreshToken : null,
      userId: typeof v.userId === 'string' ? v.userId : null,
    };
  } catch {
    return null;
  }
}
