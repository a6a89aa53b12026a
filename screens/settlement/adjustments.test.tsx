import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { createSettlementFixtures, OPERATOR_LOGIN } from './settlement-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

function open(id: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createSettlementFixtures();
  const r = renderScreen(id, {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    codes: fixtures.codes,
    login: OPERATOR_LOGIN,
    ...extra,
  });
  return { ...r, fixtures };
}

async function confirmYes(text?: string | RegExp) {
  const dialog = await screen.findByRole('alertdialog');
  if (text) expect(dialog).toHaveTextContent(text);
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('adjustSearch: the history of adjustments', { timeout: 30_000 }, () => {
  it('lists every state with the amount total; a link from the settlement starts filtered to its pending ones', async () => {
    const all = open('settlement.adjustSearch');
    await screen.findByText('총 3건');
    const q = lastCall(all.services.calls, 'listAdjustments')!.input.query!;
    expect(q).toMatchObject({ sort: 'requestedAt:desc' });
    expect(q.requestedDates).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['AJ2026-000011', '승인요청', 'ST2026-000101', '2026-10', '대한정밀', '정산작성']),
    );
    expect(gridRowTexts()[3]).toEqual(expect.arrayContaining(['합계']));
    all.unmount();

    const linked = open('settlement.adjustSearch', { route: '/adjustSearch?settleNo=ST2026-000101&status=REQUESTED' });
    await screen.findByText('총 1건');
    expect(lastCall(linked.services.calls, 'listAdjustments')!.input.query).toMatchObject({
      settleNo: 'ST2026-000101',
      status: ['REQUESTED'],
    });
    expect(screen.getByLabelText('정산번호')).toHaveValue('ST2026-000101');
  });

  it('approves the selected pending adjustments with their versions', async () => {
    const { services, fixtures } = open('settlement.adjustSearch');
    await screen.findByText('총 3건');
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    const approve = screen.getByRole('button', { name: '승인' });
    clickGridRow(1, { x: 10 });
    await waitFor(() => expect(screen.getByText('1건 선택')).toBeInTheDocument());
    expect(approve).toBeDisabled();
    clickGridRow(1, { x: 10 });
    clickGridRow(0, { x: 10 });
    await waitFor(() => expect(approve).toBeEnabled());
    fireEvent.click(approve);
    await confirmYes('선택한 1건의 조정을 승인하시겠습니까?');
    await screen.findByText('1건 처리되었습니다.');
    expect(lastCall(services.calls, 'approveAdjustment')!.input).toMatchObject({
      path: { adjNo: 'AJ2026-000011' },
      body: { version: 1 },
    });
    expect(fixtures.data.adjustments[0]).toMatchObject({ status: 'APPROVED', version: 2 });
    await waitFor(() => expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['AJ2026-000011', '승인'])));
  });

  it('rejects with a comment the prompt requires', async () => {
    const { services, fixtures } = open('settlement.adjustSearch');
    await screen.findByText('총 3건');
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    clickGridRow(0, { x: 10 });
    const reject = screen.getByRole('button', { name: '반려' });
    await waitFor(() => expect(reject).toBeEnabled());
    fireEvent.click(reject);
    const prompt = await screen.findByRole('dialog');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    fireEvent.change(within(prompt).getByLabelText(/반려 사유/), { target: { value: '증빙 없음' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('처리되었습니다.');
    expect(lastCall(services.calls, 'rejectAdjustment')!.input).toMatchObject({
      path: { adjNo: 'AJ2026-000011' },
      body: { version: 1, comment: '증빙 없음' },
    });
    expect(fixtures.data.adjustments[0]).toMatchObject({ status: 'REJECTED', decisionComment: '증빙 없음' });
  });
});

describe('adjustment: propose one, then decide it', { timeout: 30_000 }, () => {
  it('proposes an adjustment for a settlement number; the screen then shows it, and approving one’s own is refused', async () => {
    const { services, fixtures } = open('settlement.adjustment', { route: '/adjustment' });
    await screen.findByRole('heading', { name: '정산조정' });
    expect(screen.queryByLabelText('조정번호')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '조정 요청' }));
    await screen.findByRole('alertdialog');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '확인' }));
    expect(await screen.findAllByText('필수 입력 항목입니다.')).toHaveLength(3);
    expect(services.calls.some((c) => c.operation === 'createAdjustment')).toBe(false);

    fireEvent.change(screen.getByLabelText(/정산번호/), { target: { value: 'ST2026-000101' } });
    fireEvent.change(screen.getByLabelText(/조정금액/), { target: { value: '20000' } });
    fireEvent.change(screen.getByLabelText(/조정사유/), { target: { value: '운반비 추가 정산' } });
    fireEvent.click(screen.getByRole('button', { name: '조정 요청' }));
    await confirmYes('조정을 요청하시겠습니까?');
    await screen.findByText('조정을 요청했습니다. 승인 후 정산금액에 반영됩니다.');
    expect(lastCall(services.calls, 'createAdjustment')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000101' },
      body: { amount: '20000', reason: '운반비 추가 정산' },
    });
    expect(Object.keys(lastCall(services.calls, 'createAdjustment')!.input.body as object).sort()).toEqual([
      'amount',
      'reason',
    ]);
    // Now the new adjustment: its number and state, read only, with the decisions it allows.
    await screen.findByDisplayValue(String(fixtures.data.adjustments[0].adjNo));
    expect(screen.getByLabelText('조정상태')).toHaveDisplayValue('승인요청');
    expect(screen.getByLabelText(/조정사유/)).toHaveAttribute('readonly');
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('본인이 요청한 조정은 승인할 수 없습니다');
    expect(fixtures.data.adjustments[0].status).toBe('REQUESTED');
  });

  it('shows the server’s field error for a bad amount at its field', async () => {
    open('settlement.adjustment', { route: '/adjustment' });
    await screen.findByRole('heading', { name: '정산조정' });
    fireEvent.change(screen.getByLabelText(/정산번호/), { target: { value: 'ST2026-000101' } });
    fireEvent.change(screen.getByLabelText(/조정금액/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/조정사유/), { target: { value: '테스트' } });
    fireEvent.click(screen.getByRole('button', { name: '조정 요청' }));
    await confirmYes();
    const alert = await screen.findByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/조정금액/).closest('[data-field="amount"]')).toHaveTextContent(
        '조정 금액은 0이 아닌 원 단위 정수입니다',
      ),
    );
  });

  it('opened by number: another’s pending adjustment is approved with a comment and the record is read again', async () => {
    const { services, fixtures } = open('settlement.adjustment', { route: '/adjustment?adjNo=AJ2026-000011' });
    await screen.findByDisplayValue('AJ2026-000011');
    expect(screen.getByLabelText('요청자')).toHaveValue('박성호');
    expect(screen.queryByRole('button', { name: '조정 요청' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/처리 의견/), { target: { value: '확인함' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('처리되었습니다.');
    expect(lastCall(services.calls, 'approveAdjustment')!.input).toMatchObject({
      path: { adjNo: 'AJ2026-000011' },
      body: { version: 1, comment: '확인함' },
    });
    expect(fixtures.data.adjustments[0].status).toBe('APPROVED');
    await waitFor(() => expect(screen.getByLabelText('조정상태')).toHaveDisplayValue('승인'));
    expect(screen.getByLabelText('처리 의견')).toHaveValue('확인함');
    expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '반려' })).not.toBeInTheDocument();
  });
});
