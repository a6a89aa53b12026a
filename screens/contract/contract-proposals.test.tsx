import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { NO_CONTRACT_LINKAGE } from '../testing/contract-answer';

/**
 * An executed contract's 연동 조정 제안 (docs/subcontracting.md "연동 조정 제안 on e-contracts") on the staff contract
 * screen — the agreement's grids with the amendment an accepted proposal drew up, 수락 after a confirmation saying an
 * amendment is drawn up, 반려 with a reason — and, read only, on the supplier's signing screen.
 */
let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 30_000 };
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

const PROPOSAL = {
  proposalNo: 'CLP2026-000002',
  contractNo: 'CT2026-000041',
  poNo: 'PO2026-000101',
  compareDate: '2026-11-20',
  compareBasis: 'DAY',
  valueFrom: '2026-11-20',
  valueTo: '2026-11-20',
  valueCount: 1,
  indexCode: 'STEEL_HRC',
  indexName: '열연강판 가격지수',
  baseDate: '2026-10-20',
  baseValue: '100.0000',
  compareValue: '105.0000',
  changePct: '5.0000',
  sharePct: '50.000',
  triggerPct: '5.00',
  effectiveFrom: '2026-11-20',
  status: 'PROPOSED',
  amendmentNo: null as string | null,
  decidedByName: null as string | null,
  decidedAt: null as string | null,
  rejectReason: null as string | null,
  version: 1,
  createdAt: '2026-11-20T00:10:00.000Z',
};
const LINES = [
  {
    lineKey: 'CLP2026-000002-1',
    proposalNo: 'CLP2026-000002',
    lineNo: 1,
    itemCode: 'MRO0101-0001',
    itemName: '알루미늄 판재',
    currentPrice: '1000.00',
    proposedPrice: '1025.00',
  },
];

/** An executed contract on a 하도급 order with a 연동 clause and the job's open proposal. */
const EXECUTED = {
  contractNo: 'CT2026-000041',
  compNo: 'C00001',
  title: '알루미늄 가공품 공급',
  contractType: 'SUPPLY',
  status: 'EXECUTED',
  totalAmount: '2200000',
  signDeadline: '2026-11-10',
  stampStatus: 'NOT_TAXABLE',
  amendsContractNo: null,
  createdAt: '2026-10-20T01:00:00.000Z',
  version: 6,
  templateNo: 'SUPPLY-STD',
  templateVersion: 1,
  signOrder: 'SUPPLIER_FIRST',
  sourceKind: 'PO',
  sourceNo: 'PO2026-000101',
  supplyAmount: '2000000',
  vatAmount: '200000',
  startDate: '2026-10-20',
  endDate: '2027-04-18',
  contractDate: '2026-10-20',
  variables: {},
  approvalId: null,
  approvalStatus: 'APPROVED',
  buyerSignerId: 'E000004',
  supplierSignerId: null,
  documentSha: 'ab'.repeat(32),
  executedSha: 'cd'.repeat(32),
  supplierSignedBy: 'supplier1',
  supplierSignedAt: '2026-10-21T01:00:00.000Z',
  buyerSignedBy: 'operator',
  buyerSignedAt: '2026-10-21T02:00:00.000Z',
  executedAt: '2026-10-21T02:00:01.000Z',
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
  updatedAt: '2026-10-21T02:00:01.000Z',
  events: [],
  stamps: [],
  ...NO_CONTRACT_LINKAGE,
  subconKind: 'MANUFACTURE',
  linkageKind: 'LINKED',
  linkageMaterial: '알루미늄',
  linkageSharePct: '50.000',
  linkageIndexCode: 'STEEL_HRC',
  linkageIndexName: '열연강판 가격지수',
  linkageIndexUnit: '지수',
  linkageBaseDate: '2026-10-20',
  linkageBaseValue: '100.0000',
  linkageCompareBasis: 'DAY',
  linkageComparePeriodMonths: 1,
  linkageTriggerPct: '5.00',
  linkageProposals: [PROPOSAL],
  linkageProposalLines: LINES,
  openLinkageProposalNo: 'CLP2026-000002' as string | null,
  openLinkageProposalVersion: 1 as number | null,
  mayDecideLinkage: true,
};

/** The contract once the proposal is decided: closed, the buttons gone. */
const decided = (status: 'ACCEPTED' | 'REJECTED', rejectReason: string | null = null) => ({
  ...EXECUTED,
  linkageProposals: [
    {
      ...PROPOSAL,
      status,
      rejectReason,
      amendmentNo: status === 'ACCEPTED' ? 'CT2026-000042' : null,
      version: 2,
      decidedByName: '김민수',
      decidedAt: '2026-11-21T01:00:00.000Z',
    },
  ],
  openLinkageProposalNo: null,
  openLinkageProposalVersion: null,
  mayDecideLinkage: false,
});

