/**
 * The answer of approveApproval / rejectApproval as the server gives it (the decided round and the
 * document's new state), for the document fixtures that hold their approval rounds.
 */
type Row = Record<string, unknown>;

export interface DecidedRound {
  approvalId: number;
  docType: string;
  docNo: string;
  status: string;
  lineName: string;
  amountKrw: string;
  submittedBy: string;
  submittedByName: string;
  submittedAt: string;
  version: number;
  /** The round's steps; missing step fields get the fixtures' defaults. */
  steps: ReadonlyArray<object>;
}

const STEP_FIELDS = [
  'stepNo',
  'approverId',
  'approverName',
  'positionNm',
  'deptnm',
  'status',
  'comment',
  'actedAt',
  'onBehalfOf',
  'onBehalfOfName',
] as const;

export function approvalAnswer(round: DecidedRound, documentStatus: string, decidedAt: string) {
  const steps = round.steps.map((s) => {
    const full: Row = {
      positionNm: '부장',
      deptnm: '구매기획팀',
      comment: null,
      actedAt: null,
      onBehalfOf: null,
      onBehalfOfName: null,
      ...(s as Row),
    };
    return Object.fromEntries(STEP_FIELDS.map((f) => [f, full[f]]));
  });
  const pending = steps.find((s) => s.status === 'PENDING');
  return {
    approval: {
      ...round,
      steps,
      currentStep: pending ? pending.stepNo : null,
      completedAt: pending ? null : decidedAt,
    },
    documentStatus,
  };
}
