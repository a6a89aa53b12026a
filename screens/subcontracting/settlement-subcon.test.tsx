import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { OperationError, type OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { createSettlementFixtures, OPERATOR_LOGIN, SUPPLIER_LOGIN } from '../settlement/settlement-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Row = Record<string, unknown>;
type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const callsOf = (calls: Calls, op: string) => calls.filter((c) => c.operation === op);

/** What the server answers as `subcon` for a 하도급 settlement, unpaid (the figures of paying today) or paid. */
function subconOf(paid: Row | null): Row {
  return {
    subconKind: 'MANUFACTURE',
    paymentDue: '2026-11-20',
    statutoryDue: '2026-11-20',
    paid: paid !== null,
    paidOn: paid?.paidOn ?? null,
    paymentMethod: paid?.method ?? null,
    billMaturity: null,
    daysLate: 2,
    lateInterest: '8493',
    lateInterestRate: '15.5',
    feeDays: 0,
    billFee: '0',
    billFeeRate: null,
    chargeVoucherNo: paid ? 'VC2026-000301' : null,
    chargeVoucherStatus: paid ? 'POSTED' : null,
  };
}

function reduction(no: number, status: 'REQUESTED' | 'ACKNOWLEDGED', settleNo = 'ST2026-000101'): Row {
  return {
    reductionNo: `RD2026-00000${no}`,
    settleNo,
    compNo: 'C00001',
    amount: '10000',
    reason: `도장 불량 ${no}건 차감`,
    status,
    createdBy: 'operator',
    createdAt: '2026-11-20T01:00:00.000Z',
    acknowledgedBy: status === 'ACKNOWLEDGED' ? 'supplier1' : null,
    acknowledgedAt: status === 'ACKNOWLEDGED' ? '2026-11-21T01:00:00.000Z' : null,
    adjNo: null,
    version: status === 'ACKNOWLEDGED' ? 2 : 1,
  };
}

/**
 * The settlement fixtures with ST2026-000101 (a draft) and ST2026-000102 (confirmed) of 하도급 lines: their
 * `subcon`, the 감액 서면 put on them, and the server's answers to recording a payment and writing a 서면.
 */
function open(id: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createSettlementFixtures();
  const paid: Record<string, Row> = {};
  const reductions: Row[] = [reduction(1, 'ACKNOWLEDGED'), reduction(2, 'REQUESTED')];
  const withSubcon = (answer: unknown) => {
    const d = answer as Row;
    const subcon = ['ST2026-000101', 'ST2026-000102', 'ST2026-000103'].includes(String(d.settleNo));
    const payment = paid[String(d.settleNo)];
    return {
      ...d,
      paidOn: payment?.paidOn ?? null,
      paymentMethod: payment?.method ?? null,
      billMaturity: payment?.billMaturity || null,
      subcon: subcon ? subconOf(payment ?? null) : null,
      reductions: reductions.filter((r) => r.settleNo === d.settleNo),
    };
  };
  const base = fixtures.answers;
  const answers = {
    ...base,
    getSettlement: (input: OperationInput) => withSubcon(base.getSettlement!(input)),
    getMySettlement: (input: OperationInput) => withSubcon(base.getMySettlement!(input)),
    recordSettlementPayment: (input: OperationInput) => {
      const s = fixtures.data.settlements.find((r) => r.settleNo === input.path?.settleNo)!;
      const body = input.body as Row;
      if (body.version !== s.version)
        throw new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
      if (body.method !== 'CASH' && !body.billMaturity)
        throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/billMaturity', message: '어음 또는 어음대체결제수단의 만기일을 입력하세요' },
        ]);
      paid[String(s.settleNo)] = body;
      s.version = Number(s.version) + 1;
      return withSubcon(base.getSettlement!(input));
    },
    createSettlementReduction: (input: OperationInput) => {
      const body = input.body as Row;
      const r = {
        ...reduction(3, 'REQUESTED', String(input.path?.settleNo)),
        amount: body.amount,
        reason: body.reason,
      };
      reductions.push(r);
      return r;
    },
    listSettlementReductions: (input: OperationInput) => {
      const rows = reductions.filter(
        (r) =>
          r.settleNo === input.path?.settleNo &&
          (input.query?.usable !== 'Y' || (r.status === 'ACKNOWLEDGED' && r.adjNo === null)),
      );
      return { rows, total: rows.length };
    },
    listMyReductions: (input: OperationInput) => {
      const rows = reductions.filter((r) => !input.query?.status || r.status === input.query.status);
      return { rows, total: rows.length };
    },
    getMyReduction: (input: OperationInput) => {
      const r = reductions.find((x) => x.reductionNo === input.path?.reductionNo);
      if (!r) throw new OperationError(404, 'REDUCTION_NOT_FOUND', '감액 서면을 찾을 수 없습니다');
      return r;
    },
    acknowledgeReduction: (input: OperationInput) => {
      const r = reductions.find((x) => x.reductionNo === input.path?.reductionNo)!;
      if ((input.body as Row).version !== r.version)
        throw new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
      Object.assign(r, {
        status: 'ACKNOWLEDGED',
        acknowledgedBy: 'supplier1',
        acknowledgedAt: '2026-11-22T01:00:00.000Z',
        version: Number(r.version) + 1,
      });
      return r;
    },
  };
  const r = renderScreen(id, {
    entries: screenDefinitions,
    texts: screenTexts,
    answers,
    codes: fixtures.codes,
    login: OPERATOR_LOGIN,
    ...extra,
  });
  return { ...r, fixtures, reductions, paid };
}

