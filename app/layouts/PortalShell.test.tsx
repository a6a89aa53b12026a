import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { createI18n } from '../i18n/create-i18n';
import { memoryStorage } from '../testing/memory-storage';
import '../testing/render-page';
import { PortalShell } from './PortalShell';

describe('PortalShell', () => {
  it('holds the page being left (inert, busy) while the next page loads, and releases the next one', async () => {
    let arrive: (page: { Component: () => JSX.Element }) => void = () => undefined;
    const nextPage = new Promise<{ Component: () => JSX.Element }>((resolve) => {
      arrive = resolve;
    });
    const router = createMemoryRouter(
      [
        {
          element: <PortalShell portal="internal" />,
          children: [
            { path: '/', element: <Link to="/next">다음 화면</Link> },
            { path: '/next', lazy: () => nextPage },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <I18nextProvider i18n={createI18n({ storage: memoryStorage() })}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const main = screen.getByRole('main');
    expect(main).not.toHaveAttribute('inert');

    await act(async () => {
      void router.navigate('/next');
    });
    expect(router.state.navigation.state).toBe('loading');
    expect(main).toHaveAttribute('inert');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('다음 화면')).toBeInTheDocument();

    await act(async () => {
      arrive({ Component: () => <p>도착</p> });
      await nextPage;
    });
    expect(await screen.findByText('도착')).toBeInTheDocument();
    expect(main).not.toHaveAttribute('inert');
    expect(main).not.toHaveAttribute('aria-busy');
  });

  it('starts with a skip link to the content: the first Tab stop, its target the focusable <main> (KWCAG 6.4.1)', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [{ element: <PortalShell portal="internal" />, children: [{ path: '/', element: <p>본문</p> }] }],
      { initialEntries: ['/'] },
    );
    render(
      <I18nextProvider i18n={createI18n({ storage: memoryStorage(), language: 'ko' })}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await user.tab();
    const skip = screen.getByRole('link', { name: '본문 바로가기' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toHaveAttribute('tabindex', '-1');
  });
});
