import { useAuthFlowStore } from '../stores/auth-flow';
import type { AuthApi, Failure, LoginPayload } from './auth-api';
import { nextModeAfterAdSuccess } from './login-mode';
import { applyLoginPayload, clearLogin } from './session-actions';

/**
 * The login pages' flows (spec §4, §7). Each stores the login on success and answers a plain
 * result; the pages decide what to show. On failure the tokens are cleared (spec §8).
 */

export type FlowResult = { ok: true; payload: LoginPayload } | Failure;

const MAX_AUTH006_RETRIES = 2;

/**
 * Internal AD mode: the auth service's id/password login, then GET /api/v1/login with the new
 * bearer for the user, menus and codes. AUTH006 (not an authorized system) offers a retry
 * (spec §8). Success clears the next-mode override (spec §4).
 */
export async function loginInternalAd(
  api: Pick<AuthApi, 'loginIdpw' | 'loginWithToken' | 'logout'>,
  credentials: { userId: string; password: string },
  confirmRetry: () => Promise<boolean>,
): Promise<FlowResult> {
  for (let attempt = 0; ; attempt++) {
    const r = await api.loginIdpw({ systemId: 'GPMS', username: credentials.userId, password: credentials.password });
    if (!r.ok) {
      clearLogin();
      if (r.code === 'AUTH006' && attempt < MAX_AUTH006_RETRIES && (await confirmRetry())) continue;
      return r;
    }
    const tokens = r.data;
    const p = await api.loginWithToken(tokens.accessToken);
    if (!p.ok) {
      clearLogin();
      await api.logout(tokens.accessToken);
      return p;
    }
    if (
      !applyLoginPayload(p.data, {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        tokenExpiredTimestamp: tokens.tokenExpiredTimestamp,
      })
    ) {
      return { ok: false, status: 200, code: 'AUTH008', msg: null };
    }
    useAuthFlowStore.getState().setNextMode(nextModeAfterAdSuccess());
    return { ok: true, payload: p.data };
  }
}

/** Internal SSO mode: POST /api/v1/login with the SSO token. */
export async function loginInternalSso(api: Pick<AuthApi, 'loginSso'>, ssoToken: string): Promise<FlowResult> {
  const r = await api.loginSso(ssoToken);
  if (!r.ok) {
    clearLogin();
    return r;
  }
  if (!applyLoginPayload(r.data)) return { ok: false, status: 200, code: 'AUTH008', msg: null };
  return { ok: true, payload: r.data };
}

/** External login, step 2: the one-time code (POST /api/v1/cyberCheckOtp). */
export async function loginExternalOtp(
  api: Pick<AuthApi, 'cyberCheckOtp'>,
  userId: string,
  password: string,
  otpNum: string,
): Promise<FlowResult> {
  const r = await api.cyberCheckOtp(userId, password, otpNum);
  if (!r.ok) {
    clearLogin();
    return r;
  }
  if (!applyLoginPayload(r.data)) return { ok: false, status: 200, code: 'AUTH008', msg: null };
  return { ok: true, payload: r.data };
}

/** Spec §3 "user with flags for missing cell phone and phone": which prompt the supplier gets. */
export function missingPhonePrompt(user: {
  noCellPhone: boolean;
  noPhone: boolean;
}): 'both' | 'cellPhone' | 'phone' | null {
  if (user.noCellPhone && user.noPhone) return 'both';
  if (user.noCellPhone) return 'cellPhone';
  if (user.noPhone) return 'phone';
  return null;
}

/** A six-digit code, spaces tolerated (what the server accepts). */
export function normaliseOtp(input: string): string {
  return input.replace(/\s+/g, '');
}

export function isValidOtp(input: string): boolean {
  return /^\d{6}$/.test(normaliseOtp(input));
}
