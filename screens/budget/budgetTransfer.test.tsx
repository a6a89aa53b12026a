import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../../engine/services';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Row = Record<string, unknown>;

const transfer = (o: Row): Row => ({
  transferNo: 'BT2026-000003',
  fiscalYear: 2026,
  fromMonth: 11,
  fromDeptcd: 'D1220',
  fromDeptnm: '구매1팀',
  fromAccount: 'SUP',
  fromAccountName: '소모품',
  toMonth: 11,
  toDeptcd: 'D1220',
  toDeptnm: '구매1팀',
  toAccount: 'RND',
  toAccountName: '시험연구',
  fromText: '구매1팀 · 소모품 · 11월',
  toText: '구매1팀 · 시험연구 · 11월',
  amount: '2000000',
  reason: '시험연구 예산 보충',
  status: 'IN_APPROVAL',
  approvalStatus: 'PENDING',
  requesterId: 'E000004',
  requesterName: '김민수',
  requestedAt: '2026-11-24T01:00:00.000Z',
  approvedAt: null,
  cancelReason: null,
  version: 1,
  actions: ['approve', 'reject'],
  pendingApprovalId: 41,
  pendingApprovalVersion: 3,
  currentApproverName: '박성호',
  ...o,
});

/** The transfers as the approver (opadmin) reads them: one waiting for them, one approved. */
function server() {
  const rows: Row[] = [
    transfer({}),
    transfer({
      transferNo: 'BT2026-000001',
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
      actions: [],
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
      approvedAt: '2026-11-01T00:00:00.000Z',
    }),
  ];
  const decided = (input: OperationInput, status: string) => {
    const r = rows.find((x) => x.pendingApprovalId === (input.path as Row).approvalId)!;
    Object.assign(r, {
      status,
      actions: [],
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
    });
    return {
      approval: {
        approvalId: 41,
        docType: 'BUDGET',
        docNo: r.transferNo,
        status,
        lineName: '예산전용 결재',
        amountKrw: '2000000',
        currentStep: null,
        submittedBy: 'E000004',
        submittedByName: '김민수',
        submittedAt: '2026-11-24T01:00:00.000Z',
        completedAt: '2026-11-24T02:00:00.000Z',
        version: 4,
        steps: [],
      },
      documentStatus: status,
    };
  };
  const answers = {
    listBudgetTransfers: () => ({ rows, total: rows.length }),
    approveApproval: (input: OperationInput) => {
      if ((input.body as Row).version !== 3)
        throw new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다');
      return decided(input, 'APPROVED');
    },
    rejectApproval: (input: OperationInput) => decided(input, 'REJECTED'),
  };
  return { rows, answers };
}

