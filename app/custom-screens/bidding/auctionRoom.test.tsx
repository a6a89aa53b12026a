import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { OperationError } from '../../../engine';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import { createWidgetTestI18n } from '../../../widgets/testing/test-i18n';
import { AUCTION_NO, fakeFeed, roomDetail } from './auction-fixtures';
import AuctionRoom from './auctionRoom.custom';
import { AuctionFeedContext } from './use-auction-feed';

const registry = createScreenRegistry(screenDefinitions);

function renderRoom(placeBid: (amount: string) => unknown, detail = roomDetail()) {
  const feed = fakeFeed();
  let current = detail;
  const services = createFixtureEngineServices({
    portal: 'external',
    answers: {
      getSupplierAuction: () => current,
      placeAuctionBid: (input) => placeBid(String((input.body as { amount: string }).amount)),
    },
  });
  const view = render(
    <I18nextProvider i18n={createWidgetTestI18n('ko')}>
      <AuctionFeedContext.Provider value={feed.opener}>
        <ScreenHarness
          id="bid.auctionRoom"
          registry={registry}
          services={services}
          texts={screenTexts}
          route={`/bid/auctionRoom?auctionNo=${AUCTION_NO}`}
          customComponents={{ auctionRoom: AuctionRoom }}
        />
      </AuctionFeedContext.Provider>
    </I18nextProvider>,
  );
  return { feed, services, view, setDetail: (d: typeof detail) => (current = d) };
}

