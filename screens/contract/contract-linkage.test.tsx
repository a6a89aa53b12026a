import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../../engine/testing/grid';
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

const SHA = 'ab'.repeat(32);
const CLAUSE = {
  linkageKind: 'LINKED',
  linkageMaterial: '열연강판',
  linkageSharePct: '40.000',
  linkageIndexCode: 'STEEL_HRC',
  linkageIndexName: '열연강판 가격지수',
  linkageIndexUnit: '지수',
  linkageBaseDate: '2026-10-31',
  linkageBaseValue: '125.5000',
  linkageCompareBasis: 'DAY',
  linkageComparePeriodMonths: 1,
  linkageTriggerPct: '5.00',
  linkageFormulaNote: null,
};

/** A draft contract on a 제조위탁 하도급 order, without a 연동 answer. */
const DRAFT = {
  contractNo: 'CT2026-000031',
  compNo: 'C00001',
  title: '강판 가공품 공급',
  contractType: 'SUPPLY',
  status: 'DRAFT',
  totalAmount: '2200000',
  signDeadline: '2026-12-10',
  stampStatus: 'NOT_TAXABLE',
  amendsContractNo: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  version: 1,
  templateNo: 'SUPPLY-STD',
  templateVersion: 1,
  signOrder: 'SUPPLIER_FIRST',
  sourceKind: 'PO',
  sourceNo: 'PO2026-000101',
  supplyAmount: '2000000',
  vatAmount: '200000',
  startDate: '2026-11-20',
  endDate: '2027-05-18',
  contractDate: '2026-11-20',
  variables: {},
  approvalId: null,
  approvalStatus: 'NONE',
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
  stampDuty: '0',
  stampBuyerShare: '0',
  stampSupplierShare: '0',
  changeSummary: null,
  sourceChanges: [],
  buyerSignerName: '김민수',
  supplierSignerName: null,
  nextSigner: null,
  taxType: 'TAXABLE',
  viewedByMe: false,
  createdBy: 'E000004',
  updatedAt: '2026-11-20T01:00:00.000Z',
  events: [],
  stamps: [],
  ...NO_CONTRACT_LINKAGE,
  subconKind: 'MANUFACTURE',
};
const INDEXES = {
  rows: [
    { indexCode: 'STEEL_HRC', indexName: '열연강판 가격지수', unit: '지수', source: '시험', useYn: 'Y', version: 1 },
  ],
};

function staff(record: Record<string, unknown>) {
  let current = record;
  return renderScreen('contract.contractDetail', {
    entries: screenDefinitions,
    texts: screenTexts,
    login: OPERATOR,
    route: `/contract/contractDetail?contractNo=${String(record.contractNo)}`,
    answers: {
      getContract: () => current,
      listLinkageIndexes: () => INDEXES,
      setContractLinkage: (input: OperationInput) => {
        current = { ...current, ...(input.body as Record<string, unknown>), version: Number(current.version) + 1 };
        return current;
      },
    },
  });
}

describe('contract screens: 납품대금 연동 (상생협력법 §21)', { timeout: 30_000 }, () => {
  it('a draft of a 하도급 order takes a 미연동 answer, stored by 연동 저장 with the version read', async () => {
    const r = staff(DRAFT);
    await screen.findByDisplayValue('강판 가공품 공급');
    expect(screen.getByLabelText('하도급 구분')).toHaveDisplayValue('제조위탁');
    expect(screen.queryByRole('button', { name: '연동 저장' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '미연동' }));
    fireEvent.change(await screen.findByLabelText('미연동 사유 유형'), { target: { value: 'AGREED_NONE' } });
    fireEvent.change(screen.getByLabelText('미연동 사유'), { target: { value: '원재료 가격 변동이 적은 품목' } });
    expect(screen.queryByLabelText('주요 원재료')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '연동 저장' }));
    await screen.findByText('납품대금 연동 내용을 저장하고 계약서를 다시 만들었습니다');
    expect(lastCall(r.services.calls, 'setContractLinkage')!.input).toMatchObject({
      path: { econtractNo: 'CT2026-000031' },
      body: {
        version: 1,
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'AGREED_NONE',
        linkageReason: '원재료 가격 변동이 적은 품목',
      },
    });
    r.unmount();
  });

  it('a default taken from the agreement names where it came from; the index is chosen among those in use', async () => {
    const r = staff({ ...DRAFT, ...CLAUSE, linkageCopiedFromKind: 'AGREEMENT', linkageCopiedFromNo: 'AG2026-000007' });
    await screen.findByDisplayValue('강판 가공품 공급');
    await waitFor(() => expect(screen.getByLabelText('주요 원재료')).toHaveValue('열연강판'));
    expect(screen.getByLabelText('연동 기본값 출처')).toHaveDisplayValue('단가계약의 연동 내용');
    expect(screen.getByLabelText('출처 번호')).toHaveValue('AG2026-000007');
    const index = screen.getByLabelText('기준 지표');
    await waitFor(() => expect(within(index).getByRole('option', { name: '열연강판 가격지수' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: '연동 저장' })).toBeInTheDocument();
    r.unmount();
  });

  it('past the draft the answer is read only and cannot be saved; a contract outside the Act shows none once sent', async () => {
    const r = staff({ ...DRAFT, ...CLAUSE, status: 'EXECUTED', version: 7 });
    await screen.findByDisplayValue('강판 가공품 공급');
    await waitFor(() => expect(screen.getByLabelText('주요 원재료')).toHaveValue('열연강판'));
    expect(screen.getByLabelText('주요 원재료')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '연동 저장' })).not.toBeInTheDocument();
    r.unmount();

    const other = staff({ ...DRAFT, status: 'SENT', subconKind: null, sourceKind: 'NONE', sourceNo: null });
    await screen.findByDisplayValue('강판 가공품 공급');
    expect(screen.queryByText('납품대금 연동 (상생협력법 제21조)')).not.toBeInTheDocument();
    other.unmount();

    // A draft outside the Act may state an answer too; it names no 하도급 kind (none, not the list's first).
    const plain = staff({ ...DRAFT, subconKind: null, sourceKind: 'NONE', sourceNo: null });
    await screen.findByDisplayValue('강판 가공품 공급');
    expect(screen.getByText('납품대금 연동 (상생협력법 제21조)')).toBeInTheDocument();
    expect(screen.queryByLabelText('하도급 구분')).not.toBeInTheDocument();
    plain.unmount();
  });

  it('the supplier reads the clause its contract states, without listing the indexes', async () => {
    const r = renderScreen('contract.contractSign', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/contract/contractSign?contractNo=CT2026-000031',
      answers: { getMyContract: () => ({ ...DRAFT, ...CLAUSE, status: 'SENT', nextSigner: 'SUPPLIER' }) },
    });
    await screen.findByDisplayValue('강판 가공품 공급');
    await waitFor(() => expect(screen.getByLabelText('주요 원재료')).toHaveValue('열연강판'));
    expect(screen.getByLabelText('주요 원재료')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('기준 지표')).toHaveValue('열연강판 가격지수');
    expect(screen.queryByRole('button', { name: '연동 저장' })).not.toBeInTheDocument();
    expect(r.services.calls.some((c) => c.operation === 'listLinkageIndexes')).toBe(false);
    r.unmount();
  });
});
