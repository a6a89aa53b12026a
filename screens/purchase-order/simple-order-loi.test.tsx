import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, editGridCell, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { answer, callsOf, lastCall, promptDialog, renderPoFlow } from './po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 30_000 };

describe('SimpleOrderList / SimpleOrderEdit', () => {
  it('lists simple orders only and opens one', T, async () => {
    const { services, router } = renderPoFlow('/SimpleOrderList');
    await screen.findByText('총 1건');
    expect(screen.getByRole('heading', { name: '소액발주' })).toBeInTheDocument();
    expect(lastCall(services.calls, 'listSimpleOrders')!.input.query).toMatchObject({ sort: 'poNo:desc' });
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['PO2026-000305', '사무용품', '작성중', '미상신']));
    expect(screen.getByText('합계 KRW 480,000')).toBeInTheDocument();
    clickGridRow(0, { x: 40 });
    await waitFor(() => expect(router.state.location.search).toBe('?poNo=PO2026-000305'));
    expect(router.state.location.pathname).toBe('/SimpleOrderEdit');
    await screen.findByDisplayValue('사무용품');
    expect(lastCall(services.calls, 'getSimpleOrder')!.input.path).toEqual({ poNo: 'PO2026-000305' });
  });

  it(
    'shows the limit from the server; an amount over it is refused with the server’s message; below it the order is created',
    T,
    async () => {
      const { services, fixtures } = renderPoFlow('/SimpleOrderEdit');
      await waitFor(() => expect(screen.getByLabelText('소액발주 한도 (원, 미만)')).toHaveValue('5,000,000'));
      expect(callsOf(services.calls, 'getSimpleOrderLimit').length).toBeGreaterThan(0);
      expect(screen.queryByLabelText(/엔화 환율/)).not.toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/협력사/), { target: { value: 'C00002' } });
      await waitFor(() => expect(screen.getByLabelText('발주서 자동전송')).toHaveDisplayValue('아니오'));
      fireEvent.change(screen.getByLabelText(/^제목/), { target: { value: '현장 소모품' } });
      fireEvent.change(screen.getByLabelText(/^납기일/), { target: { value: '2026-12-24' } });
      fireEvent.blur(screen.getByLabelText(/^납기일/));

      fireEvent.click(screen.getByRole('button', { name: '행 추가' }));
      await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(1));
      await editGridCell({ row: 0, field: 'itemName' }, '안전장갑');
      await editGridCell({ row: 0, field: 'quantity' }, '100');
      await editGridCell({ row: 0, field: 'unitPrice' }, '60000');
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await answer('확인');
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        '소액발주는 5,000,000원 미만이어야 합니다 (현재 6,000,000원). 구매요청으로 진행하세요',
      );
      await answer('확인');
      expect(lastCall(services.calls, 'createSimpleOrder')!.input.body).toEqual({
        compNo: 'C00002',
        title: '현장 소모품',
        currency: 'KRW',
        dueDate: '2026-12-24',
        remark: '',
        fileId: null,
        lines: [
          {
            itemCode: '',
            itemName: '안전장갑',
            spec: '',
            unitCode: 'EA',
            quantity: 100,
            unitPrice: 60000,
            deliveryDate: '',
            agreementNo: '',
          },
        ],
      });

      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await editGridCell({ row: 0, field: 'quantity' }, '50');
      // A line "from agreement" names the agreement and its line (the server takes the item and checks the price).
      await editGridCell({ row: 0, field: 'agreementNo' }, 'AG2026-000001');
      await editGridCell({ row: 0, field: 'agreementLineNo' }, '1');
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await answer('확인');
      await screen.findByText('저장되었습니다.');
      expect(lastCall(services.calls, 'createSimpleOrder')!.input.body).toMatchObject({
        lines: [{ itemName: '안전장갑', quantity: 50, agreementNo: 'AG2026-000001', agreementLineNo: 1 }],
      });
      const created = fixtures.data.pos.at(-1)!;
      expect(created).toMatchObject({ poType: 'SIMPLE', compNo: 'C00002', totalAmount: '3000000.00', status: 'DRAFT' });
      await waitFor(() => expect(screen.getByLabelText('발주번호')).toHaveValue(created.poNo as string));
      expect(screen.getByRole('button', { name: '결재상신' })).toBeInTheDocument();
    },
  );

  it('a draft simple order is updated with its lines and version, then submitted', T, async () => {
    const { services } = renderPoFlow('/SimpleOrderEdit?poNo=PO2026-000305');
    await screen.findByDisplayValue('사무용품');
    await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(1));
    await editGridCell({ row: 0, field: 'quantity' }, '25');
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await answer('확인');
    await screen.findByText('저장되었습니다.');
    expect(lastCall(services.calls, 'updateSimpleOrder')!.input).toMatchObject({
      path: { poNo: 'PO2026-000305' },
      body: {
        version: 1,
        compNo: 'C00001',
        lines: [{ itemCode: 'MRO0101-0001', itemName: 'A4 복사용지', quantity: 25, unitPrice: 24000 }],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: '결재상신' }));
    await answer('확인');
    await screen.findByText('결재가 상신되었습니다.');
    expect(lastCall(services.calls, 'submitPo')!.input).toMatchObject({
      path: { poNo: 'PO2026-000305' },
      body: { version: 2 },
    });
    await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('결재중'));
    expect(screen.queryByRole('button', { name: '행 추가' })).not.toBeInTheDocument();
  });
});

