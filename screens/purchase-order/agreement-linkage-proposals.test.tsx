import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationInput } from '../../engine/services';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderCyberFlow } from '../cyber-purchase/cyber-fixtures';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { answer, lastCall, renderPoFlow } from './po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 30_000 };

const CLAUSE = {
  linkageKind: 'LINKED',
  linkageMaterial: '열연강판',
  linkageSharePct: '40.000',
  linkageIndexCode: 'STEEL_HRC',
  linkageIndexName: '열연강판 가격지수',
  linkageIndexUnit: '지수',
  linkageBaseDate: '2026-10-15',
  linkageBaseValue: '125.5000',
  linkageCompareBasis: 'DAY',
  linkageComparePeriodMonths: 1,
  linkageTriggerPct: '5.00',
  linkageFormulaNote: null,
};

const PROPOSAL = {
  proposalNo: 'LP2026-000003',
  agreementNo: 'AG2026-000007',
  compareDate: '2026-11-15',
  compareBasis: 'DAY',
  valueFrom: '2026-11-15',
  valueTo: '2026-11-15',
  valueCount: 1,
  indexCode: 'STEEL_HRC',
  indexName: '열연강판 가격지수',
  baseDate: '2026-10-15',
  baseValue: '125.5000',
  compareValue: '131.7750',
  changePct: '5.0000',
  sharePct: '40.000',
  triggerPct: '5.00',
  effectiveFrom: '2026-11-15',
  status: 'PROPOSED',
  decidedByName: null,
  decidedAt: null,
  rejectReason: null,
  version: 1,
  createdAt: '2026-11-15T00:10:00.000Z',
};

const PROPOSAL_LINES = [
  {
    lineKey: 'LP2026-000003-1',
    proposalNo: 'LP2026-000003',
    lineNo: 1,
    itemCode: 'MRO0101-0001',
    itemName: '열연강판',
    currentPrice: '1000.00',
    proposedPrice: '1020.00',
  },
];

const LINE = {
  lineNo: 1,
  itemCode: 'MRO0101-0001',
  itemName: '열연강판',
  spec: null,
  unitCode: 'EA',
  sgCode: null,
  unitPrice: '1000.00',
  agreedQty: '100.000',
  orderedQty: '0.000',
  orderedAmount: '0.00',
  remainingQty: '100.000',
  prices: [
    {
      effectiveFrom: '2026-10-15',
      unitPrice: '1000.00',
      source: 'ORIGINAL',
      reference: null,
      createdBy: 'opadmin',
      createdAt: '2026-10-15T01:00:00.000Z',
    },
  ],
};

/** An active agreement with a 연동 clause and the job's open proposal. */
const ACTIVE = {
  agreementNo: 'AG2026-000007',
  compNo: 'C00001',
  compNameKr: '한빛정밀',
  title: '강판 단가계약',
  currency: 'KRW',
  validFrom: '2026-10-15',
  validTo: '2027-04-30',
  status: 'ACTIVE',
  ceilingAmount: null,
  orderedAmount: '0.00',
  remainingAmount: null,
  contractNo: null,
  buyerName: '김민수',
  version: 4,
  lines: [LINE],
  ...NO_LINKAGE,
  ...CLAUSE,
  linkageProposals: [PROPOSAL],
  linkageProposalLines: PROPOSAL_LINES,
  openLinkageProposalNo: 'LP2026-000003' as string | null,
  openLinkageProposalVersion: 1 as number | null,
  subconKind: 'MANUFACTURE',
  callOffLines: [],
  callOffPolicy: 'REFUSE',
  approvalStatus: 'APPROVED',
  buyerId: 'E000004',
  section: 'D1000',
  deptcd: 'D1240',
  sourceType: null,
  sourceNo: null,
  remark: null,
  approvedAt: '2026-10-15T01:00:00.000Z',
  expiredAt: null,
  terminatedAt: null,
  terminateReason: null,
  createdBy: 'operator',
  createdAt: '2026-10-14T01:00:00.000Z',
  updatedAt: '2026-10-15T01:00:00.000Z',
  callOffs: [],
  approvals: [],
  history: [],
  pendingApprovalId: null,
  pendingApprovalVersion: null,
  currentApproverName: null,
  approvalSteps: [],
  actions: ['terminate', 'callOff', 'decideLinkage'],
};

/** The agreement once the proposal is decided: closed, and the buttons gone. */
const decided = (status: 'ACCEPTED' | 'REJECTED', rejectReason: string | null = null) => ({
  ...ACTIVE,
  version: status === 'ACCEPTED' ? 5 : 4,
  lines: status === 'ACCEPTED' ? [{ ...LINE, unitPrice: '1020.00' }] : [LINE],
  linkageProposals: [
    { ...PROPOSAL, status, rejectReason, version: 2, decidedByName: '김민수', decidedAt: '2026-11-16T01:00:00.000Z' },
  ],
  openLinkageProposalNo: null,
  openLinkageProposalVersion: null,
  actions: ['terminate', 'callOff'],
});

function open(record: Record<string, unknown>, answers: Record<string, (input: OperationInput) => unknown> = {}) {
  let current = record;
  return renderPoFlow(`/AgreementEdit?agreementNo=${String(record.agreementNo)}`, {
    answers: {
      getAgreement: () => current,
      listLinkageIndexes: () => ({ rows: [] }),
      ...Object.fromEntries(
        Object.entries(answers).map(([op, f]) => [
          op,
          (input: OperationInput) => {
            current = f(input) as Record<string, unknown>;
            return current;
          },
        ]),
      ),
    },
  });
}

const proposalRows = () => gridRowTexts(document.querySelector('[data-detail="linkageProposals"]')!);
const lineRows = () => gridRowTexts(document.querySelector('[data-detail="linkageProposalLines"]')!);

