/**
 * The headers spec §7 puts on requests, as pure functions of the request so they can be
 * tested without a network and reused by the one plain-fetch call (health.ts).
 */

/** The login check tells the server the portal of its TARGET path instead (set by the caller). */
const LOGIN_CHECK_PATH = '/api/v1/loginCheck';

function needsIsCyberHeader(pathname: string): boolean {
  return pathname !== LOGIN_CHECK_PATH;
}

/**
 * Adds IsCyber (every request but loginCheck) and the no-cache pair (GET only). With a
 * language, also Accept-Language, so menus, codes and messages come in the interface language.
 */
export function applyStandardHeaders(request: Request, isCyber: boolean, language?: string): Request {
  const { pathname } = new URL(request.url);
  if (needsIsCyberHeader(pathname)) request.headers.set('IsCyber', isCyber ? 'Y' : 'N');
  if (request.method === 'GET') {
    request.headers.set('Cache-Control', 'no-cache');
    request.headers.set('Pragma', 'no-cache');
  }
  if (language) request.headers.set('Accept-Language', language);
  return request;
}

export interface AuthHeaderTokens {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * Spec §7: after login the bearer token and the access- and refresh-token headers become
 * default headers. A request that names its own Authorization (a token handed over in the
 * URL, the verify call) keeps it.
 */
export function applyAuthHeaders(request: Request, tokens: AuthHeaderTokens | null): Request {
  if (!tokens || request.headers.has('Authorization')) return request;
  setAuthHeaders(request.headers, tokens);
  return request;
}

/** Writes the three token headers (also used to re-send a request after a refresh). */
export function setAuthHeaders(headers: Headers, tokens: AuthHeaderTokens): void {
  headers.set('Authorization', `Bearer ${tokens.accessToken}`);
  headers.set('AccessToken', tokens.accessToken);
  if (tokens.refreshToken) headers.set('RefreshToken', tokens.refreshToken);
  else headers.delete('RefreshToken');
}
