import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { clickGridRow, editGridCell, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { renderScreenRoutes } from '../../engine/testing/screen-routes-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const NO = 'RA2026-000031';

/** A draft as getAuction answers it to its buyer (who may change it). */
function draft(over: Record<string, unknown> = {}) {
  return {
    auctionNo: NO,
    title: '볼트 역경매',
    description: null,
    status: 'DRAFT',
    currency: 'KRW',
    startPrice: '20000.00',
    decrementKind: 'AMOUNT',
    decrementValue: '100.0000',
    startAt: '2099-03-02T01:00:00.000Z',
    plannedEndAt: '2099-03-02T03:00:00.000Z',
    endAt: '2099-03-02T03:00:00.000Z',
    softCloseMinutes: 5,
    maxExtensions: 3,
    extensions: 0,
    serverTime: '2026-03-01T00:00:00.000Z',
    lastEventId: 0,
    prNo: null,
    buyerId: 'E000004',
    buyerName: '김민수',
    cancelReason: null,
    winnerCompNo: null,
    winningAmount: null,
    poNo: null,
    version: 3,
    lines: [
      {
        lineNo: 1,
        itemCode: null,
        itemName: '볼트 M8',
        spec: null,
        unitCode: 'EA',
        quantity: '100.000',
        deliveryDate: null,
        refUnitPrice: '100.00',
      },
    ],
    suppliers: [
      { compNo: 'C00001', compNameKr: '㈜대한정밀' },
      { compNo: 'C00002', compNameKr: '한빛전자 주식회사' },
    ],
    ranking: [],
    bids: [],
    history: [],
    actions: ['update', 'publish', 'cancel'],
    ...over,
  };
}

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('auctionEdit: a draft opened by its number, changed and saved', { timeout: 30_000 }, () => {
  it('loads the draft into the form and saves it through updateAuction at the version read', async () => {
    let current = draft();
    const r = renderScreen('bid.auctionEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: `/bid/auctionEdit?auctionNo=${NO}`,
      answers: {
        getAuction: () => current,
        updateAuction: (input) => {
          // The server's answer: the terms sent, the suppliers as saved (here: one left), the next version.
          const {
            confirmEvaluationWarning: _w,
            version: _v,
            suppliers: _s,
            lines: _l,
            ...terms
          } = input.body as Record<string, unknown>;
          current = { ...current, ...terms, suppliers: current.suppliers.slice(0, 1), version: current.version + 1 };
          return current;
        },
      },
    });
    expect(await screen.findByDisplayValue('볼트 역경매')).toBeInTheDocument();
    expect(lastCall(r.services.calls, 'getAuction')!.input.path).toEqual({ auctionNo: NO });
    // The database's numeric text (20000.00, 100.0000) as the money format shows KRW: no decimals.
    expect(screen.getByDisplayValue('20,000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^최소 인하폭/, { selector: 'input' })).toHaveValue('100');
    // The draft's lines and its invited suppliers, in their grids.
    await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(1));
    await waitFor(() =>
      expect(gridRowTexts(document, 1).map((r) => r.find((c) => /^C0/.test(c)))).toEqual(['C00001', 'C00002']),
    );
    fireEvent.change(screen.getByDisplayValue('볼트 역경매'), { target: { value: '볼트 역경매 (수정)' } });
    fireEvent.change(screen.getByDisplayValue('20,000'), { target: { value: '18000' } });
    await editGridCell({ row: 0, field: 'refUnitPrice' }, '90');
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await waitFor(() => expect(lastCall(r.services.calls, 'updateAuction')).toBeDefined());
    const sent = lastCall(r.services.calls, 'updateAuction')!.input;
    expect(sent.path).toEqual({ auctionNo: NO });
    expect(sent.body).toMatchObject({
      version: 3,
      title: '볼트 역경매 (수정)',
      startPrice: '18000',
      decrementKind: 'AMOUNT',
      decrementValue: '100',
      softCloseMinutes: 5,
      maxExtensions: 3,
      suppliers: ['C00001', 'C00002'],
      lines: [{ itemName: '볼트 M8', unitCode: 'EA', refUnitPrice: 90 }],
    });
    // Only what the update takes: the create's PR fields are not sent.
    expect(Object.keys(sent.body as object)).not.toContain('prNo');
    expect(r.services.calls.some((c) => c.operation === 'createAuction')).toBe(false);
    // The answer is the form now: the new title, one supplier — read only once saved (docs/bidding.md), with the way to the monitor.
    expect(await screen.findByDisplayValue('볼트 역경매 (수정)')).toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts(document, 1).map((r) => r.find((c) => /^C0/.test(c)))).toEqual(['C00001']));
    await waitFor(() => expect(screen.queryByRole('button', { name: '저장' })).toBeNull());
    expect(screen.getByDisplayValue('볼트 역경매 (수정)')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: '모니터 열기' })).toBeInTheDocument();
  });

  it('the heading says 역경매 수정 for a draft opened by its number (en: Edit reverse auction), 역경매 등록 for a new one', async () => {
    const first = renderScreen('bid.auctionEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: `/bid/auctionEdit?auctionNo=${NO}`,
      answers: { getAuction: () => draft() },
    });
    expect(await screen.findByDisplayValue('볼트 역경매')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '역경매 수정' })).toBeInTheDocument();
    first.unmount();
    const en = renderScreen('bid.auctionEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: `/bid/auctionEdit?auctionNo=${NO}`,
      answers: { getAuction: () => draft() },
      language: 'en',
    });
    expect(await screen.findByDisplayValue('볼트 역경매')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit reverse auction' })).toBeInTheDocument();
    en.unmount();
    renderScreen('bid.auctionEdit', { entries: screenDefinitions, texts: screenTexts, route: '/bid/auctionEdit' });
    expect(await screen.findByRole('heading', { level: 1, name: '역경매 등록' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '역경매 수정' })).toBeNull();
  });

  it('a published auction (the server offers no update) is read only: no save', async () => {
    renderScreen('bid.auctionEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: `/bid/auctionEdit?auctionNo=${NO}`,
      answers: { getAuction: () => draft({ status: 'PUBLISHED', actions: ['cancel'] }) },
    });
    expect(await screen.findByDisplayValue('볼트 역경매')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '저장' })).toBeNull();
    expect(screen.getByDisplayValue('볼트 역경매')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: '모니터 열기' })).toBeInTheDocument();
  });

  it('the list offers 수정 for a selected draft only, and it opens the draft in the form', async () => {
    const row = (auctionNo: string, status: string) => ({
      auctionNo,
      title: `${status} 역경매`,
      prNo: null,
      status,
      currency: 'KRW',
      startPrice: '20000.00',
      bestAmount: null,
      startAt: '2099-03-02T01:00:00.000Z',
      endAt: '2099-03-02T03:00:00.000Z',
      buyerId: 'E000004',
      buyerName: '김민수',
      invitedCount: 2,
      bidCount: 0,
      version: 3,
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    const services = createFixtureEngineServices({
      answers: {
        listAuctions: () => ({ rows: [row('RA2026-000032', 'PUBLISHED'), row(NO, 'DRAFT')], total: 2 }),
        getAuction: () => draft(),
      },
    });
    const { router } = renderScreenRoutes({
      entries: screenDefinitions,
      texts: screenTexts,
      services,
      routes: { '/bid/auctionList': 'bid.auctionList', '/bid/auctionEdit': 'bid.auctionEdit' },
      initial: '/bid/auctionList',
    });
    await screen.findByText('총 2건');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    const edit = screen.getByRole('button', { name: '수정' });
    expect(edit).toBeDisabled();
    clickGridRow(0, { x: 400 });
    await waitFor(() => expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['RA2026-000032'])));
    expect(screen.getByRole('button', { name: '수정' })).toBeDisabled();
    clickGridRow(1, { x: 400 });
    await waitFor(() => expect(screen.getByRole('button', { name: '수정' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: '수정' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bid/auctionEdit'));
    expect(router.state.location.search).toBe(`?auctionNo=${NO}`);
    expect(await screen.findByDisplayValue('볼트 역경매')).toBeInTheDocument();
  });
});
