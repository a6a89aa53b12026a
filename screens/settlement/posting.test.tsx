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
const allCells = () =>
  Array.from(document.querySelectorAll('[data-gpms-grid]')).flatMap((_, i) => gridRowTexts(document, i).flat());

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

describe('posting-error: failed ERP postings with retry', { timeout: 30_000 }, () => {
  it('starts with the open errors and the ERP’s messages; a retry sends the voucher’s version and the list follows', async () => {
    const { services, fixtures } = open('settlement.postingError');
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listPostingErrors')!.input.query).toMatchObject({
      status: ['FAILED'],
      sort: 'occurredAt:desc',
    });
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['92', '미처리', 'VC2026-000202', '전기오류', 'ST2026-000105']),
    );
    const retry = screen.getByRole('button', { name: '재전기' });
    expect(retry).toBeDisabled();
    clickGridRow(0, { x: 10 });
    await waitFor(() => expect(retry).toBeEnabled());
    fireEvent.click(retry);
    await confirmYes('이미 전기된 전표는 다시 보내지 않습니다');
    await screen.findByText('재전기를 완료했습니다.');
    expect(lastCall(services.calls, 'retryPosting')!.input).toMatchObject({
      path: { voucherNo: 'VC2026-000202' },
      body: { version: 5 },
    });
    expect(fixtures.data.vouchers[1]).toMatchObject({ status: 'POSTED', erpDocNo: 'ERP-778899' });
    await screen.findByText('총 0건');
  });

  it('a retry the ERP refuses again shows the ERP’s message', async () => {
    const { fixtures } = open('settlement.postingError');
    fixtures.data.erpDown = true;
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    clickGridRow(0, { x: 10 });
    fireEvent.click(screen.getByRole('button', { name: '재전기' }));
    await confirmYes();
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('ERP 전기에 실패했습니다: ERP 응답 시간 초과 (10000ms)');
    expect(fixtures.data.vouchers[1]).toMatchObject({ status: 'FAILED', attempts: 5 });
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    // The new failure is recorded: the list shows it in place of the retried one.
    await waitFor(() => expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['93', '미처리'])));
  });

  it('shows every error, retried ones included, on request', async () => {
    const { services } = open('settlement.postingError', { route: '/posting-error?status=FAILED,RETRIED' });
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listPostingErrors')!.input.query).toMatchObject({ status: ['FAILED', 'RETRIED'] });
    await waitFor(() => expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['91', '재처리됨'])));
  });
});

describe('signifier: ERP posting vouchers', { timeout: 30_000 }, () => {
  it('lists vouchers with their state and amounts; a posted voucher cannot be sent again', async () => {
    const { services } = open('settlement.signifier');
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listVouchers')!.input.query!.periods).toHaveLength(2);
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    // Newest first.
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['VC2026-000202', '전기오류', 'ST2026-000105', '2026-09', '일신로지스', '6,235,200']),
    );
    expect(gridRowTexts()[1]).toEqual(
      expect.arrayContaining(['VC2026-000201', '전기완료', 'ST2026-000104', '대한정밀', '146,138']),
    );
    const retry = screen.getByRole('button', { name: '재전기' });
    clickGridRow(1, { x: 10 });
    await waitFor(() => expect(screen.getByText('1건 선택')).toBeInTheDocument());
    expect(retry).toBeDisabled();
    clickGridRow(1, { x: 10 });
    clickGridRow(0, { x: 10 });
    await waitFor(() => expect(retry).toBeEnabled());
    fireEvent.click(retry);
    await confirmYes();
    await screen.findByText('재전기를 완료했습니다.');
    expect(lastCall(services.calls, 'retryPosting')!.input).toMatchObject({
      path: { voucherNo: 'VC2026-000202' },
      body: { version: 5 },
    });
  });
});

describe('signifierDetail: one voucher', { timeout: 30_000 }, () => {
  it('shows the header, the debit and credit lines and the posting errors; a posted voucher offers no retry', async () => {
    open('settlement.signifierDetail', { route: '/signifierDetail?voucherNo=VC2026-000201' });
    await screen.findByDisplayValue('VC2026-000201');
    expect(screen.getByLabelText('기표상태')).toHaveDisplayValue('전기완료');
    expect(screen.getByLabelText('ERP 전표번호')).toHaveValue('F-VC2026-000201');
    expect(screen.getByLabelText('전표금액(원)')).toHaveValue('146,138');
    await waitFor(() =>
      expect(allCells()).toEqual(
        expect.arrayContaining([
          '차변',
          '물품대',
          '재료비',
          '2026-09 대한정밀 재료비',
          '131,138',
          '대변',
          '외상매입금',
          '146,138',
        ]),
      ),
    );
    expect(screen.queryByRole('button', { name: '재전기' })).not.toBeInTheDocument();
  });

  it('a failed voucher is sent again and shown as posted', async () => {
    const { services } = open('settlement.signifierDetail', { route: '/signifierDetail?voucherNo=VC2026-000202' });
    await screen.findByDisplayValue('VC2026-000202');
    expect(screen.getByLabelText('최근 오류')).toHaveValue('ERP 응답 시간 초과 (10000ms)');
    await waitFor(() =>
      expect(allCells()).toEqual(
        expect.arrayContaining(['92', 'TIMEOUT', 'ERP 응답 시간 초과 (10000ms)', '91', '503', 'MAINTENANCE']),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '재전기' }));
    await confirmYes('같은 멱등키로 보내므로 두 번 전기되지 않습니다');
    await screen.findByText('재전기를 완료했습니다.');
    expect(lastCall(services.calls, 'retryPosting')!.input).toMatchObject({
      path: { voucherNo: 'VC2026-000202' },
      body: { version: 5 },
    });
    await waitFor(() => expect(screen.getByLabelText('기표상태')).toHaveDisplayValue('전기완료'));
    expect(screen.queryByRole('button', { name: '재전기' })).not.toBeInTheDocument();
  });
});
