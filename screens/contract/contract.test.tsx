import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { NO_CONTRACT_LINKAGE } from '../testing/contract-answer';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

const OPERATOR = {
  auth: 'U',
  authGroupId: '20',
  section: 'D1000',
  deptcd: 'D1240',
  deptnm: '구매운영팀',
  hname: '김민수',
  singleid: 'E000004',
};
const SUPPLIER_LOGIN = {
  auth: 'U',
  authGroupId: '60',
  section: '',
  deptcd: '',
  deptnm: '',
  hname: '최영호',
  singleid: 'supplier1',
};

const ROW = {
  contractNo: 'CT2026-000001',
  compNo: 'C00001',
  compName: '한빛정밀',
  title: '금형 제작 계약',
  contractType: 'CONSTRUCT',
  status: 'SENT',
  totalAmount: '11000000',
  signDeadline: '2026-12-10',
  stampStatus: 'REQUIRED',
  amendsContractNo: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  version: 3,
};
const SHA = 'ab'.repeat(32);
const { compName: _compName, ...HEADER } = ROW;
const DETAIL = {
  ...HEADER,
  templateNo: 'MOLD',
  templateVersion: 1,
  signOrder: 'SUPPLIER_FIRST',
  sourceKind: 'NONE',
  sourceNo: null,
  supplyAmount: '10000000',
  vatAmount: '1000000',
  startDate: null,
  endDate: null,
  contractDate: '2026-11-20',
  variables: {},
  approvalId: 1,
  approvalStatus: 'APPROVED',
  buyerSignerId: 'E000004',
  supplierSignerId: null,
  documentSha: SHA,
  executedSha: null,
  supplierSignedBy: null,
  supplierSignedAt: null,
  buyerSignedBy: null,
  buyerSignedAt: null,
  executedAt: null,
  declineReason: null,
  stampDuty: '20000',
  stampBuyerShare: '10000',
  stampSupplierShare: '10000',
  changeSummary: null,
  sourceChanges: [],
  buyerSignerName: '김민수',
  supplierSignerName: null,
  nextSigner: 'SUPPLIER',
  taxType: 'TAXABLE',
  viewedByMe: true,
  createdBy: 'E000004',
  updatedAt: '2026-11-20T01:00:00.000Z',
  events: [
    {
      seq: 1,
      kind: 'CREATED',
      occurredAt: '2026-11-20T01:00:00.000Z',
      ip: null,
      userAgent: null,
      userId: 'E000004',
      actorName: '김운영',
      actorRole: 'BUYER_STAFF',
      actorCompNo: null,
      docSha: SHA,
      hash: 'cd'.repeat(32),
    },
  ],
  stamps: [],
  ...NO_CONTRACT_LINKAGE,
};

const APPROVAL = {
  approvalId: 41,
  docType: 'CONTRACT',
  docNo: 'CT2026-000001',
  status: 'PENDING',
  lineName: '전자계약 결재',
  amountKrw: '11000000',
  currentStep: 1,
  submittedBy: 'E000004',
  submittedByName: '김민수',
  submittedAt: '2026-11-20T01:00:00.000Z',
  completedAt: null,
  version: 2,
  steps: [
    {
      stepNo: 1,
      approverId: 'E000002',
      approverName: '박성호',
      positionNm: '팀장',
      deptnm: '구매팀',
      status: 'PENDING',
      comment: null,
      actedAt: null,
      onBehalfOf: null,
      onBehalfOfName: null,
    },
  ],
};

