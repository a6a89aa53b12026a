import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { createFixtureEngineServices, type FixtureEngineOptions } from '../../engine/testing/fixture-engine-services';
import { renderScreen } from '../../engine/testing/screen-harness';
import { renderScreenRoutes } from '../../engine/testing/screen-routes-harness';
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
const OPERATOR = {
  auth: 'U',
  authGroupId: '20',
  section: 'D1000',
  deptcd: 'D1240',
  deptnm: '구매운영팀',
  hname: '김민수',
  singleid: 'E000004',
};

function open(id: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createFulfilmentFixtures();
  const r = renderScreen(id, {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    codes: fixtures.codes,
    login: OPERATOR,
    ...extra,
  });
  return { ...r, fixtures };
}

/** Several screens on their routes in one memory router: a link or a navigate really lands on the other screen. */
function openRoutes(routes: Record<string, string>, initial: string, options: Partial<FixtureEngineOptions> = {}) {
  const fixtures = createFulfilmentFixtures();
  const services = createFixtureEngineServices({
    answers: fixtures.answers,
    codes: fixtures.codes,
    login: OPERATOR,
    ...options,
  });
  const { router } = renderScreenRoutes({ entries: screenDefinitions, texts: screenTexts, services, routes, initial });
  return { services, fixtures, router };
}

describe('deliverListAdmin: every supplier’s deliveries', { timeout: 30_000 }, () => {
  it('shows the deliveries with code texts and sends its filters as the query (status list, date range as [from, to])', async () => {
    const { services } = open('fulfilmentDelivery.deliverListAdmin');
    await screen.findByText('총 4건');
    const first = lastCall(services.calls, 'listDeliveries')!.input.query!;
    expect(first).toMatchObject({ sort: 'deliveryDate:desc' });
    expect(first.deliveryDates).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), todayText()]);
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['DLV2026-000101', '납품등록', '한빛정밀', 'PO2026-000500']),
    );
    expect(gridRowTexts().flat()).toEqual(expect.arrayContaining(['입고완료', '취소']));

    fireEvent.change(screen.getByLabelText('협력사명'), { target: { value: '대성' } });
    fireEvent.change(screen.getByLabelText('발주구분'), { target: { value: 'N' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listDeliveries')!.input.query).toMatchObject({ compName: '대성', noPo: 'N' });
    await waitFor(() =>
      expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['DLV2026-000102', '입고완료', '대성산업'])),
    );
  });

  it('a delivery number opens /deliverEditAdmin with that delivery', async () => {
    const { services, router } = openRoutes(
      {
        '/deliverListAdmin': 'fulfilmentDelivery.deliverListAdmin',
        '/deliverEditAdmin': 'fulfilmentDelivery.deliverEditAdmin',
      },
      '/deliverListAdmin',
    );
    await screen.findByText('총 4건');
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    clickGridRow(0, { x: 60 });
    await screen.findByRole('heading', { name: '납품 상세' });
    expect(router.state.location.pathname).toBe('/deliverEditAdmin');
    expect(router.state.location.search).toBe('?deliveryNo=DLV2026-000101');
    await screen.findByDisplayValue('DLV2026-000101');
    expect(lastCall(services.calls, 'getDelivery')!.input.path).toEqual({ deliveryNo: 'DLV2026-000101' });
  });
});

