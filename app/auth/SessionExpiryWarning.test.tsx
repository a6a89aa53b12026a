import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore, type SessionUserInfo } from '../stores/session';
import { renderPage } from '../testing/render-page';
import type { AuthApi } from './auth-api';
import { extendSessionNow, minutesAndSeconds, sessionRemainingMs } from './session-expiry';
import { SessionExpiryWarning } from './SessionExpiryWarning';

/** KWCAG 6.2.1 (WCAG 2.2.1 timing adjustable): the warning two minutes before the session ends. */
const START = Date.parse('2026-11-23T09:00:00.000Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const user = (expiredDate: string): SessionUserInfo => ({
  userId: 'buyer',
  portal: 'I',
  tokenKey: 'k',
  ip: null,
  lastLoginIp: null,
  lastLoginDate: null,
  createdDate: iso(START),
  expiredDate,
  hname: '구매담당',
  ename: null,
  cellPhoneNo: null,
  phoneNo: null,
  email: null,
  authGroupName: null,
  sectionName: null,
  compNo: null,
  compNameKr: null,
});

/** A fake server: each extension gives ten more minutes, up to `limit`. */
function fakeApi(limit: number) {
  const extendSession = vi.fn<AuthApi['extendSession']>(async () => {
    const before = Date.parse(useSessionStore.getState().user!.expiredDate!);
    const next = Math.max(before, Math.min(Date.now() + 10 * MIN, limit));
    return {
      ok: true as const,
      data: { code: 'OK' as const, sessionExpiresAt: iso(next), sessionLimitAt: iso(limit), extended: next > before },
    };
  });
  return { extendSession };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const dialog = () => screen.queryByRole('alertdialog');

describe('SessionExpiryWarning', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    useSessionStore.setState({
      user: user(iso(START + 10 * MIN)),
      tokens: { accessToken: 'a', refreshToken: 'r', tokenExpiredTimestamp: START + 15 * MIN, timeDifference: 0 },
      isLoggedIn: true,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessionStore.getState().clear();
  });

  const render = (api: ReturnType<typeof fakeApi>, onLogout = vi.fn()) => {
    renderPage(<SessionExpiryWarning onLogout={onLogout} extend={() => extendSessionNow(api, async () => 'ok')} />);
    return onLogout;
  };

  it('appears two minutes before the session ends, announced, with the time left and the focus on 연장', () => {
    render(fakeApi(START + 60 * MIN));
    advance(8 * MIN - 1000);
    expect(dialog()).toBeNull();
    advance(1000);
    const d = screen.getByRole('alertdialog', { name: '세션 만료 안내' });
    expect(d).toHaveAccessibleDescription('세션이 곧 만료됩니다 (2분 0초 남음). 연장하시겠습니까?');
    expect(screen.getByRole('button', { name: '연장' })).toHaveFocus();
    advance(5000);
    expect(d).toHaveAccessibleDescription('세션이 곧 만료됩니다 (1분 55초 남음). 연장하시겠습니까?');
  });

  it('연장 calls the operation, stores the new expiry, closes, and moves the next warning', async () => {
    const api = fakeApi(START + 60 * MIN);
    render(api);
    advance(8 * MIN);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '연장' }));
    });
    expect(api.extendSession).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().user?.expiredDate).toBe(iso(START + 18 * MIN));
    expect(dialog()).toBeNull();
    // The old end passes without a word; the next warning is two minutes before the new one.
    advance(8 * MIN - 1000);
    expect(dialog()).toBeNull();
    advance(1000);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      '세션이 곧 만료됩니다 (2분 0초 남음). 연장하시겠습니까?',
    );
  });

  it('Escape closes it; ignored, it comes back until the session ends', () => {
    render(fakeApi(START + 60 * MIN));
    advance(8 * MIN);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).toBeNull();
    advance(30_000);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      '세션이 곧 만료됩니다 (1분 30초 남음). 연장하시겠습니까?',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    advance(30_000);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      '세션이 곧 만료됩니다 (1분 0초 남음). 연장하시겠습니까?',
    );
    advance(60_000);
    // Ended: nothing more to warn about.
    expect(dialog()).toBeNull();
    advance(10 * MIN);
    expect(dialog()).toBeNull();
  });

  it('at the absolute limit it says no more time can be given and to save unsaved input', async () => {
    // The limit is the current end: the server answers extended: false.
    const api = fakeApi(START + 10 * MIN);
    render(api);
    advance(8 * MIN);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '연장' }));
    });
    expect(api.extendSession).toHaveBeenCalledTimes(1);
    const d = screen.getByRole('alertdialog');
    expect(d).toHaveAccessibleDescription(
      /세션을 더 연장할 수 없습니다 \(2분 0초 남음\)\. 저장하지 않은 입력이 있으면 지금 저장하세요/,
    );
    expect(screen.queryByRole('button', { name: '연장' })).toBeNull();
    expect(screen.getByRole('button', { name: '닫기' })).toBeInTheDocument();
  });

  it('로그아웃 logs out', () => {
    const onLogout = render(fakeApi(START + 60 * MIN));
    advance(8 * MIN);
    fireEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('a failed extension says so and keeps the warning', async () => {
    const api = {
      extendSession: vi.fn<AuthApi['extendSession']>(async () => ({
        ok: false as const,
        status: 0,
        code: 'NETWORK',
        msg: null,
      })),
    };
    render(api);
    advance(8 * MIN);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '연장' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('세션을 연장하지 못했습니다');
    expect(dialog()).not.toBeNull();
  });
});

describe('session-expiry helpers', () => {
  it('reads the time left in server time and splits it', () => {
    expect(sessionRemainingMs(iso(START + 5 * MIN), 60_000, START)).toBe(4 * MIN);
    expect(sessionRemainingMs(null, 0, START)).toBeNull();
    expect(minutesAndSeconds(119_001)).toEqual({ minutes: 2, seconds: 0 });
    expect(minutesAndSeconds(-5)).toEqual({ minutes: 0, seconds: 0 });
  });

  it('refreshes a stale access token before extending (the auth service’s routes are not retried)', async () => {
    useSessionStore.setState({
      user: user(iso(START + MIN)),
      tokens: { accessToken: 'a', refreshToken: 'r', tokenExpiredTimestamp: START, timeDifference: 0 },
    });
    const refresh = vi.fn(async () => 'ok' as const);
    const api = {
      extendSession: vi.fn<AuthApi['extendSession']>(async () => ({
        ok: true as const,
        data: {
          code: 'OK' as const,
          sessionExpiresAt: iso(START + 9 * MIN),
          sessionLimitAt: iso(START + 99 * MIN),
          extended: true,
        },
      })),
    };
    const r = await extendSessionNow(api, refresh, () => START);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(r).toMatchObject({ ok: true, extended: true });
    expect(useSessionStore.getState().user?.expiredDate).toBe(iso(START + 9 * MIN));
    useSessionStore.getState().clear();
  });
});