describe('contract screens', { timeout: 30_000 }, () => {
  it('the staff list shows state and type names, not codes, and filters by state', async () => {
    const r = renderScreen('contract.contractList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      answers: { listContracts: () => ({ rows: [ROW], total: 1, hasMore: false }) },
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['CT2026-000001', '금형 제작 계약', '서명 요청', '한빛정밀', '도급(제작)계약']),
    );
    expect(gridRowTexts()[0]).not.toContain('SENT');
    expect(lastCall(r.services.calls, 'listContracts')).toBeDefined();
  });

  it('서명 stays disabled, saying why, until the signer’s own 열람 of the copy (both portals)', async () => {
    for (const [id, portal, login, op] of [
      ['contract.contractSign', 'external', SUPPLIER_LOGIN, 'getMyContract'],
      ['contract.contractDetail', 'internal', OPERATOR, 'getContract'],
    ] as const) {
      const r = renderScreen(id, {
        entries: screenDefinitions,
        texts: screenTexts,
        portal,
        login,
        route: `/contract/${id.split('.')[1]}?contractNo=CT2026-000001`,
        answers: {
          [op]: () => ({
            ...DETAIL,
            status: id === 'contract.contractSign' ? 'SENT' : 'PARTLY_SIGNED',
            nextSigner: id === 'contract.contractSign' ? 'SUPPLIER' : 'BUYER',
            supplierSignedAt: id === 'contract.contractSign' ? null : '2026-11-21T01:00:00.000Z',
            viewedByMe: false,
          }),
          // The 연동 section's index choice (contractDetail): an empty list, as a company with no index yet.
          listLinkageIndexes: () => ({ rows: [] }),
        },
      });
      await screen.findByDisplayValue('금형 제작 계약');
      await waitFor(() => expect(screen.getByRole('button', { name: '열람' })).toBeEnabled());
      const sign = screen.getByRole('button', { name: '서명' });
      expect(sign).toBeDisabled();
      expect(screen.getByText('먼저 열람하세요: 서명용 계약서를 연 뒤에 서명할 수 있습니다')).toBeInTheDocument();
      // The tax type by its name, not its code.
      expect(screen.getByRole('combobox', { name: /과세 구분/ })).toHaveDisplayValue('과세 (10%)');
      r.unmount();
    }
  });

  it('the supplier signs with a one-time code: the code is asked for, then the sign call carries it with the document hash', async () => {
    const r = renderScreen('contract.contractSign', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/contract/contractSign?contractNo=CT2026-000001',
      answers: {
        getMyContract: () => DETAIL,
        requestMyContractSignCode: () => ({ channel: 'SMS', destination: '010-****-1234', expiresIn: 300 }),
        signMyContract: () => ({ contractNo: 'CT2026-000001', status: 'PARTLY_SIGNED', version: 4 }),
      },
    });
    await screen.findByDisplayValue('금형 제작 계약');
    expect(lastCall(r.services.calls, 'getMyContract')!.input.path).toEqual({ econtractNo: 'CT2026-000001' });
    expect(screen.getByRole('button', { name: '서명 거절' })).toBeInTheDocument();
    // 열람 (the signer's own step that records VIEWED) is offered while the contract awaits our signature.
    expect(screen.getByRole('button', { name: '열람' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '인증번호 요청' }));
    await screen.findByText('인증번호를 보냈습니다.');
    fireEvent.click(screen.getByRole('button', { name: '서명' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/인증번호/), { target: { value: '123456' } });
    fireEvent.click(within(prompt).getByLabelText(/전자서명에 동의합니다/));
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'signMyContract')).toBeDefined());
    expect(lastCall(r.services.calls, 'signMyContract')!.input).toMatchObject({
      path: { econtractNo: 'CT2026-000001' },
      body: { version: 3, documentSha: SHA, consent: true, code: '123456' },
    });
  });

  it('a template opens at its latest version; a save sends that version and the text, and makes the next', async () => {
    const r = renderScreen('contract.templateEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      route: '/contract/templateEdit?templateNo=MOLD',
      answers: {
        getContractTemplate: () => ({
          templateNo: 'MOLD',
          version: 3,
          name: '금형 제작 표준계약서',
          contractType: 'CONSTRUCT',
          signOrder: 'SUPPLIER_FIRST',
          body: '제1조 계약금액은 {{totalAmount}}원으로 한다.',
          clauses: {},
          useYn: 'Y',
          createdBy: 'E000004',
          createdAt: '2026-11-20T01:00:00.000Z',
        }),
        saveContractTemplate: () => ({ templateNo: 'MOLD', version: 4 }),
      },
    });
    const name = await screen.findByDisplayValue('금형 제작 표준계약서');
    fireEvent.change(name, { target: { value: '금형 제작 표준계약서 (개정)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'saveContractTemplate')).toBeDefined());
    expect(lastCall(r.services.calls, 'saveContractTemplate')!.input).toMatchObject({
      path: { templateNo: 'MOLD' },
      body: { version: 3, name: '금형 제작 표준계약서 (개정)', contractType: 'CONSTRUCT', signOrder: 'SUPPLIER_FIRST' },
    });
  });
  it('the template editor lists the variables with their meaning; pressing one inserts it at the cursor', async () => {
    const r = renderScreen('contract.templateEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      route: '/contract/templateEdit?templateNo=SUPPLY-STD',
      answers: {
        getContractTemplate: () => ({
          templateNo: 'SUPPLY-STD',
          version: 1,
          name: '물품공급계약서 (표준)',
          contractType: 'SUPPLY',
          signOrder: 'SUPPLIER_FIRST',
          body: '계약일자 : 갑 대표자',
          clauses: {},
          useYn: 'Y',
          createdBy: 'opadmin',
          createdAt: '2026-11-20T01:00:00.000Z',
        }),
        listContractVariables: () => ({
          rows: [
            {
              name: 'contract.date',
              placeholder: '{{contract.date}}',
              type: 'date',
              label: '계약일자',
              written: '날짜',
            },
            { name: 'buyer.ceo', placeholder: '{{buyer.ceo}}', type: 'text', label: '발주자 대표자', written: '글자' },
          ],
          total: 2,
        }),
        saveContractTemplate: () => ({ templateNo: 'SUPPLY-STD', version: 2 }),
      },
    });
    const body = (await screen.findByDisplayValue('계약일자 : 갑 대표자')) as HTMLTextAreaElement;
    const list = await screen.findByRole('region', { name: '템플릿 변수' });
    expect(within(list).getByText('{{contract.date}}')).toBeTruthy();
    expect(within(list).getByText('발주자 대표자')).toBeTruthy();
    // The cursor after "계약일자 : ": the placeholder goes there, not at the end.
    body.focus();
    body.setSelectionRange(7, 7);
    fireEvent.click(within(list).getByRole('button', { name: '{{contract.date}} 계약일자' }));
    await waitFor(() => expect(body.value).toBe('계약일자 : {{contract.date}}갑 대표자'));
    // A selection is replaced.
    body.setSelectionRange(body.value.length - 3, body.value.length);
    fireEvent.click(within(list).getByRole('button', { name: '{{buyer.ceo}} 발주자 대표자' }));
    await waitFor(() => expect(body.value).toBe('계약일자 : {{contract.date}}갑 {{buyer.ceo}}'));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'saveContractTemplate')).toBeDefined());
    expect(lastCall(r.services.calls, 'saveContractTemplate')!.input).toMatchObject({
      body: { body: '계약일자 : {{contract.date}}갑 {{buyer.ceo}}', version: 1 },
    });
  });

  it('the approver sees 승인 on a contract in approval and decides with the approval’s version', async () => {
    const r = renderScreen('contract.contractDetail', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: { ...OPERATOR, hname: '박성호', singleid: 'E000002', authGroupId: '50' },
      route: '/contract/contractDetail?contractNo=CT2026-000001',
      answers: {
        getContract: () => ({
          ...DETAIL,
          status: 'IN_APPROVAL',
          approvalId: 41,
          approvalStatus: 'PENDING',
          nextSigner: null,
        }),
        getApproval: () => APPROVAL,
        approveApproval: () => ({ approval: { ...APPROVAL, status: 'APPROVED', version: 3 }, documentStatus: 'SENT' }),
      },
    });
    const approve = await screen.findByRole('button', { name: '승인' });
    expect(lastCall(r.services.calls, 'getApproval')!.input.path).toEqual({ approvalId: 41 });
    fireEvent.click(approve);
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/승인 의견/), { target: { value: '확인' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'approveApproval')).toBeDefined());
    expect(lastCall(r.services.calls, 'approveApproval')!.input).toMatchObject({
      path: { approvalId: 41 },
      body: { version: 2, comment: '확인' },
    });
  });

  it('an amendment shows what changed, by the variables’ names, and opens its original', async () => {
    const r = renderScreen('contract.contractDetail', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      route: '/contract/contractDetail?contractNo=CT2026-000002',
      answers: {
        getContract: () => ({
          ...DETAIL,
          contractNo: 'CT2026-000002',
          status: 'DRAFT',
          approvalId: null,
          approvalStatus: 'NONE',
          nextSigner: null,
          amendsContractNo: 'CT2026-000001',
          changeSummary: [{ name: 'contract.endDate', before: '2027-11-30', after: '2028-06-30' }],
        }),
      },
    });
    await screen.findByDisplayValue('CT2026-000002');
    const changes = screen.getByRole('region', { name: '변경 내용' });
    await waitFor(() => expect(gridRowTexts(changes)[0]).toEqual(['계약 종료일', '2027-11-30', '2028-06-30']));
    expect(screen.queryByRole('button', { name: '승인' })).toBeNull();
    expect(screen.queryByRole('button', { name: '변경계약 작성' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '원계약 보기' }));
    await waitFor(() =>
      expect(lastCall(r.services.calls, 'getContract')!.input.path).toEqual({ econtractNo: 'CT2026-000001' }),
    );
  });

  // An amendment of a PO contract, sent for signature: the order's change it agrees.
  const AMENDMENT = {
    ...DETAIL,
    contractNo: 'CT2026-000003',
    sourceKind: 'PO',
    sourceNo: 'PO2026-000301',
    amendsContractNo: 'CT2026-000001',
    changeSummary: [],
    sourceChange: { dueDate: '2027-01-15', lines: [{ lineNo: 1, quantity: '12' }] },
    sourceChanges: [
      { key: '0:dueDate', field: 'dueDate', lineNo: null, before: '2026-12-20', after: '2027-01-15' },
      { key: '1:quantity', field: 'quantity', lineNo: 1, before: '10', after: '12' },
    ],
  };
  for (const [portal, id, operation] of [
    ['internal', 'contract.contractDetail', 'getContract'],
    ['external', 'contract.contractSign', 'getMyContract'],
  ] as const)
    it(`an amendment shows the order’s agreed change field by field, before and after (${portal})`, async () => {
      renderScreen(id, {
        entries: screenDefinitions,
        texts: screenTexts,
        portal,
        login: portal === 'internal' ? OPERATOR : SUPPLIER_LOGIN,
        route: `/contract/${id.split('.')[1]}?contractNo=CT2026-000003`,
        answers: { [operation]: () => AMENDMENT },
      });
      await screen.findByDisplayValue('CT2026-000003');
      const changes = screen.getByRole('region', { name: '발주/LOI 변경 내용' });
      await waitFor(() =>
        expect(gridRowTexts(changes)).toEqual([
          ['발주 납기일', '', '2026-12-20', '2027-01-15'],
          ['수량', '1', '10', '12'],
        ]),
      );
      // The signer by name, not by user id.
      expect(screen.getByDisplayValue('김민수')).toBeInTheDocument();
      expect(screen.queryByDisplayValue('E000004')).toBeNull();
    });

  it('a contract with no agreed change of its order shows no such section', async () => {
    renderScreen('contract.contractDetail', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      route: '/contract/contractDetail?contractNo=CT2026-000001',
      answers: { getContract: () => DETAIL },
    });
    await screen.findByDisplayValue('CT2026-000001');
    expect(screen.queryByRole('region', { name: '발주/LOI 변경 내용' })).toBeNull();
  });

  it('an executed contract offers its amendment', async () => {
    renderScreen('contract.contractDetail', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      route: '/contract/contractDetail?contractNo=CT2026-000001',
      answers: { getContract: () => ({ ...DETAIL, status: 'EXECUTED', nextSigner: null, executedSha: SHA }) },
    });
    await screen.findByRole('button', { name: '변경계약 작성' });
  });

  it('the supplier records its share’s revenue stamp while the duty is unpaid', async () => {
    const r = renderScreen('contract.contractSign', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/contract/contractSign?contractNo=CT2026-000001',
      answers: {
        getMyContract: () => DETAIL,
        recordMyContractStamp: () => ({ contractNo: 'CT2026-000001', stampStatus: 'REQUIRED', version: 4 }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '인지세 납부 기록' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/수입인지 번호/), { target: { value: 'R-2026-0001' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'recordMyContractStamp')).toBeDefined());
    expect(lastCall(r.services.calls, 'recordMyContractStamp')!.input).toMatchObject({
      path: { econtractNo: 'CT2026-000001' },
      body: { version: 3, stampNo: 'R-2026-0001' },
    });
  });

  it('once the supplier’s stamp is recorded, it is not asked again', async () => {
    renderScreen('contract.contractSign', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/contract/contractSign?contractNo=CT2026-000001',
      answers: {
        getMyContract: () => ({
          ...DETAIL,
          stamps: [
            {
              party: 'SUPPLIER',
              amount: '10000',
              stampNo: 'R-1',
              recordedBy: 'supplier1',
              recordedByName: '공급사 담당',
              recordedAt: '2026-11-21T01:00:00.000Z',
            },
          ],
        }),
      },
    });
    await screen.findByRole('button', { name: '서명 거절' });
    expect(screen.queryByRole('button', { name: '인지세 납부 기록' })).toBeNull();
  });

  it('the clause library lists the clauses and saves a new one at version 0', async () => {
    const r = renderScreen('contract.clauseList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      answers: {
        listContractClauses: () => ({
          rows: [
            {
              clauseCode: 'PAYMENT',
              title: '대금 지급',
              body: '대금은 {{contract.totalAmount}}으로 한다.',
              version: 2,
              updatedAt: '2026-11-20T01:00:00.000Z',
            },
          ],
          total: 1,
        }),
        saveContractClause: () => ({ clauseCode: 'WARRANTY', version: 1 }),
      },
    });
    await screen.findByText('대금 지급');
    fireEvent.click(screen.getByRole('button', { name: '조항 등록' }));
    fireEvent.change(await screen.findByLabelText(/^조항 코드/), { target: { value: 'WARRANTY' } });
    fireEvent.change(screen.getByLabelText(/^조항 제목/), { target: { value: '하자 보증' } });
    fireEvent.change(screen.getByLabelText(/^조항 본문/), { target: { value: '하자보증기간은 1년으로 한다.' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'saveContractClause')).toBeDefined());
    expect(lastCall(r.services.calls, 'saveContractClause')!.input).toMatchObject({
      path: { clauseCode: 'WARRANTY' },
      body: { title: '하자 보증', body: '하자보증기간은 1년으로 한다.', version: 0 },
    });
  });
});
