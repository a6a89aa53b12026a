import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { OperationError, type OperationInput } from '../../engine/services';
import { createPoFixtures } from '../purchase-order/po-fixtures';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { PR_LOGINS, createPrFixtures } from './pr-fixtures';
import { renderPrFlow } from './pr-flow';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const callsOf = (calls: Calls, op: string) => calls.filter((c) => c.operation === op);
/** A stand-in for the comparison component (app/custom-screens/purchase-request, tested there): screens do not import app/. */
const CompareStub = ({ query }: { query: Record<string, string> }) => <p>비교 {query.rfqNo}</p>;
const asBuyer = { login: PR_LOGINS.buyer, customComponents: { rfqCompare: CompareStub } };

describe('prConfirmList: PRs for purchasing to receive', { timeout: 30_000 }, () => {
  it('lists approved, received and quoted PRs by default; 내 담당만 sends mine=Y; a PR number opens /prConfirmEdit', async () => {
    const { services, router } = renderPrFlow('/prConfirmList', asBuyer);
    await screen.findByText('총 3건');
    expect(lastCall(services.calls, 'listPrConfirm')!.input.query).toMatchObject({ sort: 'prNo:desc' });
    expect(lastCall(services.calls, 'listPrConfirm')!.input.query).not.toHaveProperty('status');
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    expect(gridRowTexts().map((r) => [r[0], r[3]])).toEqual([
      ['PR2026-000105', '구매접수'],
      ['PR2026-000104', '견적요청'],
      ['PR2026-000103', '결재완료'],
    ]);
    fireEvent.change(screen.getByLabelText('담당'), { target: { value: 'Y' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 2건');
    expect(lastCall(services.calls, 'listPrConfirm')!.input.query).toMatchObject({ mine: 'Y' });

    const { clickGridRow } = await import('../../engine/testing/grid');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    clickGridRow(1, { x: 40 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/prConfirmEdit'));
    expect(router.state.location.search).toBe('?prNo=PR2026-000104');
    await screen.findByDisplayValue('랙서버');
  });
});

describe(
  'prConfirmEdit: purchasing receives, returns, asks for quotations, compares and selects',
  { timeout: 30_000 },
  () => {
    it(
      'receives an approved PR: the buyer chosen with the person popup, the PR then received',
      { timeout: 30_000 },
      async () => {
        const { services } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000103', asBuyer);
        await screen.findByDisplayValue('OP앰프 외 4건');
        expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('결재완료');
        expect(screen.queryByRole('button', { name: '견적 요청' })).not.toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: '접수' }));
        const prompt = await screen.findByRole('dialog', { name: '구매요청 접수' });
        fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
        expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
        expect(callsOf(services.calls, 'receivePr')).toHaveLength(0);

        // The person popup: search by name, choose.
        fireEvent.click(within(prompt).getByRole('button', { name: /검색|사원 검색/ }));
        const popup = await screen.findByRole('dialog', { name: '사원 검색' });
        fireEvent.change(within(popup).getByLabelText('이름'), { target: { value: '김민수' } });
        fireEvent.click(within(popup).getByRole('button', { name: '조회' }));
        await waitFor(() => expect(within(popup).getByRole('button', { name: '선택' })).toBeEnabled());
        fireEvent.click(within(popup).getByRole('button', { name: '선택' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: '사원 검색' })).not.toBeInTheDocument());
        await waitFor(() => expect(within(prompt).getByDisplayValue('김민수')).toBeInTheDocument());
        fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
        await screen.findByText('접수했습니다.');
        expect(lastCall(services.calls, 'receivePr')!.input).toEqual({
          path: { prNo: 'PR2026-000103' },
          query: undefined,
          body: { version: 3, buyerId: 'E000004', sgCode: '' },
        });
        await waitFor(() => expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('구매접수'));
        expect(screen.getByLabelText('구매 담당자')).toHaveValue('김민수');
        expect(screen.queryByRole('button', { name: '접수' })).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: '견적 요청' })).toBeInTheDocument();
      },
    );

    it('returns a PR to the requester with a reason', async () => {
      const { services, fixtures } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000103', asBuyer);
      await screen.findByDisplayValue('OP앰프 외 4건');
      fireEvent.click(screen.getByRole('button', { name: '접수 반려' }));
      const prompt = await screen.findByRole('dialog', { name: '구매요청 반려' });
      fireEvent.change(within(prompt).getByLabelText(/반려 사유/), { target: { value: '사양 불명확' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      await screen.findByText('반려했습니다.');
      expect(lastCall(services.calls, 'returnPr')!.input.body).toEqual({ version: 3, reason: '사양 불명확' });
      expect(fixtures.data.prs.find((p) => p.prNo === 'PR2026-000103')!.status).toBe('REJECTED');
      await waitFor(() => expect(screen.getByLabelText(/반려 사유/)).toHaveValue('사양 불명확'));
    });

    it(
      'asks suppliers to quote: the dialog takes the PR’s version, the deadline and suppliers from the company popup',
      { timeout: 40_000 },
      async () => {
        const { services } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000105', asBuyer);
        await screen.findByDisplayValue('동판 외 2건');
        fireEvent.click(screen.getByRole('button', { name: '견적 요청' }));
        const dialog = await screen.findByRole('dialog', { name: '견적요청' });
        expect(await within(dialog).findByDisplayValue('PR2026-000105')).toHaveAttribute('readonly');
        expect(await within(dialog).findByDisplayValue('동판 외 2건')).toBeInTheDocument();
        // No supplier yet: the rows are checked before anything is sent.
        fireEvent.change(within(dialog).getByLabelText(/견적 마감일/), { target: { value: '2026-12-01' } });
        fireEvent.blur(within(dialog).getByLabelText(/견적 마감일/));
        fireEvent.click(within(dialog).getByRole('button', { name: '견적 요청' }));
        const check = await screen.findByRole('alertdialog');
        expect(check).toHaveTextContent('입력 값을 확인하세요.');
        fireEvent.click(within(check).getByRole('button', { name: '확인' }));
        expect(callsOf(services.calls, 'createRfq')).toHaveLength(0);

        for (const [q, name] of [
          ['대한', '㈜대한정밀'],
          ['C00113', '㈜일신전자'],
        ]) {
          fireEvent.click(within(dialog).getByRole('button', { name: '협력사 추가' }));
          const popup = await screen.findByRole('dialog', { name: '업체 검색' });
          fireEvent.change(within(popup).getByLabelText('업체명 또는 사업자번호'), { target: { value: q } });
          fireEvent.click(within(popup).getByRole('button', { name: '조회' }));
          await waitFor(() => expect(within(popup).getByRole('button', { name: '선택' })).toBeEnabled());
          fireEvent.click(within(popup).getByRole('button', { name: '선택' }));
          await waitFor(() => expect(screen.queryByRole('dialog', { name: '업체 검색' })).not.toBeInTheDocument());
          await waitFor(() => expect(gridRowTexts(dialog).map((r) => r[1])).toContain(name));
        }
        expect(lastCall(services.calls, 'searchRfqSuppliers')!.input.query).toEqual({ q: 'C00113' });
        fireEvent.click(within(dialog).getByRole('button', { name: '견적 요청' }));
        const ask = await screen.findByRole('alertdialog');
        expect(ask).toHaveTextContent('선택한 협력사에 견적을 요청하시겠습니까?');
        fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: '견적요청' })).not.toBeInTheDocument());
        expect(lastCall(services.calls, 'createRfq')!.input.body).toEqual({
          prNo: 'PR2026-000105',
          prVersion: 4,
          deadline: '2026-12-01',
          title: '동판 외 2건',
          description: '',
          suppliers: ['C00001', 'C00113'],
          confirmEvaluationWarning: false,
        });
        // The PR is read again: out for quotation, the invited suppliers listed.
        await waitFor(() => expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('견적요청'));
        expect(screen.getByLabelText('견적요청번호')).toHaveValue('RFQ2026-000777');
        await waitFor(() =>
          expect(gridRowTexts().map((r) => [r[0], r[2]])).toEqual([
            ['C00001', '견적요청'],
            ['C00113', '견적요청'],
          ]),
        );
      },
    );

    it('shows the quotations; cancels the request with a reason', async () => {
      const { services } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', asBuyer);
      await screen.findByDisplayValue('랙서버');
      expect(screen.getByLabelText('견적요청 상태')).toHaveDisplayValue('견적진행');
      await waitFor(() => expect(gridRowTexts().length).toBe(3));
      expect(gridRowTexts().map((r) => r.slice(0, 5))).toEqual([
        ['C00001', '㈜대한정밀', '견적제출', 'QT2026-000301', '1,290,000'],
        ['C00002', '한빛전자 주식회사', '견적제출', 'QT2026-000302', '1,250,000'],
        ['C00093', '(주)현진시스템', '요청확인', '', ''],
      ]);
      fireEvent.click(screen.getByRole('button', { name: '견적요청 취소' }));
      const prompt = await screen.findByRole('dialog', { name: '견적요청 취소' });
      fireEvent.change(within(prompt).getByLabelText(/취소 사유/), { target: { value: '사양 변경' } });
      fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
      await screen.findByText('견적요청을 취소했습니다.');
      expect(lastCall(services.calls, 'cancelRfq')!.input).toEqual({
        path: { rfqNo: 'RFQ2026-000201' },
        query: undefined,
        body: { version: 1, reason: '사양 변경' },
      });
      await waitFor(() => expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('구매접수'));
      expect(screen.queryByText('견적 현황')).not.toBeInTheDocument();
    });

    it('견적 비교 opens the comparison of the current request in a dialog (the component is tested beside it)', async () => {
      renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', asBuyer);
      await screen.findByDisplayValue('랙서버');
      fireEvent.click(screen.getByRole('button', { name: '견적 비교' }));
      const dialog = await screen.findByRole('dialog', { name: '견적 비교' });
      expect(await within(dialog).findByText('비교 RFQ2026-000201')).toBeInTheDocument();
    });

    /** The fixtures with PR2026-000104's request awarded to C00002 (the selection is tested with the comparison). */
    const awarded = () => {
      const own = createPrFixtures({ viewer: PR_LOGINS.buyer.singleid });
      own.answers.selectQuotation({ body: { version: 1, compNo: 'C00002' } });
      return own.answers;
    };

    it('no 단가계약 작성 while the request is open for quotation', async () => {
      renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', asBuyer);
      await screen.findByDisplayValue('랙서버');
      expect(screen.getByRole('button', { name: '견적요청 취소' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '단가계약 작성' })).not.toBeInTheDocument();
    });

    it(
      '단가계약 작성 on an awarded request: the validity asked, the draft agreement made from the award and opened at its address',
      { timeout: 40_000 },
      async () => {
        const { services, router } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', {
          ...asBuyer,
          answers: awarded(),
        });
        await screen.findByDisplayValue('랙서버');
        await waitFor(() => expect(screen.getByLabelText('견적요청 상태')).toHaveDisplayValue('업체선정'));
        fireEvent.click(await screen.findByRole('button', { name: '단가계약 작성' }));
        const prompt = await screen.findByRole('dialog', { name: '단가계약 작성' });
        expect(prompt).toHaveTextContent('선정된 협력사의 견적 단가로 단가계약(작성 상태)을 만들고 엽니다.');
        fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
        expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
        expect(callsOf(services.calls, 'createAgreementFromAward')).toHaveLength(0);
        fireEvent.change(within(prompt).getByLabelText(/유효 종료일/), { target: { value: '2027-11-30' } });
        fireEvent.blur(within(prompt).getByLabelText(/유효 종료일/));
        fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
        await waitFor(() => expect(router.state.location.pathname).toBe('/AgreementEdit'));
        expect(router.state.location.search).toBe('?agreementNo=AG2026-000901');
        expect(lastCall(services.calls, 'createAgreementFromAward')!.input.body).toEqual({
          sourceType: 'RFQ',
          sourceNo: 'RFQ2026-000201',
          validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          validTo: '2027-11-30',
          keepQuantities: true,
        });
      },
    );

    it(
      '단가계약 작성 refused by the server: its message is shown and the page stays',
      { timeout: 40_000 },
      async () => {
        const { services, router } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', {
          ...asBuyer,
          answers: {
            ...awarded(),
            createAgreementFromAward: () => {
              throw new OperationError(
                409,
                'AGREEMENT_SOURCE_NOT_AWARDED',
                '낙찰(선정)된 견적요청이 아닙니다: RFQ2026-000201',
              );
            },
          },
        });
        fireEvent.click(await screen.findByRole('button', { name: '단가계약 작성' }));
        const prompt = await screen.findByRole('dialog', { name: '단가계약 작성' });
        fireEvent.change(within(prompt).getByLabelText(/유효 종료일/), { target: { value: '2027-11-30' } });
        fireEvent.blur(within(prompt).getByLabelText(/유효 종료일/));
        // Prices only: no agreed quantities.
        fireEvent.click(within(prompt).getByLabelText('단가만 계약 (수량 없이)'));
        fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
        expect(await screen.findByText('낙찰(선정)된 견적요청이 아닙니다: RFQ2026-000201')).toBeInTheDocument();
        expect(lastCall(services.calls, 'createAgreementFromAward')!.input.body).toMatchObject({
          keepQuantities: false,
        });
        expect(router.state.location.pathname).toBe('/prConfirmEdit');
      },
    );

    it('a reader without write authority sees the document and no workflow button', async () => {
      renderPrFlow('/prConfirmEdit?prNo=PR2026-000103', { ...asBuyer, authority: { read: true, write: false } });
      await screen.findByDisplayValue('OP앰프 외 4건');
      for (const name of ['접수', '접수 반려', '견적 요청', '견적요청 취소'])
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '목록' })).toBeEnabled();
    });
  },
);

