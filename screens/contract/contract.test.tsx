import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';

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
  nextSigner: 'SUPPLIER',
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
      actorCompNo: null,
      docSha: SHA,
      hash: 'cd'.repeat(32),
    },
  ],
  stamps: [],
};

describe('contract screens', { timeout: 30_000 }, () => {
  it('the staff list shows state and type names, not codes, and filters by state', async () => {
    const r = renderScreen('contract.contractList', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR,
      answers: { listContracts: () => ({ rows: [ROW], total: 1, hasMore: false }) },
    });
    await screen.findByText('총 1건', undefined, { timeout: 5000 });
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['CT2026-000001', '금형 제작 계약', '서명 요청', '한빛정밀', '도급(제작)계약']),
    );
    expect(gridRowTexts()[0]).not.toContain('SENT');
    expect(lastCall(r.services.calls, 'listContracts')).toBeDefined();
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
    await screen.findByDisplayValue('금형 제작 계약', undefined, { timeout: 5000 });
    expect(lastCall(r.services.calls, 'getMyContract')!.input.path).toEqual({ econtractNo: 'CT2026-000001' });
    expect(screen.getByRole('button', { name: '서명 거절' })).toBeInTheDocument();
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
    const name = await screen.findByDisplayValue('금형 제작 표준계약서', undefined, { timeout: 5000 });
    fireEvent.change(name, { target: { value: '금형 제작 표준계약서 (개정)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(r.services.calls, 'saveContractTemplate')).toBeDefined(), { timeout: 5000 });
    expect(lastCall(r.services.calls, 'saveContractTemplate')!.input).toMatchObject({
      path: { templateNo: 'MOLD' },
      body: { version: 3, name: '금형 제작 표준계약서 (개정)', contractType: 'CONSTRUCT', signOrder: 'SUPPLIER_FIRST' },
    });
  });
});