describe('monthlyCalcADetail: a 하도급 settlement’s payment and 감액 서면', { timeout: 30_000 }, () => {
  it('shows the 지급 기한 and the interest accruing, and records the payment with the version read', async () => {
    const { services, paid } = open('settlement.monthlyCalcADetail', {
      route: '/monthlyCalcADetail?settleNo=ST2026-000102',
    });
    await screen.findByDisplayValue('ST2026-000102');
    await waitFor(() => expect(screen.getByLabelText('지급 기한')).toHaveValue('2026-11-20'));
    expect(screen.getByLabelText('지연이자(원)')).toHaveValue('8,493');
    expect(screen.getByLabelText('하도급 구분')).toHaveDisplayValue('제조위탁');
    // The fields read parts of one answer: one call besides the record's own.
    expect(callsOf(services.calls, 'getSettlement').length).toBeLessThanOrEqual(2);
    // Not paid yet: no payment day shown; the settlement is confirmed, so 지급 기록 is offered.
    expect(screen.queryByLabelText('지급일')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '지급 기록' }));
    const prompt = await screen.findByRole('dialog', { name: '지급 기록' });
    expect(within(prompt).getByLabelText('어음 만기일')).toBeDisabled();
    fireEvent.click(within(prompt).getByRole('radio', { name: '어음' }));
    expect(within(prompt).getByLabelText('어음 만기일')).toBeEnabled();
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    // The server's 400 is shown over the prompt, which keeps what was typed.
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('입력 값을 확인하세요')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    // The prompt is drawn again after the alert: find it again.
    const again = await screen.findByRole('dialog', { name: '지급 기록' });
    fireEvent.click(within(again).getByRole('radio', { name: '현금' }));
    fireEvent.click(within(again).getByRole('button', { name: '확인' }));
    await screen.findByText('지급을 기록했습니다');
    expect(lastCall(services.calls, 'recordSettlementPayment')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000102' },
      body: { version: 4, method: 'CASH', paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    expect(paid['ST2026-000102']).toBeDefined();
    await waitFor(() => expect(screen.getByLabelText('지급 방법')).toHaveDisplayValue('현금'));
    // Paid in cash: no 어음 fee to read.
    expect(screen.queryByLabelText('어음 수수료(원)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('수수료 일수')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '지급 기록' })).not.toBeInTheDocument();
  });

  it('lists the 감액 서면, writes one, and the 감액 dialog chooses an acknowledged one', async () => {
    const { services, reductions } = open('settlement.monthlyCalcADetail', {
      route: '/monthlyCalcADetail?settleNo=ST2026-000101',
    });
    await screen.findByDisplayValue('ST2026-000101');
    const grid = await screen.findByRole('region', { name: /감액 서면/ });
    await waitFor(() => expect(gridRowTexts(grid).length).toBe(2));
    expect(gridRowTexts(grid)[0]).toEqual(expect.arrayContaining(['RD2026-000001', '10,000', '확인 완료']));
    expect(gridRowTexts(grid)[1]).toEqual(expect.arrayContaining(['RD2026-000002', '확인 대기']));
    // A draft is not paid.
    expect(screen.queryByRole('button', { name: '지급 기록' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '감액 서면 작성' }));
    const letter = await screen.findByRole('dialog', { name: '감액 서면 작성' });
    fireEvent.change(within(letter).getByLabelText(/감액 금액/), { target: { value: '25000' } });
    fireEvent.change(within(letter).getByLabelText(/감액 사유/), { target: { value: '포장 파손 5개' } });
    fireEvent.click(within(letter).getByRole('button', { name: '확인' }));
    await screen.findByText('감액 서면 RD2026-000003을 협력사에 보냈습니다');
    expect(lastCall(services.calls, 'createSettlementReduction')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000101' },
      body: { amount: '25000', reason: '포장 파손 5개' },
    });
    expect(reductions).toHaveLength(3);

    // The record shown again reads its 하도급 values again: its commands wait for them (engine/edit/value-from.ts).
    await waitFor(() => expect(screen.getByRole('button', { name: '조정 요청' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: '조정 요청' }));
    const adjust = await screen.findByRole('dialog', { name: '정산 조정 요청' });
    const choice = within(adjust).getByLabelText(/감액 서면 번호/);
    // Only the acknowledged 서면 not yet booked is offered.
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['선택', 'RD2026-000001']),
    );
    expect(lastCall(services.calls, 'listSettlementReductions')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000101' },
      query: { usable: 'Y' },
    });
    fireEvent.change(within(adjust).getByLabelText(/조정금액/), { target: { value: '-10000' } });
    fireEvent.change(within(adjust).getByLabelText(/조정사유/), { target: { value: '도장 불량 1건 차감' } });
    fireEvent.change(choice, { target: { value: 'RD2026-000001' } });
    fireEvent.click(within(adjust).getByRole('button', { name: '확인' }));
    await screen.findByText('조정을 요청했습니다. 승인 후 정산금액에 반영됩니다.');
    expect(lastCall(services.calls, 'createAdjustment')!.input.body).toMatchObject({
      amount: '-10000',
      reductionNo: 'RD2026-000001',
    });
  });
});

