import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import type { OperationInput } from '../../engine/services';
import { renderCyberFlow } from './cyber-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

async function answer(button: '확인' | '취소') {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('CyberOrderRequestList: orders sent to my company', () => {
  it(
    'lists them with code texts and money; the open filter goes to the server; a PO number opens the order',
    { timeout: 20_000 },
    async () => {
      const { services, router } = renderCyberFlow('/cyber/CyberOrderRequestList');
      await screen.findByText('총 2건');
      expect(screen.getByRole('heading', { name: '발주서 조회' })).toBeInTheDocument();
      expect(lastCall(services.calls, 'listSupplierPos')!.input.query).toMatchObject({ sort: 'poNo:desc' });
      await waitFor(() => expect(gridRowTexts().length).toBe(2));
      expect(gridRowTexts()[0]).toEqual(
        expect.arrayContaining([
          'PO2026-000201',
          '일반발주',
          '2026-03-05',
          '생산설비 베어링 발주',
          '발주전송',
          '3,400,000',
        ]),
      );
      expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['PO2026-000180', '소액발주', '발주확인']));

      fireEvent.change(screen.getByLabelText('진행여부'), { target: { value: 'N' } });
      fireEvent.click(screen.getByRole('button', { name: '조회' }));
      await screen.findByText('총 0건');
      expect(lastCall(services.calls, 'listSupplierPos')!.input.query).toMatchObject({ open: 'N' });
      fireEvent.click(screen.getByRole('button', { name: '초기화' }));
      fireEvent.click(screen.getByRole('button', { name: '조회' }));
      await screen.findByText('총 2건');
      await waitFor(() => expect(gridRowTexts().length).toBe(2));

      clickGridRow(0, { x: 40 });
      await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/CyberOrderRequestEdit'));
      expect(router.state.location.search).toBe('?poNo=PO2026-000201');
      await screen.findByDisplayValue('생산설비 베어링 발주');
    },
  );

  it('LOIs are one click away', { timeout: 20_000 }, async () => {
    const { router, services } = renderCyberFlow('/cyber/CyberOrderRequestList');
    await screen.findByText('총 2건');
    fireEvent.click(screen.getByRole('button', { name: 'LOI 조회' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/CyberLoiList'));
    await screen.findByText('총 2건');
    expect(services.calls.some((c) => c.operation === 'listSupplierLois')).toBe(true);
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['LOI2026-000011', '2026년 금형 제작 의향', '발행', '90,000,000']),
    );
  });
});