describe(
  'deliverListAdmin: the Excel file of a list with the deliverer’s phone asks why (docs/privacy.md)',
  { timeout: 30_000 },
  () => {
    it('asks the reason first; cancelling downloads nothing; a reason is recorded before the file is saved', async () => {
      const saved: string[] = [];
      const created = URL.createObjectURL;
      const revoked = URL.revokeObjectURL;
      URL.createObjectURL = () => 'blob:test';
      URL.revokeObjectURL = () => undefined;
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        saved.push(this.download);
      };
      try {
        const { services } = open('fulfilmentDelivery.deliverListAdmin');
        await screen.findByText('총 4건');
        fireEvent.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
        let dialog = await screen.findByRole('dialog', { name: '개인정보 다운로드 사유' });
        expect(dialog).toHaveTextContent('개인정보 접근기록에 남습니다');
        fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(lastCall(services.calls, 'recordPersonalDataDownload')).toBeUndefined();
        expect(saved).toEqual([]);

        // A reason of one character is not taken: the user is told and asked again.
        fireEvent.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
        dialog = await screen.findByRole('dialog', { name: '개인정보 다운로드 사유' });
        fireEvent.change(within(dialog).getByLabelText(/사유 구분/), { target: { value: 'SETTLEMENT' } });
        fireEvent.change(within(dialog).getByLabelText(/상세 사유/), { target: { value: '월' } });
        fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
        await screen.findByText('상세 사유를 2자 이상 입력하세요.');
        fireEvent.click(screen.getByRole('button', { name: '확인' }));
        dialog = await screen.findByRole('dialog', { name: '개인정보 다운로드 사유' });
        fireEvent.change(within(dialog).getByLabelText(/사유 구분/), { target: { value: 'SETTLEMENT' } });
        fireEvent.change(within(dialog).getByLabelText(/상세 사유/), { target: { value: '  11월 납품 정산 대사  ' } });
        fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
        await waitFor(() => expect(saved).toHaveLength(1));
        const record = lastCall(services.calls, 'recordPersonalDataDownload')!.input.body as { columns: string[] };
        expect(record).toMatchObject({
          operation: 'listDeliveries',
          rowCount: 4,
          reason: { code: 'SETTLEMENT', text: '11월 납품 정산 대사' },
        });
        // The record names the file's own columns (the access log says what the file held).
        expect(record.columns).toContain('deliveryNo');
        const order = services.calls
          .map((c) => c.operation)
          .filter((op) => op === 'recordPersonalDataDownload' || op === 'listDeliveries');
        expect(order.at(-1)).toBe('recordPersonalDataDownload');
      } finally {
        URL.createObjectURL = created;
        URL.revokeObjectURL = revoked;
        HTMLAnchorElement.prototype.click = click;
      }
    });
  },
);

