import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError } from '../../engine/services';
import { clickGridRow, editGridCell, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { createPoFixtures } from './po-fixtures';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { answer, lastCall, renderPoFlow } from './po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 30_000 };

const ROW = {
  agreementNo: 'AG2026-000001',
  compNo: 'C00001',
  compNameKr: '한빛정밀',
  title: '베어링 단가계약',
  currency: 'KRW',
  validFrom: '2026-11-01',
  validTo: '2027-10-31',
  ceilingAmount: '200000.00',
  orderedAmount: '40000.00',
  callOffPolicy: 'REFUSE',
  status: 'ACTIVE',
  approvalStatus: 'APPROVED',
  buyerId: 'E000004',
  buyerName: '김민수',
  sourceType: null,
  sourceNo: null,
  lineCount: 1,
  updatedAt: '2026-11-20T01:00:00.000Z',
  version: 3,
};

const { lineCount: _lineCount, ...HEADER } = ROW;
const DETAIL = {
  ...HEADER,
  ...NO_LINKAGE,
  subconKind: null,
  remainingAmount: '160000.00',
  contractNo: null,
  section: 'D1000',
  deptcd: 'D1240',
  remark: null,
  approvedAt: '2026-11-20T01:00:00.000Z',
  expiredAt: null,
  terminatedAt: null,
  terminateReason: null,
  createdBy: 'operator',
  createdAt: '2026-11-19T01:00:00.000Z',
  lines: [
    {
      lineNo: 1,
      itemCode: 'MRO0101-0001',
      itemName: '육각볼트',
      spec: null,
      unitCode: 'EA',
      sgCode: null,
      unitPrice: '1000.00',
      agreedQty: '100.000',
      orderedQty: '40.000',
      orderedAmount: '40000.00',
      remainingQty: '60.000',
      prices: [],
    },
  ],
  // The call-off dialog's rows: opened from the agreement (no PR), its lines as they are.
  callOffLines: [
    {
      rowNo: 1,
      agreementLineNo: 1,
      itemCode: 'MRO0101-0001',
      itemName: '육각볼트',
      spec: null,
      unitCode: 'EA',
      unitPrice: '1000.00',
      agreedQty: '100.000',
      orderedQty: '40.000',
      remainingQty: '60.000',
      prLineNo: null,
      prQuantity: null,
      prOrderedQty: null,
      prRemainingQty: null,
    },
  ],
  callOffs: [
    {
      poNo: 'PO2026-000304',
      poType: 'PO',
      poDate: '2026-11-20',
      status: 'SENT',
      lineNo: 1,
      agreementLineNo: 1,
      itemName: '육각볼트',
      quantity: '40.000',
      unitPrice: '1000.00',
      amount: '40000.00',
      deliveredQty: '0.000',
      receivedQty: '0.000',
      agreementException: null,
    },
  ],
  approvals: [],
  history: [],
  pendingApprovalId: null,
  pendingApprovalVersion: null,
  currentApproverName: null,
  approvalSteps: [],
  actions: ['terminate', 'callOff'],
};

describe('AgreementList / AgreementEdit', () => {
  it(
    'lists agreements with their state and amounts; one opens with ordered and remaining quantities and its call-offs',
    T,
    async () => {
      const { services, router } = renderPoFlow('/AgreementList', {
        answers: {
          listAgreements: () => ({ rows: [ROW], total: 1 }),
          getAgreement: () => DETAIL,
        },
      });
      await screen.findByText('총 1건');
      expect(screen.getByRole('heading', { name: '단가계약' })).toBeInTheDocument();
      await waitFor(() => expect(gridRowTexts().length).toBe(1));
      expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['AG2026-000001', '베어링 단가계약', '유효']));
      clickGridRow(0, { x: 40 });
      await waitFor(() => expect(router.state.location.pathname).toBe('/AgreementEdit'));
      await screen.findByDisplayValue('베어링 단가계약');
      expect(lastCall(services.calls, 'getAgreement')!.input.path).toEqual({ agreementNo: 'AG2026-000001' });
      await waitFor(() => expect(gridRowTexts(document, 0)[0]).toEqual(expect.arrayContaining(['육각볼트', '60'])));
      await waitFor(() => expect(gridRowTexts(document, 1)[0]).toEqual(expect.arrayContaining(['PO2026-000304'])));
      expect(screen.getByRole('button', { name: '계약 종료' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    },
  );
});

describe('AgreementEdit: saving a draft', () => {
  const draft = {
    ...DETAIL,
    status: 'DRAFT',
    callOffs: [],
    actions: ['update', 'submit', 'delete'],
  };

  it('a change of the header alone sends the lines with it (the operation requires them)', T, async () => {
    const { services } = renderPoFlow('/AgreementEdit?agreementNo=AG2026-000001', {
      answers: { getAgreement: () => draft, updateAgreement: () => ({ ...draft, title: '베어링 단가계약 (수정)' }) },
    });
    const title = await screen.findByDisplayValue('베어링 단가계약');
    fireEvent.change(title, { target: { value: '베어링 단가계약 (수정)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await answer('확인');
    await waitFor(() => expect(lastCall(services.calls, 'updateAgreement')).toBeDefined());
    const sent = lastCall(services.calls, 'updateAgreement')!.input.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: '베어링 단가계약 (수정)', version: 3 });
    expect(sent.lines).toEqual([
      // The exact decimals as read: text, never a float.
      { itemCode: 'MRO0101-0001', itemName: '육각볼트', unitCode: 'EA', unitPrice: '1000.00', agreedQty: '100.000' },
    ]);
  });

  it("a refusal names the field as the screen labels it, in Korean (not the body's raw name)", T, async () => {
    renderPoFlow('/AgreementEdit?agreementNo=AG2026-000001', {
      answers: {
        getAgreement: () => draft,
        updateAgreement: () => {
          throw new OperationError(400, 'VALIDATION', '요청 값이 올바르지 않습니다: 필수 입력 항목입니다.', [
            { path: 'body/lines', message: '필수 입력 항목입니다.' },
            { path: 'body/validTo', message: '형식이 올바르지 않습니다.' },
          ]);
        },
      },
    });
    await screen.findByDisplayValue('베어링 단가계약');
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await answer('확인');
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('계약 품목 (발주·잔여 수량): 필수 입력 항목입니다.');
    expect(alert).toHaveTextContent('유효 종료일: 형식이 올바르지 않습니다.');
    expect(alert.textContent).not.toMatch(/lines|validTo|body/);
  });
});

describe('AgreementEdit: the e-contract link', () => {
  it('an agreement with an e-contract number opens the contract detail', T, async () => {
    const { router } = renderPoFlow('/AgreementEdit?agreementNo=AG2026-000001', {
      answers: { getAgreement: () => ({ ...DETAIL, contractNo: 'EC2026-000010' }) },
    });
    await screen.findByDisplayValue('베어링 단가계약');
    fireEvent.click(await screen.findByRole('button', { name: '전자계약 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract/contractDetail'));
    expect(new URLSearchParams(router.state.location.search).get('contractNo')).toBe('EC2026-000010');
  });

  it('no e-contract number, no link', T, async () => {
    renderPoFlow('/AgreementEdit?agreementNo=AG2026-000001', { answers: { getAgreement: () => DETAIL } });
    await screen.findByDisplayValue('베어링 단가계약');
    expect(screen.queryByRole('button', { name: '전자계약 보기' })).not.toBeInTheDocument();
  });
});

describe('AgreementEdit: a call-off on screen', () => {
  it(
    'opens the call-off with the remaining quantities; a refusal lists every problem; the order made is opened at its address',
    T,
    async () => {
      let calls = 0;
      const { services, router } = renderPoFlow('/AgreementEdit?agreementNo=AG2026-000001', {
        answers: {
          getAgreement: () => DETAIL,
          callOffAgreement: () => {
            calls++;
            if (calls === 1)
              throw new OperationError(
                409,
                'AGREEMENT_CALL_OFF_REFUSED',
                '1번 품목의 발주 수량(70)이 계약 잔여 수량(60)을 넘습니다',
                {
                  agreementNo: 'AG2026-000001',
                  problems: [
                    {
                      kind: 'OVER_QTY',
                      lineNo: 1,
                      message: '1번 품목의 발주 수량(70)이 계약 잔여 수량(60)을 넘습니다',
                    },
                    {
                      kind: 'OVER_CEILING',
                      lineNo: null,
                      message: '발주 금액(70,000)이 단가계약 한도 잔액(60,000)을 넘습니다',
                    },
                  ],
                },
              );
            // The draft made: an order of the fixtures stands for it.
            return createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } });
          },
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: '발주' }));
      const dialog = await screen.findByRole('dialog', { name: '단가계약 발주' });
      await waitFor(() => expect(gridRowTexts(dialog)[0]).toEqual(expect.arrayContaining(['육각볼트', '60'])));
      await within(dialog).findByDisplayValue('베어링 단가계약');
      fireEvent.change(within(dialog).getByLabelText(/^납기일/), { target: { value: '2030-12-01' } });
      fireEvent.blur(within(dialog).getByLabelText(/^납기일/));
      await editGridCell({ row: 0, field: 'quantity', root: dialog }, '70');
      fireEvent.click(within(dialog).getByRole('button', { name: '발주' }));
      await answer('확인');
      const refusal = await screen.findByText(/한도 잔액\(60,000\)/);
      expect(refusal.textContent).toContain('잔여 수량(60)');
      const sent = lastCall(services.calls, 'callOffAgreement')!.input;
      expect(sent.path).toEqual({ agreementNo: 'AG2026-000001' });
      expect(sent.body).toMatchObject({ dueDate: '2030-12-01', lines: [{ agreementLineNo: 1, quantity: '70' }] });
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
      await editGridCell({ row: 0, field: 'quantity', root: dialog }, '20');
      // Ordering a received PR: its number, and the PR line each line orders.
      fireEvent.change(within(dialog).getByLabelText(/^구매요청번호/), { target: { value: 'PR2026-000010' } });
      await editGridCell({ row: 0, field: 'prLineNo', root: dialog }, '2');
      fireEvent.click(within(dialog).getByRole('button', { name: '발주' }));
      await answer('확인');
      await waitFor(() => expect(router.state.location.pathname).toBe('/OrderRequestEdit'));
      expect(lastCall(services.calls, 'callOffAgreement')!.input.body).toMatchObject({
        prNo: 'PR2026-000010',
        lines: [{ agreementLineNo: 1, quantity: '20', prLineNo: 2 }],
      });
      expect(router.state.location.search).toBe('?poNo=PO2026-000301');
    },
  );
});

describe('OrderRequestEdit: the order a call-off made', () => {
  const fromQuotation = () => createPoFixtures().answers.getPo({ path: { poNo: 'PO2026-000301' } }) as object;
  const callOff = () => ({
    ...fromQuotation(),
    rfqNo: null,
    quoteNo: null,
    prNo: null,
    agreementNo: 'AG2026-000001',
    remark: '단가계약 AG2026-000001 발주',
  });

  it('names its agreement read only (단가계약 보기 opens it) and shows no empty quotation field', T, async () => {
    const { router } = renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301', {
      answers: { getPo: callOff, getAgreement: () => DETAIL },
    });
    const agreement = await screen.findByLabelText(/^단가계약번호/);
    expect(agreement).toHaveValue('AG2026-000001');
    expect(agreement).toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/^견적요청/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '단가계약 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/AgreementEdit'));
    expect(router.state.location.search).toBe('?agreementNo=AG2026-000001');
    await screen.findByDisplayValue('베어링 단가계약');
  });

  it('an order from a quotation keeps its quotation request and names no agreement', T, async () => {
    renderPoFlow('/OrderRequestEdit?poNo=PO2026-000301', { answers: { getPo: fromQuotation } });
    await screen.findByLabelText(/^견적요청/);
    expect(screen.queryByLabelText(/^단가계약번호/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '단가계약 보기' })).not.toBeInTheDocument();
  });
});

