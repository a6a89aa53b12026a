import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridHeaderTexts, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { createFixtureEngineServices, type FixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { createFulfilmentFixtures, todayText } from './fulfilment-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const callsOf = (calls: Calls, op: string) => calls.filter((c) => c.operation === op);

function open(id: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createFulfilmentFixtures();
  const r = renderScreen(id, {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    codes: fixtures.codes,
    login: {
      auth: 'U',
      authGroupId: '20',
      section: 'D1000',
      deptcd: 'D1240',
      deptnm: '구매운영팀',
      hname: '김민수',
      singleid: 'E000004',
    },
    ...extra,
  });
  return { ...r, fixtures };
}

/** A memory Storage shared by several renders (the tab's sessionStorage). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    storage: {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    } as Storage,
  };
}

async function pickCodes(label: RegExp, texts: string[]) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: label }));
  for (const t of texts) await user.click(screen.getByRole('checkbox', { name: t }));
  await user.keyboard('{Escape}');
}

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

/** The filter fields in the form, in order (data-filter of each cell). */
const filterFields = () => [...document.querySelectorAll('[data-filter]')].map((e) => e.getAttribute('data-filter'));

const SPEC_FILTER = [
  'poNo',
  'whReqNo',
  'whAppNo',
  'section',
  'deptName',
  'eprName',
  'receiveName',
  'expenses',
  'approvalStatus',
  'status',
  'whReqDates',
  'lastDeciDates',
  'system',
  'sourceSystemList',
];

describe('warehousingList: the saved warehousing filter of spec §3', { timeout: 30_000 }, () => {
  it('has exactly the spec’s filter fields, searches on open with receipts recorded here, codes as texts, totals per currency', async () => {
    const { services } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    expect(filterFields()).toEqual(SPEC_FILTER);
    const q = lastCall(services.calls, 'listWarehousing')!.input.query!;
    expect(q).toMatchObject({ system: 'GPMS', sort: 'whReqDate:desc', page: 1 });
    expect(q.whReqDates).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), todayText()]);
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    expect(gridHeaderTexts()).toEqual(
      expect.arrayContaining(['입고요청번호', '입고승인번호', '입고상태', '결재상태', '발주번호', '협력사명']),
    );
    const first = gridRowTexts()[0];
    expect(first).toEqual(
      expect.arrayContaining(['WR2026-000205', '입고요청', '결재대기', 'PO2026-000400', '한빛정밀']),
    );
    expect(screen.getByTestId('list-currency-totals')).toHaveTextContent('합계 KRW 48,600 · JPY 120,000');
  });

  it('sends every filter as its query parameter: lists repeated, date ranges as [from, to]', async () => {
    const { services } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    fireEvent.change(screen.getByRole('textbox', { name: '발주번호' }), { target: { value: 'PO2026-0004' } });
    fireEvent.change(screen.getByLabelText('입고자'), { target: { value: '김민수' } });
    fireEvent.change(screen.getByLabelText('비용유형'), { target: { value: 'MATERIAL' } });
    await pickCodes(/결재상태/, ['결재대기', '반려']);
    await pickCodes(/입고상태/, ['입고요청']);
    const deci = document.querySelector('[data-filter="lastDeciDates"]') as HTMLElement;
    await userEvent.setup().type(within(deci).getByLabelText('종료일'), '2026-11-30');
    fireEvent.blur(within(deci).getByLabelText('종료일'));
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 0건');
    const q = lastCall(services.calls, 'listWarehousing')!.input.query!;
    expect(q).toMatchObject({
      poNo: 'PO2026-0004',
      receiveName: '김민수',
      expenses: 'MATERIAL',
      approvalStatus: ['PENDING', 'REJECTED'],
      status: ['REQUESTED'],
      system: 'GPMS',
      lastDeciDates: ['', '2026-11-30'],
    });
    // No decided receipt among requested ones: nothing, and the filter says why.
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 5건');
    expect(lastCall(services.calls, 'listWarehousing')!.input.query).not.toHaveProperty('lastDeciDates');
  });

  it('remembers the filter and that it searched: leaving and coming back restores both and repeats the search', async () => {
    const { map, storage } = memoryStorage();
    const fixtures = createFulfilmentFixtures();
    const withStorage = (): FixtureEngineServices =>
      Object.assign(createFixtureEngineServices({ answers: fixtures.answers, codes: fixtures.codes }), {
        storage: () => storage,
      });
    const first = withStorage();
    const a = renderScreen('fulfilmentDelivery.warehousingList', {
      entries: screenDefinitions,
      texts: screenTexts,
      services: first,
    });
    await screen.findByText('총 5건');
    fireEvent.change(screen.getByLabelText('입고요청번호'), { target: { value: 'WR2026-00020' } });
    await pickCodes(/결재상태/, ['반려']);
    fireEvent.change(screen.getByLabelText('입고 구분'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 1건');
    const saved = JSON.parse(map.get('gpms.filter.fulfilmentDelivery.warehousingList')!) as {
      values: Record<string, unknown>;
      isSearched: boolean;
    };
    expect(saved.isSearched).toBe(true);
    expect(Object.keys(saved.values).sort()).toEqual([...SPEC_FILTER].sort());
    expect(saved.values).toMatchObject({ whReqNo: 'WR2026-00020', approvalStatus: ['REJECTED'], system: '' });
    a.unmount();

    // Back on the screen (same tab): the values are in the form and the same search runs by itself.
    const again = withStorage();
    renderScreen('fulfilmentDelivery.warehousingList', {
      entries: screenDefinitions,
      texts: screenTexts,
      services: again,
    });
    await screen.findByText('총 1건');
    expect(screen.getByLabelText('입고요청번호')).toHaveValue('WR2026-00020');
    expect(screen.getByRole('button', { name: /결재상태/ })).toHaveTextContent('반려');
    const q = lastCall(again.calls, 'listWarehousing')!.input.query!;
    expect(q).toMatchObject({ whReqNo: 'WR2026-00020', approvalStatus: ['REJECTED'] });
    expect(q).not.toHaveProperty('system');
    await waitFor(() => expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['WR2026-000202', '반려'])));
    await act(async () => undefined);
  });

  it('a reset filter that has not searched comes back empty and waits', async () => {
    const { map, storage } = memoryStorage();
    const fixtures = createFulfilmentFixtures();
    const s = Object.assign(createFixtureEngineServices({ answers: fixtures.answers, codes: fixtures.codes }), {
      storage: () => storage,
    });
    const a = renderScreen('fulfilmentDelivery.warehousingList', {
      entries: screenDefinitions,
      texts: screenTexts,
      services: s,
    });
    await screen.findByText('총 5건');
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(JSON.parse(map.get('gpms.filter.fulfilmentDelivery.warehousingList')!).isSearched).toBe(false);
    a.unmount();
    const b = Object.assign(createFixtureEngineServices({ answers: fixtures.answers, codes: fixtures.codes }), {
      storage: () => storage,
    });
    renderScreen('fulfilmentDelivery.warehousingList', { entries: screenDefinitions, texts: screenTexts, services: b });
    await screen.findByText('조회 조건을 입력하고 조회를 누르세요.');
    expect(callsOf(b.calls, 'listWarehousing')).toHaveLength(0);
  });
});

