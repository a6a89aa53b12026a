import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickGridRow,
  editGridCell,
  gridHeaderTexts,
  gridRowTexts,
  installGlideJsdom,
} from '../../engine/testing/grid';
import { OperationError, type OperationInput } from '../../engine/services';
import { renderCyberFlow } from './cyber-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('prCheckList: quotation requests sent to my company', () => {
  it('lists the requests with code texts, sorted by request date; filters go to the server', async () => {
    const { services } = renderCyberFlow('/cyber/prCheckList');
    await screen.findByText('총 3건');
    expect(screen.getByRole('heading', { name: '견적요청 확인' })).toBeInTheDocument();
    expect(lastCall(services.calls, 'listSupplierRfqs')!.input.query).toMatchObject({
      page: 1,
      sort: 'invitedAt:desc',
    });
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    expect(gridHeaderTexts()).toEqual(
      expect.arrayContaining(['견적요청번호', '제목', '견적상태', '요청상태', '견적마감일시']),
    );
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['RFQ2026-000101', '생산설비 베어링 구매 견적', '견적요청', '견적진행']),
    );
    expect(gridRowTexts()[2]).toEqual(
      expect.arrayContaining(['RFQ2026-000090', '공구류 견적 (마감)', '미선정', '업체선정']),
    );

    fireEvent.change(screen.getByLabelText('진행여부'), { target: { value: 'Y' } });
    const no = screen.getByRole('textbox', { name: '견적요청번호' });
    fireEvent.change(no, { target: { value: '0001' } });
    fireEvent.keyDown(no, { key: 'Enter', code: 'Enter' });
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listSupplierRfqs')!.input.query).toMatchObject({ rfqNo: '0001', open: 'Y' });
  });

  it(
    'the request number links to the request: opening it marks it checked; 견적 작성 goes on to the quotation',
    { timeout: 20_000 },
    async () => {
      const { router, services } = renderCyberFlow('/cyber/prCheckList');
      await screen.findByText('총 3건');
      await waitFor(() => expect(gridRowTexts().length).toBe(3));
      clickGridRow(0, { x: 40 });
      await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/prCheckEdit'));
      // The server answers each row with the supplier's company; the link carries it (staff open the same screen).
      expect(router.state.location.search).toBe('?rfqNo=RFQ2026-000101&compNo=C00001');
      await screen.findByDisplayValue('생산설비 베어링 구매 견적');
      expect(lastCall(services.calls, 'getSupplierRfq')!.input.path).toEqual({ rfqNo: 'RFQ2026-000101' });
      // The first opening marked it checked: the server's new state is shown.
      expect(screen.getByLabelText('견적상태')).toHaveDisplayValue('요청확인');
      expect(screen.getByDisplayValue('김민수')).toHaveAttribute('readonly');
      expect(screen.getByLabelText('담당자 전화')).toHaveValue('02 - 2123 - 4567');
      await waitFor(() => expect(gridRowTexts().length).toBe(2));
      expect(gridRowTexts()[1]).toEqual(
        expect.arrayContaining(['오일씰 TC 25x40x7', 'NBR', 'EA', '150.5', '2099-11-30']),
      );
      expect(await screen.findByText('견적서_한빛정밀_2024.pdf')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '제출한 견적 보기' })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: '견적 작성' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/prSubmitEdit'));
      expect(router.state.location.search).toBe('?rfqNo=RFQ2026-000101');
      await screen.findByRole('heading', { name: '견적서 작성' });
    },
  );

  it('a closed request offers no quotation, only the one submitted', async () => {
    renderCyberFlow('/cyber/prCheckEdit?rfqNo=RFQ2026-000090');
    await screen.findByDisplayValue('공구류 견적 (마감)');
    expect(screen.queryByRole('button', { name: '견적 작성' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '제출한 견적 보기' })).toBeEnabled();
  });
});