describe('monthlyCalcADetail: the payment of a settlement without 하도급 lines', { timeout: 30_000 }, () => {
  it('offers 지급 기록 once confirmed and shows the day and method recorded, without the 하도급 section', async () => {
    const { services } = open('settlement.monthlyCalcADetail', { route: '/monthlyCalcADetail?settleNo=ST2026-000104' });
    await screen.findByDisplayValue('ST2026-000104');
    await screen.findByRole('button', { name: '지급 기록' });
    expect(screen.queryByLabelText('지급 기한')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('지급일')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '지급 기록' }));
    const prompt = await screen.findByRole('dialog', { name: '지급 기록' });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('지급을 기록했습니다');
    expect(lastCall(services.calls, 'recordSettlementPayment')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000104' },
      body: { version: 7, method: 'CASH', paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    await waitFor(() => expect(screen.getByLabelText('지급 방법')).toHaveDisplayValue('현금'));
    expect(screen.getByLabelText('지급일')).toHaveValue(
      String((lastCall(services.calls, 'recordSettlementPayment')!.input.body as Row).paidOn),
    );
    expect(screen.queryByLabelText('어음 만기일')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('지급 기한')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '지급 기록' })).not.toBeInTheDocument();
  });
});

describe('the supplier’s 감액 서면 (external)', { timeout: 30_000 }, () => {
  const supplier = { portal: 'external' as const, login: SUPPLIER_LOGIN };

  it('lists them by state and acknowledges one with its version', async () => {
    const { services } = open('subcontracting.myReductionList', supplier);
    await screen.findByText('총 2건');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    expect(gridRowTexts().map((r) => r[0])).toEqual(['RD2026-000001', 'RD2026-000002']);
    fireEvent.change(screen.getByLabelText('확인 상태'), { target: { value: 'REQUESTED' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listMyReductions')!.input.query).toMatchObject({ status: 'REQUESTED' });
  });

  it('acknowledges a 서면 awaiting it; one acknowledged offers nothing more', async () => {
    const { services, reductions } = open('subcontracting.myReductionDetail', {
      ...supplier,
      route: '/myReductionDetail?reductionNo=RD2026-000002',
    });
    await screen.findByDisplayValue('RD2026-000002');
    expect(screen.getByLabelText('감액 사유')).toHaveValue('도장 불량 2건 차감');
    expect(screen.getByLabelText('확인 상태')).toHaveDisplayValue('확인 대기');
    fireEvent.click(screen.getByRole('button', { name: '감액 서면 확인' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('이 금액만큼 정산을 감액할 수 있습니다');
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    await screen.findByText('감액 서면을 확인했습니다');
    expect(lastCall(services.calls, 'acknowledgeReduction')!.input).toMatchObject({
      path: { reductionNo: 'RD2026-000002' },
      body: { version: 1 },
    });
    expect(reductions[1].status).toBe('ACKNOWLEDGED');
    await waitFor(() => expect(screen.getByLabelText('확인 상태')).toHaveDisplayValue('확인 완료'));
    expect(screen.queryByRole('button', { name: '감액 서면 확인' })).not.toBeInTheDocument();
  });

  it('shows the supplier its settlement’s 지급 기한 and 지연이자', async () => {
    open('settlement.monthlyCalcDetail', { ...supplier, route: '/monthlyCalcDetail?settleNo=ST2026-000103' });
    await screen.findByDisplayValue('ST2026-000103');
    await waitFor(() => expect(screen.getByLabelText('지급 기한')).toHaveValue('2026-11-20'));
    expect(screen.getByLabelText('지연이자(원)')).toHaveValue('8,493');
    expect(screen.getByLabelText('지연 일수')).toHaveValue('2');
    expect(screen.queryByRole('button', { name: '지급 기록' })).not.toBeInTheDocument();
  });
});

describe('subconRateManage: the FTC rates', { timeout: 30_000 }, () => {
  it('lists the rates and adds one from the prompt; a duplicate’s 409 is shown', async () => {
    const rows: Row[] = [
      {
        rateKey: 'LATE_INTEREST:2015-07-01',
        rateKind: 'LATE_INTEREST',
        effectiveFrom: '2015-07-01',
        ratePct: '15.5',
        source: '공정위 고시(지연이율)',
        inForce: true,
        updatedBy: 'system',
        updatedByName: null,
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    const { services } = renderScreen('subcontracting.rateManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: { ...OPERATOR_LOGIN, authGroupId: '10' },
      answers: {
        listSubconRates: () => ({ rows, total: rows.length }),
        createSubconRate: (input: OperationInput) => {
          const b = input.body as Row;
          if (rows.some((r) => r.rateKind === b.rateKind && r.effectiveFrom === b.effectiveFrom))
            throw new OperationError(
              409,
              'SUBCON_RATE_DUPLICATE',
              `같은 구분에 시행일 ${b.effectiveFrom}의 이율이 이미 있습니다`,
            );
          const row = { ...rows[0], ...b, rateKey: `${b.rateKind}:${b.effectiveFrom}`, updatedBy: 'tfadmin' };
          rows.unshift(row);
          return row;
        },
      },
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['지연이자율', '2015-07-01', '15.5']));
    const add = async (effectiveFrom: string) => {
      fireEvent.click(screen.getByRole('button', { name: '이율 추가' }));
      const prompt = await screen.findByRole('dialog', { name: '이율 추가' });
      // The date field takes what is typed when it is left (widgets/date-input).
      const day = within(prompt).getByLabelText(/시행일/);
      await userEvent.clear(day);
      await userEvent.type(day, effectiveFrom.replaceAll('-', ''));
      await userEvent.tab();
      fireEvent.change(within(prompt).getByLabelText(/이율\(연 %\)/), { target: { value: '12' } });
      fireEvent.change(within(prompt).getByLabelText(/근거/), { target: { value: '공정위 고시 개정' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      return prompt;
    };
    const dupPrompt = await add('2015-07-01');
    expect(await screen.findByText(/시행일 2015-07-01의 이율이 이미 있습니다/)).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '확인' }));
    fireEvent.click(within(dupPrompt).getByRole('button', { name: '취소' }));
    await add('2027-01-01');
    await screen.findByText('이율을 추가했습니다');
    expect(lastCall(services.calls, 'createSubconRate')!.input.body).toEqual({
      rateKind: 'LATE_INTEREST',
      effectiveFrom: '2027-01-01',
      ratePct: '12',
      source: '공정위 고시 개정',
    });
    await screen.findByText('총 2건');
  });
});
