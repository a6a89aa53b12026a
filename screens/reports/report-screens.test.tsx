import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import type { OperationInput } from '../../engine/services';
import { renderScreen } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const TOTALS = {
  poCount: 4,
  lineCount: 5,
  krwAmount: '320000',
  jpyAmount: '10999',
  jpyKrwAmount: '109044',
  totalKrw: '429044',
  sharePct: '100',
};
const ROWS = [
  {
    key: 'C00001',
    name: '가나상사',
    poCount: 2,
    lineCount: 3,
    krwAmount: '250000',
    jpyAmount: '10000',
    jpyKrwAmount: '100000',
    totalKrw: '350000',
    sharePct: '81.6',
  },
  {
    key: 'C00002',
    name: '다라물산',
    poCount: 2,
    lineCount: 2,
    krwAmount: '70000',
    jpyAmount: '999',
    jpyKrwAmount: '9044',
    totalKrw: '79044',
    sharePct: '18.4',
  },
];

describe('monthlyReport03 on fixtures', () => {
  it(
    'asks the server for this year, shows its rows with the totals row and a stacked chart over the same rows',
    { timeout: 30_000 },
    async () => {
      const calls: Array<{ operation: string; input: OperationInput }> = [];
      const answers = {
        getMonthlyReport03: (input: OperationInput) => {
          calls.push({ operation: 'getMonthlyReport03', input });
          return {
            rows: ROWS,
            total: 2,
            totals: {
              poCount: 4,
              lineCount: 5,
              krwAmount: '320000',
              jpyAmount: '10999',
              jpyKrwAmount: '109044',
              totalKrw: '429044',
              sharePct: '100',
            },
          };
        },
      };
      renderScreen('reports.monthlyReport03', {
        entries: screenDefinitions,
        texts: screenTexts,
        answers,
        route: '/report/monthlyReport/monthlyReport03',
      });
      await screen.findByText('총 2건');
      const year = String(new Date().getFullYear());
      expect(calls[0].input.query).toMatchObject({ fromMonth: `${year}01`, sort: 'totalKrw:desc' });
      // Two rows and the totals row.
      await waitFor(() => expect(gridRowTexts().length).toBe(3));
      expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['C00001', '가나상사']));
      expect(gridRowTexts()[2]).toEqual(expect.arrayContaining(['합계', '4', '5', '320,000']));
      // The chart sits above the grid over the same rows (jsdom lays out no svg; engine/chart tests draw it, the e2e journey clicks it).
      const chart = document.querySelector('[data-testid="list-chart"]');
      expect(chart?.getAttribute('data-chart-kind')).toBe('stackedBar');
      expect(chart?.textContent).not.toContain('표시할 데이터가 없습니다');
    },
  );
});

describe('a report says how current its figures are (summary: asOf, pendingMonths)', () => {
  it(
    'shows 기준 시각 in KST; while months are rebuilt it says which and rebuilds them now on request, then searches again',
    { timeout: 30_000 },
    async () => {
      const calls: Array<{ operation: string; input: OperationInput }> = [];
      let pending = ['202610', '202611'];
      const answers = {
        getMonthlyReport03: (input: OperationInput) => {
          calls.push({ operation: 'getMonthlyReport03', input });
          return {
            rows: ROWS,
            total: 2,
            totals: TOTALS,
            summary: { asOf: '2026-11-24T02:30:00.000Z', pendingMonths: pending },
          };
        },
        rebuildReportSummary: (input: OperationInput) => {
          calls.push({ operation: 'rebuildReportSummary', input });
          const months = pending;
          pending = [];
          return { months };
        },
      };
      renderScreen('reports.monthlyReport03', {
        entries: screenDefinitions,
        texts: screenTexts,
        answers,
        route: '/report/monthlyReport/monthlyReport03',
      });
      const state = await screen.findByTestId('summary-state');
      // 02:30 UTC is 11:30 in Seoul, whatever the test machine's zone.
      expect(state).toHaveTextContent('기준 시각 2026-11-24 11:30 KST');
      expect(state).toHaveTextContent('2026-10, 2026-11 집계를 다시 만드는 중입니다');
      screen.getByRole('button', { name: '지금 다시 집계' }).click();
      await screen.findByText('2개월을 다시 집계했습니다.');
      const year = String(new Date().getFullYear());
      expect(calls.find((c) => c.operation === 'rebuildReportSummary')!.input.body).toEqual({
        fromMonth: `${year}01`,
        toMonth: expect.stringMatching(new RegExp(`^${year}\\d{2}$`)),
      });
      // Searched again: the months are done, the note and the button go.
      await waitFor(() => expect(calls.filter((c) => c.operation === 'getMonthlyReport03')).toHaveLength(2));
      await waitFor(() => expect(screen.getByTestId('summary-state')).not.toHaveTextContent('다시 만드는 중'));
      expect(screen.queryByRole('button', { name: '지금 다시 집계' })).not.toBeInTheDocument();
    },
  );

  it('a report without a summary shows no such line', { timeout: 30_000 }, async () => {
    renderScreen('reports.monthlyReport03', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: { getMonthlyReport03: () => ({ rows: ROWS, total: 2, totals: TOTALS }) },
      route: '/report/monthlyReport/monthlyReport03',
    });
    await screen.findByText('총 2건');
    expect(screen.queryByTestId('summary-state')).not.toBeInTheDocument();
  });
});

