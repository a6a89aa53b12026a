/**
 * Fixture answers for the purchase-request screens (tests and stories): a few PRs in every state
 * the screens act on, their approval rounds, one quotation request with two answers, the approval
 * rules and lines. The handlers keep state and follow the server's rules that the screens show
 * (versions, states, the caller's buttons in `actions`), so a test sees what the user would.
 */
import { OperationError, type OperationInput } from '../../engine/services';
import { pagedAnswer, type FixtureHandler } from '../../engine/testing/fixture-engine-services';
import type { CodeOption } from '../../engine/definition/types';
import { approvalAnswer } from '../testing/approval-answer';
import { draftAgreementAnswer } from '../testing/agreement-answer';

type Row = Record<string, unknown>;

export const PR_FIXTURE_CODES: Record<string, readonly CodeOption[]> = {
  PR_STATUS: [
    { value: 'DRAFT', text: '작성중' },
    { value: 'IN_APPROVAL', text: '결재중' },
    { value: 'APPROVED', text: '결재완료' },
    { value: 'RECEIVED', text: '구매접수' },
    { value: 'QUOT_REQUESTED', text: '견적요청' },
    { value: 'ORDERED', text: '발주완료' },
    { value: 'REJECTED', text: '반려' },
    { value: 'CANCELLED', text: '취소' },
  ],
  QUOT_STATUS: [
    { value: 'REQUESTED', text: '견적요청' },
    { value: 'CHECKED', text: '요청확인' },
    { value: 'SUBMITTED', text: '견적제출' },
    { value: 'SELECTED', text: '선정' },
    { value: 'NOT_SELECTED', text: '미선정' },
    { value: 'CANCELLED', text: '요청취소' },
  ],
  RFQ_STATUS: [
    { value: 'OPEN', text: '견적진행' },
    { value: 'AWARDED', text: '업체선정' },
    { value: 'CANCELLED', text: '취소' },
  ],
  DOC_TYPE: [
    { value: 'PR', text: '구매요청' },
    { value: 'PO', text: '발주' },
    { value: 'LOI', text: 'LOI' },
    { value: 'SIMPLE', text: '소액발주' },
  ],
  CURRENCY: [
    { value: 'KRW', text: '원화' },
    { value: 'JPY', text: '엔화' },
  ],
};

const NOW = '2026-11-20T01:00:00.000Z';
const conflict = () =>
  new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
const invalid = (message: string, status = 'INVALID_STATE') => new OperationError(409, status, message);
const fieldError = (path: string, message: string) =>
  new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [{ path, message }]);

interface Step {
  stepNo: number;
  approverId: string;
  approverName: string;
  status: string;
  comment: string | null;
  actedAt: string | null;
}
interface Approval {
  approvalId: number;
  prNo: string;
  status: string;
  lineName: string;
  version: number;
  submittedAt: string;
  steps: Step[];
}
interface Pr {
  prNo: string;
  prDate: string;
  title: string;
  status: string;
  approvalStatus: string;
  requesterId: string;
  requesterName: string;
  section: string;
  sectionName: string;
  deptcd: string;
  deptnm: string;
  desiredDate: string;
  purpose: string | null;
  currency: string;
  buyerId: string | null;
  buyerName: string | null;
  receivedAt: string | null;
  rejectReason: string | null;
  cancelReason: string | null;
  fileId: string | null;
  version: number;
  lines: Row[];
  rfqNo: string | null;
}

const NAMES: Record<string, string> = {
  E000004: '김민수',
  E000005: '정수빈',
  E000006: '강동현',
  E000002: '박성호',
  E000009: '오세훈',
};

function line(
  lineNo: number,
  itemCode: string | null,
  itemName: string,
  unitCode: string,
  quantity: string,
  estUnitPrice: string,
  sgCode: string | null = 'SGI-MRO0101-D',
): Row {
  const amount = String(Math.round(Number(quantity) * Number(estUnitPrice)));
  return {
    lineNo,
    itemCode,
    itemName,
    spec: null,
    unitCode,
    sgCode,
    sgName: sgCode ? '볼트/너트 (국내)' : null,
    quantity,
    estUnitPrice,
    estAmount: `${amount}.00`,
    remark: null,
    budgetAccount: null,
    budgetAccountName: null,
    agreementNo: null,
    agreementLineNo: null,
  };
}