describe('budgetTransfer: transfers approved through the approval lines', { timeout: 30_000 }, () => {
  it('lists the transfers; the approver’s row enables 승인 and 반려 (not 요청 취소); 승인 sends the open round and its version', async () => {
    const s = server();
    const { services } = renderScreen('budget.budgetTransfer', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: s.answers,
      route: '/budget/budgetTransfer',
    });
    await screen.findByText('총 2건');
    await waitFor(() =>
      expect(gridRowTexts()[0].slice(0, 6)).toEqual([
        'BT2026-000003',
        '결재중',
        '2026',
        '구매1팀 · 소모품 · 11월',
        '구매1팀 · 시험연구 · 11월',
        '2,000,000',
      ]),
    );
    expect(screen.getByRole('button', { name: '승인' })).toBeDisabled();
    clickGridRow(1);
    await waitFor(() => expect(screen.getByRole('button', { name: '반려' })).toBeDisabled());
    clickGridRow(0);
    await waitFor(() => expect(screen.getByRole('button', { name: '승인' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '반려' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '요청 취소' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('마지막 결재이면 금액이 옮겨집니다');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(services.calls.some((c) => c.operation === 'approveApproval')).toBe(true));
    expect(services.calls.find((c) => c.operation === 'approveApproval')!.input).toMatchObject({
      path: { approvalId: 41 },
      body: { version: 3 },
    });
    await waitFor(() => expect(gridRowTexts()[0][1]).toBe('결재완료'));
  });

  it('opened from the approval card (?transferNo=…&selected=…) selects that transfer, so 승인 is ready without a click', async () => {
    const s = server();
    renderScreen('budget.budgetTransfer', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: { ...s.answers, listBudgetTransfers: () => ({ rows: [s.rows[0]], total: 1 }) },
      route: '/budget/budgetTransfer?transferNo=BT2026-000003&selected=BT2026-000003',
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(screen.getByRole('button', { name: '승인' })).toBeEnabled());
    expect(screen.getByText('1건 선택')).toBeInTheDocument();
  });

  it('전용 요청 opens with no error shown: a required field says so only once touched or when 확인 is tried', async () => {
    const s = server();
    const { services } = renderScreen('budget.budgetTransfer', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: s.answers,
      route: '/budget/budgetTransfer',
    });
    await screen.findByText('총 2건');
    fireEvent.click(screen.getByRole('button', { name: '전용 요청' }));
    const prompt = await screen.findByRole('dialog', { name: '전용 요청' });
    // Let every field's first effects run (defaults, code lists) before looking.
    await waitFor(() =>
      expect(within(prompt).getByLabelText(/회계연도/)).toHaveValue(String(new Date().getFullYear())),
    );
    await waitFor(() => expect(within(prompt).getAllByRole('combobox').length).toBeGreaterThan(0));
    expect(within(prompt).queryByText(/필수 입력 항목입니다/)).toBeNull();
    expect(
      within(prompt)
        .queryAllByRole('textbox')
        .filter((el) => el.getAttribute('aria-invalid') === 'true'),
    ).toEqual([]);
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(within(prompt).getAllByText(/필수 입력 항목입니다/).length).toBeGreaterThan(0));
    expect(services.calls.some((c) => c.operation === 'requestBudgetTransfer')).toBe(false);
  });

  it('반려 asks for a comment first; without one nothing is sent', async () => {
    const s = server();
    const { services } = renderScreen('budget.budgetTransfer', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: s.answers,
      route: '/budget/budgetTransfer',
    });
    await screen.findByText('총 2건');
    clickGridRow(0);
    await waitFor(() => expect(screen.getByRole('button', { name: '반려' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: '반려' }));
    const prompt = await screen.findByRole('dialog', { name: '반려' });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(services.calls.some((c) => c.operation === 'rejectApproval')).toBe(false);
    fireEvent.change(within(prompt).getByLabelText(/반려 의견/), { target: { value: '가용 부족' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() =>
      expect(services.calls.find((c) => c.operation === 'rejectApproval')?.input).toMatchObject({
        path: { approvalId: 41 },
        body: { version: 3, comment: '가용 부족' },
      }),
    );
  });

  it('상세 / 결재선 opens the transfer as a document with its approval line: each step, who acted when, and the state', async () => {
    const steps = [
      {
        stepKey: '41-1',
        round: 1,
        approvalId: 41,
        approvalStatus: 'IN_PROGRESS',
        lineName: '예산전용 결재',
        stepNo: 1,
        approverId: 'E000006',
        approverName: '이지훈',
        positionNm: '팀장',
        deptnm: '구매1팀',
        status: 'APPROVED',
        comment: '확인',
        actedAt: '2026-11-24T01:30:00.000Z',
        onBehalfOf: null,
        onBehalfOfName: null,
        submittedByName: '김민수',
        submittedAt: '2026-11-24T01:00:00.000Z',
      },
      {
        stepKey: '41-2',
        round: 1,
        approvalId: 41,
        approvalStatus: 'IN_PROGRESS',
        lineName: '예산전용 결재',
        stepNo: 2,
        approverId: 'E000002',
        approverName: '박성호',
        positionNm: '부장',
        deptnm: '구매기획팀',
        status: 'PENDING',
        comment: null,
        actedAt: null,
        onBehalfOf: null,
        onBehalfOfName: null,
        submittedByName: '김민수',
        submittedAt: '2026-11-24T01:00:00.000Z',
      },
    ];
    const answers = {
      getBudgetTransfer: (input: OperationInput) => ({
        ...transfer({ transferNo: (input.path as Row).transferNo }),
        fromAvailable: '5000000',
        approvalSteps: steps,
      }),
    };
    const { services } = renderScreen('budget.budgetTransferView', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers,
      route: '/?transferNo=BT2026-000003',
    });
    expect(await screen.findByText('결재선')).toBeInTheDocument();
    expect(services.calls.find((c) => c.operation === 'getBudgetTransfer')!.input).toMatchObject({
      path: { transferNo: 'BT2026-000003' },
    });
    await waitFor(() =>
      expect(gridRowTexts().map((r) => r.slice(0, 8))).toEqual([
        ['1', '예산전용 결재', '1', '이지훈', '팀장', '구매1팀', '승인', '확인'],
        ['1', '예산전용 결재', '2', '박성호', '부장', '구매기획팀', '결재 차례', ''],
      ]),
    );
    expect(screen.getByDisplayValue('5,000,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '승인' })).toBeEnabled();
  });
});
