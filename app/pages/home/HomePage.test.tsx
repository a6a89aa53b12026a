import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERNAL_MENUS } from '../../layouts/menu/menu-fixture';
import { useSessionStore } from '../../stores/session';
import { renderPage } from '../../testing/render-page';
import { HomePage } from './HomePage';

/** Answers /readyz and /api/v1/common/resources the way the test needs. */
function stubServer(resources: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/readyz') return Response.json({ status: 'ok', database: 'pglite' });
    if (url.pathname === '/api/v1/board/notices') return Response.json({ rows: [], total: 0 });
    return Response.json(resources.body, { status: resources.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('HomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().clear();
  });

  it('shows the server status (to staff who run the system) and the common resources', async () => {
    useSessionStore
      .getState()
      .setMenus([{ pgmId: 'SYS', pgmName: '메시지관리', sspUrl: '/portal/system/messageManage', leaf: 'Y' }]);
    stubServer({
      status: 200,
      body: {
        consts: { a: 1, b: 2 },
        locale: [{ lang: 'ko', name: '한국어', default: true }],
        message: { M1: '확인' },
      },
    });
    renderPage(<HomePage portal="internal" />);
    expect(screen.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' })).toBeInTheDocument();
    expect(await screen.findByText('내장 PostgreSQL (PGlite)')).toBeInTheDocument();
    expect(await screen.findByText('2개')).toBeInTheDocument();
    expect(screen.getByText('한국어', { selector: 'dd' })).toBeInTheDocument();
  });

  it('no status card, and no request for it, for a supplier or staff without a system menu', async () => {
    const fetchMock = stubServer({ status: 200, body: { consts: {}, locale: [], message: {} } });
    useSessionStore.getState().setMenus([{ pgmId: 'PR', pgmName: '구매요청', sspUrl: '/prList', leaf: 'Y' }]);
    for (const portal of ['external', 'internal'] as const) {
      const { unmount } = renderPage(<HomePage portal={portal} />);
      expect((await screen.findAllByText('0개')).length).toBeGreaterThan(0);
      expect(screen.queryByRole('region', { name: '시스템 상태' })).not.toBeInTheDocument();
      expect(screen.queryByText(/PostgreSQL/)).not.toBeInTheDocument();
      unmount();
    }
    useSessionStore
      .getState()
      .setMenus([{ pgmId: 'SYS', pgmName: '메시지관리', sspUrl: '/portal/system/messageManage', leaf: 'Y' }]);
    const { unmount } = renderPage(<HomePage portal="external" />);
    expect((await screen.findAllByText('0개')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/PostgreSQL/)).not.toBeInTheDocument();
    unmount();
    const asked = fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
    expect(asked.some((u) => u.includes('/readyz'))).toBe(false);
  });

  it('shows a friendly error with a retry while the resources endpoint fails', async () => {
    const fetchMock = stubServer({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', msg: '없음' } });
    renderPage(<HomePage portal="external" />);
    expect(await screen.findByText('공통 리소스를 불러오지 못했습니다')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('공통 리소스를 불러오지 못했습니다')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('shows the logged-in user’s screens as quick links and this and the previous login', async () => {
    stubServer({ status: 200, body: { consts: {}, locale: [], message: {} } });
    useSessionStore.getState().setLogin({
      loginData: {
        auth: '',
        authGroupId: '30',
        section: 'D1000',
        deptcd: 'D1100',
        deptnm: '구매팀',
        hname: '김구매',
        singleid: 'E1',
      },
      user: {
        userId: 'buyer',
        portal: 'I',
        tokenKey: 's',
        ip: '10.1.2.3',
        lastLoginIp: '10.9.9.9',
        lastLoginDate: '2025-03-13T01:00:00.000Z',
        createdDate: null,
        expiredDate: null,
        hname: '김구매',
        ename: 'Kim',
        cellPhoneNo: null,
        phoneNo: null,
        email: null,
        authGroupName: '사용자',
        sectionName: '본사',
        compNo: null,
        compNameKr: null,
      },
      menus: INTERNAL_MENUS,
    });
    renderPage(<HomePage portal="internal" />);
    expect(screen.getByText('김구매 님, 안녕하세요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '입고현황' })).toHaveAttribute('href', '/warehousingList');
    expect(screen.getByText('화면 12개')).toBeInTheDocument();
    expect(screen.getByText('본사 · 구매팀')).toBeInTheDocument();
    expect(screen.getByText('사용자 (30)')).toBeInTheDocument();
    expect(screen.getByText('10.1.2.3')).toBeInTheDocument();
    expect(screen.getByText(/\(10\.9\.9\.9\)/)).toBeInTheDocument();
  });
});