function seedPrs(): Pr[] {
  const base = {
    section: 'D1000',
    sectionName: '본사',
    deptcd: 'D1220',
    deptnm: '구매1팀',
    purpose: '생산라인 소모품',
    currency: 'KRW',
    fileId: null,
    rejectReason: null,
    cancelReason: null,
    receivedAt: null,
    buyerId: null,
    buyerName: null,
    rfqNo: null,
  };
  return [
    {
      ...base,
      prNo: 'PR2026-000101',
      prDate: '2026-11-18',
      title: '육각볼트 외 1건',
      status: 'DRAFT',
      approvalStatus: 'NONE',
      requesterId: 'E000005',
      requesterName: '정수빈',
      desiredDate: '2026-12-20',
      version: 1,
      lines: [
        line(1, 'MRO0101-0001', '육각볼트', 'EA', '10.000', '1500.00'),
        line(2, null, '비규격 브래킷', 'EA', '2.000', '12000.00', null),
      ],
    },
    {
      ...base,
      prNo: 'PR2026-000102',
      prDate: '2026-11-17',
      title: '회의테이블',
      status: 'IN_APPROVAL',
      approvalStatus: 'PENDING',
      requesterId: 'E000005',
      requesterName: '정수빈',
      desiredDate: '2026-12-27',
      version: 2,
      lines: [line(1, 'OFC0301-0042', '회의테이블', 'EA', '1.000', '322400.00')],
    },
    {
      ...base,
      prNo: 'PR2026-000103',
      prDate: '2026-11-15',
      title: 'OP앰프 외 4건',
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
      requesterId: 'E000009',
      requesterName: '오세훈',
      section: 'D2000',
      sectionName: '생산부문',
      deptcd: 'D2130',
      deptnm: '품질관리팀',
      desiredDate: '2027-01-29',
      version: 3,
      lines: [line(1, 'ELC0201-0032', 'OP앰프', 'EA', '24.000', '4940.00')],
    },
    {
      ...base,
      prNo: 'PR2026-000104',
      prDate: '2026-11-10',
      title: '랙서버',
      status: 'QUOT_REQUESTED',
      approvalStatus: 'APPROVED',
      requesterId: 'E000005',
      requesterName: '정수빈',
      desiredDate: '2026-12-15',
      version: 5,
      buyerId: 'E000004',
      buyerName: '김민수',
      receivedAt: '2026-11-11T01:00:00.000Z',
      rfqNo: 'RFQ2026-000201',
      lines: [
        line(1, 'ITE0202-0001', '랙서버', 'EA', '2.000', '603700.00'),
        line(2, null, '레일 키트', 'SET', '2.000', '45000.00', null),
      ],
    },
    {
      ...base,
      prNo: 'PR2026-000105',
      prDate: '2026-11-12',
      title: '동판 외 2건',
      status: 'RECEIVED',
      approvalStatus: 'APPROVED',
      requesterId: 'E000005',
      requesterName: '정수빈',
      desiredDate: '2027-01-11',
      version: 4,
      buyerId: 'E000004',
      buyerName: '김민수',
      receivedAt: '2026-11-13T01:00:00.000Z',
      currency: 'JPY',
      lines: [line(1, 'RAW0102-0025', '동판', 'KG', '100.000', '950.00')],
    },
  ];
}

function seedApprovals(): Approval[] {
  return [
    {
      approvalId: 501,
      prNo: 'PR2026-000102',
      status: 'PENDING',
      lineName: '구매요청 결재 (1천만원 미만)',
      version: 1,
      submittedAt: '2026-11-17T05:00:00.000Z',
      steps: [
        { stepNo: 1, approverId: 'E000006', approverName: '강동현', status: 'PENDING', comment: null, actedAt: null },
      ],
    },
    {
      approvalId: 480,
      prNo: 'PR2026-000103',
      status: 'APPROVED',
      lineName: '구매요청 결재 (1천만원 미만)',
      version: 2,
      submittedAt: '2026-11-15T05:00:00.000Z',
      steps: [
        {
          stepNo: 1,
          approverId: 'E000006',
          approverName: '강동현',
          status: 'APPROVED',
          comment: '확인했습니다',
          actedAt: '2026-11-15T07:00:00.000Z',
        },
      ],
    },
  ];
}

interface Quote {
  compNo: string;
  compNameKr: string;
  status: string;
  quoteNo: string | null;
  totalAmount: string | null;
  leadTimeDays: number | null;
  validUntil: string | null;
  revision: number;
  remark: string | null;
  prices: Record<number, string>;
}

function seedRfq() {
  return {
    rfqNo: 'RFQ2026-000201',
    prNo: 'PR2026-000104',
    status: 'OPEN',
    version: 1,
    deadline: '2026-11-19T14:59:59.000Z',
    deadlinePassed: true,
    buyerId: 'E000004',
    selectedCompNo: null as string | null,
    quotes: [
      {
        compNo: 'C00001',
        compNameKr: '㈜대한정밀',
        status: 'SUBMITTED',
        quoteNo: 'QT2026-000301',
        totalAmount: '1290000.00',
        leadTimeDays: 6,
        validUntil: '2026-12-19',
        revision: 2,
        remark: null,
        prices: { 1: '600000.00', 2: '45000.00' },
      },
      {
        compNo: 'C00002',
        compNameKr: '한빛전자 주식회사',
        status: 'SUBMITTED',
        quoteNo: 'QT2026-000302',
        totalAmount: '1250000.00',
        leadTimeDays: 11,
        validUntil: '2026-12-19',
        revision: 1,
        remark: '납기 협의 가능',
        prices: { 1: '580000.00', 2: '45000.00' },
      },
      {
        compNo: 'C00093',
        compNameKr: '(주)현진시스템',
        status: 'CHECKED',
        quoteNo: null,
        totalAmount: null,
        leadTimeDays: null,
        validUntil: null,
        revision: 0,
        remark: null,
        prices: {},
      },
    ] as Quote[],
  };
}

const ITEMS = [
  {
    itemCode: 'MRO0101-0001',
    itemName: '육각볼트',
    spec: 'M4x10 SUS304',
    unitCode: 'EA',
    sgCode: 'SGI-MRO0101-D',
    sgName: '볼트/너트 (국내)',
    refPrice: '1500.00',
    currency: 'KRW',
  },
  {
    itemCode: 'OFC0101-0047',
    itemName: '보드마커',
    spec: '흑색 0.7mm',
    unitCode: 'DZ',
    sgCode: 'SGI-OFC0101-D',
    sgName: '필기구 (국내)',
    refPrice: '4380.00',
    currency: 'KRW',
  },
];

