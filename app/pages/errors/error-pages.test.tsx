import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { createI18n } from '../../i18n/create-i18n';
import { memoryStorage } from '../../testing/memory-storage';
import { RouteErrorPage } from './RouteErrorPage';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePortalStore } from '../../stores/portal';
import { renderPage } from '../../testing/render-page';
import { Info401Page } from './Info401Page';
import { Info500Page } from './Info500Page';
import { NotFoundPage } from './NotFoundPage';

describe('error pages', () => {
  beforeEach(() => usePortalStore.getState().setCyber(false));

  it('/info401 says in Korean that access is not allowed, with a way home', () => {
    renderPage(<Info401Page />, { path: '/info401' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('권한이 없습니다');
    expect(screen.getByRole('link', { name: '홈으로 이동' })).toHaveAttribute('href', '/');
  });

  it('/info500 reports a server error in Korean', () => {
    renderPage(<Info500Page />, { path: '/info500' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('서버 오류가 발생했습니다');
  });

  it('not-found leads home within the external portal when the user is there', () => {
    usePortalStore.getState().setCyber(true);
    renderPage(<NotFoundPage />, { path: '/cyber/nope' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('페이지를 찾을 수 없습니다');
    expect(screen.getByRole('link', { name: '홈으로 이동' })).toHaveAttribute('href', '/cyber');
    expect(screen.getAllByText('OGPMS').length).toBeGreaterThan(0);
  });

  it('a database out of reach (503) is a calm "try again shortly" with a retry, not the server error page', async () => {
    for (const [language, title, retry] of [
      ['ko', '잠시 후 다시 시도하세요', '다시 시도'],
      ['en', 'Please try again in a moment', 'Try again'],
    ] as const) {
      const router = createMemoryRouter(
        [
          {
            path: '*',
            element: <div />,
            errorElement: <RouteErrorPage />,
            loader: () => {
              throw new ApiError(503, {
                statusCode: 503,
                code: 'DATABASE_UNAVAILABLE',
                msg: '잠시 후 다시 시도하세요',
              });
            },
          },
        ],
        { initialEntries: ['/prList'] },
      );
      const { unmount } = render(
        <I18nextProvider i18n={createI18n({ storage: memoryStorage(), language })}>
          <RouterProvider router={router} />
        </I18nextProvider>,
      );
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(screen.getByRole('button', { name: retry })).toBeInTheDocument();
      expect(screen.queryByText(/500|서버 오류|Server error/)).toBeNull();
      unmount();
    }
  });

  it('speaks English when English is chosen', () => {
    renderPage(<NotFoundPage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});
