import type { components } from '../../schemas/api-types.generated';
import { apiClient, formBody, type ApiClient } from '../api/client';
import { configuredLoginMode, type LoginMode } from './login-mode';

/**
 * The login flows' server calls (spec §7, docs/auth.md), each answering a plain result instead
 * of throwing: the guards and login pages decide what a failure means. All of them are auth
 * URLs or pass their errors on, so the HTTP client shows no alert for them (spec §8).
 */
type S = components['schemas'];
export type LoginPayload = S['LoginPayload'];
export type SessionUserPayload = S['SessionUser'];
type MenuNode = S['MenuNode'];
export type LoginCheckAnswer = S['LoginCheckAnswer'];
type TokensAnswer = S['Tokens'];
type VerifyAnswer = S['VerifyResult'];
type CodeSent = S['CodeSent'];
type SessionExtended = S['SessionExtended'];

export interface Failure {
  ok: false;
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The spec code: errorCode of a login failure, errCode, the error body's code, or NETWORK. */
  code: string;
  msg: string | null;
}

export type Result<T> = ({ ok: true } & T) | Failure;

const NETWORK_FAILURE = 'NETWORK';

/** Reads the code of a failed answer: { code: 'ERROR', errorCode } first (spec §8), then errCode, then code. */
function failureOf(status: number, body: unknown): Failure {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const pick = (k: string) => (typeof b[k] === 'string' && b[k] !== '' ? (b[k] as string) : null);
  const code =
    pick('errorCode') ??
    pick('errCode') ??
    (pick('code') !== 'ERROR' ? pick('code') : null) ??
    (status ? `HTTP_${status}` : NETWORK_FAILURE);
  return { ok: false, status, code, msg: pick('msg') };
}

