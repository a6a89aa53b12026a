import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { authApi } from '../../auth/auth-api';
import { createI18n } from '../../i18n/create-i18n';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { useSessionStore } from '../../stores/session';
import { fakeServer, loginAnswer, on } from '../../testing/fake-server';
import { memoryStorage } from '../../testing/memory-storage';
import { InternalLoginPage } from './InternalLoginPage';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <InternalLoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n({ storage: memoryStorage() })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const dwp = (type: string) =>
  on('GET', '/properties/dwpAuth', () => ({
    body: {
      systemId: 'GPMS',
      type,
      loginUri: '/auth/login',
      logoutUri: '/auth/api/logout',
      verifyUri: '/auth/api/verify',
      api: {},
    },
  }));

async function typeAndSubmit(user: string, password: string) {
  await userEvent.type(await screen.findByLabelText('아이디'), user);
  await userEvent.type(screen.getByLabelText('비밀번호'), password);
  await userEvent.click(screen.getByRole('button', { name: '로그인' }));
}

describe('internal login (/login)', () => {
  beforeEach(() => {
    authApi.forgetDwpAuth();
    useSessionStore.getState().clear();
    useAuthFlowStore.setState({ moveUrl: null, nextMode: null, loginId: null });
    window.history.replaceState(null, '', '/login');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('AD mode: auth service login, then GET /api/v1/login with the bearer; back to the deep link, override cleared', async () => {
    useAuthFlowStore.setState({ moveUrl: '/portal/author/userSessionManage', nextMode: 'AD' });
    const { calls } = fakeServer(
      dwp('AD'),
      on('POST', '/auth/api/login/idpw', () => ({
        body: {
          code: 'OK',
          accessToken: 'acc-1',
          refreshToken: 'ref-1',
          tokenType: 'Bearer',
          expiresIn: 900,
          tokenExpiredTimestamp: 123,
          sessionExpiredTimestamp: 456,
        },
      })),
      on('GET', '/api/v1/login', () => ({ body: loginAnswer() })),
    );
    renderLogin();
    expect(await screen.findByText('로그인 방식: 아이디/비밀번호')).toBeInTheDocument();
    await typeAndSubmit('buyer', 'Gpms!2345');
    expect(await screen.findByTestId('where')).toHaveTextContent('/portal/author/userSessionManage');
    const idpw = calls.find((c) => c.path === '/auth/api/login/idpw')!;
    expect(new URLSearchParams(idpw.body).get('systemId')).toBe('GPMS');
    expect(new URLSearchParams(idpw.body).get('grantType')).toBe('idpw');
    expect(calls.find((c) => c.path === '/api/v1/login')!.headers.get('Authorization')).toBe('Bearer acc-1');
    expect(useSessionStore.getState().tokens).toMatchObject({
      accessToken: 'acc-1',
      refreshToken: 'ref-1',
      tokenExpiredTimestamp: 123,
    });
    expect(useSessionStore.getState().loginData?.hname).toBe('김구매');
    expect(useAuthFlowStore.getState()).toMatchObject({ nextMode: null, moveUrl: null, loginId: 'buyer' });
  });

  it('a wrong password shows the spec message for AUTH011 and keeps no tokens', async () => {
    fakeServer(
      dwp('AD'),
      on('POST', '/auth/api/login/idpw', () => ({
        status: 401,
        body: { statusCode: 401, code: 'ERROR', errorCode: 'AUTH011', msg: '비밀번호가 올바르지 않습니다.' },
      })),
    );
    renderLogin();
    await typeAndSubmit('buyer', 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('비밀번호가 올바르지 않습니다.');
    expect(useSessionStore.getState().tokens).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('a locked account gets its own message', async () => {
    fakeServer(
      dwp('AD'),
      on('POST', '/auth/api/login/idpw', () => ({
        status: 401,
        body: { code: 'ERROR', errorCode: 'AUTH102', msg: 'x' },
      })),
    );
    renderLogin();
    await typeAndSubmit('buyer', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('잠긴 계정입니다');
  });

  it('a server that cannot be reached gets a clear message, not a crash', async () => {
    const { fetchMock } = fakeServer(dwp('AD'));
    renderLogin();
    await screen.findByLabelText('아이디');
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await typeAndSubmit('buyer', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 연결할 수 없습니다');
  });

  it('SSO with AD fallback and no SSO token: the override becomes AD and the form says why', async () => {
    fakeServer(dwp('SSO_AD'));
    renderLogin();
    expect(await screen.findByText(/통합인증\(SSO\)으로 로그인하지 못했습니다/)).toBeInTheDocument();
    expect(screen.getByLabelText('아이디')).toBeInTheDocument();
    expect(useAuthFlowStore.getState().nextMode).toBe('AD');
  });

  it('SSO mode without a token: /authReq?error=AUTH003', async () => {
    fakeServer(dwp('SSO'));
    renderLogin();
    expect(await screen.findByTestId('where')).toHaveTextContent('/authReq?error=AUTH003');
  });

  it('SSO mode with the company portal’s token: logged in and home', async () => {
    window.history.replaceState(null, '', '/login?accessToken=portal-token');
    const { calls } = fakeServer(
      dwp('SSO'),
      on('POST', '/api/v1/login', () => ({ body: loginAnswer({ refreshToken: 'ref-sso' }) })),
    );
    renderLogin('/login?accessToken=portal-token');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/v1/login')!.body).get('ssoToken')).toBe(
      'portal-token',
    );
    expect(useSessionStore.getState().tokens?.refreshToken).toBe('ref-sso');
  });
});
