import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { createSettlementFixtures, OPERATOR_LOGIN, SUPPLIER_LOGIN } from './settlement-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const Statement = ({ query, props }: { query: Record<string, string>; props: Record<string, unknown> }) => (
  <p>
    명세서 {String(props.portal)} {query.settleNo}
  </p>
);

function open(id: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createSettlementFixtures();
  const r = renderScreen(id, {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    codes: fixtures.codes,
    login: OPERATOR_LOGIN,
    customComponents: { settlementStatement: Statement },
    ...extra,
  });
  return { ...r, fixtures };
}

const supplier = { portal: 'external' as const, login: SUPPLIER_LOGIN };

async function confirmYes(text?: string | RegExp) {
  const dialog = await screen.findByRole('alertdialog');
  if (text) expect(dialog).toHaveTextContent(text);
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('monthlyCalculate (external): my settlements', { timeout: 30_000 }, () => {
  it('lists my settlements put to us, in the supplier’s words; the statement opens for the chosen one', async () => {
    const { services } = open('settlement.monthlyCalculate', supplier);
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listMySettlements')!.input.query!.periods).toEqual([
      expect.stringMatching(/^\d{4}01$/),
      expect.stringMatching(/^\d{6}$/),
    ]);
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    // Our own company only, never a draft: the other supplier's and the draft stay out.
    expect(gridRowTexts().map((r) => r[0])).toEqual(['ST2026-000103', 'ST2026-000104', '합계']);
    expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['2026-10', '확인요청', '45,395']));
    expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['2026-09', '지급처리', '9,471']));
    clickGridRow(1, { x: 200 });
    const print = screen.getByRole('button', { name: '거래명세서' });
    await waitFor(() => expect(print).toBeEnabled());
    fireEvent.click(print);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('명세서 external ST2026-000104')).toBeInTheDocument();
  });
});

describe('monthlyCalcDetail (external): confirm or dispute', { timeout: 30_000 }, () => {
  it('confirms a settlement put to us with its version and shows the new state', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcDetail', {
      ...supplier,
      route: '/monthlyCalcDetail?settleNo=ST2026-000103',
    });
    await screen.findByDisplayValue('ST2026-000103');
    expect(screen.getByLabelText('정산상태')).toHaveDisplayValue('확인요청');
    expect(screen.getByLabelText('정산금액(원)')).toHaveValue('45,395');
    fireEvent.click(screen.getByRole('button', { name: '정산 확인' }));
    await confirmYes('확인 후에는 변경할 수 없습니다');
    await screen.findByText('정산을 확인했습니다.');
    expect(lastCall(services.calls, 'confirmSettlement')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000103' },
      body: { version: 2 },
    });
    expect(fixtures.data.settlements[2].status).toBe('CONFIRMED');
    await waitFor(() => expect(screen.getByLabelText('정산상태')).toHaveDisplayValue('확인완료'));
    expect(screen.queryByRole('button', { name: '정산 확인' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '이의 제기' })).not.toBeInTheDocument();
  });

  it('disputes with a reason the prompt requires; the reason is shown afterwards', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcDetail', {
      ...supplier,
      route: '/monthlyCalcDetail?settleNo=ST2026-000103',
    });
    await screen.findByDisplayValue('ST2026-000103');
    fireEvent.click(screen.getByRole('button', { name: '이의 제기' }));
    const prompt = await screen.findByRole('dialog');
    expect(prompt).toHaveTextContent('구매 담당자가 확인 후 조정하여 다시 확인을 요청합니다');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    fireEvent.change(within(prompt).getByLabelText(/이의 사유/), {
      target: { value: '10월 5일 입고분 단가가 다릅니다' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('이의를 제기했습니다.');
    expect(lastCall(services.calls, 'disputeSettlement')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000103' },
      body: { version: 2, reason: '10월 5일 입고분 단가가 다릅니다' },
    });
    expect(fixtures.data.settlements[2].status).toBe('DISPUTED');
    await waitFor(() => expect(screen.getByLabelText('이의 사유')).toHaveValue('10월 5일 입고분 단가가 다릅니다'));
  });

  it('a settlement already confirmed offers nothing to do; the server’s refusal of a second confirmation is shown', async () => {
    const { fixtures } = open('settlement.monthlyCalcDetail', {
      ...supplier,
      route: '/monthlyCalcDetail?settleNo=ST2026-000103',
    });
    await screen.findByDisplayValue('ST2026-000103');
    // Confirmed meanwhile by a colleague (same version on purpose: the state check answers).
    fixtures.data.settlements[2].status = 'CONFIRMED';
    fireEvent.click(screen.getByRole('button', { name: '정산 확인' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('이미 확인된 정산입니다');
  });
});

describe('statement: transaction statements', { timeout: 30_000 }, () => {
  it('lists the settlements as statements; a number opens the printable statement in a dialog', async () => {
    open('settlement.statement');
    await screen.findByText('총 4건');
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['ST2026-000101', '2026-10', 'C00001', '대한정밀', '130-81-42557', '정산작성']),
    );
    clickGridRow(3, { x: 60 });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('명세서 internal ST2026-000104')).toBeInTheDocument();
  });
});

