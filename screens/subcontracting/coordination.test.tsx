import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { OPERATOR_LOGIN, SUPPLIER_LOGIN } from '../settlement/settlement-fixtures';
import { createCyberFixtures, renderCyberFlow } from '../cyber-purchase/cyber-fixtures';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { NO_CONTRACT_LINKAGE } from '../testing/contract-answer';
import { createPoFixtures } from '../purchase-order/po-fixtures';
import { renderPoFlow } from '../purchase-order/po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Row = Record<string, unknown>;

/** A request as the server answers it, requested 2026-11-02 (talks due 11-12, an outcome 12-02). */
const request = (overrides: Row = {}): Row => ({
  coordinationNo: 'PC2026-000001',
  targetKind: 'AGREEMENT',
  agreementNo: 'AG2026-000010',
  poNo: null,
  targetTitle: '강판 단가계약',
  contractNo: null,
  paperContract: null,
  compNo: 'C00001',
  compNameKr: '(주)한빛정밀',
  buyerName: '김민수',
  subconKind: 'MANUFACTURE',
  status: 'REQUESTED',
  reason: '철강 원자재 가격 상승',
  requestedChange: '단가 5% 인상',
  requestedPct: '5.000',
  requestedAmount: null,
  costBasis: '열연강판 톤당 90만원 → 99만원',
  requestedBy: 'supplier1',
  requestedOn: '2026-11-02',
  requestedAt: '2026-11-02T01:00:00.000Z',
  talksDue: '2026-11-12',
  agreementDue: '2026-12-02',
  talksLateDays: 3,
  agreementLateDays: null,
  talksStartedOn: null,
  outcome: null,
  agreedOn: null,
  failReason: null,
  failedOn: null,
  withdrawnOn: null,
  version: 1,
  ...overrides,
});