const SUPPLIERS = [
  {
    compNo: 'C00001',
    compNameKr: '㈜대한정밀',
    taxNo2: '123-45-67890',
    ceoName: '김대한',
    forwardYn: 'Y',
    grade: null,
    gradeAction: null,
    gradePeriod: null,
  },
  {
    compNo: 'C00002',
    compNameKr: '한빛전자 주식회사',
    taxNo2: '234-56-78901',
    ceoName: '이한빛',
    forwardYn: 'N',
    grade: null,
    gradeAction: null,
    gradePeriod: null,
  },
  {
    compNo: 'C00113',
    compNameKr: '㈜일신전자',
    taxNo2: '108-86-54992',
    ceoName: '박일신',
    forwardYn: 'Y',
    grade: null,
    gradeAction: null,
    gradePeriod: null,
  },
];

function seedRules() {
  return [
    {
      ruleId: 1,
      docType: 'PR',
      minAmount: '0',
      maxAmount: '10000000',
      lineId: 1,
      lineName: '구매요청 결재 (1천만원 미만)',
      approvers: '강동현',
      description: '구매요청 1천만원 미만',
      useYn: 'Y',
      version: 1,
      updatedAt: NOW,
    },
    {
      ruleId: 2,
      docType: 'PR',
      minAmount: '10000000',
      maxAmount: null,
      lineId: 2,
      lineName: '구매요청 결재 (1천만원 이상)',
      approvers: '강동현 → 박성호',
      description: null,
      useYn: 'Y',
      version: 1,
      updatedAt: NOW,
    },
    {
      ruleId: 3,
      docType: 'PO',
      minAmount: '0',
      maxAmount: null,
      lineId: 3,
      lineName: '발주 결재',
      approvers: '박성호',
      description: null,
      useYn: 'Y',
      version: 1,
      updatedAt: NOW,
    },
  ] as Row[];
}

const person = (approverId: string, stepNo: number) => ({
  stepNo,
  approverId,
  approverName: NAMES[approverId] ?? approverId,
  positionNm: '부장',
  sectionName: '본사',
  deptnm: '구매기획팀',
});

function seedLines() {
  return [
    {
      lineId: 1,
      lineName: '구매요청 결재 (1천만원 미만)',
      description: null,
      useYn: 'Y',
      version: 1,
      updatedAt: NOW,
      steps: [person('E000006', 1)],
    },
    {
      lineId: 2,
      lineName: '구매요청 결재 (1천만원 이상)',
      description: '팀장 → 구매기획 결재',
      useYn: 'Y',
      version: 3,
      updatedAt: NOW,
      steps: [person('E000006', 1), person('E000002', 2)],
    },
    {
      lineId: 3,
      lineName: '발주 결재',
      description: null,
      useYn: 'Y',
      version: 1,
      updatedAt: NOW,
      steps: [person('E000002', 1)],
    },
  ] as Array<Row & { lineId: number; steps: Row[] }>;
}

export interface PrFixtureOptions {
  /** Whose PR screens these are: the caller's buttons follow (default the requester 정수빈, E000005). */
  viewer?: string;
}

