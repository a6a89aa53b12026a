import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthFlowStore } from '../stores/auth-flow';
import { SESSION_STORAGE_KEY, useSessionStore } from '../stores/session';
import type { LoginPayload } from './auth-api';
import { applyLoginPayload, checkClock, loginDataOf } from './session-actions';

const user = {
  userId: 'buyer',
  portal: 'I',
  accessToken: 'acc',
  refreshToken: null,
  token: 'acc',
  tokenKey: 'sid',
  ip: '10.0.0.1',
  lastLoginIp: '10.0.0.2',
  lastLoginDate: '2025-03-13T00:00:00.000Z',
  createdDate: '2025-03-14T00:00:00.000Z',
  expiredDate: '2025-03-14T12:00:00.000Z',
  tokenExpiredTimestamp: 5_000,
  currentTimestamp: 1_000,
  hname: '김구매',
  ename: null,
  cellPhoneNo: null,
  phoneNo: null,
  email: null,
  auth: null,
  authGroupId: '30',
  authGroupName: '사용자',
  section: 'D1000',
  sectionName: '본사',
  deptcd: 'D1100',
  deptnm: '구매팀',
  singleid: 'E1',
  compNo: null,
  compNameKr: null,
  noCellPhone: true,
  noPhone: true,
} satisfies LoginPayload['user'];
const payload: LoginPayload = {
  code: 'OK',
  user,
  menus: [{ pgmId: 'M', pgmName: 'm', sspUrl: '/prList', sspSubUrls: [], leaf: 'T', canWrite: true, childs: [] }],
  codes: { YN: [{ value: 'Y', text: '예' }] },
};

describe('applying a login answer', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    useAuthFlowStore.setState({ loginId: null });
  });

  it('keeps spec §3 loginData, the session user, the tokens, menus and codes', () => {
    expect(applyLoginPayload(payload, { refreshToken: 'ref' }, 1_000, vi.fn())).toBe(true);
    const s = useSessionStore.getState();
    expect(s.loginData).toEqual({
      auth: '',
      authGroupId: '30',
      section: 'D1000',
      deptcd: 'D1100',
      deptnm: '구매팀',
      hname: '김구매',
      singleid: 'E1',
    });
    expect(s.tokens).toEqual({
      accessToken: 'acc',
      refreshToken: 'ref',
      tokenExpiredTimestamp: 5_000,
      timeDifference: 0,
    });
    expect(s.user?.lastLoginIp).toBe('10.0.0.2');
    expect(s.menus).toHaveLength(1);
    expect(s.codes.YN).toHaveLength(1);
    expect(useAuthFlowStore.getState().loginId).toBe('buyer');
    const raw = sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(raw).toContain('"accessToken":"acc"');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('stores nothing when no access token is known', () => {
    expect(applyLoginPayload({ ...payload, user: { ...user, accessToken: null, token: null } }, {}, 0, vi.fn())).toBe(
      false,
    );
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
  });

  it('turns missing fields into empty strings in loginData', () => {
    expect(
      loginDataOf({ ...user, section: null, deptcd: null, deptnm: null, singleid: null, auth: 'A' }),
    ).toMatchObject({ auth: 'A', section: '', deptcd: '', deptnm: '', singleid: '' });
  });
});

describe('clock check (spec §8, §9: over 300000 ms)', () => {
  it('logs a recommendation only above the threshold, either direction', () => {
    const log = vi.fn();
    expect(checkClock(1_000_000, 700_000, log)).toBe(false);
    expect(checkClock(1_000_000, 699_999, log)).toBe(true);
    expect(checkClock(0, 300_001, log)).toBe(true);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0][0]).toMatch(/clock/);
  });
});
