import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperationError } from '../../../engine/services';
import { renderScreen } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import PersonInfoLogin from './personInfoLogin.custom';

const open = (reauthenticate: (input: { body?: unknown }) => unknown) =>
  renderScreen('userManagement.personInfoLogin', {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: {
      reauthenticate,
      getMyAccount: () => {
        throw new OperationError(403, 'REAUTH_REQUIRED', '내 정보를 보려면 비밀번호를 다시 입력하세요');
      },
    },
    portal: 'external',
    route: '/cyber/userManagement/PersonInfoLogin',
    customComponents: { personInfoLogin: PersonInfoLogin },
  });

describe('personInfoLogin: the password again before my account', () => {
  it('asks for the password, sends it to the server and goes on to my account', { timeout: 30_000 }, async () => {
    const { services } = open(() => ({ code: 'OK', reauthUntil: '2026-11-23T01:00:00.000Z' }));
    const input = await screen.findByLabelText(/비밀번호/);
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('비밀번호를 입력하세요');
    expect(services.calls.some((c) => c.operation === 'reauthenticate')).toBe(false);
    fireEvent.change(input, { target: { value: 'Gpms!2345' } });
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() =>
      expect(services.calls.find((c) => c.operation === 'reauthenticate')?.input).toEqual({
        body: { password: 'Gpms!2345' },
      }),
    );
    // Accepted: the page forgets the password and moves on (the harness keeps showing this screen at any address).
    await waitFor(() => expect(input).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a wrong password: the server’s message beside the field, nothing else', { timeout: 30_000 }, async () => {
    const { services } = open(() => {
      throw new OperationError(400, 'AUTH011', '비밀번호가 올바르지 않습니다');
    });
    const input = await screen.findByLabelText(/비밀번호/);
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('비밀번호가 올바르지 않습니다');
    expect(services.calls.some((c) => c.operation === 'getMyAccount')).toBe(false);
  });
});
