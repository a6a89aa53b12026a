import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, within } from 'storybook/test';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import { AUCTION_NO, fakeFeed, monitorDetail } from './auction-fixtures';
import type { MonitorDetail } from './auction-live';
import AuctionMonitor from './auctionMonitor.custom';
import { AuctionFeedContext } from './use-auction-feed';

const registry = createScreenRegistry(screenDefinitions);

/** The buyer's monitor on fixture answers (the feed stays quiet). */
function MonitorStory({ detail }: { detail: MonitorDetail }) {
  const feed = useMemo(() => fakeFeed(), []);
  const services = useMemo(
    () => createFixtureEngineServices({ delayMs: 80, answers: { getAuction: () => detail } }),
    [detail],
  );
  return (
    <AuctionFeedContext.Provider value={feed.opener}>
      <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
        <ScreenHarness
          id="bid.auctionMonitor"
          registry={registry}
          services={services}
          texts={screenTexts}
          router={false}
          customComponents={{ auctionMonitor: AuctionMonitor }}
        />
      </div>
    </AuctionFeedContext.Provider>
  );
}

const meta = {
  title: 'Custom screens/bidding/auctionMonitor',
  component: MonitorStory,
  parameters: { layout: 'fullscreen', route: `/bid/auctionMonitor?auctionNo=${AUCTION_NO}` },
  args: { detail: monitorDetail() },
} satisfies Meta<typeof MonitorStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, extended once: two suppliers ranked with names and prices, three bids in the log. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('ranking')).toHaveTextContent('㈜대한정밀');
    await expect(canvas.getByRole('button', { name: '역경매 취소' })).toBeInTheDocument();
  },
};

/** Closed: the award is offered. */
export const Closed: Story = {
  args: {
    detail: monitorDetail({
      status: 'CLOSED',
      endAt: new Date(Date.now() - 60_000).toISOString(),
      actions: ['award', 'cancel'],
    }),
  },
};
