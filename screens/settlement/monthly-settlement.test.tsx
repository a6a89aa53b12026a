import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridHeaderTexts, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { createFixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { renderScreen } from '../../engine/testing/screen-harness';
import { renderScreenRoutes } from '../../engine/testing/screen-routes-harness';
import { formatDateTime } from '../../engine/registry/columns';
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
const count = (calls: Calls, op: string) => calls.filter((c) => c.operation === op).length;
/** Every cell text of every grid on the page (an edit screen has several). */
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

describe('monthlyCalcAdmin: monthly settlements per supplier', { timeout: 30_000 }, () => {
  it('searches the last months on open (periods as [from, to]), with code texts, money and the server’s totals', async () => {
    const { services } = open('settlement.monthlyCalcAdmin');
    await screen.findByText('총 4건');
    const query = lastCall(services.calls, 'listSettlements')!.input.query!;
    expect(query).toMatchObject({ sort: 'period:desc', page: 1 });
    expect(query.periods).toEqual([expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/)]);
    expect(screen.getByRole('heading', { name: '월정산' })).toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    // jsdom's grid exposes the columns in its first screenful.
    expect(gridHeaderTexts()).toEqual(
      expect.arrayContaining(['정산번호', '정산월 ▼', '업체코드', '협력사명', '정산상태', '건수', '원화 금액(원)']),
    );
    // The last row is the totals the server sums over the whole filter.
    expect(gridRowTexts()[4]).toEqual(expect.arrayContaining(['합계']));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['ST2026-000101', '2026-10', '대한정밀', '정산작성', '45,395']),
    );
    expect(gridRowTexts()[3]).toEqual(expect.arrayContaining(['ST2026-000104', '전기완료', '45,395', '9,471']));

    const name = screen.getByLabelText('협력사명');
    fireEvent.change(name, { target: { value: '한빛' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter' });
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listSettlements')!.input.query).toMatchObject({ compName: '한빛' });
  });

  it('requests confirmation only for drafts without pending adjustments, and posts confirmed ones with their versions', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcAdmin');
    await screen.findByText('총 4건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    const request = screen.getByRole('button', { name: '확인 요청' });
    const post = screen.getByRole('button', { name: 'ERP 전기' });
    clickGridRow(0, { x: 10 });
    // ST2026-000101 is a draft with an adjustment awaiting approval.
    await waitFor(() => expect(screen.getByText('1건 선택')).toBeInTheDocument());
    expect(request).toBeDisabled();
    expect(post).toBeDisabled();
    clickGridRow(0, { x: 10 });
    clickGridRow(1, { x: 10 });
    await waitFor(() => expect(post).toBeEnabled());
    expect(request).toBeDisabled();
    fireEvent.click(post);
    await confirmYes('선택한 1건의 정산을 ERP에 전기하시겠습니까?');
    await screen.findByText('1건 처리되었습니다.');
    expect(lastCall(services.calls, 'postSettlement')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000102' },
      body: { version: 4 },
    });
    expect(fixtures.data.settlements[1]).toMatchObject({ status: 'POSTED', version: 5 });
    await waitFor(() => expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['ST2026-000102', '전기완료'])));
  });

  it('shows the ERP’s refusal when posting fails', async () => {
    const { fixtures } = open('settlement.monthlyCalcAdmin');
    fixtures.data.erpDown = true;
    await screen.findByText('총 4건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    clickGridRow(1, { x: 10 });
    fireEvent.click(await screen.findByRole('button', { name: 'ERP 전기' }));
    await confirmYes();
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('ERP 전기에 실패했습니다: ERP 시스템 점검 중입니다 (HTTP 503)');
    expect(fixtures.data.settlements[1].status).toBe('POST_FAILED');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    // The failure is recorded by the server: the list shows the settlement as it now is.
    await waitFor(() => expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['ST2026-000102', '전기오류'])));
  });

  it('builds a month: the prompt asks the month (required) and the supplier, and sends them', async () => {
    const { services } = open('settlement.monthlyCalcAdmin');
    await screen.findByText('총 4건');
    fireEvent.click(screen.getByRole('button', { name: '정산 집계' }));
    const prompt = await screen.findByRole('dialog');
    expect(prompt).toHaveTextContent('해당 월까지 최종확정된 입고 중 아직 정산되지 않은 내역을');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(services.calls.some((c) => c.operation === 'buildSettlements')).toBe(false);
    const month = within(prompt).getByLabelText(/정산월/);
    await userEvent.type(month, '2026-11');
    fireEvent.blur(month);
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('월정산을 집계했습니다.');
    expect(lastCall(services.calls, 'buildSettlements')!.input.body).toEqual({ period: '202611', compNo: '' });
    await screen.findByText('총 5건');
  });

  it('a settlement number opens /monthlyCalcADetail with that settlement', async () => {
    const fixtures = createSettlementFixtures();
    const services = createFixtureEngineServices({
      answers: fixtures.answers,
      codes: fixtures.codes,
      login: OPERATOR_LOGIN,
    });
    const { router } = renderScreenRoutes({
      entries: screenDefinitions,
      texts: screenTexts,
      services,
      routes: {
        '/monthlyCalcAdmin': 'settlement.monthlyCalcAdmin',
        '/monthlyCalcADetail': 'settlement.monthlyCalcADetail',
      },
      initial: '/monthlyCalcAdmin',
    });
    await screen.findByText('총 4건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    clickGridRow(2, { x: 70 });
    await screen.findByRole('heading', { name: '월정산 상세' });
    expect(router.state.location.pathname).toBe('/monthlyCalcADetail');
    expect(router.state.location.search).toBe('?settleNo=ST2026-000103');
    await screen.findByDisplayValue('ST2026-000103');
    expect(lastCall(services.calls, 'getSettlement')!.input.path).toEqual({ settleNo: 'ST2026-000103' });
  });

  it('without write authority: read only, no building, requesting or posting', async () => {
    open('settlement.monthlyCalcAdmin', { authority: { read: true, write: false } });
    await screen.findByText('총 4건');
    expect(screen.getByText('조회 전용')).toBeInTheDocument();
    for (const name of ['정산 집계', '확인 요청', 'ERP 전기'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '엑셀 다운로드' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '3자 대사' })).toBeEnabled();
  });
});