describe('prSubmitEdit: my quotation until the deadline', () => {
  it('submits unit prices, lead time and validity; the server’s answer (number, total, revision) is shown', async () => {
    const { services, fixtures } = renderCyberFlow('/cyber/prSubmitEdit?rfqNo=RFQ2026-000101');
    await screen.findByDisplayValue('생산설비 베어링 구매 견적');
    expect(screen.getByRole('button', { name: '견적 제출' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: '견적 수정 제출' })).not.toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts().length).toBe(2));

    // Client rules first: nothing is sent without the required answers.
    fireEvent.click(screen.getByRole('button', { name: '견적 제출' }));
    const alert = await screen.findByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(services.calls.some((c) => c.operation === 'submitQuotation')).toBe(false);
    expect(await screen.findAllByText('필수 입력 항목입니다.')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(/납품 소요일/), { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText(/견적유효기한/), { target: { value: '2099-05-31' } });
    fireEvent.blur(screen.getByLabelText(/견적유효기한/));
    fireEvent.change(screen.getByLabelText('비고'), { target: { value: '운송비 포함' } });
    await editGridCell({ row: 0, field: 'unitPrice' }, '12000');
    await editGridCell({ row: 1, field: 'unitPrice' }, '3500.5');
    fireEvent.click(screen.getByRole('button', { name: '견적 제출' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('견적을 제출하시겠습니까?');
    await confirmYes();
    await screen.findByText('견적을 제출했습니다.');
    const sent = lastCall(services.calls, 'submitQuotation')!.input;
    expect(sent.path).toEqual({ rfqNo: 'RFQ2026-000101' });
    expect(sent.body).toEqual({
      version: 1,
      leadTimeDays: '21',
      validUntil: '2099-05-31',
      remark: '운송비 포함',
      fileId: null,
      lines: [
        { lineNo: 1, unitPrice: 12000, remark: '' },
        { lineNo: 2, unitPrice: 3500.5, remark: '' },
      ],
    });
    expect(fixtures.data.quotes[0]).toMatchObject({
      status: 'SUBMITTED',
      quoteNo: 'QT2026-000077',
      totalAmount: '2926825',
      version: 2,
    });
    // The record read again: its quotation number, the new total, and revising from now on.
    await screen.findByDisplayValue('QT2026-000077');
    expect(screen.getByLabelText('견적상태')).toHaveDisplayValue('견적제출');
    expect(screen.getByLabelText('견적금액')).toHaveValue('2,926,825');
    expect(screen.getByRole('button', { name: '견적 수정 제출' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: '견적 제출' })).not.toBeInTheDocument();
  }, 30_000);

  it('a refusal shows the server’s message (deadline passed meanwhile) and changes nothing', async () => {
    const { fixtures } = renderCyberFlow('/cyber/prSubmitEdit?rfqNo=RFQ2026-000102', {
      answers: {
        submitQuotation: () => {
          throw new OperationError(
            409,
            'QUOTATION_CLOSED',
            '견적 마감일시가 지나 견적을 제출하거나 수정할 수 없습니다',
          );
        },
      },
    });
    await screen.findByDisplayValue('QT2026-000050');
    expect(screen.getByLabelText(/납품 소요일/)).toHaveValue('14');
    fireEvent.click(screen.getByRole('button', { name: '견적 수정 제출' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '견적 마감일시가 지나 견적을 제출하거나 수정할 수 없습니다',
    );
    expect(fixtures.data.quotes[1]).toMatchObject({ revision: 1, version: 3 });
  });

  it('past the deadline the quotation is read only and says why', async () => {
    renderCyberFlow('/cyber/prSubmitEdit?rfqNo=RFQ2026-000090');
    await screen.findByDisplayValue('QT2020-000010');
    expect(
      screen.getByRole('heading', { name: '마감일시가 지났거나 종료된 견적요청은 조회만 할 수 있습니다.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/납품 소요일/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /제출/ })).not.toBeInTheDocument();
    expect(screen.getByText('조회 전용')).toBeInTheDocument();
  });
});

describe('prSubmitList: my quotations', () => {
  it('lists only submitted quotations; the quotation number opens it', async () => {
    const { router, services } = renderCyberFlow('/cyber/prSubmitList');
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listSupplierQuotations')!.input.query).toMatchObject({ sort: 'submittedAt:desc' });
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['QT2026-000050', 'RFQ2026-000102', '견적제출', '1,250,000']),
    );
    clickGridRow(0, { x: 40 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/prSubmitEdit'));
    expect(router.state.location.search).toBe('?rfqNo=RFQ2026-000102&compNo=C00001');
  });
});