describe('AgreementEdit: 연동 조정 제안 (상생협력법 제21조)', () => {
  it('lists the proposal with the formula’s numbers and accepts it after the confirmation', T, async () => {
    const { services } = open(ACTIVE, { acceptLinkageProposal: () => decided('ACCEPTED') });
    await screen.findByDisplayValue('강판 단가계약');
    await waitFor(() =>
      expect(document.querySelector('[data-detail="linkageProposals"]')).toHaveTextContent(
        '연동 조정 제안 (상생협력법 제21조)',
      ),
    );
    await waitFor(() => expect(proposalRows()).toHaveLength(1));
    expect(proposalRows()[0]).toEqual(
      expect.arrayContaining(['LP2026-000003', '제안', '2026-11-15', '125.5', '131.775', '5', '40']),
    );
    await waitFor(() => expect(lineRows()).toHaveLength(1));
    expect(lineRows()[0]).toEqual(expect.arrayContaining(['LP2026-000003', '열연강판', '1,000', '1,020']));

    fireEvent.click(screen.getByRole('button', { name: '연동 조정 수락' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('제안 단가가 적용 시작일부터 계약 단가가 됩니다(변경계약)');
    await answer('확인');
    await screen.findByText('연동 조정 제안을 수락했습니다');
    expect(lastCall(services.calls, 'acceptLinkageProposal')!.input).toMatchObject({
      path: { agreementNo: 'AG2026-000007', proposalNo: 'LP2026-000003' },
      body: { version: 4, proposalVersion: 1 },
    });
    // Read again: decided, no more buttons.
    await waitFor(() => expect(proposalRows()[0]).toEqual(expect.arrayContaining(['수락'])));
    expect(screen.queryByRole('button', { name: '연동 조정 수락' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '연동 조정 반려' })).not.toBeInTheDocument();
  });

  it('rejects with the reason asked for; nothing is sent without one', T, async () => {
    const { services } = open(ACTIVE, {
      rejectLinkageProposal: (input) => decided('REJECTED', String((input.body as { reason: string }).reason)),
    });
    await screen.findByDisplayValue('강판 단가계약');
    fireEvent.click(screen.getByRole('button', { name: '연동 조정 반려' }));
    const dialog = await screen.findByRole('dialog', { name: '연동 조정 제안 반려' });
    expect(dialog).toHaveTextContent('반려하면 단가는 바뀌지 않습니다');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(lastCall(services.calls, 'rejectLinkageProposal')).toBeUndefined());
    fireEvent.change(within(dialog).getByLabelText(/반려 사유/), { target: { value: '재고 단가로 유지' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('연동 조정 제안을 반려했습니다');
    expect(lastCall(services.calls, 'rejectLinkageProposal')!.input).toMatchObject({
      path: { agreementNo: 'AG2026-000007', proposalNo: 'LP2026-000003' },
      body: { version: 4, proposalVersion: 1, reason: '재고 단가로 유지' },
    });
    await waitFor(() => expect(proposalRows()[0]).toEqual(expect.arrayContaining(['LP2026-000003', '반려'])));
  });

  it('whoever may not decide sees the proposal without the buttons', T, async () => {
    open({ ...ACTIVE, actions: ['callOff'] });
    await screen.findByDisplayValue('강판 단가계약');
    await waitFor(() => expect(proposalRows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '연동 조정 수락' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '연동 조정 반려' })).not.toBeInTheDocument();
  });

  it('an agreement without proposals shows no proposal grid', T, async () => {
    open({ ...ACTIVE, ...NO_LINKAGE, ...CLAUSE, actions: ['callOff'] });
    await screen.findByDisplayValue('강판 단가계약');
    await waitFor(() => expect(document.querySelector('[data-detail="lines"]')).not.toBeNull());
    expect(document.querySelector('[data-detail="linkageProposals"]')).toBeNull();
    expect(document.querySelector('[data-detail="linkageProposalLines"]')).toBeNull();
  });
});

describe('CyberAgreementEdit: the supplier reads the proposals', () => {
  it('shows the proposal and its prices, read only', T, async () => {
    const a = ACTIVE;
    renderCyberFlow('/cyber/CyberAgreementEdit?agreementNo=AG2026-000007', {
      answers: {
        getSupplierAgreement: () => ({
          agreementNo: a.agreementNo,
          compNo: a.compNo,
          compNameKr: a.compNameKr,
          title: a.title,
          currency: a.currency,
          validFrom: a.validFrom,
          validTo: a.validTo,
          status: a.status,
          ceilingAmount: null,
          orderedAmount: '0.00',
          remainingAmount: null,
          contractNo: null,
          buyerName: '김민수',
          buyerEmail: null,
          buyerTelNo: null,
          version: 4,
          lines: [LINE],
          callOffs: [],
          ...NO_LINKAGE,
          ...CLAUSE,
          linkageProposals: [PROPOSAL],
          linkageProposalLines: PROPOSAL_LINES,
          openLinkageProposalNo: 'LP2026-000003',
          openLinkageProposalVersion: 1,
        }),
      },
    });
    await screen.findByDisplayValue('강판 단가계약');
    await waitFor(() => expect(proposalRows()).toHaveLength(1));
    expect(proposalRows()[0]).toEqual(expect.arrayContaining(['LP2026-000003', '제안']));
    // The lines' grid draws apart from the proposals' (under load, a moment later).
    await waitFor(() => expect(lineRows()[0]).toEqual(expect.arrayContaining(['1,020'])));
    expect(screen.queryByRole('button', { name: '연동 조정 수락' })).not.toBeInTheDocument();
  });
});