describe('CyberOrderRequestEdit: one order, acknowledged once', () => {
  it(
    'shows the order, its lines and its change history; acknowledging sends the version read and shows the new state',
    { timeout: 20_000 },
    async () => {
      const { services, fixtures } = renderCyberFlow('/cyber/CyberOrderRequestEdit?poNo=PO2026-000201');
      await screen.findByDisplayValue('생산설비 베어링 발주');
      // The record, its code texts, its grids and its actions arrive in separate renders: wait for all of them.
      await waitFor(() => {
        expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('발주전송');
        expect(screen.getByLabelText('발주금액')).toHaveValue('3,400,000');
        expect(screen.getByLabelText('발주 비고')).toHaveValue('분할 납품 가능');
      });
      await waitFor(() => expect(gridRowTexts(document, 0).length).toBe(2));
      await waitFor(() => expect(gridRowTexts(document, 1).length).toBeGreaterThan(0));
      expect(gridRowTexts(document, 0)[0]).toEqual(
        expect.arrayContaining(['베어링 6204ZZ', '200', '12,000', '2,400,000']),
      );
      expect(gridRowTexts(document, 1)[0]).toEqual(
        expect.arrayContaining(['납기일', '2026-04-03', '2026-04-10', '설비 반입 일정 변경']),
      );
      await waitFor(() => {
        expect(screen.getByRole('button', { name: '인쇄' })).toBeEnabled();
        expect(screen.getByRole('button', { name: '관련 LOI 보기' })).toBeEnabled();
      });

      fireEvent.click(screen.getByRole('button', { name: '발주 확인' }));
      await answer('취소');
      expect(services.calls.some((c) => c.operation === 'acknowledgePo')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: '발주 확인' }));
      await answer('확인');
      await screen.findByText('발주를 확인했습니다.');
      expect(lastCall(services.calls, 'acknowledgePo')!.input).toMatchObject({
        path: { poNo: 'PO2026-000201' },
        body: { version: 4 },
      });
      expect(fixtures.data.pos[0]).toMatchObject({ status: 'ACKNOWLEDGED', version: 5 });
      await waitFor(() => expect(screen.getByLabelText('발주상태')).toHaveDisplayValue('발주확인'));
      expect(screen.queryByRole('button', { name: '발주 확인' })).not.toBeInTheDocument();
    },
  );

  it(
    'a second acknowledgment (from a screen opened before the first) is refused with the server’s message',
    { timeout: 20_000 },
    async () => {
      const { fixtures } = renderCyberFlow('/cyber/CyberOrderRequestEdit?poNo=PO2026-000201');
      await screen.findByDisplayValue('생산설비 베어링 발주');
      // Meanwhile another user of the company acknowledged it.
      Object.assign(fixtures.data.pos[0], { status: 'ACKNOWLEDGED' });
      fireEvent.click(screen.getByRole('button', { name: '발주 확인' }));
      await answer('확인');
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('이미 확인한 발주입니다');
    },
  );

  it('the LOI the order names opens; an accepted LOI offers no acceptance', { timeout: 20_000 }, async () => {
    const { router } = renderCyberFlow('/cyber/CyberOrderRequestEdit?poNo=PO2026-000201');
    await screen.findByDisplayValue('생산설비 베어링 발주');
    fireEvent.click(screen.getByRole('button', { name: '관련 LOI 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/CyberLoiEdit'));
    expect(router.state.location.search).toBe('?loiNo=LOI2026-000009');
    await screen.findByDisplayValue('베어링 연간 공급 의향');
    expect(screen.getByLabelText('LOI상태')).toHaveDisplayValue('수락');
    expect(screen.queryByRole('button', { name: 'LOI 수락' })).not.toBeInTheDocument();
  });
});

describe('LOI: accepted by the supplier', () => {
  it('accepts an issued LOI once; the server’s refusal is shown as it says it', { timeout: 20_000 }, async () => {
    const { services, fixtures } = renderCyberFlow('/cyber/CyberLoiEdit?loiNo=LOI2026-000011');
    await screen.findByDisplayValue('2026년 금형 제작 의향');
    expect(screen.getByLabelText('LOI 금액')).toHaveValue('90,000,000');
    fireEvent.click(screen.getByRole('button', { name: 'LOI 수락' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('수락은 한 번만 할 수 있습니다');
    await answer('확인');
    await screen.findByText('LOI를 수락했습니다.');
    expect(lastCall(services.calls, 'acceptLoi')!.input).toMatchObject({
      path: { loiNo: 'LOI2026-000011' },
      body: { version: 3 },
    });
    expect(fixtures.data.lois[0]).toMatchObject({ status: 'ACCEPTED' });
    await waitFor(() => expect(screen.getByLabelText('LOI상태')).toHaveDisplayValue('수락'));
    expect(screen.queryByRole('button', { name: 'LOI 수락' })).not.toBeInTheDocument();
  });

  it('an expired LOI: the server refuses with its message', { timeout: 20_000 }, async () => {
    const { OperationError } = await import('../../engine/services');
    renderCyberFlow('/cyber/CyberLoiEdit?loiNo=LOI2026-000011', {
      answers: {
        acceptLoi: () => {
          throw new OperationError(409, 'LOI_EXPIRED', '유효기간(2026-03-01)이 지난 LOI는 수락할 수 없습니다');
        },
      },
    });
    await screen.findByDisplayValue('2026년 금형 제작 의향');
    fireEvent.click(screen.getByRole('button', { name: 'LOI 수락' }));
    await answer('확인');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '유효기간(2026-03-01)이 지난 LOI는 수락할 수 없습니다',
    );
  });

  it('without write authority the supplier reads but cannot accept', { timeout: 20_000 }, async () => {
    renderCyberFlow('/cyber/CyberLoiEdit?loiNo=LOI2026-000011', { authority: { read: true, write: false } });
    await screen.findByDisplayValue('2026년 금형 제작 의향');
    expect(screen.queryByRole('button', { name: 'LOI 수락' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '목록' })).toBeEnabled();
  });
});