describe('dialogs of monthlyCalcAdmin: three-way match and JPY rates', { timeout: 30_000 }, () => {
  it('the three-way match waits for a month, then shows the mismatches with their reasons', async () => {
    const { services } = open('settlement.monthlyCalcAdmin');
    await screen.findByText('총 4건');
    fireEvent.click(screen.getByRole('button', { name: '3자 대사' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('조회 조건을 입력하고 조회를 누르세요.')).toBeInTheDocument();
    const month = within(dialog).getByLabelText('정산월');
    await userEvent.type(month, '2026-10');
    fireEvent.blur(month);
    fireEvent.click(within(dialog).getByRole('button', { name: '조회' }));
    await within(dialog).findByText('총 1건');
    expect(lastCall(services.calls, 'listThreeWayMatch')!.input.query).toMatchObject({
      period: '202610',
      onlyMismatch: 'Y',
    });
    await waitFor(() =>
      expect(gridRowTexts(dialog)[0]).toEqual(
        expect.arrayContaining(['불일치', '초과정산, 금액 불일치', 'C00001', 'PO2026-000302']),
      ),
    );
  });

  it('JPY rates: a month’s rate is set through the prompt; changing one sends the version it was read at', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcAdmin');
    await screen.findByText('총 4건');
    fireEvent.click(screen.getByRole('button', { name: '엔화 환율' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('총 2건');
    await waitFor(() => expect(gridRowTexts(dialog)[0]).toEqual(expect.arrayContaining(['JPY', '2026-10', '950'])));
    fireEvent.click(within(dialog).getByRole('button', { name: '환율 등록' }));
    const prompts = await screen.findAllByRole('dialog');
    const prompt = prompts[prompts.length - 1];
    const month = within(prompt).getByLabelText(/정산월/);
    await userEvent.type(month, '2026-11');
    fireEvent.blur(month);
    fireEvent.change(within(prompt).getByLabelText(/환율/), { target: { value: '912.5' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await within(dialog).findByText('총 3건');
    expect(lastCall(services.calls, 'putFxRate')!.input).toEqual({
      path: { currency: 'JPY', period: '202611' },
      query: undefined,
      body: { rate: '912.5' },
    });

    clickGridRow(1, { x: 10, root: dialog });
    const change = within(dialog).getByRole('button', { name: '환율 변경' });
    await waitFor(() => expect(change).toBeEnabled());
    fireEvent.click(change);
    const again = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.change(within(again).getByLabelText(/환율/), { target: { value: '951' } });
    fireEvent.click(within(again).getByRole('button', { name: '확인' }));
    await waitFor(() =>
      expect(lastCall(services.calls, 'putFxRate')!.input).toMatchObject({
        path: { currency: 'JPY', period: '202610' },
        body: { rate: '951', version: 1 },
      }),
    );
    expect(fixtures.data.fxRates.find((r) => r.period === '202610')).toMatchObject({ rate: '951', version: 2 });
  });
});