describe('warehousingList: approval steps', { timeout: 30_000 }, () => {
  it('approves the selected pending requests, one call each with its version, then reloads', async () => {
    const { services, fixtures } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    const approve = screen.getByRole('button', { name: '승인' });
    expect(approve).toBeDisabled();
    // Rows by request date desc: 205 (self), 201 (pending), 202 (rejected), 203 (approved), 204 (decided).
    clickGridRow(1, { x: 10 });
    await waitFor(() => expect(approve).toBeEnabled());
    clickGridRow(2, { x: 10 });
    await waitFor(() => expect(approve).toBeDisabled());
    clickGridRow(2, { x: 10 });
    await waitFor(() => expect(approve).toBeEnabled());
    fireEvent.click(approve);
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('선택한 1건의 입고요청을 승인하시겠습니까?');
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    await screen.findByText('1건 처리되었습니다.');
    expect(lastCall(services.calls, 'approveWarehousing')!.input).toEqual({
      path: { whReqNo: 'WR2026-000201' },
      query: undefined,
      body: { version: 1 },
    });
    expect(fixtures.data.receipts.find((r) => r.whReqNo === 'WR2026-000201')).toMatchObject({
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
    });
    await waitFor(() => expect(callsOf(services.calls, 'listWarehousing').length).toBe(2));
  });

  it('shows the server’s refusal: one’s own request cannot be approved', async () => {
    const { fixtures } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    clickGridRow(0, { x: 10 });
    fireEvent.click(await screen.findByRole('button', { name: '승인' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('본인이 요청한 입고는 승인할 수 없습니다');
    expect(fixtures.data.receipts.find((r) => r.whReqNo === 'WR2026-000205')).toMatchObject({
      approvalStatus: 'PENDING',
    });
  });

  it('rejects with a reason asked first (required), sent with the version', async () => {
    const { services, fixtures } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    clickGridRow(1, { x: 10 });
    fireEvent.click(await screen.findByRole('button', { name: '반려' }));
    const prompt = await screen.findByRole('dialog');
    expect(prompt).toHaveTextContent('입고요청을 반려합니다. 반려 사유를 입력하세요.');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(callsOf(services.calls, 'rejectWarehousing')).toHaveLength(0);
    fireEvent.change(within(prompt).getByLabelText(/반려사유/), { target: { value: '검사성적서 미첨부' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('처리되었습니다.');
    expect(lastCall(services.calls, 'rejectWarehousing')!.input).toMatchObject({
      path: { whReqNo: 'WR2026-000201' },
      body: { version: 1, reason: '검사성적서 미첨부' },
    });
    expect(fixtures.data.receipts.find((r) => r.whReqNo === 'WR2026-000201')).toMatchObject({
      approvalStatus: 'REJECTED',
      rejectReason: '검사성적서 미첨부',
    });
  });

  it('decides an approved receipt on the date asked (today by default)', async () => {
    const { services } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    const decide = screen.getByRole('button', { name: '최종확정' });
    clickGridRow(1, { x: 10 });
    await waitFor(() => expect(decide).toBeDisabled());
    clickGridRow(1, { x: 10 });
    clickGridRow(3, { x: 10 });
    await waitFor(() => expect(decide).toBeEnabled());
    fireEvent.click(decide);
    const prompt = await screen.findByRole('dialog');
    expect(within(prompt).getByLabelText(/최종확정일/)).toHaveValue(todayText());
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('1건 처리되었습니다.');
    expect(lastCall(services.calls, 'decideWarehousing')!.input).toMatchObject({
      path: { whReqNo: 'WR2026-000203' },
      body: { version: 2, lastDeciDate: todayText() },
    });
  });

  it('without write authority: no approval buttons, the list and the export stay', async () => {
    open('fulfilmentDelivery.warehousingList', { authority: { read: true, write: false } });
    await screen.findByText('총 5건');
    expect(screen.getByText('조회 전용')).toBeInTheDocument();
    for (const name of ['승인', '반려', '재상신', '최종확정', '입고 취소'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '엑셀 다운로드' })).toBeEnabled();
  });
});

describe('the receipt dialog', { timeout: 30_000 }, () => {
  it('a request number opens the receipt with its lines; approving there closes it and the list shows the new state', async () => {
    const { services } = open('fulfilmentDelivery.warehousingList');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    clickGridRow(1, { x: 90 });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('WR2026-000201');
    expect(lastCall(services.calls, 'getWarehousing')!.input.path).toEqual({ whReqNo: 'WR2026-000201' });
    expect(within(dialog).getByLabelText('입고상태')).toHaveDisplayValue('입고요청');
    expect(within(dialog).queryByRole('button', { name: '최종확정' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '승인' }));
    await confirmYes();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastCall(services.calls, 'approveWarehousing')!.input).toMatchObject({
      path: { whReqNo: 'WR2026-000201' },
      body: { version: 1 },
    });
    await waitFor(() =>
      expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['WR2026-000201', '입고승인', '승인'])),
    );
  });
});

describe('the Copy screens: receipts from the other source systems', { timeout: 30_000 }, () => {
  it('warehousingListCopy asks for system=OTHER, shows the source and its number, and offers no approval step', async () => {
    const { services } = open('fulfilmentDelivery.warehousingListCopy');
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listWarehousing')!.input.query).toMatchObject({ system: 'OTHER' });
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    expect(gridRowTexts().flat()).toEqual(
      expect.arrayContaining(['창고관리시스템(WMS)', 'WMS-88120', '생산관리시스템(MES)', '결재진행']),
    );
    expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    expect(filterFields()).not.toContain('system');
  });

  it('warehousingItemListCopy lists the lines of the copies', async () => {
    const { services } = open('fulfilmentDelivery.warehousingItemListCopy');
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listWarehousingItems')!.input.query).toMatchObject({ system: 'OTHER' });
    await waitFor(() =>
      expect(gridRowTexts()[0]).toEqual(
        expect.arrayContaining(['WR2026-000302', '생산관리시스템(MES)', 'MES-4410', 'IT-1001']),
      ),
    );
  });

  it('warehousingItemList: lines of receipts recorded here, the spec filter, remembered under its own key', async () => {
    const { map, storage } = memoryStorage();
    const fixtures = createFulfilmentFixtures();
    const s = Object.assign(createFixtureEngineServices({ answers: fixtures.answers, codes: fixtures.codes }), {
      storage: () => storage,
    });
    renderScreen('fulfilmentDelivery.warehousingItemList', {
      entries: screenDefinitions,
      texts: screenTexts,
      services: s,
    });
    await screen.findByText('총 5건');
    expect(filterFields()).toEqual(SPEC_FILTER);
    fireEvent.change(screen.getByRole('textbox', { name: '발주번호' }), { target: { value: 'PO2026-000410' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 1건');
    expect(lastCall(s.calls, 'listWarehousingItems')!.input.query).toMatchObject({
      poNo: 'PO2026-000410',
      system: 'GPMS',
    });
    expect(map.has('gpms.filter.fulfilmentDelivery.warehousingItemList')).toBe(true);
    expect(map.has('gpms.filter.fulfilmentDelivery.warehousingList')).toBe(false);
  });
});

describe('English', { timeout: 30_000 }, () => {
  it('every label of the warehousing list has its English text', async () => {
    open('fulfilmentDelivery.warehousingList', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Goods Receipts' })).toBeInTheDocument();
    await screen.findByText('5 rows');
    for (const label of [
      'PO no.',
      'Receipt request no.',
      'Approval no.',
      'Receiving department',
      'Requester',
      'Received by',
      'Expense type',
      'Recorded in',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByTestId('list-currency-totals')).toHaveTextContent('Total KRW 48,600 · JPY 120,000');
    expect(document.body.textContent).not.toMatch(/screen\.fulfilmentDelivery/);
  });
});
