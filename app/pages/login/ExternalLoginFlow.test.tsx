import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthApi, Failure } from '../../auth/auth-api';
import { renderPage } from '../../testing/render-page';
import { ExternalLoginFlow, formatCountdown, secondsLeft } from './ExternalLoginFlow';

const sent = {
  ok: true as const,
  data: { code: 'OK' as const, channel: 'SMS' as const, destination: '010-****-8112', expiresIn: 180 },
};
const fail = (code: string, msg: string | null = null): Failure => ({ ok: false, status: 400, code, msg });

async function credentials(user = 'supplier1', password = 'Gpms!2345') {
  await userEvent.type(screen.getByLabelText('아이디'), user);
  await userEvent.type(screen.getByLabelText('비밀번호'), password);
}

describe('external login with the one-time code', () => {
  it('sends the code by the chosen channel, shows where it went and its 3 minutes, then checks it', async () => {
    const cyberLogin = vi.fn<AuthApi['cyberLogin']>(async () => sent);
    const verify = vi.fn(async () => ({ ok: true as const }));
    renderPage(<ExternalLoginFlow api={{ cyberLogin }} verify={verify} />);
    await credentials();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    expect(cyberLogin).toHaveBeenCalledWith('supplier1', 'Gpms!2345', 'SMS');
    expect(await screen.findByText('휴대폰(SMS) 010-****-8112로 인증번호를 보냈습니다.')).toBeInTheDocument();
    // The countdown starts at 3:00 — never 3:01 — and a slow machine may already show a second or two less.
    expect(screen.getByText(/^(3:00|2:5\d)$/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('인증번호 6자리'), '12a3456');
    expect(screen.getByLabelText('인증번호 6자리')).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(verify).toHaveBeenCalledWith('supplier1', 'Gpms!2345', '123456');
  });

  it('a password that must be changed (AUTH103) asks for a new one, changes it and sends the code with it', async () => {
    const cyberLogin = vi.fn<AuthApi['cyberLogin']>(async (_user, password) =>
      password === 'Gpms!2345' ? fail('AUTH103') : sent,
    );
    const changeExpiredPassword = vi.fn<AuthApi['changeExpiredPassword']>(async () => ({
      ok: true as const,
      data: { code: 'OK' },
    }));
    renderPage(<ExternalLoginFlow api={{ cyberLogin, changeExpiredPassword }} verify={vi.fn()} />);
    await credentials();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    await userEvent.type(await screen.findByLabelText('새 비밀번호'), 'Own-Pass-77');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'Own-Pass-78');
    await userEvent.click(screen.getByRole('button', { name: '변경하고 로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('새 비밀번호가 서로 다릅니다.');
    expect(changeExpiredPassword).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('새 비밀번호 확인'));
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'Own-Pass-77');
    await userEvent.click(screen.getByRole('button', { name: '변경하고 로그인' }));
    expect(changeExpiredPassword).toHaveBeenCalledWith({
      systemId: 'OGPMS',
      username: 'supplier1',
      password: 'Gpms!2345',
      newPassword: 'Own-Pass-77',
      newPasswordCheck: 'Own-Pass-77',
    });
    expect(cyberLogin).toHaveBeenLastCalledWith('supplier1', 'Own-Pass-77', 'SMS');
    expect(await screen.findByText('휴대폰(SMS) 010-****-8112로 인증번호를 보냈습니다.')).toBeInTheDocument();
  });

  it('starts the countdown at 3:00 even when the clock moves while the answer is handled', async () => {
    renderPage(
      <ExternalLoginFlow api={{ cyberLogin: async () => sent }} verify={async () => ({ ok: true as const })} />,
    );
    await credentials();
    // Every reading of the clock 5 ms after the last, as on a loaded machine.
    let clock = Date.now();
    const now = vi.spyOn(Date, 'now').mockImplementation(() => (clock += 5));
    try {
      await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
      await screen.findByText('휴대폰(SMS) 010-****-8112로 인증번호를 보냈습니다.');
      expect(screen.getByText(/^\d:\d\d$/)).toHaveTextContent('3:00');
    } finally {
      now.mockRestore();
    }
  });

  it('a wrong or expired code (AUTH013) keeps the code step with the message', async () => {
    renderPage(<ExternalLoginFlow api={{ cyberLogin: async () => sent }} verify={async () => fail('AUTH013')} />);
    await credentials();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    await userEvent.type(await screen.findByLabelText('인증번호 6자리'), '000000');
    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('인증 코드가 올바르지 않습니다.');
    expect(screen.getByLabelText('인증번호 6자리')).toBeInTheDocument();
  });

  it('asks for six digits before calling the server', async () => {
    const verify = vi.fn();
    renderPage(<ExternalLoginFlow api={{ cyberLogin: async () => sent }} verify={verify} />);
    await credentials();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    await userEvent.type(await screen.findByLabelText('인증번호 6자리'), '123');
    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('인증번호 6자리 숫자를 입력해 주세요.');
    expect(verify).not.toHaveBeenCalled();
  });

  it('a wrong password stays on the first step with the message', async () => {
    renderPage(
      <ExternalLoginFlow
        api={{ cyberLogin: async () => fail('AUTH011', '비밀번호가 올바르지 않습니다.') }}
        verify={vi.fn()}
      />,
    );
    await credentials('supplier1', 'bad');
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('비밀번호가 올바르지 않습니다.');
  });

  it('no cell phone for SMS: explains it and offers e-mail instead', async () => {
    const cyberLogin = vi.fn<AuthApi['cyberLogin']>(async (_u, _p, via) =>
      via === 'SMS'
        ? fail('OTP_NO_CELL_PHONE')
        : { ...sent, data: { ...sent.data, channel: 'EMAIL', destination: 's***@example.com' } },
    );
    renderPage(<ExternalLoginFlow api={{ cyberLogin }} verify={vi.fn()} />);
    await credentials();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    expect(
      await screen.findByText('등록된 휴대폰 번호가 없어 문자로 인증번호를 보낼 수 없습니다.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '이메일로 받기' }));
    expect(cyberLogin).toHaveBeenLastCalledWith('supplier1', 'Gpms!2345', 'EMAIL');
    expect(await screen.findByText('이메일 s***@example.com으로 인증번호를 보냈습니다.')).toBeInTheDocument();
  });

  it('goes back to the first step', async () => {
    renderPage(<ExternalLoginFlow api={{ cyberLogin: async () => sent }} verify={vi.fn()} />);
    await credentials();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    await userEvent.click(await screen.findByRole('button', { name: '이전' }));
    expect(screen.getByRole('button', { name: '인증번호 받기' })).toBeInTheDocument();
  });
});

describe('countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(180_000, 0)).toBe(180);
    expect(secondsLeft(180_000, 179_001)).toBe(1);
    expect(secondsLeft(180_000, 200_000)).toBe(0);
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(9)).toBe('0:09');
  });
});