async function settle<T>(
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Result<{ data: T }>> {
  try {
    const { data, error, response } = await call();
    if (data !== undefined && response.ok) return { ok: true, data };
    return failureOf(response.status, error);
  } catch {
    return { ok: false, status: 0, code: NETWORK_FAILURE, msg: null };
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, AccessToken: token });

interface DwpAuth {
  type: LoginMode;
  loginUri: string;
  logoutUri: string;
  verifyUri: string;
  /** SSO over OpenID Connect (ADFS): where the login page sends the browser to sign in; null without one. */
  ssoStartUri?: string | null;
}

const DWP_DEFAULTS: DwpAuth = {
  type: 'AD',
  loginUri: '/auth/login',
  logoutUri: '/auth/api/logout',
  verifyUri: '/auth/api/verify',
  ssoStartUri: null,
};

function createAuthApi(client: ApiClient = apiClient) {
  let dwp: Promise<DwpAuth> | null = null;

  return {
    /** Forgets the cached /properties/dwpAuth answer (tests). */
    forgetDwpAuth(): void {
      dwp = null;
    },

    /** GET /properties/dwpAuth, once per page load: the configured login mode and the auth pages. */
    dwpAuth(): Promise<DwpAuth> {
      dwp ??= settle(() => client.GET('/properties/dwpAuth', { passErrors: true })).then((r) => {
        if (!r.ok) {
          dwp = null; // try again next time
          return DWP_DEFAULTS;
        }
        return {
          type: configuredLoginMode(r.data.type),
          loginUri: r.data.loginUri,
          logoutUri: r.data.logoutUri,
          verifyUri: r.data.verifyUri,
          ssoStartUri: r.data.adfs?.enabled ? (r.data.adfs.startUri ?? null) : null,
        };
      });
      return dwp;
    },

    /** GET /api/v1/loginCheck — IsCyber from the TARGET path, not the page's portal. */
    async loginCheck(path: string, isCyber: boolean, store: 'Y' | 'N'): Promise<Result<{ data: LoginCheckAnswer }>> {
      return settle(() =>
        client.GET('/api/v1/loginCheck', {
          params: { query: { path, store } },
          headers: { IsCyber: isCyber ? 'Y' : 'N' },
        }),
      );
    },

    /** Auth service id/password login (internal AD mode; external with the one-time code). */
    async loginIdpw(input: {
      systemId: 'GPMS' | 'OGPMS';
      username: string;
      password: string;
      otpNum?: string;
    }): Promise<Result<{ data: TokensAnswer }>> {
      return settle(() =>
        client.POST(
          '/auth/api/login/idpw',
          formBody({
            systemId: input.systemId,
            grantType: 'idpw' as const,
            username: input.username,
            password: input.password,
            otpNum: input.otpNum,
          }),
        ),
      );
    },

    /** After AUTH103: the expired password (or the first administrator's setup code) for a new one. */
    async changeExpiredPassword(input: {
      systemId: 'GPMS' | 'OGPMS';
      username: string;
      password: string;
      newPassword: string;
      newPasswordCheck: string;
    }): Promise<Result<{ data: unknown }>> {
      return settle(() => client.POST('/auth/api/password/change', formBody(input)));
    },

    /** AD mode, after the auth service login: GET /api/v1/login with that bearer. */
    async loginWithToken(accessToken: string): Promise<Result<{ data: LoginPayload }>> {
      return settle(() => client.GET('/api/v1/login', { headers: { ...bearer(accessToken), IsCyber: 'N' } }));
    },

    /** SSO mode: POST /api/v1/login with the SSO token. */
    async loginSso(ssoToken: string): Promise<Result<{ data: LoginPayload }>> {
      return settle(() => client.POST('/api/v1/login', formBody({ ssoToken })));
    },

    /** External login step 1: id and password; the one-time code goes out by SMS or e-mail. */
    async cyberLogin(userId: string, userPw: string, optGubun: 'SMS' | 'EMAIL'): Promise<Result<{ data: CodeSent }>> {
      return settle(() => client.POST('/api/v1/cyberLogin', formBody({ userId, userPw, optGubun })));
    },

    /** External login step 2: the same id and password with the code. */
    async cyberCheckOtp(userId: string, userPw: string, otpNum: string): Promise<Result<{ data: LoginPayload }>> {
      return settle(() => client.POST('/api/v1/cyberCheckOtp', formBody({ userId, userPw, otpNum })));
    },

    /** External AD entry: the token from the address as bearer. errCode (e.g. AUTH008) comes back as a failure. */
    async cyberAdLogin(userId: string, accessToken: string): Promise<Result<{ data: LoginPayload }>> {
      const r = await settle(() =>
        client.POST('/api/v1/cyberAdLogin', {
          ...formBody({ userId }),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...bearer(accessToken), IsCyber: 'Y' },
        }),
      );
      if (!r.ok) return r;
      if ('errCode' in r.data) return { ok: false, status: 200, code: r.data.errCode, msg: r.data.msg };
      return { ok: true, data: r.data };
    },

    /** Auth service verify: rotates the refresh token (the old one must never be sent again). */
    async verify(input: {
      accessToken: string;
      refreshToken: string;
      loginid: string | null;
      isCyber: boolean;
      clientTime: number;
    }): Promise<Result<{ data: VerifyAnswer }>> {
      const headers: Record<string, string> = {
        ...bearer(input.accessToken),
        RefreshToken: input.refreshToken,
        isCyberUrl: input.isCyber ? 'Y' : 'N',
        'client-time': String(input.clientTime),
      };
      if (input.loginid) headers.loginid = input.loginid;
      return settle(() => client.GET('/auth/api/verify', { headers }));
    },

    /**
     * Auth service logout (form AccessToken): ends the session at once. Never fails loudly.
     * Answers where an SSO session's logout continues (the provider's), or null.
     */
    async logout(accessToken: string | null): Promise<{ ssoLogoutUri: string | null }> {
      const r = await settle(() =>
        client.POST('/auth/api/logout', formBody(accessToken ? { AccessToken: accessToken } : {})),
      );
      return { ssoLogoutUri: r.ok ? (r.data.ssoLogoutUri ?? null) : null };
    },

    /** Extends this tab's session (KWCAG 6.2.1): SESSION_TTL from now, never past its absolute limit. */
    async extendSession(): Promise<Result<{ data: SessionExtended }>> {
      return settle(() => client.POST('/auth/api/session/extend', { passErrors: true }));
    },

    /** Spec §7 /api/v1/menuLog: which screen the user opened. Quiet: a failed log never bothers anyone. */
    async menuLog(path: string, pgmId?: string): Promise<void> {
      await settle(() => client.POST('/api/v1/menuLog', { body: { path, pgmId }, passErrors: true, background: true }));
    },

    /** The caller's menu tree (after a language switch). */
    async menus(): Promise<Result<{ data: MenuNode[] }>> {
      return settle(() => client.GET('/api/v1/menus', { passErrors: true, background: true }));
    },

    /** Server messages of one language (spec §8 texts, editable in messageManage). */
    async messages(lang: 'ko' | 'en'): Promise<Result<{ data: Record<string, string> }>> {
      return settle(() =>
        client.GET('/api/v1/common/message', { params: { query: { lang } }, passErrors: true, background: true }),
      );
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi: AuthApi = createAuthApi();
