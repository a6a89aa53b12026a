import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { LoginPage } from './LoginPage';

describe('login page', () => {
  it('shows the Korean form and asks for both fields before going on', async () => {
    const onSubmit = vi.fn();
    renderPage(<LoginPage portal="internal" onSubmit={onSubmit} />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'GPMS 로그인' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(screen.getByText('아이디를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호를 입력해 주세요.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('아이디'), ' kim.gm ');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(onSubmit).toHaveBeenCalledWith({ userId: 'kim.gm', password: 'secret' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the other portal’s login', () => {
    renderPage(<LoginPage portal="external" />, { path: '/cyberLogin' });
    expect(screen.getByRole('heading', { name: 'OGPMS 협력사 로그인' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '임직원이신가요? GPMS 로그인' })).toHaveAttribute('href', '/login');
  });
});
