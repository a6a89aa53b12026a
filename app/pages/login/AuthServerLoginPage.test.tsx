import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { AuthServerLoginPage, handOverUrl, sameOriginReturn } from './AuthServerLoginPage';

describe('the auth server login page (/auth/login)', () => {
  it('only hands tokens back to its own origin', () => {
    expect(sameOriginReturn('http://localhost:3000/integration', 'http://localhost:3000')?.pathname).toBe(
      '/integration',
    );
    expect(sameOriginReturn('/integration', 'http://localhost:3000')?.href).toBe('http://localhost:3000/integration');
    expect(sameOriginReturn('https://evil.example.com/integration', 'http://localhost:3000')).toBeNull();
    expect(sameOriginReturn('//evil.example.com/x', 'http://localhost:3000')).toBeNull();
    expect(sameOriginReturn(null, 'http://localhost:3000')).toBeNull();
  });

  it('puts the user id, the refresh token and — last — the access token on the way back', () => {
    const url = new URL(
      handOverUrl(new URL('http://h/integration?x=1'), { accessToken: 'a.b.c', refreshToken: 'r' }, 'supplier1'),
    );
    expect([...url.searchParams.keys()]).toEqual(['x', 'userId', 'refreshToken', 'accessToken']);
    expect(url.searchParams.get('accessToken')).toBe('a.b.c');
  });

  it('refuses to work without a same-origin return address', () => {
    renderPage(<AuthServerLoginPage />, {
      path: '/auth/login?systemId=OGPMS&redirect_uri=https%3A%2F%2Fevil.example.com%2F',
    });
    expect(screen.getByRole('heading', { name: '잘못된 요청입니다' })).toBeInTheDocument();
  });

  it('shows the supplier login with the code step for OGPMS', () => {
    renderPage(<AuthServerLoginPage />, {
      path: `/auth/login?systemId=OGPMS&redirect_uri=${encodeURIComponent(`${window.location.origin}/integration`)}`,
    });
    expect(screen.getByRole('heading', { name: '통합 인증' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '인증번호 받기' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /GPMS 로그인/ })).toBeNull();
  });
});
