import type { AuthApi, LoginPayload } from './auth-api';
import { authServerLoginUrl, decideExternalAdEntry, keepUrlTokens, takeUrlTokens } from './external-ad-entry';
import { tokenSubject } from './token-state';
import { safeMoveUrl } from './urls';

/**
 * Carries out the external AD entry (spec §4) on /integration: answers where to go, or null to
 * show the entry page itself.
 */
export interface AdEntryDeps {
  api: Pick<AuthApi, 'cyberAdLogin' | 'dwpAuth'>;
  now: () => number;
  origin: string;
  /** Session storage: the 5-second token window. */
  storage: Storage;
  storeLogin: (payload: LoginPayload, tokens: { accessToken: string; refreshToken: string | null }) => boolean;
  takeMoveUrl: () => string | null;
  alert: (messageKey: string) => Promise<void>;
}

export type AdEntryOutcome = null | { redirect: string; document?: boolean };

export async function runExternalAdEntry(params: URLSearchParams, deps: AdEntryDeps): Promise<AdEntryOutcome> {
  const { loginUri } = await deps.api.dwpAuth();
  const decision = decideExternalAdEntry({ params, nowMs: deps.now(), loginUri, origin: deps.origin });
  switch (decision.kind) {
    case 'notAdEntry':
      return null;
    case 'authError':
      return { redirect: decision.to };
    case 'toAuthServer':
      return { redirect: decision.url, document: true };
    case 'abnormal':
      await deps.alert(decision.alertKey);
      return { redirect: decision.to };
    case 'tokens': {
      keepUrlTokens(deps.storage, decision.tokens, decision.expiresAt);
      const tokens = takeUrlTokens(deps.storage, deps.now());
      if (!tokens) {
        await deps.alert('auth.abnormalAccessPath');
        return { redirect: '/integration' };
      }
      const userId = tokens.userId ?? tokenSubject(tokens.accessToken);
      if (!userId) return { redirect: '/cyberAuthReq?error=AUTH008' };
      const r = await deps.api.cyberAdLogin(userId, tokens.accessToken);
      if (r.ok) {
        if (!deps.storeLogin(r.data, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }))
          return { redirect: '/cyberAuthReq?error=AUTH008' };
        return { redirect: safeMoveUrl(deps.takeMoveUrl(), true) };
      }
      // Spec §7: the expired-token code triggers a new login at the auth server.
      if (r.code === 'AUTH008') return { redirect: authServerLoginUrl(loginUri, deps.origin), document: true };
      return { redirect: `/cyberAuthReq?error=${encodeURIComponent(r.code)}` };
    }
  }
}