/** axe's WCAG 2.1 A/AA violations in `el` (contrast needs a browser's layout, which jsdom has not). */
async function axeFindings(el: HTMLElement) {
  const checked = await axe.run(el, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return checked.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The rows of every grid on the page: an order's screens hold several (lines, revisions, changes, requests). */
const everyGridRow = () =>
  Array.from(document.querySelectorAll('[data-gpms-grid] canvas[data-testid="data-grid-canvas"]')).flatMap((_, i) =>
    gridRowTexts(document, i),
  );

const lastCall = (calls: Array<{ operation: string; input: OperationInput }>, operation: string) =>
  [...calls].reverse().find((c) => c.operation === operation);

async function selectFirstRow() {
  await waitFor(() => expect(gridRowTexts().length).toBe(1));
  const grid = document.querySelector<HTMLElement>('[data-gpms-grid]')!;
  clickGridRow(0, { x: Number(grid.dataset.rowMarkerWidth) + 60 });
}

describe('myCoordinationList (external): the supplier asks for 납품대금 조정협의', { timeout: 30_000 }, () => {
  it('shows its requests with their due dates and asks on an agreement chosen by name', async () => {
    const rows: Row[] = [
      request({ status: 'AGREED', talksLateDays: null, outcome: '3% 인상', agreedOn: '2026-11-20' }),
    ];
    const { services } = renderScreen('subcontracting.myCoordinationList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: SUPPLIER_LOGIN,
      portal: 'external',
      answers: {
        listMyPriceCoordinations: () => ({ rows, total: rows.length }),
        listSupplierAgreements: (input: OperationInput) => {
          expect(input.query).toMatchObject({ status: ['ACTIVE'] });
          return {
            rows: [
              {
                agreementNo: 'AG2026-000011',
                compNo: 'C00001',
                compNameKr: '(주)한빛정밀',
                title: '동판 단가계약',
                currency: 'KRW',
                validFrom: '2026-11-01',
                validTo: '2027-10-31',
                ceilingAmount: null,
                orderedAmount: '0.00',
                callOffPolicy: 'REFUSE',
                status: 'ACTIVE',
                approvalStatus: 'APPROVED',
                buyerId: 'E000004',
                buyerName: '김민수',
                sourceType: null,
                sourceNo: null,
                lineCount: 1,
                updatedAt: '2026-11-01T00:00:00.000Z',
                version: 3,
              },
            ],
            total: 1,
          };
        },
        requestPriceCoordination: (input: OperationInput) => {
          const row = request({ ...(input.body as Row), coordinationNo: 'PC2026-000002', talksLateDays: null });
          rows.unshift(row);
          return row;
        },
      },
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    // The columns jsdom's width shows: the request, its state, its target (an agreement: no order, no contract).
    expect(gridRowTexts()[0].slice(0, 6)).toEqual([
      'PC2026-000001',
      '합의',
      '단가계약',
      'AG2026-000010',
      '',
      '강판 단가계약',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '조정협의 요청' }));
    const prompt = await screen.findByRole('dialog', { name: '납품대금 조정협의 요청' });
    expect(prompt).toHaveTextContent('10일 안에 협의를 시작해야 하며');
    // Nothing typed: the required fields say so and nothing is sent.
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect((await within(prompt).findAllByText('필수 입력 항목입니다.')).length).toBeGreaterThanOrEqual(3);
    expect(lastCall(services.calls, 'requestPriceCoordination')).toBeUndefined();

    const agreement = within(prompt).getByLabelText(/단가계약 번호/);
    await waitFor(() => expect(within(agreement).getByRole('option', { name: '동판 단가계약' })).toBeInTheDocument());
    fireEvent.change(agreement, { target: { value: 'AG2026-000011' } });
    fireEvent.change(within(prompt).getByLabelText(/조정 요청 사유/), { target: { value: '구리 가격 상승' } });
    fireEvent.change(within(prompt).getByLabelText(/요청 조정 내용/), { target: { value: '단가 8% 인상' } });
    fireEvent.change(within(prompt).getByLabelText(/요청 조정률/), { target: { value: '8' } });
    fireEvent.change(within(prompt).getByLabelText(/공급원가 변동 근거/), {
      target: { value: '전기동 톤당 1,200만원 → 1,350만원' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('납품대금 조정협의를 요청했습니다');
    expect(lastCall(services.calls, 'requestPriceCoordination')!.input.body).toMatchObject({
      targetKind: 'AGREEMENT',
      agreementNo: 'AG2026-000011',
      reason: '구리 가격 상승',
      requestedChange: '단가 8% 인상',
      requestedPct: '8',
      costBasis: '전기동 톤당 1,200만원 → 1,350만원',
    });
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
  });
});

describe('coordinationList: the buyer answers a request', { timeout: 30_000 }, () => {
  it('starts talks on a request (합의 waits for talks), then records the agreement with the version read', async () => {
    const rows: Row[] = [request()];
    const { services } = renderScreen('subcontracting.coordinationList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR_LOGIN,
      answers: {
        listPriceCoordinations: () => ({ rows, total: rows.length }),
        startCoordinationTalks: (input: OperationInput) => {
          const b = input.body as Row;
          rows[0] = { ...rows[0], status: 'TALKS_STARTED', talksStartedOn: b.talksStartedOn, version: 2 };
          return rows[0];
        },
        agreePriceCoordination: (input: OperationInput) => {
          rows[0] = { ...rows[0], status: 'AGREED', outcome: (input.body as Row).outcome, version: 3 };
          return rows[0];
        },
      },
    });
    await screen.findByText('총 1건');
    await selectFirstRow();
    expect(gridRowTexts()[0].slice(0, 6)).toEqual([
      'PC2026-000001',
      '요청',
      '단가계약',
      'AG2026-000010',
      '',
      '강판 단가계약',
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: '협의 개시' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '합의 처리' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '결렬 처리' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: '협의 개시' }));
    const talks = await screen.findByRole('dialog', { name: '협의 개시' });
    expect(talks).toHaveTextContent('요청일부터 10일 안에');
    fireEvent.click(within(talks).getByRole('button', { name: '확인' }));
    await screen.findByText('협의 개시일을 기록했습니다');
    expect(lastCall(services.calls, 'startCoordinationTalks')!.input).toMatchObject({
      path: { coordinationNo: 'PC2026-000001' },
      body: { version: 1, talksStartedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });

    await selectFirstRow();
    await waitFor(() => expect(screen.getByRole('button', { name: '합의 처리' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '협의 개시' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '합의 처리' }));
    const agree = await screen.findByRole('dialog', { name: '합의 처리' });
    expect(agree).toHaveTextContent('단가계약 화면의 단가 변경');
    fireEvent.change(within(agree).getByLabelText(/합의 내용/), { target: { value: '12월 1일부터 3% 인상' } });
    fireEvent.click(within(agree).getByRole('button', { name: '확인' }));
    await screen.findByText('합의 내용을 기록했습니다');
    expect(lastCall(services.calls, 'agreePriceCoordination')!.input).toMatchObject({
      path: { coordinationNo: 'PC2026-000001' },
      body: { version: 2, outcome: '12월 1일부터 3% 인상' },
    });
  });
});

describe('CyberAgreementEdit: 조정협의 요청 from the agreement itself', { timeout: 30_000 }, () => {
  const agreement = (status: string) => ({
    agreementNo: 'AG2026-000010',
    compNo: 'C00001',
    compNameKr: '(주)한빛정밀',
    title: '강판 단가계약',
    currency: 'KRW',
    validFrom: '2026-11-01',
    validTo: '2027-10-31',
    status,
    ceilingAmount: null,
    orderedAmount: '0.00',
    remainingAmount: null,
    contractNo: null,
    buyerName: '김민수',
    buyerEmail: null,
    buyerTelNo: null,
    version: 3,
    lines: [],
    callOffs: [],
    ...NO_LINKAGE,
  });

  it('asks on the agreement shown while it is active', async () => {
    const { services } = renderCyberFlow('/cyber/CyberAgreementEdit?agreementNo=AG2026-000010', {
      answers: {
        getSupplierAgreement: () => agreement('ACTIVE'),
        requestPriceCoordination: (input: OperationInput) => request(input.body as Row),
      },
    });
    await screen.findByDisplayValue('강판 단가계약');
    fireEvent.click(await screen.findByRole('button', { name: '조정협의 요청' }));
    const prompt = await screen.findByRole('dialog', { name: '납품대금 조정협의 요청' });
    fireEvent.change(within(prompt).getByLabelText(/조정 요청 사유/), { target: { value: '철강 가격 상승' } });
    fireEvent.change(within(prompt).getByLabelText(/요청 조정 내용/), { target: { value: '단가 5% 인상' } });
    fireEvent.change(within(prompt).getByLabelText(/공급원가 변동 근거/), {
      target: { value: '톤당 90만원 → 99만원' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('납품대금 조정협의를 요청했습니다');
    expect(lastCall(services.calls, 'requestPriceCoordination')!.input.body).toMatchObject({
      targetKind: 'AGREEMENT',
      agreementNo: 'AG2026-000010',
      reason: '철강 가격 상승',
      requestedChange: '단가 5% 인상',
      costBasis: '톤당 90만원 → 99만원',
    });
  });

  it('offers no request on an expired agreement', async () => {
    renderCyberFlow('/cyber/CyberAgreementEdit?agreementNo=AG2026-000010', {
      answers: { getSupplierAgreement: () => agreement('EXPIRED') },
    });
    await screen.findByDisplayValue('강판 단가계약');
    expect(screen.queryByRole('button', { name: '조정협의 요청' })).not.toBeInTheDocument();
  });
});

/** A request on an order (its written contract an executed e-contract), as the server answers it. */
const orderRequest = (overrides: Row = {}): Row =>
  request({
    coordinationNo: 'PC2026-000005',
    targetKind: 'ORDER',
    agreementNo: null,
    poNo: 'PO2026-000201',
    targetTitle: '생산설비 베어링 발주',
    contractNo: 'CT2026-000009',
    ...overrides,
  });

const supplierPoRow = (poNo: string, title: string): Row => ({
  poNo,
  compNo: 'C00001',
  compName: '(주)한빛정밀',
  poType: 'PO',
  poDate: '2026-11-01',
  title,
  status: 'ACKNOWLEDGED',
  currency: 'KRW',
  totalAmount: '3400000',
  dueDate: '2026-12-10',
  forwardedAt: '2026-11-01T02:00:00.000Z',
  acknowledgedAt: '2026-11-02T02:00:00.000Z',
  buyerName: '김민수',
  lineCount: 1,
  version: 2,
});

describe('납품대금 조정협의 on orders: the target in the lists and the dialog', { timeout: 30_000 }, () => {
  it('the supplier chooses 발주 in the dialog: its running 하도급 orders are offered, the agreement is not asked for', async () => {
    const rows: Row[] = [orderRequest()];
    const { services } = renderScreen('subcontracting.myCoordinationList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: SUPPLIER_LOGIN,
      portal: 'external',
      answers: {
        listMyPriceCoordinations: () => ({ rows, total: rows.length }),
        listSupplierAgreements: () => ({ rows: [], total: 0 }),
        listSupplierPos: (input: OperationInput) => {
          expect(input.query).toMatchObject({
            subcon: 'Y',
            status: ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED'],
          });
          return { rows: [supplierPoRow('PO2026-000202', '금형 가공 발주')], total: 1 };
        },
        requestPriceCoordination: (input: OperationInput) => {
          const row = orderRequest({ ...(input.body as Row), coordinationNo: 'PC2026-000006' });
          rows.unshift(row);
          return row;
        },
      },
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    // The target: 발주, no agreement, the order's number and title.
    expect(gridRowTexts()[0].slice(0, 6)).toEqual([
      'PC2026-000005',
      '요청',
      '발주',
      '',
      'PO2026-000201',
      '생산설비 베어링 발주',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '조정협의 요청' }));
    const prompt = await screen.findByRole('dialog', { name: '납품대금 조정협의 요청' });
    // 단가계약 first: its field is shown, the order's is not.
    expect(within(prompt).getByLabelText(/단가계약 번호/)).toBeInTheDocument();
    expect(within(prompt).queryByLabelText(/발주번호/)).not.toBeInTheDocument();
    fireEvent.click(within(prompt).getByRole('radio', { name: '발주' }));
    await waitFor(() => expect(within(prompt).queryByLabelText(/단가계약 번호/)).not.toBeInTheDocument());
    const order = within(prompt).getByLabelText(/발주번호/);
    // The order is asked for once chosen; the hidden agreement is not.
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() =>
      expect(
        within(prompt)
          .getByLabelText(/발주번호/)
          .closest('[data-field]'),
      ).toHaveTextContent('필수 입력 항목입니다.'),
    );
    expect(lastCall(services.calls, 'requestPriceCoordination')).toBeUndefined();

    await waitFor(() => expect(within(order).getByRole('option', { name: '금형 가공 발주' })).toBeInTheDocument());
    // The dialog as the supplier sees it now, by axe's WCAG 2.1 A/AA rules.
    expect(await axeFindings(prompt)).toEqual([]);
    fireEvent.change(order, { target: { value: 'PO2026-000202' } });
    fireEvent.change(within(prompt).getByLabelText(/조정 요청 사유/), { target: { value: '소재 가격 상승' } });
    fireEvent.change(within(prompt).getByLabelText(/요청 조정 내용/), { target: { value: '단가 6% 인상' } });
    fireEvent.change(within(prompt).getByLabelText(/공급원가 변동 근거/), {
      target: { value: 'kg당 4,000원 → 4,480원' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('납품대금 조정협의를 요청했습니다');
    expect(lastCall(services.calls, 'requestPriceCoordination')!.input.body).toMatchObject({
      targetKind: 'ORDER',
      poNo: 'PO2026-000202',
      reason: '소재 가격 상승',
      requestedChange: '단가 6% 인상',
      costBasis: 'kg당 4,000원 → 4,480원',
    });
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
  });

  it('staff’s list names the order and its contract beside an agreement’s request', async () => {
    const rows: Row[] = [orderRequest(), request()];
    renderScreen('subcontracting.coordinationList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR_LOGIN,
      answers: { listPriceCoordinations: () => ({ rows, total: rows.length }) },
    });
    await screen.findByText('총 2건');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    expect(gridRowTexts().map((r) => r.slice(2, 7))).toEqual([
      ['발주', '', 'PO2026-000201', '생산설비 베어링 발주', 'CT2026-000009'],
      ['단가계약', 'AG2026-000010', '', '강판 단가계약', ''],
    ]);
  });
});

describe('the cyber contract screen: 조정협의 요청 on the contract’s order', { timeout: 30_000 }, () => {
  const SHA = 'ab'.repeat(32);
  const contract = (overrides: Row = {}): Row => ({
    contractNo: 'CT2026-000009',
    compNo: 'C00001',
    title: '베어링 제조위탁 계약',
    contractType: 'SUPPLY',
    status: 'EXECUTED',
    totalAmount: '3740000',
    signDeadline: '2026-11-10',
    stampStatus: 'NOT_TAXABLE',
    amendsContractNo: null,
    createdAt: '2026-11-01T01:00:00.000Z',
    version: 6,
    templateNo: 'SUPPLY',
    templateVersion: 1,
    signOrder: 'SUPPLIER_FIRST',
    sourceKind: 'PO',
    sourceNo: 'PO2026-000201',
    supplyAmount: '3400000',
    vatAmount: '340000',
    startDate: null,
    endDate: null,
    contractDate: '2026-11-01',
    variables: {},
    approvalId: 1,
    approvalStatus: 'APPROVED',
    buyerSignerId: 'E000004',
    supplierSignerId: 'supplier1',
    documentSha: SHA,
    executedSha: SHA,
    supplierSignedBy: 'supplier1',
    supplierSignedAt: '2026-11-02T01:00:00.000Z',
    buyerSignedBy: 'E000004',
    buyerSignedAt: '2026-11-02T02:00:00.000Z',
    executedAt: '2026-11-02T02:00:00.000Z',
    declineReason: null,
    stampDuty: '0',
    stampBuyerShare: '0',
    stampSupplierShare: '0',
    changeSummary: null,
    sourceChanges: [],
    buyerSignerName: '김민수',
    supplierSignerName: '최영호',
    nextSigner: null,
    taxType: 'TAXABLE',
    viewedByMe: true,
    createdBy: 'E000004',
    updatedAt: '2026-11-02T02:00:00.000Z',
    events: [],
    stamps: [],
    ...NO_CONTRACT_LINKAGE,
    ...overrides,
  });
  const open = (detail: Row) =>
    renderScreen('contract.contractSign', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/contract/contractSign?contractNo=CT2026-000009',
      answers: {
        getMyContract: () => detail,
        requestPriceCoordination: (input: OperationInput) => orderRequest(input.body as Row),
      },
    });

  it('asks on the order the executed contract was made for, the order shown in the dialog', async () => {
    const { services } = open(contract());
    await screen.findByDisplayValue('베어링 제조위탁 계약');
    fireEvent.click(await screen.findByRole('button', { name: '조정협의 요청' }));
    const prompt = await screen.findByRole('dialog', { name: '납품대금 조정협의 요청' });
    expect(prompt).toHaveTextContent('이 계약의 발주에 대해');
    expect(within(prompt).getByLabelText(/발주번호/)).toHaveValue('PO2026-000201');
    expect(within(prompt).getByLabelText(/발주번호/)).toHaveAttribute('readonly');
    expect(await axeFindings(prompt)).toEqual([]);
    fireEvent.change(within(prompt).getByLabelText(/조정 요청 사유/), { target: { value: '베어링강 가격 상승' } });
    fireEvent.change(within(prompt).getByLabelText(/요청 조정 내용/), { target: { value: '단가 4% 인상' } });
    fireEvent.change(within(prompt).getByLabelText(/공급원가 변동 근거/), { target: { value: '소재비 8% 상승' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('납품대금 조정협의를 요청했습니다');
    expect(lastCall(services.calls, 'requestPriceCoordination')!.input.body).toMatchObject({
      targetKind: 'ORDER',
      poNo: 'PO2026-000201',
      reason: '베어링강 가격 상승',
    });
  });

  it('offers nothing on a contract made for no order, or not yet executed', async () => {
    const r = open(contract({ sourceKind: 'NONE', sourceNo: null }));
    await screen.findByDisplayValue('베어링 제조위탁 계약');
    expect(screen.queryByRole('button', { name: '조정협의 요청' })).not.toBeInTheDocument();
    r.unmount();
    open(contract({ status: 'SENT', nextSigner: 'SUPPLIER', executedAt: null }));
    await screen.findByDisplayValue('베어링 제조위탁 계약');
    expect(screen.queryByRole('button', { name: '조정협의 요청' })).not.toBeInTheDocument();
  });
});

describe(
  'the supplier’s order view: its requests on the order, and 조정협의 요청 while it may ask',
  { timeout: 30_000 },
  () => {
    /** An order's request as getSupplierPo lists it. */
    const listed = (coordinationNo: string, status: string): Row => ({
      coordinationNo,
      status,
      requestedOn: '2026-11-02',
      requestedChange: '단가 6% 인상',
      talksDue: '2026-11-12',
      agreementDue: '2026-12-02',
      talksStartedOn: status === 'TALKS_STARTED' ? '2026-11-05' : null,
      agreedOn: status === 'AGREED' ? '2026-11-20' : null,
      failedOn: null,
      withdrawnOn: null,
    });
    /** PO2026-000201 as its supplier reads it: acknowledged, of a 하도급 kind, with the requests given. */
    const order = (overrides: Row = {}): Row => ({
      ...(createCyberFixtures().answers.getSupplierPo({ path: { poNo: 'PO2026-000201' } }) as Row),
      status: 'ACKNOWLEDGED',
      acknowledgedAt: '2026-11-02T02:00:00.000Z',
      actions: [],
      subconKind: 'MANUFACTURE',
      coordinations: [],
      ...overrides,
    });
    const open = (answers: Record<string, (input: OperationInput) => unknown>) =>
      renderCyberFlow('/cyber/CyberOrderRequestEdit?poNo=PO2026-000201', { answers });
    /** The order is shown (its print button is the sentinel that the actions were laid out). */
    const shown = async () => {
      await screen.findByDisplayValue('생산설비 베어링 발주');
      await screen.findByRole('button', { name: '인쇄' });
    };

    it('shows each request with its state and due dates, and no new request while one is open', async () => {
      open({ getSupplierPo: () => order({ coordinations: [listed('PC2026-000005', 'TALKS_STARTED')] }) });
      await screen.findByText('납품대금 조정협의 (상생협력법 제22조의2, 하도급법 제16조의2)');
      await waitFor(() => expect(everyGridRow().some((r) => r[0] === 'PC2026-000005' && r[1] === '협의중')).toBe(true));
      await shown();
      expect(screen.queryByRole('button', { name: '조정협의 요청' })).not.toBeInTheDocument();
    });

    it('asks on a running 하도급 order, the order shown read-only; the new request then shows in its grid', async () => {
      // An earlier request agreed: closed, so a new one may be asked.
      const coordinations: Row[] = [listed('PC2026-000005', 'AGREED')];
      const { services } = open({
        getSupplierPo: () => order({ coordinations: [...coordinations] }),
        requestPriceCoordination: (input: OperationInput) => {
          coordinations.unshift(listed('PC2026-000006', 'REQUESTED'));
          return orderRequest({ ...(input.body as Row), coordinationNo: 'PC2026-000006' });
        },
      });
      await shown();
      fireEvent.click(await screen.findByRole('button', { name: '조정협의 요청' }));
      const prompt = await screen.findByRole('dialog', { name: '납품대금 조정협의 요청' });
      expect(prompt).toHaveTextContent('이 발주에 대해 납품대금 조정협의를 요청합니다');
      const poNo = within(prompt).getByLabelText(/발주번호/);
      expect(poNo).toHaveValue('PO2026-000201');
      expect(poNo).toHaveAttribute('readonly');
      expect(await axeFindings(prompt)).toEqual([]);
      fireEvent.change(within(prompt).getByLabelText(/조정 요청 사유/), { target: { value: '베어링강 가격 상승' } });
      fireEvent.change(within(prompt).getByLabelText(/요청 조정 내용/), { target: { value: '단가 4% 인상' } });
      fireEvent.change(within(prompt).getByLabelText(/요청 조정률/), { target: { value: '4' } });
      fireEvent.change(within(prompt).getByLabelText(/공급원가 변동 근거/), { target: { value: '소재비 8% 상승' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      await screen.findByText('납품대금 조정협의를 요청했습니다');
      expect(lastCall(services.calls, 'requestPriceCoordination')!.input.body).toEqual({
        targetKind: 'ORDER',
        poNo: 'PO2026-000201',
        reason: '베어링강 가격 상승',
        requestedChange: '단가 4% 인상',
        requestedPct: '4',
        // Left empty: sent empty, which the server reads as none.
        requestedAmount: '',
        costBasis: '소재비 8% 상승',
      });
      // The order read again: the new request in the grid, and no second one offered while it is open.
      await waitFor(() => expect(everyGridRow().some((r) => r[0] === 'PC2026-000006' && r[1] === '요청')).toBe(true));
      await waitFor(() => expect(screen.queryByRole('button', { name: '조정협의 요청' })).not.toBeInTheDocument());
    });

    it.each([
      ['an order outside the Act', { subconKind: null }],
      ['a closed 하도급 order', { status: 'CLOSED' }],
      ['a cancelled 하도급 order', { status: 'CANCELLED', cancelReason: '사양 변경' }],
    ])('offers no request on %s', async (_, overrides) => {
      open({ getSupplierPo: () => order(overrides) });
      await shown();
      expect(screen.queryByRole('button', { name: '조정협의 요청' })).not.toBeInTheDocument();
    });
  },
);

describe('staff’s order screen lists the order’s requests under its 하도급 section', { timeout: 30_000 }, () => {
  it('shows each request with its state and due dates', async () => {
    renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301', {
      answers: {
        getPo: () => ({
          ...(createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } }) as Row),
          status: 'ACKNOWLEDGED',
          subconKind: 'MANUFACTURE',
          writtenContract: { kind: 'PAPER', reference: '서면 계약 2026-77', contractDate: '2026-11-01' },
          coordinations: [
            {
              coordinationNo: 'PC2026-000007',
              status: 'REQUESTED',
              requestedOn: '2026-11-02',
              requestedChange: '단가 6% 인상',
              talksDue: '2026-11-12',
              agreementDue: '2026-12-02',
              talksStartedOn: null,
              agreedOn: null,
              failedOn: null,
              withdrawnOn: null,
            },
          ],
        }),
      },
    });
    await screen.findByText('납품대금 조정협의 (상생협력법 제22조의2, 하도급법 제16조의2)');
    await waitFor(() => expect(everyGridRow().some((r) => r[0] === 'PC2026-000007' && r[1] === '요청')).toBe(true));
  });
});

describe('staff’s order screen: the 하도급 payment terms dialog', { timeout: 30_000 }, () => {
  it('past the draft shows the agreed term fixed and sends it unchanged', async () => {
    const { services } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301', {
      answers: {
        getPo: () => ({
          ...(createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } }) as Row),
          status: 'ACKNOWLEDGED',
          subconKind: 'MANUFACTURE',
          paymentTermDays: 45,
          actions: ['subconTerms'],
        }),
        setSubconTerms: (input: OperationInput) => ({
          ...(createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } }) as Row),
          ...(input.body as Row),
        }),
      },
    });
    const terms = await screen.findByRole('button', { name: '지급 조건' });
    await waitFor(() => expect(terms).toBeEnabled());
    fireEvent.click(terms);
    const prompt = await screen.findByRole('dialog', { name: '하도급 지급 조건' });
    const term = within(prompt).getByLabelText(/약정 지급 기간/);
    expect(term).toHaveValue('45');
    expect(term).toHaveAttribute('readonly');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('지급 조건을 저장했습니다');
    // The term sent as agreed: the server takes the 발주자 지급일 beside it and refuses only a changed term.
    expect(lastCall(services.calls, 'setSubconTerms')!.input.body).toMatchObject({ paymentTermDays: 45 });
  });
});