/** Stateful answers for every operation the purchase-request screens call. */
export function createPrFixtures(options: PrFixtureOptions = {}) {
  const viewer = options.viewer ?? 'E000005';
  const prs = seedPrs();
  const approvals = seedApprovals();
  const rfq = seedRfq();
  const rules = seedRules();
  const lines = seedLines();
  let nextPr = 900;
  let nextApproval = 900;
  let nextRule = 10;
  let nextLine = 10;
  const purchasing = viewer === 'E000004' || viewer === 'E000002';

  const find = (prNo: unknown) => {
    const pr = prs.find((p) => p.prNo === prNo);
    if (!pr) throw new OperationError(404, 'PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');
    return pr;
  };
  const total = (pr: Pr) => `${pr.lines.reduce((s, l) => s + Number(l.estAmount), 0)}.00`;
  const roundsOf = (prNo: string) => approvals.filter((a) => a.prNo === prNo);

  function actionsOf(pr: Pr): string[] {
    const out: string[] = [];
    const requester = pr.requesterId === viewer;
    if (requester && ['DRAFT', 'REJECTED'].includes(pr.status)) out.push('update', 'submit');
    if (requester && ['DRAFT', 'REJECTED', 'IN_APPROVAL', 'APPROVED'].includes(pr.status)) out.push('cancel');
    if (purchasing && pr.status === 'APPROVED') out.push('receive', 'return');
    if (purchasing && pr.status === 'RECEIVED') out.push('return', 'requestQuote');
    const open = roundsOf(pr.prNo).find((a) => a.status === 'PENDING' || a.status === 'IN_PROGRESS');
    if (open?.steps.some((s) => s.status === 'PENDING' && s.approverId === viewer)) out.push('approve', 'reject');
    return out;
  }

  function detail(pr: Pr) {
    const rounds = roundsOf(pr.prNo);
    const open = rounds.find((a) => a.status === 'PENDING' || a.status === 'IN_PROGRESS') ?? null;
    const current = pr.rfqNo && rfq.rfqNo === pr.rfqNo && rfq.status !== 'CANCELLED' ? rfq : null;
    const rfqActions: string[] = [];
    if (current && purchasing && current.status === 'OPEN') {
      if (current.quotes.some((q) => q.status === 'SUBMITTED')) rfqActions.push('select');
      rfqActions.push('cancel');
    }
    if (current && purchasing && current.status === 'AWARDED') rfqActions.push('order', 'agreement');
    const { lines: prLines, rfqNo: _r, ...header } = pr;
    return {
      ...header,
      totalAmount: total(pr),
      submittedAt: null,
      approvedAt: null,
      createdAt: NOW,
      updatedAt: NOW,
      lines: prLines.map((l) => ({ ...l, currency: pr.currency })),
      attachments: [],
      approvals: [],
      history: [
        { at: '2026-11-10T00:40:00.000Z', action: 'CREATE', actor: 'buyer', actorName: pr.requesterName, reason: null },
      ],
      rfqs: current
        ? [
            {
              rfqNo: current.rfqNo,
              status: current.status,
              deadline: current.deadline,
              selectedCompNo: current.selectedCompNo,
            },
          ]
        : [],
      orders: [],
      actions: actionsOf(pr),
      // The one approval-state shape of every document (server/modules/purchase/approval/state.ts).
      pendingApprovalId: open?.approvalId ?? null,
      pendingApprovalVersion: open?.version ?? null,
      currentApproverName: open?.steps.find((s) => s.status === 'PENDING')?.approverName ?? null,
      approvalSteps: rounds.flatMap((a, i) =>
        a.steps.map((s) => ({
          stepKey: `${a.approvalId}-${s.stepNo}`,
          round: i + 1,
          approvalId: a.approvalId,
          approvalStatus: a.status,
          lineName: a.lineName,
          submittedByName: pr.requesterName,
          submittedAt: a.submittedAt,
          positionNm: '부장',
          deptnm: '생산1팀',
          onBehalfOf: null,
          onBehalfOfName: null,
          ...s,
        })),
      ),
      rfqNo: current?.rfqNo ?? null,
      rfqStatus: current?.status ?? null,
      rfqVersion: current?.version ?? null,
      rfqDeadline: current?.deadline ?? null,
      rfqDeadlinePassed: current?.deadlinePassed ?? false,
      rfqSelectionAllowed: !!current && current.status === 'OPEN' && current.deadlinePassed,
      rfqSelectedCompNo: current?.selectedCompNo ?? null,
      rfqActions,
      quotations: current
        ? current.quotes.map(({ prices: _p, remark: _m, ...q }) => ({
            ...q,
            currency: pr.currency,
            checkedAt: '2026-11-12T01:00:00.000Z',
            submittedAt: q.quoteNo ? '2026-11-13T01:00:00.000Z' : null,
          }))
        : [],
      rfqQuestions: [],
    };
  }

  const row = (pr: Pr) => {
    const d = detail(pr);
    return {
      prNo: pr.prNo,
      prDate: pr.prDate,
      title: pr.title,
      status: pr.status,
      approvalStatus: pr.approvalStatus,
      requesterId: pr.requesterId,
      requesterName: pr.requesterName,
      section: pr.section,
      sectionName: pr.sectionName,
      deptcd: pr.deptcd,
      deptnm: pr.deptnm,
      desiredDate: pr.desiredDate,
      currency: pr.currency,
      totalAmount: d.totalAmount,
      lineCount: pr.lines.length,
      buyerId: pr.buyerId,
      buyerName: pr.buyerName,
      rfqNo: d.rfqNo,
      poNo: null,
      updatedAt: NOW,
      version: pr.version,
    };
  };

  const listMatch = (r: Row, q: Record<string, unknown>) => {
    const statuses = Array.isArray(q.status) ? q.status : q.status ? [q.status] : [];
    if (statuses.length && !statuses.includes(r.status)) return false;
    if (typeof q.prNo === 'string' && !String(r.prNo).includes(q.prNo)) return false;
    if (typeof q.title === 'string' && !String(r.title).includes(q.title)) return false;
    if (q.requesterId && r.requesterId !== q.requesterId) return false;
    if (q.buyerId && r.buyerId !== q.buyerId) return false;
    if (q.currency && r.currency !== q.currency) return false;
    if (q.section && r.section !== q.section) return false;
    if (q.fromDate && String(r.prDate) < String(q.fromDate)) return false;
    if (q.toDate && String(r.prDate) > String(q.toDate)) return false;
    return true;
  };
  const totals = (rows: Row[]) => {
    const by = new Map<string, { count: number; sum: number }>();
    for (const r of rows) {
      const t = by.get(String(r.currency)) ?? { count: 0, sum: 0 };
      t.count++;
      t.sum += Number(r.totalAmount);
      by.set(String(r.currency), t);
    }
    return [...by].map(([currency, t]) => ({ currency, count: t.count, totalAmount: String(t.sum) })) as unknown as Row;
  };

  const checkVersion = (given: unknown, current: number) => {
    if (Number(given) !== current) throw conflict();
  };

  function writePr(pr: Pr, body: Row) {
    const lines = (body.lines as Row[] | undefined) ?? [];
    if (lines.length === 0) throw fieldError('body/lines', '품목을 한 줄 이상 입력하세요');
    lines.forEach((l, i) => {
      if (!(Number(l.quantity) > 0)) throw fieldError(`body/lines/${i}/quantity`, '수량은 0보다 커야 합니다');
    });
    pr.title = String(body.title);
    pr.desiredDate = String(body.desiredDate);
    pr.purpose = (body.purpose as string) || null;
    pr.currency = String(body.currency);
    if (body.section) pr.section = String(body.section);
    if (body.deptcd) pr.deptcd = String(body.deptcd);
    pr.fileId = (body.fileId as string) ?? null;
    pr.lines = lines.map((l, i) => ({
      ...line(
        i + 1,
        (l.itemCode as string) || null,
        String(l.itemName || l.itemCode),
        String(l.unitCode || 'EA'),
        String(l.quantity),
        String(l.estUnitPrice),
        (l.sgCode as string) || null,
      ),
      agreementNo: (l.agreementNo as string) || null,
      agreementLineNo: (l.agreementLineNo as number) || null,
    }));
  }

  const answers: Record<string, FixtureHandler> = {
    listPrs: (input) => pagedAnswer(prs.map(row), input, { match: listMatch, totals }),
    listPrConfirm: (input) => {
      const q = input.query ?? {};
      const statuses =
        Array.isArray(q.status) && q.status.length ? q.status : ['APPROVED', 'RECEIVED', 'QUOT_REQUESTED'];
      return pagedAnswer(
        prs.map(row),
        { ...input, query: { ...q, status: statuses, buyerId: q.mine === 'Y' ? viewer : q.buyerId } },
        { match: listMatch, totals },
      );
    },
    getPr: (input) => detail(find(input.path?.prNo)),
    // The budget each saved line draws on: line 1 소모품 (STOP) with 1,500,000 left, the rest without an account.
    getPrBudget: (input) => {
      const pr = find(input.path?.prNo);
      const rows = pr.lines.map((l, i) => ({
        lineNo: l.lineNo,
        itemName: l.itemName,
        accountCode: i === 0 ? 'SUP' : null,
        accountName: i === 0 ? '소모품' : null,
        policy: i === 0 ? 'STOP' : null,
        controlled: i === 0,
        budget: i === 0 ? '2000000' : null,
        available: i === 0 ? '1500000' : null,
        requested: String(Math.round(Number(l.estAmount))),
        exceeds: null,
        shortfall: null,
        warning: null,
        nextStep: null,
      }));
      return { prNo: pr.prNo, deptcd: 'D1220', fiscalYear: 2026, month: 11, rows, total: rows.length };
    },
    createPr: (input) => {
      const body = input.body as Row;
      const pr: Pr = {
        ...seedPrs()[0],
        prNo: `PR2026-000${nextPr++}`,
        prDate: '2026-11-20',
        status: 'DRAFT',
        approvalStatus: 'NONE',
        requesterId: viewer,
        requesterName: NAMES[viewer] ?? viewer,
        version: 1,
        lines: [],
        rfqNo: null,
      };
      writePr(pr, body);
      prs.unshift(pr);
      return detail(pr);
    },
    updatePr: (input) => {
      const pr = find(input.path?.prNo);
      const body = input.body as Row;
      checkVersion(body.version, pr.version);
      if (!['DRAFT', 'REJECTED'].includes(pr.status)) throw invalid('결재중 상태의 구매요청은 수정할 수 없습니다');
      writePr(pr, body);
      pr.version++;
      return detail(pr);
    },
    submitPr: (input) => {
      const pr = find(input.path?.prNo);
      checkVersion((input.body as Row).version, pr.version);
      if (!['DRAFT', 'REJECTED'].includes(pr.status)) throw invalid('상신할 수 없는 상태입니다');
      approvals.push({
        approvalId: nextApproval++,
        prNo: pr.prNo,
        status: 'PENDING',
        lineName: '구매요청 결재 (1천만원 미만)',
        version: 1,
        submittedAt: NOW,
        steps: [
          { stepNo: 1, approverId: 'E000006', approverName: '강동현', status: 'PENDING', comment: null, actedAt: null },
        ],
      });
      pr.status = 'IN_APPROVAL';
      pr.approvalStatus = 'PENDING';
      pr.version++;
      return detail(pr);
    },
    cancelPr: (input) => {
      const pr = find(input.path?.prNo);
      const body = input.body as Row;
      checkVersion(body.version, pr.version);
      pr.status = 'CANCELLED';
      pr.cancelReason = String(body.reason);
      pr.version++;
      return detail(pr);
    },
    approveApproval: (input) => decide(input, 'APPROVED'),
    rejectApproval: (input) => decide(input, 'REJECTED'),
    receivePr: (input) => {
      const pr = find(input.path?.prNo);
      const body = input.body as Row;
      checkVersion(body.version, pr.version);
      if (pr.status !== 'APPROVED') throw invalid('결재완료 상태의 구매요청만 접수할 수 있습니다');
      pr.status = 'RECEIVED';
      pr.buyerId = String(body.buyerId);
      pr.buyerName = NAMES[pr.buyerId] ?? pr.buyerId;
      pr.receivedAt = NOW;
      if (body.sgCode) pr.lines = pr.lines.map((l) => ({ ...l, sgCode: body.sgCode }));
      pr.version++;
      return detail(pr);
    },
    returnPr: (input) => {
      const pr = find(input.path?.prNo);
      const body = input.body as Row;
      checkVersion(body.version, pr.version);
      pr.status = 'REJECTED';
      pr.rejectReason = String(body.reason);
      pr.version++;
      return detail(pr);
    },
    getPrItem: (input) => {
      const item = ITEMS.find((i) => i.itemCode === String(input.path?.itemCode ?? '').toUpperCase());
      if (!item)
        throw new OperationError(
          404,
          'ITEM_NOT_FOUND',
          `등록되지 않았거나 사용하지 않는 품목입니다: ${String(input.path?.itemCode)}`,
        );
      return item;
    },
    searchRfqSuppliers: (input) => {
      const q = String(input.query?.q ?? '');
      return pagedAnswer(
        SUPPLIERS.filter(
          (s) => !q || s.compNameKr.includes(q) || s.compNo.includes(q.toUpperCase()) || s.taxNo2.includes(q),
        ),
        { query: {} },
      );
    },
    createRfq: (input) => {
      const body = input.body as Row;
      const pr = find(body.prNo);
      checkVersion(body.prVersion, pr.version);
      if (pr.status !== 'RECEIVED') throw invalid('구매접수 상태의 구매요청만 견적을 요청할 수 있습니다');
      const suppliers = body.suppliers as string[];
      pr.status = 'QUOT_REQUESTED';
      pr.version++;
      pr.rfqNo = 'RFQ2026-000777';
      Object.assign(rfq, {
        rfqNo: 'RFQ2026-000777',
        prNo: pr.prNo,
        status: 'OPEN',
        version: 1,
        deadline: `${String(body.deadline)}T14:59:59.000Z`,
        deadlinePassed: false,
        selectedCompNo: null,
        quotes: suppliers.map((compNo) => ({
          compNo,
          compNameKr: SUPPLIERS.find((s) => s.compNo === compNo)?.compNameKr ?? compNo,
          status: 'REQUESTED',
          quoteNo: null,
          totalAmount: null,
          leadTimeDays: null,
          validUntil: null,
          revision: 0,
          remark: null,
          prices: {},
        })),
      });
      return rfqDetail();
    },
    getRfq: (input) => {
      if (input.path?.rfqNo !== rfq.rfqNo)
        throw new OperationError(404, 'RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
      const actions: string[] = [];
      if (purchasing && rfq.status === 'OPEN' && rfq.deadlinePassed && rfq.quotes.some((q) => q.status === 'SUBMITTED'))
        actions.push('select');
      if (purchasing && rfq.status === 'OPEN') actions.push('cancel');
      return rfqDetail(actions);
    },
    compareQuotations: (input) => {
      if (input.path?.rfqNo !== rfq.rfqNo)
        throw new OperationError(404, 'RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
      const pr = find(rfq.prNo);
      const submitted = rfq.quotes.filter((q) => q.totalAmount !== null);
      const lowestTotal = submitted.reduce<string | null>(
        (m, q) => (m === null || Number(q.totalAmount) < Number(m) ? q.totalAmount : m),
        null,
      );
      return {
        rfqNo: rfq.rfqNo,
        status: rfq.status,
        currency: pr.currency,
        deadline: rfq.deadline,
        deadlinePassed: rfq.deadlinePassed,
        selectionAllowed: rfq.status === 'OPEN' && rfq.deadlinePassed,
        version: rfq.version,
        lowestTotal,
        suppliers: rfq.quotes.map(({ prices: _p, ...q }) => ({
          ...q,
          submittedAt: q.quoteNo ? '2026-11-13T01:00:00.000Z' : null,
          fileId: null,
          lowest: q.totalAmount !== null && q.totalAmount === lowestTotal,
        })),
        lines: pr.lines.map((l) => {
          const quotes = submitted.map((q) => ({
            compNo: q.compNo,
            unitPrice: q.prices[Number(l.lineNo)],
            amount: String(Number(q.prices[Number(l.lineNo)]) * Number(l.quantity)),
            remark: null,
          }));
          const low = quotes.reduce<string | null>(
            (m, q) => (m === null || Number(q.unitPrice) < Number(m) ? q.unitPrice : m),
            null,
          );
          return {
            lineNo: l.lineNo,
            itemCode: l.itemCode,
            itemName: l.itemName,
            spec: l.spec,
            unitCode: l.unitCode,
            quantity: l.quantity,
            deliveryDate: pr.desiredDate,
            lowestUnitPrice: low,
            quotes: quotes.map((q) => ({ ...q, lowest: q.unitPrice === low })),
          };
        }),
      };
    },
    selectQuotation: (input) => {
      const body = input.body as Row;
      checkVersion(body.version, rfq.version);
      const chosen = rfq.quotes.find((q) => q.compNo === body.compNo);
      if (!chosen || chosen.status !== 'SUBMITTED') throw invalid('견적을 제출하지 않은 협력사는 선정할 수 없습니다');
      if (chosen.validUntil && chosen.validUntil < '2026-11-20')
        throw invalid(`견적 유효기간(${chosen.validUntil})이 지난 견적은 선정할 수 없습니다`, 'QUOTATION_EXPIRED');
      rfq.quotes.forEach((q) => (q.status = q === chosen ? 'SELECTED' : 'NOT_SELECTED'));
      rfq.status = 'AWARDED';
      rfq.selectedCompNo = chosen.compNo;
      rfq.version++;
      find(rfq.prNo).version++;
      return rfqDetail();
    },
    // A draft agreement from the awarded request (the server's createAgreementFromAward, in short).
    createAgreementFromAward: (input) => {
      const body = input.body as Row;
      if (body.sourceType !== 'RFQ' || body.sourceNo !== rfq.rfqNo || rfq.status !== 'AWARDED')
        throw invalid(`낙찰(선정)된 견적요청이 아닙니다: ${String(body.sourceNo)}`, 'AGREEMENT_SOURCE_NOT_AWARDED');
      const chosen = rfq.quotes.find((q) => q.compNo === rfq.selectedCompNo)!;
      const pr = find(rfq.prNo);
      return draftAgreementAnswer({
        agreementNo: 'AG2026-000901',
        sourceType: 'RFQ',
        sourceNo: rfq.rfqNo,
        compNo: chosen.compNo,
        compNameKr: chosen.compNameKr,
        title: pr.title,
        validFrom: String(body.validFrom),
        validTo: String(body.validTo),
        lines: pr.lines.map((l) => ({
          itemName: String(l.itemName),
          unitCode: String(l.unitCode),
          unitPrice: chosen.prices[Number(l.lineNo)] ?? '0.00',
          agreedQty: body.keepQuantities === false ? null : String(l.quantity),
        })),
      });
    },
    cancelRfq: (input) => {
      const body = input.body as Row;
      checkVersion(body.version, rfq.version);
      rfq.status = 'CANCELLED';
      rfq.version++;
      const pr = find(rfq.prNo);
      pr.status = 'RECEIVED';
      pr.rfqNo = null;
      pr.version++;
      return rfqDetail();
    },
    listApprovalRules: (input) => pagedAnswer(rules, input),
    getApprovalRule: (input) => {
      const r = rules.find((x) => x.ruleId === Number(input.path?.ruleId));
      if (!r) throw new OperationError(404, 'APPROVAL_RULE_NOT_FOUND', '결재 규칙을 찾을 수 없습니다');
      return r;
    },
    createApprovalRule: (input) => {
      const b = input.body as Row;
      const clash = rules.find(
        (r) =>
          r.docType === b.docType &&
          r.useYn === 'Y' &&
          Number(b.minAmount) < Number(r.maxAmount ?? Infinity) &&
          Number(r.minAmount) < Number(b.maxAmount ?? Infinity),
      );
      if (clash)
        throw new OperationError(
          409,
          'APPROVAL_RULE_OVERLAP',
          `결재 규칙의 금액 구간이 다른 규칙(${String(clash.ruleId)})과 겹칩니다`,
          [{ path: 'body/minAmount', message: '구간이 겹칩니다' }],
        );
      const line = lines.find((l) => l.lineId === Number(b.lineId));
      const r = {
        ruleId: nextRule++,
        docType: b.docType,
        minAmount: String(b.minAmount),
        maxAmount: b.maxAmount === undefined || b.maxAmount === null ? null : String(b.maxAmount),
        lineId: Number(b.lineId),
        lineName: line?.lineName ?? '',
        approvers: '',
        description: b.description ?? null,
        useYn: b.useYn ?? 'Y',
        version: 1,
        updatedAt: NOW,
      };
      rules.push(r);
      return r;
    },
    updateApprovalRule: (input) => {
      const r = rules.find((x) => x.ruleId === Number(input.path?.ruleId))!;
      const b = input.body as Row;
      checkVersion(b.version, Number(r.version));
      // Amounts are kept as text, as the server answers them (the form sends numbers).
      Object.assign(r, {
        ...b,
        minAmount: String(b.minAmount ?? r.minAmount),
        maxAmount: b.maxAmount === undefined || b.maxAmount === null ? null : String(b.maxAmount),
        version: Number(r.version) + 1,
      });
      return r;
    },
    deleteApprovalRule: (input) => {
      const i = rules.findIndex((x) => x.ruleId === Number(input.path?.ruleId));
      checkVersion(input.query?.version, Number(rules[i].version));
      if (rules[i].ruleId === 1)
        throw new OperationError(
          409,
          'APPROVAL_RULE_IN_USE',
          '결재에 사용된 규칙은 삭제할 수 없습니다. 사용여부를 N으로 바꾸세요',
        );
      rules.splice(i, 1);
      return { code: 'OK' };
    },
    listApprovalLines: (input) =>
      pagedAnswer(
        lines.map((l) => ({
          ...l,
          stepCount: l.steps.length,
          approvers: l.steps.map((s) => s.approverName).join(' → '),
          ruleCount: rules.filter((r) => r.lineId === l.lineId).length,
          rules: rules
            .filter((r) => r.lineId === l.lineId)
            .map(({ ruleId, docType, minAmount, maxAmount, useYn }) => ({
              ruleId,
              docType,
              minAmount,
              maxAmount,
              useYn,
            })),
        })),
        input,
      ),
    createApprovalLine: (input) => {
      const b = input.body as Row;
      const l = {
        lineId: nextLine++,
        lineName: String(b.lineName),
        description: (b.description as string) || null,
        useYn: String(b.useYn ?? 'Y'),
        version: 1,
        updatedAt: NOW,
        steps: (b.steps as Row[]).map((s, i) => person(String(s.approverId), i + 1)),
      };
      lines.push(l);
      return { ...l, rules: [] };
    },
    updateApprovalLine: (input) => {
      const l = lines.find((x) => x.lineId === Number(input.path?.lineId))!;
      const b = input.body as Row;
      checkVersion(b.version, Number(l.version));
      const steps = b.steps as Row[];
      if (steps.length === 0) throw fieldError('body/steps', '결재자를 한 명 이상 지정하세요');
      Object.assign(l, {
        lineName: b.lineName,
        description: b.description || null,
        useYn: b.useYn,
        version: Number(l.version) + 1,
        steps: steps.map((s, i) => person(String(s.approverId), i + 1)),
      });
      return { ...l, rules: [] };
    },
    deleteApprovalLine: (input) => {
      const l = lines.find((x) => x.lineId === Number(input.path?.lineId))!;
      if (rules.some((r) => r.lineId === l.lineId))
        throw new OperationError(
          409,
          'APPROVAL_LINE_IN_USE',
          `결재 규칙(${String(rules.find((r) => r.lineId === l.lineId)!.ruleId)})이 이 결재선을 씁니다. 규칙을 먼저 지우거나 바꾸세요`,
        );
      lines.splice(lines.indexOf(l), 1);
      return { code: 'OK' };
    },
  };

  /** The current quotation request as getRfq answers it. */
  function rfqDetail(actions: string[] = []) {
    const pr = find(rfq.prNo);
    return {
      rfqNo: rfq.rfqNo,
      prNo: rfq.prNo,
      title: pr.title,
      status: rfq.status,
      currency: pr.currency,
      deadline: rfq.deadline,
      deadlinePassed: rfq.deadlinePassed,
      selectionAllowed: rfq.status === 'OPEN' && rfq.deadlinePassed,
      buyerId: pr.buyerId ?? 'E000004',
      buyerName: pr.buyerName ?? '김민수',
      description: null,
      fileId: null,
      selectedCompNo: rfq.selectedCompNo,
      awardedAt: null,
      cancelReason: null,
      createdAt: NOW,
      version: rfq.version,
      lines: pr.lines.map((l) => ({
        lineNo: l.lineNo,
        prLineNo: l.lineNo,
        itemCode: l.itemCode ?? null,
        itemName: l.itemName,
        spec: l.spec ?? null,
        unitCode: l.unitCode,
        quantity: l.quantity,
        deliveryDate: null,
      })),
      suppliers: rfq.quotes.map((q) => ({
        compNo: q.compNo,
        compNameKr: q.compNameKr,
        status: q.status,
        quoteNo: q.quoteNo,
        totalAmount: q.totalAmount,
        leadTimeDays: q.leadTimeDays,
        validUntil: q.validUntil,
        revision: q.revision,
        checkedAt: null,
        submittedAt: q.quoteNo ? '2026-11-13T01:00:00.000Z' : null,
      })),
      attachments: [],
      history: [],
      poNo: null,
      actions,
    };
  }

  function decide(input: OperationInput, outcome: 'APPROVED' | 'REJECTED') {
    const a = approvals.find((x) => x.approvalId === Number(input.path?.approvalId));
    if (!a) throw new OperationError(404, 'APPROVAL_NOT_FOUND', '결재를 찾을 수 없습니다');
    const body = input.body as Row;
    checkVersion(body.version, a.version);
    const step = a.steps.find((s) => s.status === 'PENDING');
    if (!step || step.approverId !== viewer)
      throw new OperationError(403, 'NOT_ALLOWED', '현재 결재 차례인 결재자만 승인하거나 반려할 수 있습니다');
    Object.assign(step, { status: outcome, comment: (body.comment as string) || null, actedAt: NOW });
    a.status = outcome;
    a.version++;
    const pr = find(a.prNo);
    pr.status = outcome === 'APPROVED' ? 'APPROVED' : 'REJECTED';
    pr.approvalStatus = outcome;
    pr.version++;
    const round = {
      approvalId: a.approvalId,
      docType: 'PR',
      docNo: pr.prNo,
      status: a.status,
      lineName: a.lineName,
      amountKrw: detail(pr).totalAmount,
      submittedBy: pr.requesterId,
      submittedByName: pr.requesterName,
      submittedAt: a.submittedAt,
      version: a.version,
      steps: a.steps,
    };
    return approvalAnswer(round, pr.status, NOW);
  }

  return { answers, data: { prs, approvals, rfq, rules, lines } };
}

/** The fixture viewers' login data (spec §3 loginData): the requester (30), the approver (31), the buyer (20), the administrator (99). */
export const PR_LOGINS = {
  requester: {
    auth: 'U',
    authGroupId: '30',
    section: 'D1000',
    deptcd: 'D1220',
    deptnm: '구매1팀',
    hname: '정수빈',
    singleid: 'E000005',
  },
  approver: {
    auth: 'U',
    authGroupId: '31',
    section: 'D2000',
    deptcd: 'D2110',
    deptnm: '생산1팀',
    hname: '강동현',
    singleid: 'E000006',
  },
  buyer: {
    auth: 'U',
    authGroupId: '20',
    section: 'D1000',
    deptcd: 'D1240',
    deptnm: '구매운영팀',
    hname: '김민수',
    singleid: 'E000004',
  },
  admin: {
    auth: 'S',
    authGroupId: '99',
    section: 'D1000',
    deptcd: 'D1310',
    deptnm: '정보전략팀',
    hname: '이정민',
    singleid: 'E000001',
  },
} as const;