describe('prConfirmEdit: a PR line from an agreement opens the call-off filled in', { timeout: 30_000 }, () => {
  const AGREEMENT_NO = 'AG2026-000001';
  /** PR2026-000105 (received) whose lines name the agreement's line 2. */
  const own = createPrFixtures({ viewer: 'E000004' });
  const getPr = (input: OperationInput) => {
    const pr = own.answers.getPr(input) as { lines: Array<Record<string, unknown>> };
    return { ...pr, lines: pr.lines.map((l) => ({ ...l, agreementNo: AGREEMENT_NO, agreementLineNo: 2 })) };
  };
  const line = (lineNo: number, itemName: string) => ({
    lineNo,
    itemCode: null,
    itemName,
    spec: null,
    unitCode: 'KG',
    sgCode: null,
    unitPrice: '950.00',
    agreedQty: '500.000',
    orderedQty: '0.000',
    orderedAmount: '0.00',
    remainingQty: '500.000',
    prices: [],
  });
  /** A dialog row: the agreement line, and with the PR the PR line naming it and what is left of it. */
  const row = (rowNo: number, l: ReturnType<typeof line>, pr?: [number, string, string, string]) => ({
    rowNo,
    agreementLineNo: l.lineNo,
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    unitPrice: l.unitPrice,
    agreedQty: l.agreedQty,
    orderedQty: l.orderedQty,
    remainingQty: l.remainingQty,
    prLineNo: pr?.[0] ?? null,
    prQuantity: pr?.[1] ?? null,
    prOrderedQty: pr?.[2] ?? null,
    prRemainingQty: pr?.[3] ?? null,
  });
  const lines = [line(1, '황동판'), line(2, '동판')];
  // The server names the PR lines only when asked with the PR's number: the PR's lines 1 and 2 both
  // name the agreement's line 2 (a row each); 40 of line 1's 100 were ordered already.
  const callOffLines = (pr: boolean) =>
    pr
      ? [
          row(1, lines[0]),
          row(2, lines[1], [1, '100.000', '40.000', '60.000']),
          row(3, lines[1], [2, '30.000', '0.000', '30.000']),
        ]
      : [row(1, lines[0]), row(2, lines[1])];
  const getAgreement = (input: OperationInput) => ({
    agreementNo: AGREEMENT_NO,
    compNo: 'C00001',
    compNameKr: '㈜대한정밀',
    title: '동판 단가계약',
    currency: 'JPY',
    validFrom: '2026-11-01',
    validTo: '2027-10-31',
    status: 'ACTIVE',
    ceilingAmount: null,
    orderedAmount: '0.00',
    remainingAmount: null,
    contractNo: null,
    buyerName: '김민수',
    version: 3,
    ...NO_LINKAGE,
    subconKind: null,
    callOffPolicy: 'REFUSE',
    approvalStatus: 'APPROVED',
    buyerId: 'E000004',
    section: 'D1000',
    deptcd: 'D1240',
    sourceType: null,
    sourceNo: null,
    remark: null,
    approvedAt: '2026-11-20T01:00:00.000Z',
    expiredAt: null,
    terminatedAt: null,
    terminateReason: null,
    createdBy: 'operator',
    createdAt: '2026-11-19T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    lines,
    callOffLines: callOffLines(!!input.query?.prNo),
    callOffs: [],
    approvals: [],
    history: [],
    pendingApprovalId: null,
    pendingApprovalVersion: null,
    currentApproverName: null,
    approvalSteps: [],
    actions: ['terminate', 'callOff'],
  });

  it('the agreement number opens 단가계약 발주 with the PR: a row per PR line with what is left to order of it; the call-off links the PR lines', async () => {
    const { services, router } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000105', {
      ...asBuyer,
      answers: {
        getPr,
        getAgreement,
        // The draft made: an order of the purchase-order fixtures stands for it.
        callOffAgreement: () => createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } }),
      },
    });
    await screen.findByDisplayValue('동판 외 2건');
    // The lines grid: the one showing 동판; its agreement number is a link to the call-off.
    const index = await waitFor(() => {
      const i = [0, 1, 2, 3].findIndex((n) => {
        try {
          return gridRowTexts(document, n).some((r) => r.includes(AGREEMENT_NO));
        } catch {
          return false;
        }
      });
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    });
    const grid = document.querySelectorAll<HTMLElement>('[data-gpms-grid]')[index];
    clickGridRow(0, { index, x: Number(grid.dataset.rowMarkerWidth) + 50 + 120 + 200 + 40 });
    const dialog = await screen.findByRole('dialog', { name: '단가계약 발주' });
    // (The page behind has a prNo field of the same id: the dialog's field is read by its place.)
    expect(dialog.querySelector('[data-field="prNo"] input')).toHaveValue('PR2026-000105');
    expect(callsOf(services.calls, 'getAgreement').map((c) => c.input.query?.prNo)).toContain('PR2026-000105');
    // The agreement's line 2 is the PR's lines 1 and 2: a row each, with its PR line and what is left
    // to order of it (line 1: 100 less the 40 ordered before); the agreement's line 1 is left empty.
    await waitFor(() =>
      expect(gridRowTexts(dialog).map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual([
        ['1', '황동판', '', '', '', ''],
        ['2', '동판', '60', '1', '100', '40'],
        ['2', '동판', '30', '2', '30', '0'],
      ]),
    );
    fireEvent.change(within(dialog).getByLabelText(/^납기일/), { target: { value: '2030-12-01' } });
    fireEvent.blur(within(dialog).getByLabelText(/^납기일/));
    fireEvent.click(within(dialog).getByRole('button', { name: '발주' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(services.calls, 'callOffAgreement')).toBeDefined());
    expect(lastCall(services.calls, 'callOffAgreement')!.input).toMatchObject({
      path: { agreementNo: AGREEMENT_NO },
      body: {
        prNo: 'PR2026-000105',
        dueDate: '2030-12-01',
        lines: [
          { agreementLineNo: 2, quantity: '60.000', prLineNo: 1 },
          { agreementLineNo: 2, quantity: '30.000', prLineNo: 2 },
        ],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
  });
});

describe('prConfirmEdit: 단가계약 제안 for the lines naming none', { timeout: 30_000 }, () => {
  const AGREEMENT_NO = 'AG2026-000007';
  const own = createPrFixtures({ viewer: 'E000004' });
  /** PR2026-000105 (received), its line 1 (동판, 100 KG) naming no agreement; purchasing may look for some. */
  const getPr = (input: OperationInput) => {
    const pr = own.answers.getPr(input) as { actions: string[] };
    return { ...pr, actions: [...pr.actions, 'proposeAgreements'] };
  };
  const proposal = (rowNo: number, agreementNo: string, compNameKr: string, unitPrice: string) => ({
    rowNo,
    prLineNo: 1,
    itemCode: 'RAW0102-0025',
    itemName: '동판',
    unitCode: 'KG',
    prQuantity: '100.000',
    prOrderedQty: '40.000',
    prRemainingQty: '60.000',
    estUnitPrice: '950.00',
    agreementNo,
    agreementLineNo: 1,
    title: '동판 단가계약',
    compNo: 'C00001',
    compNameKr,
    currency: 'JPY',
    validTo: '2027-10-31',
    callOffPolicy: 'REFUSE',
    unitPrice,
    agreedQty: '500.000',
    orderedQty: '0.000',
    remainingQty: '500.000',
  });
  const getPrAgreementProposals = () => ({
    prNo: 'PR2026-000105',
    status: 'RECEIVED',
    currency: 'JPY',
    rows: [proposal(1, AGREEMENT_NO, '㈜대한정밀', '900.00'), proposal(2, 'AG2026-000009', '한빛전자', '940.00')],
  });
  /** The call-off dialog's rows: with the proposal, the PR line under the agreement line proposed. */
  const getAgreement = (input: OperationInput) => {
    const q = input.query ?? {};
    const proposed = q.prNo === 'PR2026-000105' && String(q.prLineNo) === '1' && String(q.agreementLineNo) === '1';
    return {
      agreementNo: AGREEMENT_NO,
      compNo: 'C00001',
      compNameKr: '㈜대한정밀',
      title: '동판 단가계약',
      currency: 'JPY',
      validFrom: '2026-11-01',
      validTo: '2027-10-31',
      status: 'ACTIVE',
      ceilingAmount: null,
      orderedAmount: '0.00',
      remainingAmount: null,
      contractNo: null,
      buyerName: '김민수',
      version: 3,
      ...NO_LINKAGE,
      subconKind: null,
      callOffPolicy: 'REFUSE',
      approvalStatus: 'APPROVED',
      buyerId: 'E000004',
      section: 'D1000',
      deptcd: 'D1240',
      sourceType: null,
      sourceNo: null,
      remark: null,
      approvedAt: '2026-11-20T01:00:00.000Z',
      expiredAt: null,
      terminatedAt: null,
      terminateReason: null,
      createdBy: 'operator',
      createdAt: '2026-11-19T01:00:00.000Z',
      updatedAt: '2026-11-20T01:00:00.000Z',
      lines: [],
      callOffLines: [
        {
          rowNo: 1,
          agreementLineNo: 1,
          itemCode: 'RAW0102-0025',
          itemName: '동판',
          spec: null,
          unitCode: 'KG',
          unitPrice: '900.00',
          agreedQty: '500.000',
          orderedQty: '0.000',
          remainingQty: '500.000',
          prLineNo: proposed ? 1 : null,
          prQuantity: proposed ? '100.000' : null,
          prOrderedQty: proposed ? '40.000' : null,
          prRemainingQty: proposed ? '60.000' : null,
        },
      ],
      callOffs: [],
      approvals: [],
      history: [],
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
      approvalSteps: [],
      actions: ['terminate', 'callOff'],
    };
  };

  it('lists the proposals cheapest first; an agreement number opens the call-off with the PR line filled in under the line proposed', async () => {
    const { services, router } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000105', {
      ...asBuyer,
      answers: {
        getPr,
        getPrAgreementProposals,
        getAgreement,
        callOffAgreement: () => createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } }),
      },
    });
    await screen.findByDisplayValue('동판 외 2건');
    fireEvent.click(screen.getByRole('button', { name: '단가계약 제안' }));
    const proposals = await screen.findByRole('dialog', { name: '단가계약 제안' });
    expect(lastCall(services.calls, 'getPrAgreementProposals')!.input.path).toEqual({ prNo: 'PR2026-000105' });
    await waitFor(() =>
      expect(gridRowTexts(proposals).map((r) => [r[0], r[1], r[2], r[3], r[5], r[6]])).toEqual([
        ['1', '동판', '60', AGREEMENT_NO, '㈜대한정밀', '900'],
        ['1', '동판', '60', 'AG2026-000009', '한빛전자', '940'],
      ]),
    );
    // A listing: read only, nothing unsaved.
    expect(within(proposals).getByText('조회 전용')).toBeInTheDocument();
    const grid = proposals.querySelector<HTMLElement>('[data-gpms-grid]')!;
    const index = [...document.querySelectorAll('[data-gpms-grid]')].indexOf(grid);
    clickGridRow(0, { index, x: Number(grid.dataset.rowMarkerWidth) + 70 + 180 + 90 + 40 });
    const callOff = await screen.findByRole('dialog', { name: '단가계약 발주' });
    expect(callOff.querySelector('[data-field="prNo"] input')).toHaveValue('PR2026-000105');
    // The grid's rows are read with the proposal (the header's fields read the agreement alone).
    expect(callsOf(services.calls, 'getAgreement').map((c) => c.input)).toContainEqual({
      path: { agreementNo: AGREEMENT_NO },
      query: { prNo: 'PR2026-000105', prLineNo: '1', agreementLineNo: '1' },
      body: undefined,
    });
    await waitFor(() =>
      expect(gridRowTexts(callOff).map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual([
        ['1', '동판', '60', '1', '100', '40'],
      ]),
    );
    fireEvent.change(within(callOff).getByLabelText(/^납기일/), { target: { value: '2030-12-01' } });
    fireEvent.blur(within(callOff).getByLabelText(/^납기일/));
    fireEvent.click(within(callOff).getByRole('button', { name: '발주' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(services.calls, 'callOffAgreement')).toBeDefined());
    expect(lastCall(services.calls, 'callOffAgreement')!.input).toMatchObject({
      path: { agreementNo: AGREEMENT_NO },
      body: { prNo: 'PR2026-000105', lines: [{ agreementLineNo: 1, quantity: '60.000', prLineNo: 1 }] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
  });

  it('not offered unless the server says so', async () => {
    renderPrFlow('/prConfirmEdit?prNo=PR2026-000105', { ...asBuyer, answers: { getPr: own.answers.getPr } });
    await screen.findByDisplayValue('동판 외 2건');
    expect(screen.queryByRole('button', { name: '단가계약 제안' })).toBeNull();
  });
});