describe('/spendCube on fixtures', () => {
  const CUBE_ROWS = [
    ['C00001', '가나상사', '201901', '250000', '200000', 1, 1],
    ['C00001', '가나상사', '201902', '100000', '100000', 1, 2],
    ['C00002', '다라물산', '201901', '79044', '0', 2, 0],
  ].map(([key1, name1, key2, totalKrw, prevTotalKrw, poCount, prevPoCount]) => ({
    key1,
    name1,
    key2,
    name2: key2,
    poCount,
    lineCount: poCount,
    totalKrw,
    prevPoCount,
    prevLineCount: prevPoCount,
    prevTotalKrw,
    changePct: null,
    // Received: half of what was ordered, nothing before; settled: nothing.
    receivedLineCount: poCount,
    receivedKrw: String(Number(totalKrw) / 2),
    prevReceivedKrw: '0',
    settledLineCount: 0,
    settledKrw: '0',
    prevSettledKrw: '0',
  }));

  const CUBE_TOTALS = {
    poCount: 4,
    lineCount: 4,
    totalKrw: '429044',
    prevPoCount: 3,
    prevLineCount: 3,
    prevTotalKrw: '300000',
    changePct: '43',
    receivedLineCount: 4,
    receivedKrw: '214522',
    prevReceivedKrw: '0',
    settledLineCount: 0,
    settledKrw: '0',
    prevSettledKrw: '0',
  };

  it(
    'asks for supplier × month, shows the pivot with totals and the chart sentence; Enter on a cell drills with its keys',
    { timeout: 30_000 },
    async () => {
      const calls: Array<{ operation: string; input: OperationInput }> = [];
      renderScreen('reports.spendCube', {
        entries: screenDefinitions,
        texts: screenTexts,
        answers: {
          getSpendCube: (input: OperationInput) => {
            calls.push({ operation: 'getSpendCube', input });
            return {
              rows: CUBE_ROWS,
              total: 3,
              totals: CUBE_TOTALS,
            };
          },
          listReportOrders: (input: OperationInput) => {
            calls.push({ operation: 'listReportOrders', input });
            return { rows: [], total: 0, totals: { lineCount: 0, krwAmount: null } };
          },
        },
        route: '/spendCube',
      });
      const grid = await screen.findByRole('grid', { name: /협력사 × 월 발주금액/ });
      expect(calls[0].input.query).toMatchObject({ dim1: 'supplier', dim2: 'month', sort: 'totalKrw:desc' });
      const header = [...grid.querySelectorAll('thead th')].map((h) => h.textContent);
      expect(header).toEqual(['협력사', '201901', '201902', '합계']);
      const last = grid.querySelector('tbody tr:last-child td:last-child span');
      expect(last).toHaveTextContent('429,044원');
      expect(screen.getByTestId('pivot-chart-summary')).toHaveTextContent(
        '협력사별 발주금액: 2개 중 가나상사가 350,000원으로 가장 크고, 합계 429,044원은 이전 기간보다 43% 늘었습니다.',
      );
      // 다라물산 × 201901, focused and drilled with Enter.
      const cell = grid.querySelector<HTMLElement>('[data-pos="1:0"]')!;
      cell.focus();
      fireEvent.keyDown(cell, { key: 'Enter' });
      await waitFor(() => expect(calls.some((c) => c.operation === 'listReportOrders')).toBe(true));
      expect(calls.find((c) => c.operation === 'listReportOrders')!.input.query).toMatchObject({
        dim1: 'supplier',
        key1: 'C00002',
        dim2: 'month',
        key2: '201901',
      });
      // 입고금액: the same rows read by another measure, no new request.
      const asked = calls.filter((c) => c.operation === 'getSpendCube').length;
      fireEvent.change(screen.getByLabelText('측정값'), { target: { value: '3' } });
      await screen.findByRole('grid', { name: /협력사 × 월 입고금액/ });
      expect(screen.getByTestId('pivot-chart-summary')).toHaveTextContent(
        '협력사별 입고금액: 2개 중 가나상사가 175,000원으로 가장 크고, 합계는 214,522원이며 이전 기간 실적은 없습니다.',
      );
      expect(calls.filter((c) => c.operation === 'getSpendCube').length).toBe(asked);
    },
  );

  it(
    '엑셀 다운로드 starts the server’s export of the cube laid out as the pivot, in Korean, and saves its file',
    { timeout: 30_000 },
    async () => {
      const started: OperationInput[] = [];
      const done = {
        exportId: '5f0c3c1e-8d7a-4a59-9f3e-2b1f3c4d5e6f',
        status: 'DONE',
        rowsTotal: 3,
        rowsDone: 3,
        sheetName: '구매 지출 분석',
        bytes: 4,
        error: null,
        createdAt: '2019-04-01T00:00:00.000Z',
        finishedAt: '2019-04-01T00:00:01.000Z',
      };
      const saved: string[] = [];
      const createObjectURL = URL.createObjectURL;
      URL.createObjectURL = () => 'blob:cube';
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      try {
        renderScreen('reports.spendCube', {
          entries: screenDefinitions,
          texts: screenTexts,
          answers: {
            getSpendCube: () => ({ rows: CUBE_ROWS, total: 3, totals: CUBE_TOTALS }),
            startExport: (input: OperationInput) => (started.push(input), done),
            downloadExport: () => 'xlsx',
          },
          route: '/spendCube',
        });
        await screen.findByRole('grid', { name: /협력사 × 월 발주금액/ });
        fireEvent.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
        await waitFor(() => expect(saved).toEqual(['구매 지출 분석.xlsx']));
        expect(started).toHaveLength(1);
        expect(started[0].body).toMatchObject({
          operation: 'getSpendCube',
          query: { dim1: 'supplier', dim2: 'month', sort: 'totalKrw:desc' },
          sheetName: '구매 지출 분석',
          pivot: {
            row: { key: 'key1', label: 'name1', title: '협력사' },
            column: { key: 'key2', label: 'name2' },
            texts: { total: '합계', previous: '이전 기간', change: '증감률(%)', rows: '원자료' },
            limit: 10_000,
          },
        });
        const pivot = (started[0].body as { pivot: { measures: unknown[] } }).pivot;
        expect(pivot.measures).toEqual([
          { field: 'totalKrw', previous: 'prevTotalKrw', header: '발주금액' },
          { field: 'poCount', previous: 'prevPoCount', header: '발주 건수' },
          { field: 'lineCount', previous: 'prevLineCount', header: '발주 품목 수' },
          { field: 'receivedKrw', previous: 'prevReceivedKrw', header: '입고금액' },
          { field: 'settledKrw', previous: 'prevSettledKrw', header: '정산금액' },
          { field: 'receivedLineCount', header: '입고 품목 수' },
        ]);
      } finally {
        click.mockRestore();
        URL.createObjectURL = createObjectURL;
      }
    },
  );
});

describe('a month report shows its months as people read them and drills by the month as answered', () => {
  it('monthlyReport06: 202610 shows as 2026-10; its link opens the orders of 202610', { timeout: 30_000 }, async () => {
    const calls: Array<{ operation: string; input: OperationInput }> = [];
    const row = {
      month: '202610',
      poCount: 3,
      totalDays: 13,
      avgDays: '4.50',
      minDays: 1,
      maxDays: 9,
      within14Count: 3,
    };
    const { month: _month, ...totals } = row;
    const answers = {
      getMonthlyReport06: () => ({ rows: [row], total: 1, totals }),
      listReportOrders: (input: OperationInput) => {
        calls.push({ operation: 'listReportOrders', input });
        return { rows: [], total: 0, totals: { lineCount: 0, krwAmount: '0' } };
      },
    };
    renderScreen('reports.monthlyReport06', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers,
      route: '/report/monthlyReport/monthlyReport06',
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['2026-10', '3', '4.5']));
    expect(gridRowTexts()[0]).not.toContain('202610');
    clickGridRow(0);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input.query).toMatchObject({ fromMonth: '202610', toMonth: '202610' });
  });
});
