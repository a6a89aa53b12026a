import { loginPath } from '../router/portal';
import type { LoginMode } from './login-mode';
import { accessTokenFresh } from './token-state';
import { fullPath, stripAccessTokenParam } from './urls';

/**
 * Spec §4 route guards as pure decisions. Each function takes what is known at one point of a
 * navigation (the target route, the stored session, an answer from the server, the clock) and
 * returns what to do next; run-guard.ts carries the steps out (calls, alerts, redirects).
 *
 *   entry ──► proceed
 *         ├─► loginCheck ──► proceed | login page (+ moveUrl, + alert when the main screen is up)
 *         │                  | /info401 | /info500
 *         ├─► attemptLogin ──► login page (+ moveUrl) | SSO login | external token login
 *         │                    └► after it: continue (token stripped) | /authReq?error | AD fallback
 *         └─► refresh ──► ok: as entry | expired: external logout / internal login again
 *                         | failed: fresh login
 */

/** What a navigation's target is, from the matched routes' meta. */
export interface GuardTarget {
  pathname: string;
  search: string;
  hash: string;
  /** Any matched route flagged external (spec §4). */
  isCyber: boolean;
  /** The deepest route says no login is needed. */
  isPublic: boolean;
  /** A matched route is flagged as needing extra authentication (the main layouts). */
  extraAuth: boolean;
}

/** What the tab knows about its login. */
export interface StoredSession {
  loggedIn: boolean;
  tokenExpiredTimestamp: number | null;
  timeDifference: number;
  /** The portal the session belongs to ('I' | 'X'), when known. */
  portal: 'I' | 'X' | null;
}

export interface AlertSpec {
  /** Message keys (server messages with bundled defaults, spec §8). */
  titleKey: string;
  messageKey: string;
}

export type GuardStep =
  | { kind: 'proceed' }
  | { kind: 'loginCheck' }
  | { kind: 'attemptLogin' }
  | { kind: 'refresh' }
  | { kind: 'expiredLogout' }
  | { kind: 'ssoLogin'; token: string | null }
  | { kind: 'externalTokenLogin'; token: string }
  | {
      kind: 'redirect';
      to: string;
      /** Remember this address to come back to after the login. */
      moveUrl?: string;
      /** Show this alert (and wait for it) before leaving. */
      alert?: AlertSpec;
      /** Forget the stored login first. */
      clearSession?: boolean;
      /** Set the next-mode override (null clears it); undefined leaves it alone. */
      nextMode?: LoginMode | null;
    };

const proceed: GuardStep = { kind: 'proceed' };

/** The login page of the target's portal, remembering where the user was going. */
function toLogin(target: GuardTarget, extra: Partial<Extract<GuardStep, { kind: 'redirect' }>> = {}): GuardStep {
  return { kind: 'redirect', to: loginPath(target.isCyber), moveUrl: fullPath(target), ...extra };
}

/**
 * First decision of every navigation.
 * - Extra-authentication routes: not logged in → attempt a login; logged in → verify the token:
 *   still good → public routes proceed, others get the login check; expired → refresh.
 * - Other routes needing authentication (all but public ones): the login check.
 * - Public routes: proceed.
 */
export function decideEntry(target: GuardTarget, session: StoredSession, nowMs: number): GuardStep {
  if (target.extraAuth) {
    if (!session.loggedIn) return { kind: 'attemptLogin' };
    if (accessTokenFresh(session, nowMs)) return target.isPublic ? proceed : { kind: 'loginCheck' };
    return { kind: 'refresh' };
  }
  return target.isPublic ? proceed : { kind: 'loginCheck' };
}

export type RefreshOutcome = 'ok' | 'expired' | 'failed';

/**
 * After the verify call (which refreshes tokens and expiry info).
 * - ok: as if the token had been good — public routes proceed, others get the login check.
 * - expired: re-authenticate — external: logout with the expired flag (session-expiry logout);
 *   internal: log in again.
 * - failed (anything else: a malformed answer, the network): fall back to a fresh login.
 */
export function decideAfterRefresh(outcome: RefreshOutcome, target: GuardTarget): GuardStep {
  if (outcome === 'ok') return target.isPublic ? proceed : { kind: 'loginCheck' };
  if (outcome === 'expired') return target.isCyber ? { kind: 'expiredLogout' } : { kind: 'attemptLogin' };
  return { kind: 'attemptLogin' };
}

/**
 * "Not logged in: attempt login."
 * - External: a token handed over in the address logs in with it (cyberAdLogin); otherwise the
 *   supplier logs in by hand at /cyberLogin (id, password and one-time code).
 * - Internal, AD mode: the id/password form at /login.
 * - Internal, SSO or SSO with AD fallback: single sign-on with the token in the address (none →
 *   the server's "not a registered user", handled by decideAfterSsoLogin).
 */