describe('AgreementConsumption', () => {
  it(
    'lists each agreement line with agreed, ordered, remaining and the share consumed; filters go to the server',
    T,
    async () => {
      const line = {
        lineKey: 'AG2026-000001-1',
        agreementNo: 'AG2026-000001',
        compNo: 'C00001',
        compNameKr: '한빛정밀',
        title: '베어링 단가계약',
        currency: 'KRW',
        status: 'ACTIVE',
        validFrom: '2026-11-01',
        validTo: '2027-10-31',
        ceilingAmount: '200000.00',
        agreementOrderedAmount: '40000.00',
        ceilingPct: '20.0',
        lineNo: 1,
        itemCode: 'MRO0101-0001',
        itemName: '육각볼트',
        unitCode: 'EA',
        unitPrice: '1000.00',
        agreedQty: '100.000',
        agreedAmount: '100000.00',
        orderedQty: '40.000',
        orderedAmount: '40000.00',
        remainingQty: '60.000',
        remainingAmount: '60000.00',
        consumedPct: '40.0',
      };
      const { services } = renderPoFlow('/AgreementConsumption', {
        answers: { listAgreementConsumption: () => ({ rows: [line], total: 1 }) },
      });
      await screen.findByText('총 1건');
      expect(screen.getByRole('heading', { name: '단가계약 소진 현황' })).toBeInTheDocument();
      await waitFor(() =>
        expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['AG2026-000001', '육각볼트', '100', '40', '60'])),
      );
      fireEvent.change(screen.getByLabelText('품목코드'), { target: { value: 'MRO0101-0001' } });
      fireEvent.click(screen.getByRole('button', { name: '조회' }));
      await waitFor(() =>
        expect(lastCall(services.calls, 'listAgreementConsumption')!.input.query).toMatchObject({
          itemCode: 'MRO0101-0001',
        }),
      );
      expect(screen.getByRole('button', { name: '엑셀 다운로드' })).toBeInTheDocument();
    },
  );
});
