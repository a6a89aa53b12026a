import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../../engine/registry/kinds';
import { EngineProvider } from '../../../engine/runtime/engine-context';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { ScreenPage } from '../../../engine/runtime/ScreenPage';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { installGlideJsdom } from '../../../engine/testing/grid';
import { screenDefinitions, screenTexts } from '../../../screens';
import { createFixtureServices } from '../../../widgets/testing/fixture-services';
import { createWidgetTestI18n } from '../../../widgets/testing/test-i18n';
import { fakeFeed, monitorDetail } from './auction-fixtures';
import AuctionMonitor from './auctionMonitor.custom';
import { AuctionFeedContext } from './use-auction-feed';

const NO = 'RA2026-000031';

// The form's grids draw on a canvas jsdom lacks.
let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/**
 * The monitor and the draft form together: a draft's 수정 (offered when the server's `actions` say
 * so) opens /bid/auctionEdit on it, which loads it to be changed (screens/bid/auction-edit.test.tsx
 * saves it).
 */
describe('auctionMonitor: a draft is changed on the form', { timeout: 30_000 }, () => {
  const draft = (actions: string[]) =>
    monitorDetail({
      auctionNo: NO,
      title: '볼트 역경매',
      status: 'DRAFT',
      startAt: '2099-03-02T01:00:00.000Z',
      plannedEndAt: '2099-03-02T03:00:00.000Z',
      endAt: '2099-03-02T03:00:00.000Z',
      extensions: 0,
      ranking: [],
      bids: [],
      actions,
    });

  function renderFlow(actions: string[]) {
    const feed = fakeFeed();
    const services = createFixtureEngineServices({ answers: { getAuction: () => draft(actions) } });
    const router = createMemoryRouter(
      [
        { path: '/bid/auctionMonitor', element: <ScreenPage id="bid.auctionMonitor" key="monitor" /> },
        { path: '/bid/auctionEdit', element: <ScreenPage id="bid.auctionEdit" key="edit" /> },
      ],
      { initialEntries: [`/bid/auctionMonitor?auctionNo=${NO}`] },
    );
    render(
      <I18nextProvider i18n={createWidgetTestI18n('ko')}>
        <AuctionFeedContext.Provider value={feed.opener}>
          <EngineProvider
            services={services}
            widgetServices={createFixtureServices()}
            screens={createScreenRegistry(screenDefinitions)}
            kinds={KINDS}
            texts={screenTexts}
            customComponents={{ auctionMonitor: AuctionMonitor }}
          >
            <RouterProvider router={router} />
          </EngineProvider>
        </AuctionFeedContext.Provider>
      </I18nextProvider>,
    );
    return router;
  }

  it('offers 수정 for a draft the caller may change, opening the form on it', async () => {
    const router = renderFlow(['update', 'publish', 'cancel']);
    fireEvent.click(await screen.findByRole('button', { name: '수정' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bid/auctionEdit'));
    expect(router.state.location.search).toBe(`?auctionNo=${NO}`);
    expect(await screen.findByDisplayValue('볼트 역경매')).toBeInTheDocument();
  });

  it('offers no 수정 when the server does not (another buyer’s draft)', async () => {
    renderFlow(['publish']);
    expect(await screen.findByRole('button', { name: '공고' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '수정' })).toBeNull();
  });
});