export function decideLoginAttempt(target: GuardTarget, mode: LoginMode, urlToken: string | null): GuardStep {
  if (target.isCyber)
    return urlToken ? { kind: 'externalTokenLogin', token: urlToken } : toLogin(target, { clearSession: true });
  if (mode === 'AD') return toLogin(target, { clearSession: true });
  return { kind: 'ssoLogin', token: urlToken };
}

export type AutoLoginResult = { ok: true } | { ok: false; code: string };

/**
 * After an automatic login (SSO for the internal portal, the handed-over token for the
 * external one).
 * - Success: continue. A trailing access-token parameter is stripped from the internal path
 *   (by redirecting to the clean address, which the guard then lets through); without one, the
 *   target gets its login check (or proceeds when public).
 * - External failure: an expired token (AUTH008) asks for a fresh login; other codes go to
 *   /cyberAuthReq?error=CODE.
 * - Internal failure: in SSO-with-AD mode the override becomes AD and the id/password form
 *   shows; in SSO mode → /authReq?error=CODE.
 */
export function decideAfterAutoLogin(result: AutoLoginResult, target: GuardTarget, configured: LoginMode): GuardStep {
  if (result.ok) {
    const here = fullPath(target);
    const clean = stripAccessTokenParam(here);
    if (clean !== here) return { kind: 'redirect', to: clean };
    return target.isPublic ? proceed : { kind: 'loginCheck' };
  }
  const cleanTarget = { ...target, ...splitPath(stripAccessTokenParam(fullPath(target))) };
  if (target.isCyber) {
    if (result.code === 'AUTH008') return toLogin(cleanTarget, { clearSession: true });
    return { kind: 'redirect', to: `/cyberAuthReq?error=${encodeURIComponent(result.code)}`, clearSession: true };
  }
  if (configured === 'SSO_AD') return toLogin(cleanTarget, { clearSession: true, nextMode: 'AD' });
  return { kind: 'redirect', to: `/authReq?error=${encodeURIComponent(result.code)}`, clearSession: true };
}

/** The login check's answer as the guard sees it: a code, or 'unreachable' when the call failed. */
export type LoginCheckCode = 'OK' | 'GPMS005' | 'GPMS006' | (string & {}) | 'unreachable';

/**
 * Spec §4 login check outcomes.
 * - OK: proceed.
 * - GPMS005 (not logged in): remember the target and go to the matching login page; when the
 *   main screen is already up, first alert (title "login info", message "logout timeout").
 *   The stored login is forgotten unless it belongs to the other portal.
 * - GPMS006: /info401. Anything else (other codes, the call failing): /info500.
 */
export function decideLoginCheck(
  code: LoginCheckCode,
  target: GuardTarget,
  mainScreenShown: boolean,
  sessionPortal: 'I' | 'X' | null = null,
): GuardStep {
  if (code === 'OK') return proceed;
  if (code === 'GPMS005') {
    return toLogin(target, {
      // The stored login is dead — unless it belongs to the other portal (a staff member
      // opening the supplier portal keeps the staff login for going back).
      clearSession: sessionPortal === null || (sessionPortal === 'X') === target.isCyber,
      alert: mainScreenShown ? { titleKey: 'login.infoTitle', messageKey: 'login.logoutTimeout' } : undefined,
    });
  }
  if (code === 'GPMS006') return { kind: 'redirect', to: '/info401' };
  return { kind: 'redirect', to: '/info500' };
}

/** Whether a loginCheck should ask for the user, menus and codes (store=Y): when the app has none. */
export function loginCheckStore(menusLoaded: boolean): 'Y' | 'N' {
  return menusLoaded ? 'N' : 'Y';
}

/**
 * Spec §2: on the external host every path other than file download, /cyber… or /integration
 * redirects to /cyber. Null when the rule does not apply.
 */
export function externalHostRedirect(
  hostname: string,
  externalHost: string | null | undefined,
  pathname: string,
): string | null {
  if (!externalHost) return null;
  if (hostname.toLowerCase() !== externalHost.toLowerCase().split(':')[0]) return null;
  const allowed =
    pathname === '/cyber' ||
    pathname.startsWith('/cyber') ||
    pathname === '/integration' ||
    pathname.startsWith('/integration/') ||
    /^\/api\/v1\/cmmn\/file\/.+\/(download|wsdownload)$/.test(pathname);
  return allowed ? null : '/cyber';
}

function splitPath(path: string): { pathname: string; search: string; hash: string } {
  const url = new URL(path, 'http://gpms.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}
