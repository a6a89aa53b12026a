import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { OperationError } from '../../../engine/services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import { draftAgreementAnswer } from '../../../screens/testing/agreement-answer';
import { createWidgetTestI18n } from '../../../widgets/testing/test-i18n';
import { AUCTION_NO, fakeFeed, monitorDetail } from './auction-fixtures';
import type { MonitorDetail } from './auction-live';
import AuctionMonitor from './auctionMonitor.custom';
import { AuctionFeedContext } from './use-auction-feed';

const registry = createScreenRegistry(screenDefinitions);

const BUDGET_WARN = '예산을 초과합니다. 확인 후 진행하세요: 구매팀(D100) 원재료 2026년 12월 — 가용 0원, 요청 500원';

/** `budgetWarn`: the award answers 409 BUDGET_WARN_CONFIRM unless its body confirms the warning. */
function renderMonitor(first: MonitorDetail, onLocation?: (address: string) => void, budgetWarn = false) {
  const feed = fakeFeed();
  let current = first;
  const services = createFixtureEngineServices({
    answers: {
      getAuction: () => current,
      publishAuction: () =>
        (current = { ...current, status: 'PUBLISHED', version: current.version + 1, actions: ['cancel'] }),
      awardAuction: (input) => {
        if (budgetWarn && !(input.body as { confirmBudgetWarning?: boolean }).confirmBudgetWarning)
          throw new OperationError(409, 'BUDGET_WARN_CONFIRM', BUDGET_WARN);
        return (current = {
          ...current,
          status: 'AWARDED',
          poNo: 'PO2026-000321',
          winnerCompNo: 'C00001',
          winningAmount: '955000.00',
          version: current.version + 1,
          actions: ['agreement'],
        });
      },
      createAgreementFromAward: () =>
        draftAgreementAnswer({
          agreementNo: 'AG2026-000903',
          sourceType: 'AUCTION',
          sourceNo: AUCTION_NO,
          compNo: 'C00001',
          compNameKr: '㈜대한정밀',
          title: '냉연강판 1.2t 역경매',
          validFrom: '2026-11-20',
          validTo: '2027-11-30',
          lines: [{ itemName: '냉연강판 1.2t', unitCode: 'EA', unitPrice: '9550.00', agreedQty: '100.000' }],
        }),
      cancelAuction: (input) =>
        (current = {
          ...current,
          status: 'CANCELLED',
          cancelReason: String((input.body as { reason: string }).reason),
          version: current.version + 1,
          actions: [],
        }),
    },
  });
  render(
    <I18nextProvider i18n={createWidgetTestI18n('ko')}>
      <AuctionFeedContext.Provider value={feed.opener}>
        <ScreenHarness
          id="bid.auctionMonitor"
          registry={registry}
          services={services}
          texts={screenTexts}
          route={`/bid/auctionMonitor?auctionNo=${AUCTION_NO}`}
          customComponents={{ auctionMonitor: AuctionMonitor }}
          onLocation={onLocation}
        />
      </AuctionFeedContext.Provider>
    </I18nextProvider>,
  );
  return { feed, services };
}

