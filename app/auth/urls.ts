import { homePath } from '../router/portal';

/**
 * URL helpers of the login flows (spec §4): the remembered target (moveUrl), the access-token
 * parameter a single sign-on link carries, and the pages a login must never return to.
 */

/** The query parameter an SSO or AD hand-over puts the access token in. */
export const ACCESS_TOKEN_PARAM = 'accessToken';
export const REFRESH_TOKEN_PARAM = 'refreshToken';

/** Pages a successful login must not "return" to: they would loop or show a stale message. */
const NO_RETURN = [
  '/login',
  '/cyberLogin',
  '/authReq',
  '/cyberAuthReq',
  '/integration',
  '/info401',
  '/info500',
  '/auth/login',
  '/cyberDevLogin',
];

/** pathname + search + hash, the "full current path" spec §4 saves as moveUrl. */
export function fullPath(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * Where a login of one portal goes: the remembered URL when it is a same-origin path of that
 * portal (never `//host`, never another origin, never a login or error page), else the
 * portal's home. The check is what keeps a crafted moveUrl from becoming an open redirect.
 */
export function safeMoveUrl(moveUrl: string | null | undefined, isCyber: boolean): string {
  const home = homePath(isCyber);
  if (!moveUrl || !moveUrl.startsWith('/') || moveUrl.startsWith('//') || moveUrl.includes('\\')) return home;
  let parsed: URL;
  try {
    parsed = new URL(moveUrl, 'http://gpms.invalid');
  } catch {
    return home;
  }
  if (parsed.origin !== 'http://gpms.invalid') return home;
  const pathname = parsed.pathname;
  if (NO_RETURN.includes(pathname)) return home;
  const targetIsCyber = pathname === '/cyber' || pathname.startsWith('/cyber/');
  if (targetIsCyber !== isCyber) return home;
  return `${pathname}${parsed.search}${parsed.hash}`;
}

/**
 * Spec §4: after a successful automatic login the access-token parameter is stripped from the
 * internal path (it is typically the last parameter of the link). Other parameters and the
 * hash stay; a `?` left with nothing after it goes too. Returns the path unchanged when there
 * is no such parameter.
 */
export function stripAccessTokenParam(path: string): string {
  const url = new URL(path, 'http://gpms.invalid');
  if (!url.searchParams.has(ACCESS_TOKEN_PARAM)) return path;
  url.searchParams.delete(ACCESS_TOKEN_PARAM);
  url.searchParams.delete(REFRESH_TOKEN_PARAM);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** The access token a link carries, or null. */
export function accessTokenParam(search: string): string | null {
  const value = new URLSearchParams(search).get(ACCESS_TOKEN_PARAM);
  return value && value.trim() !== '' ? value.trim() : null;
}
