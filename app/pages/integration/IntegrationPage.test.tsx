import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { renderPage } from '../../testing/render-page';
import { IntegrationPage } from './IntegrationPage';

describe('/integration', () => {
  beforeEach(() => useAuthFlowStore.setState({ moveUrl: null }));

  it('is the supplier portal entry', () => {
    renderPage(<IntegrationPage />, { path: '/integration' });
    expect(screen.getByText('협력사 포털 연계 화면입니다. 로그인 후 이용해 주세요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '협력사 로그인' })).toHaveAttribute('href', '/cyberLogin');
  });

  it('after a session loss (type=l) says so and offers the login of the area the user was in', () => {
    useAuthFlowStore.setState({ moveUrl: '/cyber/deliverInfo' });
    renderPage(<IntegrationPage />, { path: '/integration?type=l' });
    expect(screen.getByText('세션이 만료되어 로그아웃되었습니다. 다시 로그인해 주세요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '협력사 로그인' })).toHaveAttribute('href', '/cyberLogin');
  });

  it('sends staff back to the GPMS login first', () => {
    useAuthFlowStore.setState({ moveUrl: '/warehousingList' });
    renderPage(<IntegrationPage />, { path: '/integration?type=l' });
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('ogin'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/login', '/cyberLogin']);
  });
});