describe('deliverEditAdmin: one delivery, received into warehousing', { timeout: 30_000 }, () => {
  it('shows the delivery read only with its lines; 입고 처리 asks expense type and date, sends them with the version, and shows the new state', async () => {
    const { services, fixtures } = open('fulfilmentDelivery.deliverEditAdmin', {
      route: '/deliverEditAdmin?deliveryNo=DLV2026-000101',
    });
    await screen.findByDisplayValue('DLV2026-000101');
    expect(screen.getByLabelText('납품상태')).toHaveDisplayValue('납품등록');
    expect(screen.getByLabelText('협력사명')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('차량번호')).toHaveValue('12가3456');
    await waitFor(() =>
      expect(gridRowTexts()[0]).toEqual(['1', '1', 'IT-1001', '육각볼트 M8', 'M8x20', 'EA', '6', '10']),
    );

    fireEvent.click(screen.getByRole('button', { name: '입고 처리' }));
    const prompt = await screen.findByRole('dialog');
    expect(prompt).toHaveTextContent('납품보다 적게 받는 줄은 사유를 골라야 하며');
    expect(within(prompt).getByLabelText(/입고요청일/)).toHaveValue(todayText());
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    fireEvent.change(within(prompt).getByLabelText(/비용유형/), { target: { value: 'CONSUMABLE' } });
    fireEvent.change(within(prompt).getByLabelText(/입고 비고/), { target: { value: '검수 완료' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('입고요청이 등록되었습니다. 입고현황에서 승인을 진행하세요.');
    expect(lastCall(services.calls, 'receiveDelivery')!.input).toMatchObject({
      path: { deliveryNo: 'DLV2026-000101' },
      body: {
        version: 1,
        expenses: 'CONSUMABLE',
        whReqDate: todayText(),
        BIGO: '검수 완료',
        lines: [{ lineNo: 1, quantity: 6, shortReason: '', shortRemark: '' }],
      },
    });
    expect(fixtures.data.deliveries[0]).toMatchObject({ status: 'RECEIVED', version: 2 });
    // The record is read again: the new state, the receipt, and no second 입고 처리.
    await waitFor(() => expect(screen.getByLabelText('납품상태')).toHaveDisplayValue('입고완료'));
    expect(screen.getByLabelText('입고요청번호')).toHaveValue('WR2026-000900');
    expect(screen.queryByRole('button', { name: '입고 처리' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal (a stale version) and changes nothing', async () => {
    const { fixtures } = open('fulfilmentDelivery.deliverEditAdmin', {
      route: '/deliverEditAdmin?deliveryNo=DLV2026-000101',
    });
    await screen.findByDisplayValue('DLV2026-000101');
    fixtures.data.deliveries[0].version = 5;
    fireEvent.click(screen.getByRole('button', { name: '입고 처리' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/비용유형/), { target: { value: 'MATERIAL' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('다른 사용자가 먼저 변경했습니다');
    expect(fixtures.data.deliveries[0].status).toBe('REGISTERED');
  });

  it('offers no receipt for a delivery without an order, a received one, or a reader', async () => {
    const a = open('fulfilmentDelivery.deliverEditAdmin', { route: '/deliverEditAdmin?deliveryNo=DLV2026-000103' });
    await screen.findByDisplayValue('DLV2026-000103');
    expect(screen.getByLabelText('발주구분')).toHaveDisplayValue('무발주');
    expect(screen.queryByRole('button', { name: '입고 처리' })).not.toBeInTheDocument();
    a.unmount();
    const b = open('fulfilmentDelivery.deliverEditAdmin', { route: '/deliverEditAdmin?deliveryNo=DLV2026-000102' });
    await screen.findByDisplayValue('DLV2026-000102');
    expect(screen.getByLabelText('입고요청번호')).toHaveValue('WR2026-000204');
    expect(screen.queryByRole('button', { name: '입고 처리' })).not.toBeInTheDocument();
    b.unmount();
    open('fulfilmentDelivery.deliverEditAdmin', {
      route: '/deliverEditAdmin?deliveryNo=DLV2026-000101',
      authority: { read: true, write: false },
    });
    await screen.findByDisplayValue('DLV2026-000101');
    expect(screen.queryByRole('button', { name: '입고 처리' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '목록' })).toBeEnabled();
  });
});

describe('noneOrderViewAdmin: deliveries without an order', { timeout: 30_000 }, () => {
  it('lists only deliveries flagged noPo', async () => {
    const { services } = open('fulfilmentDelivery.noneOrderViewAdmin');
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listNoneOrderDeliveries')).toBeDefined();
    await waitFor(() =>
      expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['DLV2026-000103', '납품등록', '한빛정밀'])),
    );
  });
});

describe('external: deliverInfo and noneOrderView', { timeout: 30_000 }, () => {
  it('deliverInfo lists my company’s deliveries; a registered one is cancelled with a reason', async () => {
    const { services, fixtures } = open('fulfilmentDelivery.deliverInfo', { portal: 'external', login: null });
    await screen.findByText('총 3건');
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    expect(gridRowTexts().flat()).not.toContain('DLV2026-000102');
    const cancel = screen.getByRole('button', { name: '납품 취소' });
    const cancelledRow = gridRowTexts().findIndex((r) => r.includes('DLV2026-000104'));
    clickGridRow(cancelledRow, { x: 200 });
    await waitFor(() => expect(cancel).toBeDisabled());
    const registeredRow = gridRowTexts().findIndex((r) => r.includes('DLV2026-000101'));
    clickGridRow(registeredRow, { x: 200 });
    await waitFor(() => expect(cancel).toBeEnabled());
    fireEvent.click(cancel);
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/취소사유/), { target: { value: '수량 재확인' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('처리되었습니다.');
    expect(lastCall(services.calls, 'cancelDelivery')!.input).toMatchObject({
      path: { deliveryNo: 'DLV2026-000101' },
      body: { version: 1, reason: '수량 재확인' },
    });
    expect(fixtures.data.deliveries[0]).toMatchObject({ status: 'CANCELLED', cancelReason: '수량 재확인' });
  });

  it('납품 등록 goes to /deliverEdit; a number opens the delivery there (under /cyber)', async () => {
    const { router } = openRoutes(
      {
        '/cyber/deliverInfo': 'fulfilmentDelivery.deliverInfo',
        '/cyber/deliverEdit': 'fulfilmentDelivery.deliverInfo',
      },
      '/cyber/deliverInfo',
      { portal: 'external', login: null },
    );
    await screen.findByText('총 3건');
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/deliverEdit'));
    expect(router.state.location.search).toBe('');
  });

  it('noneOrderView lists my deliveries without an order; 납품 등록 starts one without an order', async () => {
    const { router } = openRoutes(
      {
        '/cyber/noneOrderView': 'fulfilmentDelivery.noneOrderView',
        '/cyber/deliverEdit': 'fulfilmentDelivery.noneOrderView',
      },
      '/cyber/noneOrderView',
      { portal: 'external', login: null },
    );
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['DLV2026-000103', '납품등록'])));
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/deliverEdit'));
    expect(router.state.location.search).toBe('?noPo=Y');
  });
});
