import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { AuthReqPage } from './AuthReqPage';

describe('AuthReqPage', () => {
  it('explains a known AUTH code in Korean and shows the code', () => {
    renderPage(<AuthReqPage portal="internal" />, { path: '/authReq?error=AUTH102' });
    expect(screen.getByText('잠긴 계정입니다. 관리자에게 문의해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('오류 코드: AUTH102')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인 페이지로 이동' })).toHaveAttribute('href', '/login');
  });

  it('falls back to a generic message for an unknown code, linking the external login', () => {
    renderPage(<AuthReqPage portal="external" />, { path: '/cyberAuthReq?error=XYZ' });
    expect(screen.getByText(/알 수 없는 인증 오류/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인 페이지로 이동' })).toHaveAttribute('href', '/cyberLogin');
  });
});