describe('auctionRoom: an invited supplier’s live room', { timeout: 30_000 }, () => {
  it('shows our rank, best and the bidders, and follows the feed from the detail’s last event: rank, end, announcement', async () => {
    const { feed, view } = renderRoom(
      () => {
        throw new Error('no bid here');
      },
      roomDetail({
        myBest: '960000.00',
        myRank: 1,
        myBidCount: 1,
        nextLimit: '959000.00',
        nextLimitInclusive: true,
        myBids: [{ amount: '960000.00', bidAt: new Date().toISOString() }],
      }),
    );
    expect(await screen.findByTestId('my-rank')).toHaveTextContent('1위');
    expect(screen.getByTestId('my-best')).toHaveTextContent('960,000');
    expect(screen.getByRole('timer', { name: '남은 시간' })).toBeInTheDocument();
    // The feed starts after the detail's newest event.
    await waitFor(() => expect(feed.connections).toBe(1));
    expect(feed.seen).toEqual([{ path: '/api/v1/cyber/bid/auctions/{auctionNo}/events', lastEventId: '12' }]);
    await waitFor(() => expect(screen.getByTestId('feed-state')).toHaveAttribute('data-state', 'open'));

    // Another company underbids us in the last minutes: our rank 2, the end moves.
    const moved = new Date(Date.now() + 6 * 60_000).toISOString();
    const before = screen.getByTestId('auction-end').textContent;
    act(() =>
      feed.send(13, 'bid', {
        auctionNo: AUCTION_NO,
        endAt: moved,
        extended: true,
        extensions: 1,
        mine: false,
        myRank: 2,
        myBest: '960000.00',
        bidders: 2,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('my-rank')).toHaveTextContent('2위'));
    expect(screen.getByTestId('auction-end').textContent).not.toBe(before);
    expect(screen.getByTestId('bidders')).toHaveTextContent('2개사 (초대 2개사)');
    expect(screen.getByRole('status')).toHaveTextContent(/마감이 .* 연장되었습니다/);
    act(() =>
      feed.send(14, 'bid', {
        auctionNo: AUCTION_NO,
        endAt: moved,
        extended: false,
        extensions: 1,
        mine: false,
        myRank: 3,
        myBest: '960000.00',
        bidders: 3,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('현재 순위 3위, 우리 최저 입찰가 960,000'),
    );

    // The stream drops: the reader says so and reconnects with the last id it received.
    act(() => feed.drop());
    await waitFor(() => expect(feed.seen).toHaveLength(2));
    expect(feed.seen[1].lastEventId).toBe('14');
    await waitFor(() => expect(screen.getByTestId('feed-state')).toHaveAttribute('data-state', 'open'));
    // Leaving the screen aborts the stream.
    view.unmount();
    await waitFor(() => expect(feed.connections).toBe(0));
  });

  it('bids from the labelled box with Enter; a refusal shows the server’s message at the box', async () => {
    const amounts: string[] = [];
    const { setDetail } = renderRoom((amount) => {
      amounts.push(amount);
      if (amount === '999999')
        throw new OperationError(
          409,
          'BID_DECREMENT',
          '직전 입찰가(960,000)보다 최소 인하폭 이상 낮아야 합니다. 959,000 이하로 입찰하세요',
        );
      setDetail(
        roomDetail({ myBest: '958000.00', myRank: 1, myBidCount: 2, nextLimit: '957000.00', nextLimitInclusive: true }),
      );
      return {
        auctionNo: AUCTION_NO,
        seq: 9,
        amount: '958000.00',
        bidAt: new Date().toISOString(),
        endAt: new Date(Date.now() + 240_000).toISOString(),
        extended: false,
        myRank: 1,
        nextLimit: '957000.00',
      };
    });
    const box = await screen.findByLabelText('입찰가 (총액, KRW)');
    expect(screen.getByText('1,000,000 미만으로 입찰하세요.')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '999,999' } });
    fireEvent.submit(box.closest('form')!);
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('959,000 이하로 입찰하세요');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.getAttribute('aria-describedby')).toContain(refusal.id);

    fireEvent.change(box, { target: { value: '958000' } });
    fireEvent.click(screen.getByRole('button', { name: '입찰하기' }));
    expect(await screen.findByTestId('bid-accepted')).toHaveTextContent(
      /^입찰가 958,000이 \d\d:\d\d:\d\d에 접수되었습니다\.$/,
    );
    expect(screen.getByRole('status')).toHaveTextContent('입찰가 958,000이 접수되었습니다. 현재 1위입니다.');
    expect(amounts).toEqual(['999999', '958000']);
    await waitFor(() => expect(screen.getByTestId('my-best')).toHaveTextContent('958,000'));
  });

  it('read again, says how many companies bid as the server counts them — not only us', async () => {
    renderRoom(() => null, roomDetail({ myBest: '960000.00', myRank: 2, myBidCount: 1, bidderCount: 2 }));
    expect(await screen.findByTestId('bidders')).toHaveTextContent('2개사 (초대 2개사)');
  });

  it('a closed room says it is closed, not a limit to bid under; a lost award reads 낙찰 실패, not 낙찰', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const closed = roomDetail({
      status: 'CLOSED',
      startAt: new Date(Date.now() - 3_600_000).toISOString(),
      endAt: past,
      plannedEndAt: past,
      myBest: '920000.00',
      myRank: 2,
      myBidCount: 1,
      bidderCount: 2,
      nextLimit: '919000.00',
      nextLimitInclusive: true,
    });
    const first = renderRoom(() => null, closed);
    expect(await screen.findByTestId('bid-hint')).toHaveTextContent(
      '경매가 마감되어 더 입찰할 수 없습니다. 낙찰 결과를 기다리고 있습니다.',
    );
    expect(screen.queryByText(/이하로 입찰하세요/)).toBeNull();
    expect(screen.getByLabelText('입찰가 (총액, KRW)')).toBeDisabled();
    expect(screen.getByTestId('auction-status')).toHaveTextContent('마감');
    first.view.unmount();

    renderRoom(() => null, { ...closed, status: 'AWARDED', result: 'LOST' });
    expect(await screen.findByTestId('auction-status')).toHaveTextContent('낙찰 실패');
    expect(screen.getByText('낙찰되지 않았습니다.')).toBeInTheDocument();
    expect(screen.getByTestId('bid-hint')).toHaveTextContent('경매가 마감되어 더 입찰할 수 없습니다.');
    expect(screen.queryByText(/이하로 입찰하세요/)).toBeNull();
  });

  it('keeps the box shut before the start and after the end', async () => {
    renderRoom(() => null, roomDetail({ status: 'PUBLISHED', startAt: new Date(Date.now() + 60_000).toISOString() }));
    expect(await screen.findByText('경매 시작 전입니다. 시작 후 입찰할 수 있습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('입찰가 (총액, KRW)')).toBeDisabled();
    expect(screen.getByRole('timer', { name: '시작까지' })).toBeInTheDocument();
  });
});
