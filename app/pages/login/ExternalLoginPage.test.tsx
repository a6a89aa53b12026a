import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { useSessionStore } from '../../stores/session';
import { fakeServer, loginAnswer, on } from '../../testing/fake-server';
import { memoryStorage } from '../../testing/memory-storage';
import { DialogHost } from '../../ui/dialogs/DialogHost';
import { useDialogStore } from '../../ui/dialogs/dialogs';
import { ExternalLoginPage } from './ExternalLoginPage';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/cyberLogin', element: <ExternalLoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/cyberLogin'] },
  );
  render(
    <I18nextProvider i18n={createI18n({ storage: memoryStorage() })}>
      <RouterProvider router={router} />
      <DialogHost />
    </I18nextProvider>,
  );
}

const supplier = {
  userId: 'supplier2',
  portal: 'X',
  compNo: 'C00002',
  compNameKr: '㈜한빛',
  authGroupId: '60',
  deptnm: null,
  section: null,
  singleid: null,
};

async function loginWithCode() {
  await userEvent.type(screen.getByLabelText('아이디'), 'supplier2');
  await userEvent.type(screen.getByLabelText('비밀번호'), 'Gpms!2345');
  await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
  await userEvent.type(await screen.findByLabelText('인증번호 6자리'), '123456');
  await userEvent.click(screen.getByRole('button', { name: '확인' }));
}

describe('external login page (/cyberLogin)', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    useAuthFlowStore.setState({ moveUrl: null, nextMode: null, loginId: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useDialogStore.getState().reset();
  });

  const server = (user: Record<string, unknown>) =>
    fakeServer(
      on('POST', '/api/v1/cyberLogin', () => ({
        body: { code: 'OK', channel: 'SMS', destination: '010-****-0000', expiresIn: 180 },
      })),
      on('POST', '/api/v1/cyberCheckOtp', () => ({
        body: loginAnswer({ ...supplier, refreshToken: 'ref-x', ...user }),
      })),
    );

  it('logs the supplier in and returns to the remembered external page', async () => {
    useAuthFlowStore.setState({ moveUrl: '/cyber/deliverInfo' });
    server({});
    renderLogin();
    await loginWithCode();
    expect(await screen.findByTestId('where')).toHaveTextContent('/cyber/deliverInfo');
    expect(useSessionStore.getState().user?.portal).toBe('X');
    expect(useSessionStore.getState().tokens?.refreshToken).toBe('ref-x');
  });

  it('without a cell phone number: offers to register it now (My information) or later', async () => {
    server({ noCellPhone: true, cellPhoneNo: null });
    renderLogin();
    await loginWithCode();
    expect(await screen.findByRole('alertdialog', { name: '연락처 등록 안내' })).toHaveTextContent(
      '휴대폰 번호가 등록되어 있지 않습니다',
    );
    await userEvent.click(screen.getByRole('button', { name: '지금 등록' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/cyber/userManagement/PersonInfo');
  });

  it('"later" goes on to the home page', async () => {
    server({ noPhone: true, phoneNo: null });
    renderLogin();
    await loginWithCode();
    await userEvent.click(await screen.findByRole('button', { name: '나중에' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/cyber$/);
  });
});