describe('LoiRequestList / LoiRequestEdit', () => {
  it(
    'lists LOIs with their state (expired and accepted shown), filters by state, expires overdue ones',
    T,
    async () => {
      const { services } = renderPoFlow('/LoiRequestList');
      await screen.findByText('총 4건');
      await waitFor(() => expect(gridRowTexts().length).toBe(4));
      const byNo = Object.fromEntries(gridRowTexts().map((r) => [r[0], r]));
      expect(byNo['LOI2026-000023']).toEqual(expect.arrayContaining(['수락', '승인', '대성산업(주)']));
      expect(byNo['LOI2026-000024']).toEqual(expect.arrayContaining(['만료']));
      fireEvent.click(screen.getByRole('button', { name: '기간 경과 LOI 만료 처리' }));
      const ask = await screen.findByRole('alertdialog');
      expect(ask).toHaveTextContent('유효기간이 지난 발행 LOI를 모두 만료 처리하시겠습니까?');
      fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
      await screen.findByText('만료 처리되었습니다.');
      expect(callsOf(services.calls, 'expireLois')).toHaveLength(1);
    },
  );

  it('creates an LOI: supplier, scope, amount, validity', T, async () => {
    const { services, fixtures } = renderPoFlow('/LoiRequestEdit');
    const supplier = await screen.findByLabelText(/협력사/);
    fireEvent.change(supplier, { target: { value: 'C00001' } });
    fireEvent.change(screen.getByLabelText(/^제목/), { target: { value: '시제품 금형 LOI' } });
    fireEvent.change(screen.getByLabelText(/^범위/), { target: { value: '시제품 금형 1벌' } });
    fireEvent.change(screen.getByLabelText(/LOI 금액/), { target: { value: '25000000' } });
    for (const [label, value] of [
      [/유효 시작일/, '2026-12-01'],
      [/유효 종료일/, '2027-03-31'],
    ] as const) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      fireEvent.blur(screen.getByLabelText(label));
    }
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await answer('확인');
    await screen.findByText('저장되었습니다.');
    expect(lastCall(services.calls, 'createLoi')!.input.body).toMatchObject({
      compNo: 'C00001',
      title: '시제품 금형 LOI',
      scope: '시제품 금형 1벌',
      currency: 'KRW',
      amount: 25000000,
      validFrom: '2026-12-01',
      validUntil: '2027-03-31',
    });
    const created = fixtures.data.lois.at(-1)!;
    await waitFor(() => expect(screen.getByLabelText('LOI 번호')).toHaveValue(created.loiNo as string));
    fireEvent.click(screen.getByRole('button', { name: '결재상신' }));
    await answer('확인');
    await screen.findByText('결재가 상신되었습니다.');
    await waitFor(() => expect(screen.getByLabelText('LOI 상태')).toHaveDisplayValue('결재중'));
    expect(screen.getByLabelText(/^제목/)).toHaveAttribute('readonly');
  });

  it('the approver issues it with the LOI message; an accepted LOI shows its orders', T, async () => {
    const { services, fixtures } = renderPoFlow('/LoiRequestEdit?loiNo=LOI2026-000022', { group: '50' });
    await screen.findByDisplayValue('금형 제작 LOI');
    fireEvent.click(await screen.findByRole('button', { name: '승인' }));
    const prompt = await promptDialog('결재 승인');
    expect(prompt).toHaveTextContent('승인하면 LOI가 협력사에 발행됩니다. 승인하시겠습니까?');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('승인되었습니다.');
    expect(lastCall(services.calls, 'approveApproval')!.input).toMatchObject({
      path: { approvalId: 81 },
      body: { version: 1 },
    });
    expect(fixtures.data.lois[1].status).toBe('ISSUED');
    await waitFor(() => expect(screen.getByLabelText('LOI 상태')).toHaveDisplayValue('발행'));
  });

  it('an accepted LOI: its acceptance and the orders that follow it; nothing to do', T, async () => {
    const { router } = renderPoFlow('/LoiRequestEdit?loiNo=LOI2026-000023');
    await screen.findByDisplayValue('금형 제작 LOI');
    expect(screen.getByLabelText('LOI 상태')).toHaveDisplayValue('수락');
    expect((screen.getByLabelText('수락일시') as HTMLInputElement).value).toMatch(/^2026-10-0[23] \d\d:\d\d$/);
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'LOI 취소' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(gridRowTexts(document, 0)[0]).toEqual(expect.arrayContaining(['PO2026-000304', '발주확인', '12,500'])),
    );
    clickGridRow(0, { x: 40, index: 0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
    expect(router.state.location.search).toBe('?poNo=PO2026-000304');
  });

  it('cancelling asks for a reason', T, async () => {
    const { services } = renderPoFlow('/LoiRequestEdit?loiNo=LOI2026-000021');
    await screen.findByDisplayValue('금형 제작 LOI');
    fireEvent.click(screen.getByRole('button', { name: 'LOI 취소' }));
    const prompt = await promptDialog('취소');
    fireEvent.change(within(prompt).getByLabelText(/취소 사유/), { target: { value: '사업 계획 변경' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('취소되었습니다.');
    expect(lastCall(services.calls, 'cancelLoi')!.input).toMatchObject({
      path: { loiNo: 'LOI2026-000021' },
      body: { version: 1, reason: '사업 계획 변경' },
    });
    await waitFor(() => expect(screen.getByLabelText('LOI 상태')).toHaveDisplayValue('취소'));
  });
});

describe('poChangeInfo: PO change history', () => {
  it(
    'lists what changed, before → after, who, when, why; filters go to the server; a PO number opens the order',
    T,
    async () => {
      const { services, router } = renderPoFlow('/portal/poChange/poChangeInfo');
      await screen.findByText('총 1건');
      expect(screen.getByRole('heading', { name: '발주변경 이력' })).toBeInTheDocument();
      expect(lastCall(services.calls, 'listPoChanges')!.input.query).toMatchObject({ sort: 'changedAt:desc' });
      await waitFor(() => expect(gridRowTexts().length).toBe(1));
      expect(gridRowTexts()[0]).toEqual(
        expect.arrayContaining(['PO2026-000304', '납기일', '2026-12-10', '2026-12-20']),
      );
      fireEvent.change(screen.getByLabelText('변경항목'), { target: { value: 'quantity' } });
      fireEvent.click(screen.getByRole('button', { name: '조회' }));
      await screen.findByText('총 0건');
      expect(lastCall(services.calls, 'listPoChanges')!.input.query).toMatchObject({ field: 'quantity' });
      fireEvent.click(screen.getByRole('button', { name: '초기화' }));
      fireEvent.change(screen.getByLabelText('발주번호'), { target: { value: 'PO2026-000304' } });
      fireEvent.click(screen.getByRole('button', { name: '조회' }));
      await screen.findByText('총 1건');
      expect(lastCall(services.calls, 'listPoChanges')!.input.query).toMatchObject({ poNo: 'PO2026-000304' });
      await waitFor(() => expect(gridRowTexts().length).toBe(1));
      clickGridRow(0, { x: 200 });
      await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
      expect(router.state.location.search).toBe('?poNo=PO2026-000304');
    },
  );
});
