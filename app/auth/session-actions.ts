import { clockSkewExceeded } from '../../lib/clock-skew';
import { httpEffects } from '../api/http-effects';
import { useAuthFlowStore } from '../stores/auth-flow';
import {
  useSessionStore,
  type CodeLists,
  type LoginData,
  type MenuItem,
  type SessionTokens,
  type SessionUserInfo,
} from '../stores/session';
import type { LoginCheckAnswer, LoginPayload, SessionUserPayload } from './auth-api';

/**
 * What a login answer does to the tab's state (spec §3/§4): login data, session user, tokens,
 * menus and codes — and the clock check of spec §8.
 */

/** Spec §3 loginData from the session user (empty strings where the user has no such field). */
export function loginDataOf(user: SessionUserPayload): LoginData {
  return {
    auth: user.auth ?? '',
    authGroupId: user.authGroupId,
    section: user.section ?? '',
    deptcd: user.deptcd ?? '',
    deptnm: user.deptnm ?? '',
    hname: user.hname,
    singleid: user.singleid ?? '',
  };
}

export function userInfoOf(user: SessionUserPayload): SessionUserInfo {
  return {
    userId: user.userId,
    portal: user.portal,
    tokenKey: user.tokenKey,
    ip: user.ip,
    lastLoginIp: user.lastLoginIp,
    lastLoginDate: user.lastLoginDate,
    createdDate: user.createdDate,
    expiredDate: user.expiredDate,
    hname: user.hname,
    ename: user.ename,
    cellPhoneNo: user.cellPhoneNo,
    phoneNo: user.phoneNo,
    email: user.email,
    authGroupName: user.authGroupName,
    sectionName: user.sectionName,
    compNo: user.compNo,
    compNameKr: user.compNameKr,
  };
}

/** Logs spec §8's recommendation when the clocks differ by more than five minutes. */
export function checkClock(serverMs: number, clientMs: number, log: (message: string) => void): boolean {
  const skewed = clockSkewExceeded(serverMs, clientMs);
  // The recommendation in the interface language (server message auth.clockSkew), with the measured gap.
  if (skewed)
    log(
      `[GPMS] ${httpEffects().message('auth.clockSkew')} (client clock − server clock = ${Math.round((clientMs - serverMs) / 1000)} s)`,
    );
  return skewed;
}

export interface LoginTokensOverride {
  accessToken?: string | null;
  refreshToken?: string | null;
  tokenExpiredTimestamp?: number | null;
}

/**
 * Stores a login answer (GET/POST /api/v1/login, cyberCheckOtp, cyberAdLogin). Tokens the
 * answer does not carry (AD mode: the refresh token came from the auth service) are taken from
 * `tokens`. Returns false — storing nothing — when no access token is known at all.
 */
export function applyLoginPayload(
  payload: LoginPayload,
  tokens: LoginTokensOverride = {},
  nowMs = Date.now(),
  log: (m: string) => void = console.warn,
): boolean {
  const { user } = payload;
  const accessToken = tokens.accessToken ?? user.accessToken ?? user.token;
  if (!accessToken) return false;
  checkClock(user.currentTimestamp, nowMs, log);
  const sessionTokens: SessionTokens = {
    accessToken,
    refreshToken: tokens.refreshToken ?? user.refreshToken ?? null,
    tokenExpiredTimestamp: tokens.tokenExpiredTimestamp ?? user.tokenExpiredTimestamp ?? null,
    timeDifference: Number.isFinite(user.currentTimestamp) ? user.currentTimestamp - nowMs : 0,
  };
  useSessionStore.getState().setLogin({
    loginData: loginDataOf(user),
    user: userInfoOf(user),
    tokens: sessionTokens,
    menus: payload.menus as MenuItem[],
    codes: payload.codes as CodeLists,
  });
  useAuthFlowStore.getState().setLoginId(user.userId);
  return true;
}

/** A loginCheck made with store=Y also answers user, menus and codes: keep them (tokens stay). */
export function applyLoginCheckStore(answer: LoginCheckAnswer): void {
  if (!answer.user) return;
  useSessionStore.getState().setLogin({
    loginData: loginDataOf(answer.user),
    user: userInfoOf(answer.user),
    menus: answer.menus as MenuItem[] | undefined,
    codes: answer.codes as CodeLists | undefined,
  });
}

/** Spec §8 "tokens are cleared": forgets the login of this tab. moveUrl and the mode override stay. */
export function clearLogin(): void {
  useSessionStore.getState().clear();
}
