import { ApiError } from '../api/api-error';
import type { RefreshOutcome } from '../api/client';
import type { AuthApi, LoginCheckAnswer, LoginPayload, Result } from './auth-api';
import {
  decideAfterAutoLogin,
  decideAfterRefresh,
  decideEntry,
  decideLoginAttempt,
  decideLoginCheck,
  externalHostRedirect,
  loginCheckStore,
  type AlertSpec,
  type AutoLoginResult,
  type GuardStep,
  type GuardTarget,
  type StoredSession,
} from './guard-decisions';
import { effectiveLoginMode, type LoginMode } from './login-mode';
import { tokenSubject } from './token-state';
import { accessTokenParam, fullPath, REFRESH_TOKEN_PARAM } from './urls';

/**
 * Carries out the decisions of guard-decisions.ts for one navigation: makes the calls, shows
 * the alerts, writes the client state, and answers where to go (or null: let it through).
 * Every dependency is passed in, so the tests drive it with fakes.
 */
export interface GuardDeps {
  api: Pick<AuthApi, 'loginCheck' | 'loginSso' | 'cyberAdLogin' | 'dwpAuth'>;
  refresh: () => Promise<RefreshOutcome>;
  now: () => number;
  session: () => StoredSession & { menusLoaded: boolean };
  /** The page being left is inside a main layout (spec §4 "the main screen already exists"). */
  mainScreenShown: () => boolean;
  nextMode: () => LoginMode | null;
  setNextMode: (mode: LoginMode | null) => void;
  setMoveUrl: (url: string) => void;
  clearSession: () => void;
  storeLoginCheck: (answer: LoginCheckAnswer) => void;
  storeLogin: (payload: LoginPayload, tokens: { accessToken?: string | null; refreshToken?: string | null }) => boolean;
  alert: (spec: AlertSpec) => Promise<void>;
  /** Spec §4: the portal of the target is stored before anything is sent. */
  setCyber: (isCyber: boolean) => void;
  /** Spec §2 external host rule: the page's host and the configured external host. */
  hostname: string;
  externalHost: string | null;
}

export type GuardOutcome = null | { redirect: string };

const MAX_STEPS = 10;

export async function runGuard(target: GuardTarget, deps: GuardDeps): Promise<GuardOutcome> {
  const hostRedirect = externalHostRedirect(deps.hostname, deps.externalHost, target.pathname);
  if (hostRedirect) return { redirect: hostRedirect };
  deps.setCyber(target.isCyber);

  let step: GuardStep = decideEntry(target, deps.session(), deps.now());
  for (let i = 0; i < MAX_STEPS; i++) {
    switch (step.kind) {
      case 'proceed':
        return null;

      case 'loginCheck': {
        const r = await deps.api.loginCheck(
          target.pathname,
          target.isCyber,
          loginCheckStore(deps.session().menusLoaded),
        );
        // The database out of reach (503 DATABASE_UNAVAILABLE, or a balancer's 503 without our code)
        // is no answer about the user: the route's error page says "try again shortly" at the same
        // address, so a reload once it is back just works (a redirect to /info500 stayed there).
        if (!r.ok && r.status === 503 && (r.code === 'DATABASE_UNAVAILABLE' || r.code === 'HTTP_503')) {
          throw new ApiError(503, { statusCode: 503, code: 'DATABASE_UNAVAILABLE', msg: r.msg });
        }
        const code = r.ok ? r.data.code : 'unreachable';
        if (r.ok && code === 'OK' && r.data.user) deps.storeLoginCheck(r.data);
        step = decideLoginCheck(code, target, deps.mainScreenShown(), deps.session().portal);
        break;
      }

      case 'attemptLogin': {
        const configured = (await deps.api.dwpAuth()).type;
        step = decideLoginAttempt(
          target,
          effectiveLoginMode(configured, deps.nextMode()),
          accessTokenParam(target.search),
        );
        break;
      }

      case 'refresh':
        step = decideAfterRefresh(await deps.refresh(), target);
        break;

      case 'expiredLogout':
        await deps.alert({ titleKey: 'login.infoTitle', messageKey: 'session.expiredLogout' });
        deps.clearSession();
        deps.setMoveUrl(fullPath(target));
        return { redirect: '/integration?type=l' };

      case 'ssoLogin': {
        const configured = (await deps.api.dwpAuth()).type;
        let result: AutoLoginResult;
        if (!step.token) {
          // No SSO assertion reached us: the same answer the server gives for nobody.
          result = { ok: false, code: 'AUTH003' };
        } else {
          result = stored(await deps.api.loginSso(step.token), (p) => deps.storeLogin(p, {}));
        }
        step = decideAfterAutoLogin(result, target, configured);
        break;
      }

      case 'externalTokenLogin': {
        const configured = (await deps.api.dwpAuth()).type;
        const params = new URLSearchParams(target.search);
        const userId = params.get('userId') ?? params.get('loginid') ?? tokenSubject(step.token);
        const token = step.token;
        const result: AutoLoginResult = userId
          ? stored(await deps.api.cyberAdLogin(userId, token), (p) =>
              deps.storeLogin(p, { accessToken: token, refreshToken: params.get(REFRESH_TOKEN_PARAM) }),
            )
          : { ok: false, code: 'AUTH008' };
        step = decideAfterAutoLogin(result, target, configured);
        break;
      }

      case 'redirect':
        // The alert comes first, over the screen as it was; then the login is forgotten.
        if (step.alert) await deps.alert(step.alert);
        if (step.clearSession) deps.clearSession();
        if (step.moveUrl !== undefined) deps.setMoveUrl(step.moveUrl);
        if (step.nextMode !== undefined) deps.setNextMode(step.nextMode);
        return { redirect: step.to };
    }
  }
  // A decision chain this long is a bug; the safe answer is the server-error page.
  return { redirect: '/info500' };
}

function stored(r: Result<{ data: LoginPayload }>, store: (payload: LoginPayload) => boolean): AutoLoginResult {
  if (!r.ok) return { ok: false, code: r.code };
  return store(r.data) ? { ok: true } : { ok: false, code: 'AUTH008' };
}