describe('monthlyCalcADetail: one supplier-month', { timeout: 30_000 }, () => {
  it('shows totals, lines, adjustments, the three-way match (issues as texts) and the history', async () => {
    open('settlement.monthlyCalcADetail', { route: '/monthlyCalcADetail?settleNo=ST2026-000101' });
    await screen.findByDisplayValue('ST2026-000101');
    expect(screen.getByLabelText('정산상태')).toHaveDisplayValue('정산작성');
    expect(screen.getByLabelText('3자 대사')).toHaveDisplayValue('불일치');
    expect(screen.getByLabelText('협력사명')).toHaveValue('대한정밀');
    expect(screen.getByLabelText('정산금액(원)')).toHaveValue('45,395');
    expect(screen.getByLabelText('협력사명')).toHaveAttribute('readonly');
    // No rate without JPY lines, no voucher before posting.
    expect(screen.queryByLabelText('적용 환율(100엔)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('전표번호')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(allCells()).toEqual(
        expect.arrayContaining(['WR2026-000501', '2026-10-05', 'PO2026-000301', '롤러체인', '40A']),
      ),
    );
    await waitFor(() =>
      expect(allCells()).toEqual(
        expect.arrayContaining([
          'AJ2026-000011',
          '-5,000',
          '반품 차감',
          '승인요청',
          '박성호',
          formatDateTime('2026-11-02T01:00:00.000Z'),
        ]),
      ),
    );
    await waitFor(() =>
      expect(allCells()).toEqual(expect.arrayContaining(['불일치', '초과정산, 금액 불일치', '미입고'])),
    );
    await waitFor(() =>
      expect(allCells()).toEqual(
        expect.arrayContaining([formatDateTime('2026-11-01T00:00:00.000Z'), '집계', 'operator']),
      ),
    );
  });

  it('a pending adjustment blocks the confirmation request; rebuild sends the version and shows the record read again', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcADetail', {
      route: '/monthlyCalcADetail?settleNo=ST2026-000101',
    });
    await screen.findByDisplayValue('ST2026-000101');
    expect(screen.getByRole('button', { name: '확인 요청' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'ERP 전기' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '재집계' }));
    await confirmYes('확정된 입고 내역으로 정산을 다시 집계하시겠습니까?');
    await waitFor(() =>
      expect(lastCall(services.calls, 'rebuildSettlement')!.input).toMatchObject({
        path: { settleNo: 'ST2026-000101' },
        body: { version: 1 },
      }),
    );
    // Read again once: each reading is the record's and the 하도급 section's values' (one call for all its fields).
    await waitFor(() => expect(count(services.calls, 'getSettlement')).toBe(4));
    expect(fixtures.data.settlements[0].version).toBe(2);
    await waitFor(() => expect(allCells()).toEqual(expect.arrayContaining(['재집계'])));
    // The version read again goes with the next step: a stale one would be refused.
    fixtures.data.settlements[0].pendingAdjustments = 0;
    fireEvent.click(screen.getByRole('button', { name: '재집계' }));
    await confirmYes();
    await waitFor(() => expect(lastCall(services.calls, 'rebuildSettlement')!.input.body).toEqual({ version: 2 }));
  });

  it('proposes an adjustment through the prompt (amount and reason required) and shows it', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcADetail', {
      route: '/monthlyCalcADetail?settleNo=ST2026-000101',
    });
    await screen.findByDisplayValue('ST2026-000101');
    fireEvent.click(screen.getByRole('button', { name: '조정 요청' }));
    const prompt = await screen.findByRole('dialog');
    expect(prompt).toHaveTextContent('요청자가 아닌 담당자가 승인한 뒤 정산금액에 반영됩니다');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findAllByText('필수 입력 항목입니다.')).toHaveLength(2);
    fireEvent.change(within(prompt).getByLabelText(/조정금액/), { target: { value: '-12000' } });
    fireEvent.change(within(prompt).getByLabelText(/조정사유/), { target: { value: '불량 반품 차감' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('조정을 요청했습니다. 승인 후 정산금액에 반영됩니다.');
    expect(lastCall(services.calls, 'createAdjustment')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000101' },
      body: { amount: '-12000', reason: '불량 반품 차감' },
    });
    expect(fixtures.data.adjustments[0]).toMatchObject({ amount: '-12000', status: 'REQUESTED' });
    await waitFor(() => expect(screen.getByLabelText('승인대기 조정')).toHaveValue('2'));
    await waitFor(() => expect(allCells()).toEqual(expect.arrayContaining(['-12,000', '불량 반품 차감'])));
  });

  it('posts a confirmed settlement; an ERP failure shows the ERP’s message', async () => {
    const { services, fixtures } = open('settlement.monthlyCalcADetail', {
      route: '/monthlyCalcADetail?settleNo=ST2026-000102',
    });
    await screen.findByDisplayValue('ST2026-000102');
    expect(screen.queryByRole('button', { name: '재집계' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '확인 요청' })).not.toBeInTheDocument();
    fixtures.data.erpDown = true;
    fireEvent.click(screen.getByRole('button', { name: 'ERP 전기' }));
    await confirmYes('이 정산을 ERP에 전기하시겠습니까?');
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('ERP 전기에 실패했습니다');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(lastCall(services.calls, 'postSettlement')!.input).toMatchObject({
      path: { settleNo: 'ST2026-000102' },
      body: { version: 4 },
    });
    expect(fixtures.data.settlements[1].status).toBe('POST_FAILED');
    // Read again: the recorded failure and its voucher; posting again sends the new version and succeeds.
    await waitFor(() => expect(screen.getByLabelText('정산상태')).toHaveDisplayValue('전기오류'));
    expect(screen.getByLabelText('전표번호')).toHaveValue('VC2026-000299');
    fixtures.data.erpDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'ERP 전기' }));
    await confirmYes();
    await screen.findByText('ERP 전기를 완료했습니다.');
    expect(lastCall(services.calls, 'postSettlement')!.input.body).toEqual({ version: 5 });
    await waitFor(() => expect(screen.getByLabelText('정산상태')).toHaveDisplayValue('전기완료'));
  });

  it('the statement opens in a dialog with this settlement', async () => {
    const Statement = ({ query }: { query: Record<string, string> }) => <p>명세서 보기 {query.settleNo}</p>;
    open('settlement.monthlyCalcADetail', {
      route: '/monthlyCalcADetail?settleNo=ST2026-000104',
      customComponents: { settlementStatement: Statement },
    });
    await screen.findByDisplayValue('ST2026-000104');
    expect(screen.getByLabelText('적용 환율(100엔)')).toHaveValue('905.32');
    expect(screen.getByLabelText('환율 출처')).toHaveDisplayValue('기준 환율(공통코드)');
    expect(screen.getByLabelText('전표번호')).toHaveValue('VC2026-000201');
    fireEvent.click(screen.getByRole('button', { name: '거래명세서' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('명세서 보기 ST2026-000104')).toBeInTheDocument();
  });
});
