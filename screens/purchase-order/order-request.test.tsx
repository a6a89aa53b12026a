import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickGridRow,
  editGridCell,
  gridHeaderTexts,
  gridRowTexts,
  installGlideJsdom,
} from '../../engine/testing/grid';
import { OperationError } from '../../engine/services';
import { answer, callsOf, lastCall, promptDialog, renderPoFlow } from './po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 20_000 };

describe('OrderRequestList', () => {
  it(
    'lists purchase orders only, with code texts, money and per-currency totals; a title filter goes to the server; a PO number opens the order',
    T,
    async () => {
      const { services, router } = renderPoFlow('/OrderRequestList');
      await screen.findByText('총 5건');
      expect(screen.getByRole('heading', { name: '발주요청' })).toBeInTheDocument();
      expect(lastCall(services.calls, 'listPos')!.input.query).toMatchObject({
        poType: 'PO',
        sort: 'poNo:desc',
        page: 1,
      });
      expect(screen.getByText('합계 KRW 50,000 · JPY 100,000')).toBeInTheDocument();
      await waitFor(() => expect(gridRowTexts().length).toBe(5));
      expect(gridHeaderTexts()).toEqual(
        expect.arrayContaining(['발주번호 ▼', '발주일자', '제목', '발주상태', '결재상태', '협력사']),
      );
      const byNo = Object.fromEntries(gridRowTexts().map((r) => [r[0], r]));
      expect(byNo['PO2026-000302']).toEqual(expect.arrayContaining(['결재중', '결재대기', '(주)한빛정밀']));
      expect(byNo['PO2026-000304']).toEqual(expect.arrayContaining(['금형 부품', '발주확인', '승인']));
      expect(byNo['PO2026-000305']).toBeUndefined();

      const title = screen.getByLabelText('제목');
      fireEvent.change(title, { target: { value: '금형' } });
      fireEvent.keyDown(title, { key: 'Enter', code: 'Enter' });
      await screen.findByText('총 1건');
      expect(lastCall(services.calls, 'listPos')!.input.query).toMatchObject({ title: '금형', poType: 'PO' });
      await waitFor(() => expect(gridRowTexts().length).toBe(1));
      clickGridRow(0, { x: 40 });
      await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
      expect(router.state.location.search).toBe('?poNo=PO2026-000304');
      await screen.findByDisplayValue('금형 부품');
    },
  );

  it('발주 작성 opens the edit screen empty; without write authority it is not offered', T, async () => {
    const { router } = renderPoFlow('/OrderRequestList');
    await screen.findByText('총 5건');
    fireEvent.click(screen.getByRole('button', { name: '발주 작성' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByLabelText(/견적요청/)).toBeInTheDocument();
  });

  it('is read only for a read-only menu: no 발주 작성, Excel still offered', T, async () => {
    renderPoFlow('/OrderRequestList', { authority: { read: true, write: false } });
    await screen.findByText('총 5건');
    expect(screen.queryByRole('button', { name: '발주 작성' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '엑셀 다운로드' })).toBeEnabled();
  });
});

describe('OrderRequestEdit: building an order from an awarded quotation request', () => {
  it(
    'offers awarded requests, shows the selected supplier, and sends the request with the version read',
    T,
    async () => {
      const { services, fixtures } = renderPoFlow('/OrderRequestEdit');
      const select = await screen.findByLabelText(/견적요청/);
      expect(lastCall(services.calls, 'listRfqs')!.input.query).toMatchObject({ status: 'AWARDED' });
      await waitFor(() => expect(within(select).getByRole('option', { name: '펌프 교체 부품' })).toBeInTheDocument());
      // No request chosen yet: no supplier (an unfiltered list's first row would be another request's).
      expect(screen.getByLabelText('선정 협력사')).toHaveValue('');
      expect(services.calls.filter((c) => c.operation === 'listRfqs' && !c.input.query?.size)).toHaveLength(0);
      fireEvent.change(select, { target: { value: 'RFQ2026-000061' } });
      await waitFor(() => expect(screen.getByLabelText('선정 협력사')).toHaveValue('대성산업(주)'));
      fireEvent.change(screen.getByLabelText(/^납기일/), { target: { value: '2026-12-24' } });
      fireEvent.blur(screen.getByLabelText(/^납기일/));
      fireEvent.click(screen.getByRole('button', { name: '발주 작성' }));
      await answer('확인');
      await screen.findByText('발주가 작성되었습니다.');
      expect(lastCall(services.calls, 'createPo')!.input.body).toEqual({
        rfqNo: 'RFQ2026-000061',
        rfqVersion: 5,
        title: '',
        dueDate: '2026-12-24',
        remark: '',
        loiNo: '',
        fileId: null,
      });
      const created = fixtures.data.pos.at(-1)!;
      expect(created).toMatchObject({ rfqNo: 'RFQ2026-000061', compNo: 'C00002', status: 'DRAFT' });
      await waitFor(() => expect(screen.getByLabelText('발주번호')).toHaveValue(created.poNo as string));
      expect(screen.getByRole('button', { name: '결재상신' })).toBeInTheDocument();
    },
  );

  it('shows the server’s refusal when the request already has an order', T, async () => {
    const { services } = renderPoFlow('/OrderRequestEdit');
    const select = await screen.findByLabelText(/견적요청/);
    await waitFor(() => expect(within(select).getByRole('option', { name: '설비 보수 자재' })).toBeInTheDocument());
    fireEvent.change(select, { target: { value: 'RFQ2026-000050' } });
    await waitFor(() => expect(screen.getByLabelText('이 견적요청의 발주')).toHaveValue('PO2026-000301'));
    fireEvent.change(screen.getByLabelText(/^납기일/), { target: { value: '2026-12-24' } });
    fireEvent.blur(screen.getByLabelText(/^납기일/));
    fireEvent.click(screen.getByRole('button', { name: '발주 작성' }));
    await answer('확인');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '이 견적요청으로 만든 발주가 이미 있습니다: PO2026-000301',
    );
    expect(lastCall(services.calls, 'createPo')!.input.body).toMatchObject({ rfqNo: 'RFQ2026-000050', rfqVersion: 7 });
  });
});

describe('OrderRequestEdit: the workflow', () => {
  it('a draft: shows the order with code texts, saves, submits for approval and shows the new state', T, async () => {
    const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301');
    await screen.findByDisplayValue('설비 보수 자재');
    expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('작성중');
    expect(screen.getByLabelText('결재상태')).toHaveDisplayValue('미상신');
    expect(screen.getByLabelText('발주금액')).toHaveValue('12,500');
    await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(2));
    expect(gridRowTexts(document, 0)[0]).toEqual(
      expect.arrayContaining(['MRO0101-0001', '베어링 6204', 'EA', '10', '1,000', '10,000']),
    );
    expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '발주 전송' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('제목'), { target: { value: '설비 보수 자재 (2차)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await answer('확인');
    await screen.findByText('저장되었습니다.');
    expect(lastCall(services.calls, 'updatePo')!.input).toEqual({
      path: { poNo: 'PO2026-000301' },
      query: undefined,
      body: { version: 1, title: '설비 보수 자재 (2차)', dueDate: '2026-12-20', remark: null, fileId: null, lines: [] },
    });

    fireEvent.click(screen.getByRole('button', { name: '결재상신' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('결재를 상신하시겠습니까?');
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    await screen.findByText('결재가 상신되었습니다.');
    expect(lastCall(services.calls, 'submitPo')!.input).toMatchObject({
      path: { poNo: 'PO2026-000301' },
      body: { version: 2 },
    });
    expect(fixtures.data.pos[0]).toMatchObject({ status: 'IN_APPROVAL', version: 3 });
    await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('결재중'));
    expect(screen.getByLabelText('현재 결재자')).toHaveValue('박성호');
    expect(screen.queryByRole('button', { name: '결재상신' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('제목')).toHaveAttribute('readonly');
  });

  it(
    'the approver sees the spec’s FORWARD_YN=Y message (listForwardYn, the GET twin of getForwardYn: a screen reads it without a click) and approves with a comment',
    T,
    async () => {
      const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000302', { group: '50' });
      await screen.findByDisplayValue('설비 보수 자재');
      await waitFor(() => expect(screen.getByLabelText('발주서 자동전송')).toHaveDisplayValue('예'));
      expect(lastCall(services.calls, 'listForwardYn')!.input.query).toEqual({ compNo: 'C00001' });
      await waitFor(() => expect(gridRowTexts(document, 1).length).toBe(1));
      expect(gridRowTexts(document, 1)[0]).toEqual(expect.arrayContaining(['발주 결재', '박성호', '결재 차례']));
      expect(screen.queryByRole('button', { name: '결재상신' })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: '승인' }));
      const prompt = await promptDialog('결재 승인');
      expect(prompt).toHaveTextContent('승인하면 발주서가 협력사로 자동 전송됩니다. 승인하시겠습니까?');
      fireEvent.change(within(prompt).getByLabelText('결재 의견'), { target: { value: '납기 준수 바랍니다' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      await screen.findByText('승인되었습니다.');
      expect(lastCall(services.calls, 'approveApproval')!.input).toMatchObject({
        path: { approvalId: 71 },
        body: { version: 1, comment: '납기 준수 바랍니다' },
      });
      expect(fixtures.data.pos[1]).toMatchObject({ status: 'SENT', approvalStatus: 'APPROVED' });
      await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('발주전송'));
      expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    },
  );

  it('a rejection needs a comment; the order returns to draft', T, async () => {
    const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000302', { group: '50' });
    await screen.findByDisplayValue('설비 보수 자재');
    fireEvent.click(await screen.findByRole('button', { name: '반려' }));
    let prompt = await promptDialog('결재 반려');
    expect(prompt).toHaveTextContent('반려 사유를 입력하세요. 문서는 작성중 상태로 돌아갑니다.');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(callsOf(services.calls, 'rejectApproval')).toHaveLength(0);
    fireEvent.change(within(prompt).getByLabelText(/반려 사유/), { target: { value: '단가 재협의 필요' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('반려되었습니다.');
    expect(lastCall(services.calls, 'rejectApproval')!.input).toMatchObject({
      path: { approvalId: 71 },
      body: { version: 1, comment: '단가 재협의 필요' },
    });
    expect(fixtures.data.pos[1]).toMatchObject({ status: 'DRAFT', approvalStatus: 'REJECTED' });
    await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('작성중'));
    prompt = screen.queryByRole('dialog') as HTMLElement;
    expect(prompt).toBeNull();
  });

  it('an approved order of a FORWARD_YN=N supplier is sent by the buyer after the spec’s N message', T, async () => {
    const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000303');
    await screen.findByDisplayValue('포장재 발주');
    await waitFor(() => expect(screen.getByLabelText('발주서 자동전송')).toHaveDisplayValue('아니오'));
    expect(lastCall(services.calls, 'listForwardYn')!.input.query).toEqual({ compNo: 'C00002' });
    fireEvent.click(screen.getByRole('button', { name: '발주 전송' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('이 협력사는 발주서 자동 전송 대상이 아닙니다. 발주서를 별도로 전달했다면');
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    await screen.findByText('발주서가 전송되었습니다.');
    expect(lastCall(services.calls, 'sendPo')!.input).toMatchObject({
      path: { poNo: 'PO2026-000303' },
      body: { version: 4 },
    });
    expect(fixtures.data.pos[2].status).toBe('SENT');
    await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('발주전송'));
  });

  it(
    'a sent order is changed with a reason: the edited lines and due date go to the server, the change is listed',
    T,
    async () => {
      const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000304');
      await screen.findByDisplayValue('금형 부품');
      await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(2));
      await waitFor(() =>
        expect(gridRowTexts(document, 1)[0]).toEqual(
          expect.arrayContaining(['납기일', '2026-12-10', '2026-12-20', '협력사 요청']),
        ),
      );
      await editGridCell({ row: 1, field: 'quantity' }, '2');
      fireEvent.change(screen.getByLabelText(/^납기일/), { target: { value: '2026-12-27' } });
      fireEvent.blur(screen.getByLabelText(/^납기일/));
      fireEvent.click(screen.getByRole('button', { name: '발주 변경' }));
      const prompt = await promptDialog('발주 변경');
      expect(prompt).toHaveTextContent('결재 금액을 넘는 변경은 바로 적용되지 않고 변경안으로 결재에 올라가며');
      fireEvent.change(within(prompt).getByLabelText(/변경 사유/), { target: { value: '수량 조정' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      await screen.findByText(
        '발주가 변경되었습니다 (변경차수 2). 협력사에 변경 통지를 보냈으며, 협력사가 다시 확인해야 합니다.',
      );
      expect(lastCall(services.calls, 'changePo')!.input).toEqual({
        path: { poNo: 'PO2026-000304' },
        query: undefined,
        body: {
          version: 6,
          reason: '수량 조정',
          dueDate: '2026-12-27',
          lines: [{ lineNo: 2, quantity: 2, unitPrice: 1000, deliveryDate: '2026-12-20' }],
        },
      });
      expect(fixtures.data.pos[3]).toMatchObject({ status: 'SENT', dueDate: '2026-12-27' });
      await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('발주전송'));
      await waitFor(() => expect(gridRowTexts(document, 1).length).toBe(3));
    },
  );

  it(
    'a change above the approved amount is proposed for approval: the page says so, not that the order changed',
    T,
    async () => {
      const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000304');
      await screen.findByDisplayValue('금형 부품');
      await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(2));
      await editGridCell({ row: 0, field: 'quantity' }, '20');
      fireEvent.click(screen.getByRole('button', { name: '발주 변경' }));
      const prompt = await promptDialog('발주 변경');
      fireEvent.change(within(prompt).getByLabelText(/변경 사유/), { target: { value: '추가 주문' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      await screen.findByText(
        '변경안이 결재에 올라갔습니다 (변경차수 2). 승인되기 전까지 발주는 기존 내용대로 유지되고, 승인되면 협력사에 변경 통지가 갑니다.',
      );
      expect(screen.queryByText(/발주가 변경되었습니다/)).not.toBeInTheDocument();
      expect(lastCall(services.calls, 'changePo')!.input.body).toMatchObject({ lines: [{ lineNo: 1, quantity: 20 }] });
      expect(fixtures.data.pos[3]).toMatchObject({ status: 'ACKNOWLEDGED', revision: 1 });
    },
  );

  it('cancelling asks for a reason and sends it', T, async () => {
    const { services, fixtures } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301');
    await screen.findByDisplayValue('설비 보수 자재');
    fireEvent.click(screen.getByRole('button', { name: '발주 취소' }));
    const prompt = await promptDialog('취소');
    expect(prompt).toHaveTextContent('납품이 시작된 발주는 취소할 수 없습니다.');
    fireEvent.click(within(prompt).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(services.calls, 'cancelPo')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '발주 취소' }));
    const again = await promptDialog('취소');
    fireEvent.change(within(again).getByLabelText(/취소 사유/), { target: { value: '요청부서 취소 요청' } });
    fireEvent.click(within(again).getByRole('button', { name: '확인' }));
    await screen.findByText('취소되었습니다.');
    expect(lastCall(services.calls, 'cancelPo')!.input).toMatchObject({
      path: { poNo: 'PO2026-000301' },
      body: { version: 1, reason: '요청부서 취소 요청' },
    });
    expect(fixtures.data.pos[0]).toMatchObject({ status: 'CANCELLED', cancelReason: '요청부서 취소 요청' });
    await waitFor(() => expect(screen.getByLabelText('취소사유')).toHaveValue('요청부서 취소 요청'));
  });

  it('a stale version is answered with the server’s message', T, async () => {
    renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301', {
      answers: {
        submitPo: () => {
          throw new OperationError(
            409,
            'VERSION_CONFLICT',
            '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
          );
        },
      },
    });
    await screen.findByDisplayValue('설비 보수 자재');
    fireEvent.click(screen.getByRole('button', { name: '결재상신' }));
    await answer('확인');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('다른 사용자가 먼저 변경했습니다');
  });

  it(
    'without write authority: no writing buttons, read-only fields; deciding is a write, so no approve or reject either',
    T,
    async () => {
      renderPoFlow('/OrderRequestEdit?poNo=PO2026-000302', { authority: { read: true, write: false }, group: '50' });
      await screen.findByDisplayValue('설비 보수 자재');
      expect(screen.getByLabelText('제목')).toHaveAttribute('readonly');
      expect(screen.queryByRole('button', { name: '발주 취소' })).not.toBeInTheDocument();
      // The server answers approveApproval / rejectApproval with 403 GPMS006 without write (docs/security.md).
      expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '반려' })).not.toBeInTheDocument();
    },
  );
});