const rows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('auctionMonitor: the buyer’s live monitor', { timeout: 30_000 }, () => {
  it('shows the ranking with names and prices and the bid log, and moves both with each bid of the staff feed', async () => {
    const { feed } = renderMonitor(monitorDetail());
    await screen.findByTestId('ranking');
    expect(rows('ranking').map((r) => r.slice(0, 4))).toEqual([
      ['1', '㈜대한정밀', 'C00001', '955,000'],
      ['2', '한빛전자 주식회사', 'C00002', '960,000'],
    ]);
    expect(rows('bid-log').map((r) => [r[0], r[2], r[3]])).toEqual([
      ['3', '㈜대한정밀', '955,000'],
      ['2', '한빛전자 주식회사', '960,000'],
      ['1', '㈜대한정밀', '980,000'],
    ]);
    expect(screen.getByTestId('extensions')).toHaveTextContent('1 / 3');
    expect(screen.getByRole('region', { name: '처리 이력' })).toHaveTextContent('공고');
    // The clock job's entry names the job, not its internal actor id.
    expect(screen.getByRole('region', { name: '처리 이력' })).toHaveTextContent('시스템(자동 작업)');
    expect(screen.getByRole('region', { name: '처리 이력' })).not.toHaveTextContent('system:job');
    await waitFor(() =>
      expect(feed.seen).toEqual([{ path: '/api/v1/bid/auctions/{auctionNo}/events', lastEventId: '12' }]),
    );
    await waitFor(() => expect(screen.getByTestId('feed-state')).toHaveAttribute('data-state', 'open'));

    const moved = new Date(Date.now() + 6 * 60_000).toISOString();
    act(() =>
      feed.send(13, 'bid', {
        auctionNo: AUCTION_NO,
        seq: 4,
        compNo: 'C00002',
        amount: '950000',
        bidAt: new Date().toISOString(),
        endAt: moved,
        extended: true,
        extensions: 2,
        ranking: [
          { compNo: 'C00002', compName: '한빛전자 주식회사', rank: 1, bestAmount: '950000', bidCount: 2 },
          { compNo: 'C00001', compName: '㈜대한정밀', rank: 2, bestAmount: '955000.00', bidCount: 2 },
        ],
      }),
    );
    await waitFor(() =>
      expect(rows('ranking').map((r) => r.slice(0, 4))).toEqual([
        ['1', '한빛전자 주식회사', 'C00002', '950,000'],
        ['2', '㈜대한정밀', 'C00001', '955,000'],
      ]),
    );
    expect(rows('bid-log')[0].slice(0, 1)).toEqual(['4']);
    expect(screen.getByTestId('extensions')).toHaveTextContent('2 / 3');
    expect(screen.getByTestId('best-amount')).toHaveTextContent('950,000');
    expect(screen.getByRole('status')).toHaveTextContent(/마감이 .* 연장되었습니다/);
  });

  it('offers only the server’s actions: publish a draft after a confirmation; cancel with a reason', async () => {
    const later = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const { services } = renderMonitor(
      monitorDetail({
        status: 'DRAFT',
        startAt: later(30),
        plannedEndAt: later(90),
        endAt: later(90),
        actions: ['publish', 'cancel'],
        ranking: [],
        bids: [],
        extensions: 0,
      }),
    );
    expect(await screen.findByRole('timer', { name: '시작까지' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '공고' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.getByTestId('auction-status')).toHaveTextContent('공고'));
    expect(services.calls.find((c) => c.operation === 'publishAuction')?.input).toMatchObject({
      path: { auctionNo: AUCTION_NO },
      body: { version: 2 },
    });
    expect(screen.queryByRole('button', { name: '공고' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '역경매 취소' }));
    const prompt = await screen.findByRole('dialog', { name: '역경매 취소' });
    fireEvent.change(within(prompt).getByLabelText(/취소 사유/), { target: { value: '사양 변경' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.getByTestId('auction-status')).toHaveTextContent('취소'));
    expect(services.calls.find((c) => c.operation === 'cancelAuction')?.input).toMatchObject({
      body: { version: 3, reason: '사양 변경' },
    });
  });

  it('awards a closed auction with the PO’s due date and shows the PO', async () => {
    const closedAt = new Date(Date.now() - 60_000).toISOString();
    const { services } = renderMonitor(
      monitorDetail({ status: 'CLOSED', endAt: closedAt, actions: ['award', 'cancel'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '낙찰 처리' }));
    const prompt = await screen.findByRole('dialog', { name: '낙찰 처리' });
    const due = within(prompt).getByLabelText(/납기일/);
    fireEvent.change(due, { target: { value: '2026-12-31' } });
    fireEvent.blur(due);
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await screen.findByTestId('auction-po')).toHaveTextContent('PO2026-000321');
    expect(services.calls.find((c) => c.operation === 'awardAuction')?.input).toMatchObject({
      path: { auctionNo: AUCTION_NO },
      body: { version: 2, dueDate: '2026-12-31' },
    });
    expect(screen.getByTestId('auction-status')).toHaveTextContent('낙찰');
  });

  it('an award over a WARN budget account asks with the server’s message and, confirmed, is sent again with the flag; 취소 sends nothing more', async () => {
    const closedAt = new Date(Date.now() - 60_000).toISOString();
    const { services } = renderMonitor(
      monitorDetail({ status: 'CLOSED', endAt: closedAt, actions: ['award', 'cancel'] }),
      undefined,
      true,
    );
    const award = async () => {
      fireEvent.click(await screen.findByRole('button', { name: '낙찰 처리' }));
      const prompt = await screen.findByRole('dialog', { name: '낙찰 처리' });
      const due = within(prompt).getByLabelText(/납기일/);
      fireEvent.change(due, { target: { value: '2026-12-31' } });
      fireEvent.blur(due);
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent(BUDGET_WARN);
      expect(question).toHaveTextContent('그래도 진행하시겠습니까?');
      return question;
    };
    const awards = () => services.calls.filter((c) => c.operation === 'awardAuction').map((c) => c.input.body);

    fireEvent.click(within(await award()).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(awards()).toEqual([{ version: 2, dueDate: '2026-12-31' }]);
    expect(screen.getByTestId('auction-status')).not.toHaveTextContent('낙찰');

    fireEvent.click(within(await award()).getByRole('button', { name: '확인' }));
    expect(await screen.findByTestId('auction-po')).toHaveTextContent('PO2026-000321');
    expect(awards().slice(1)).toEqual([
      { version: 2, dueDate: '2026-12-31' },
      { version: 2, dueDate: '2026-12-31', confirmBudgetWarning: true },
    ]);
  });

  it('once awarded, 단가계약 작성 asks the validity, makes the draft from the award and opens it', async () => {
    const went: string[] = [];
    const { services } = renderMonitor(
      monitorDetail({ status: 'AWARDED', poNo: 'PO2026-000321', actions: ['agreement'] }),
      (address) => went.push(address),
    );
    fireEvent.click(await screen.findByRole('button', { name: '단가계약 작성' }));
    const prompt = await screen.findByRole('dialog', { name: '단가계약 작성' });
    const to = within(prompt).getByLabelText(/유효 종료일/);
    fireEvent.change(to, { target: { value: '2027-11-30' } });
    fireEvent.blur(to);
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(went.at(-1)).toBe('/AgreementEdit?agreementNo=AG2026-000903'));
    expect(services.calls.find((c) => c.operation === 'createAgreementFromAward')?.input.body).toEqual({
      sourceType: 'AUCTION',
      sourceNo: AUCTION_NO,
      validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      validTo: '2027-11-30',
      keepQuantities: true,
    });
  });
});