function staff(record: Record<string, unknown>, answers: Record<string, (input: OperationInput) => unknown> = {}) {
  let current = record;
  return renderScreen('contract.contractDetail', {
    entries: screenDefinitions,
    texts: screenTexts,
    login: OPERATOR,
    route: `/contract/contractDetail?contractNo=${String(record.contractNo)}`,
    answers: {
      getContract: () => current,
      listLinkageIndexes: () => ({ rows: [] }),
      ...Object.fromEntries(
        Object.entries(answers).map(([op, f]) => [
          op,
          (input: OperationInput) => {
            const out = f(input) as { next: Record<string, unknown>; answer: unknown };
            current = out.next;
            return out.answer;
          },
        ]),
      ),
    },
  });
}

const proposalRows = () => gridRowTexts(document.querySelector('[data-detail="linkageProposals"]')!);
const lineRows = () => gridRowTexts(document.querySelector('[data-detail="linkageProposalLines"]')!);

describe('contractDetail: 연동 조정 제안 (상생협력법 제21조)', () => {
  it('lists the proposal and its prices; 수락 after the confirmation draws up the amendment', T, async () => {
    const r = staff(EXECUTED, {
      acceptContractLinkageProposal: () => ({
        next: decided('ACCEPTED'),
        answer: {
          contractNo: 'CT2026-000041',
          proposalNo: 'CLP2026-000002',
          status: 'ACCEPTED',
          amendmentNo: 'CT2026-000042',
        },
      }),
    });
    await screen.findByDisplayValue('알루미늄 가공품 공급');
    await waitFor(() => expect(proposalRows()).toHaveLength(1));
    expect(proposalRows()[0]).toEqual(expect.arrayContaining(['CLP2026-000002', '제안', '2026-11-20', '100', '105']));
    await waitFor(() => expect(lineRows()).toHaveLength(1));
    expect(lineRows()[0]).toEqual(expect.arrayContaining(['알루미늄 판재', '1,000', '1,025']));

    fireEvent.click(screen.getByRole('button', { name: '연동 조정 수락' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('제안 단가로 이 계약의 변경계약이 작성됩니다');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await screen.findByText('연동 조정 제안을 수락하고 변경계약을 작성했습니다');
    expect(lastCall(r.services.calls, 'acceptContractLinkageProposal')!.input).toMatchObject({
      path: { econtractNo: 'CT2026-000041', proposalNo: 'CLP2026-000002' },
      body: { version: 6, proposalVersion: 1 },
    });
    // Read again: decided (the grid draws the columns that fit; the amendment's number is further right).
    await waitFor(() => expect(proposalRows()[0]).toEqual(expect.arrayContaining(['CLP2026-000002', '수락'])));
    expect(screen.queryByRole('button', { name: '연동 조정 수락' })).not.toBeInTheDocument();
    r.unmount();
  });

  it('반려 asks the reason and sends it with both versions', T, async () => {
    const r = staff(EXECUTED, {
      rejectContractLinkageProposal: (input) => ({
        next: decided('REJECTED', String((input.body as { reason: string }).reason)),
        answer: { contractNo: 'CT2026-000041', proposalNo: 'CLP2026-000002', status: 'REJECTED', amendmentNo: null },
      }),
    });
    await screen.findByDisplayValue('알루미늄 가공품 공급');
    fireEvent.click(await screen.findByRole('button', { name: '연동 조정 반려' }));
    const dialog = await screen.findByRole('dialog', { name: '연동 조정 제안 반려' });
    fireEvent.change(within(dialog).getByLabelText(/반려 사유/), { target: { value: '다음 시점에 반영' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('연동 조정 제안을 반려했습니다');
    expect(lastCall(r.services.calls, 'rejectContractLinkageProposal')!.input).toMatchObject({
      path: { econtractNo: 'CT2026-000041', proposalNo: 'CLP2026-000002' },
      body: { version: 6, proposalVersion: 1, reason: '다음 시점에 반영' },
    });
    r.unmount();
  });

  it('staff who may not decide see the proposal without the buttons', T, async () => {
    const r = staff({ ...EXECUTED, mayDecideLinkage: false });
    await screen.findByDisplayValue('알루미늄 가공품 공급');
    await waitFor(() => expect(proposalRows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '연동 조정 수락' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '연동 조정 반려' })).not.toBeInTheDocument();
    r.unmount();
  });

  it('the supplier reads the proposal and its prices on its signing screen, read only', T, async () => {
    const r = renderScreen('contract.contractSign', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/contract/contractSign?contractNo=CT2026-000041',
      answers: { getMyContract: () => ({ ...EXECUTED, mayDecideLinkage: false }) },
    });
    await screen.findByDisplayValue('알루미늄 가공품 공급');
    await waitFor(() => expect(proposalRows()).toHaveLength(1));
    expect(lineRows()[0]).toEqual(expect.arrayContaining(['1,025']));
    expect(screen.queryByRole('button', { name: '연동 조정 수락' })).not.toBeInTheDocument();
    r.unmount();
  });
});
