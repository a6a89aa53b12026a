import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { expect, within } from 'storybook/test';
import { OperationError } from '../../../engine';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import { AUCTION_NO, fakeFeed, roomDetail } from './auction-fixtures';
import type { RoomDetail } from './auction-live';
import AuctionRoom from './auctionRoom.custom';
import { AuctionFeedContext } from './use-auction-feed';

const registry = createScreenRegistry(screenDefinitions);

/** The supplier's room on fixture answers; `live` writes another company's bids to the feed every few seconds. */
function RoomStory({ detail, live = false }: { detail: RoomDetail; live?: boolean }) {
  const feed = useMemo(() => fakeFeed(), []);
  const services = useMemo(
    () =>
      createFixtureEngineServices({
        portal: 'external',
        delayMs: 80,
        answers: {
          getSupplierAuction: () => detail,
          placeAuctionBid: () => {
            throw new OperationError(
              409,
              'BID_DECREMENT',
              `직전 입찰가(${detail.myBest})보다 최소 인하폭 이상 낮아야 합니다. ${detail.nextLimit} 이하로 입찰하세요`,
            );
          },
        },
      }),
    [detail],
  );
  useEffect(() => {
    if (!live) return undefined;
    let id = detail.lastEventId;
    let rank = detail.myRank ?? 1;
    const timer = setInterval(() => {
      rank = rank === 1 ? 2 : 1;
      feed.send(++id, 'bid', {
        auctionNo: AUCTION_NO,
        endAt: detail.endAt,
        extended: false,
        extensions: detail.extensions,
        mine: false,
        myRank: rank,
        myBest: detail.myBest,
        bidders: 2,
      });
    }, 4000);
    return () => clearInterval(timer);
  }, [feed, live, detail]);
  return (
    <AuctionFeedContext.Provider value={feed.opener}>
      <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
        <ScreenHarness
          id="bid.auctionRoom"
          registry={registry}
          services={services}
          texts={screenTexts}
          router={false}
          customComponents={{ auctionRoom: AuctionRoom }}
        />
      </div>
    </AuctionFeedContext.Provider>
  );
}

const meta = {
  title: 'Custom screens/bidding/auctionRoom',
  component: RoomStory,
  parameters: { layout: 'fullscreen', route: `/bid/auctionRoom?auctionNo=${AUCTION_NO}` },
  args: {
    detail: roomDetail({
      myBest: '960000.00',
      myRank: 1,
      myBidCount: 1,
      nextLimit: '959000.00',
      nextLimitInclusive: true,
      myBids: [{ amount: '960000.00', bidAt: new Date().toISOString() }],
    }),
    live: true,
  },
} satisfies Meta<typeof RoomStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, we lead; another company's bids (from the written feed) move our rank between 1 and 2. */
export const Live: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('입찰가 (총액, KRW)')).toBeEnabled();
    await expect(canvas.getByRole('timer', { name: '남은 시간' })).toBeInTheDocument();
  },
};

/** Before the start: the countdown to the start, the box shut. */
export const BeforeStart: Story = {
  args: {
    detail: roomDetail({
      status: 'PUBLISHED',
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 7_200_000).toISOString(),
    }),
    live: false,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('입찰가 (총액, KRW)')).toBeDisabled();
  },
};

/** Awarded to us. */
export const Won: Story = {
  args: {
    detail: roomDetail({
      status: 'AWARDED',
      result: 'WON',
      myBest: '955000.00',
      myRank: 1,
      myBidCount: 2,
      endAt: new Date(Date.now() - 60_000).toISOString(),
    }),
    live: false,
  },
};
