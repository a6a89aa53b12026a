/**
 * Fixture answers for the purchase-order screens (orders, simple orders, LOIs, PO changes): a
 * small in-memory server that keeps state, so tests and stories see an action's effect on the
 * next read, and refuses what the real one refuses (wrong version, over the simple-order limit,
 * reasons missing). Shapes follow schemas/openapi.generated.json.
 */
import { OperationError, type OperationInput } from '../../engine/services';
import { pagedAnswer } from '../../engine/testing/fixture-engine-services';
import { approvalAnswer } from '../testing/approval-answer';

type Row = Record<string, unknown>;
type Handler = (input: OperationInput) => unknown;

export const PO_FIXTURE_CODES = {
  LOI_STATUS: [
    { value: 'DRAFT', text: '작성중' },
    { value: 'IN_APPROVAL', text: '결재중' },
    { value: 'ISSUED', text: '발행' },
    { value: 'ACCEPTED', text: '수락' },
    { value: 'EXPIRED', text: '만료' },
    { value: 'CANCELLED', text: '취소' },
  ],
  YN: [
    { value: 'Y', text: '예' },
    { value: 'N', text: '아니오' },
  ],
};

const COMPANIES: Record<string, { name: string; forwardYn: 'Y' | 'N'; taxNo: string }> = {
  C00001: { name: '(주)한빛정밀', forwardYn: 'Y', taxNo: '124-81-00001' },
  C00002: { name: '대성산업(주)', forwardYn: 'N', taxNo: '124-81-00002' },
};

const LIMIT = '5000000';
const JPY_RATE = '900';

function line(lineNo: number, itemName: string, quantity: string, unitPrice: string, deliveryDate: string): Row {
  return {
    lineNo,
    itemCode: `MRO0101-000${lineNo}`,
    itemName,
    spec: '규격 A',
    unitCode: 'EA',
    sgCode: null,
    quantity,
    unitPrice,
    amount: (Number(quantity) * Number(unitPrice)).toFixed(2),
    deliveryDate,
    deliveredQty: '0.000',
    receivedQty: '0.000',
  };
}

function order(poNo: string, over: Row): Row {
  const compNo = (over.compNo as string) ?? 'C00001';
  const lines = (over.lines as Row[]) ?? [
    line(1, '베어링 6204', '10.000', '1000.00', '2026-12-20'),
    line(2, '오일씰 35x52', '2.500', '1000.00', '2026-12-20'),
  ];
  return {
    poNo,
    poType: 'PO',
    poDate: '2026-11-20',
    title: '설비 보수 자재',
    status: 'DRAFT',
    approvalStatus: 'NONE',
    compNo,
    compNameKr: COMPANIES[compNo]?.name ?? compNo,
    forwardYn: COMPANIES[compNo]?.forwardYn ?? 'Y',
    section: 'D1000',
    sectionName: '경영지원부문',
    deptcd: 'D1240',
    deptnm: '구매운영팀',
    buyerId: 'E000004',
    buyerName: '김민수',
    requesterId: 'E000005',
    requesterName: '정수빈',
    prNo: 'PR2026-000101',
    rfqNo: 'RFQ2026-000050',
    quoteNo: 'QT2026-000077',
    loiNo: null,
    currency: 'KRW',
    totalAmount: lines.reduce((s, l) => s + Number(l.amount), 0).toFixed(2),
    approvedAmount: null,
    agreementException: null,
    agreementNo: null,
    revision: 1,
    revisions: [],
    subconKind: null,
    paymentTermDays: null,
    ownerPaidDate: null,
    endedOn: null,
    writtenContract: null,
    coordinations: [],
    dueDate: '2026-12-20',
    forwardedAt: null,
    acknowledgedAt: null,
    cancelReason: null,
    remark: null,
    fileId: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    version: 1,
    lines,
    attachments: [],
    approvals: [],
    history: [
      { no: 1, at: '2026-11-20T01:00:00.000Z', action: 'CREATE', actor: 'operator', actorName: '김민수', reason: null },
    ],
    changes: [],
    pendingApprovalId: null,
    pendingApprovalVersion: null,
    currentApproverName: null,
    approvalSteps: [],
    actions: ['update', 'submit', 'cancel'],
    ...over,
  };
}

function loi(loiNo: string, over: Row): Row {
  const compNo = (over.compNo as string) ?? 'C00001';
  return {
    loiNo,
    compNo,
    compNameKr: COMPANIES[compNo]?.name ?? compNo,
    title: '금형 제작 LOI',
    scope: '신규 모델 금형 2벌 제작',
    currency: 'KRW',
    amount: '30000000.00',
    validFrom: '2026-11-20',
    validUntil: '2027-02-18',
    status: 'DRAFT',
    approvalStatus: 'NONE',
    buyerId: 'E000004',
    buyerName: '김민수',
    prNo: null,
    fileId: null,
    issuedAt: null,
    acceptedAt: null,
    expiredAt: null,
    cancelReason: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    version: 1,
    attachments: [],
    approvals: [],
    history: [
      { no: 1, at: '2026-11-20T01:00:00.000Z', action: 'CREATE', actor: 'operator', actorName: '김민수', reason: null },
    ],
    orders: [],
    pendingApprovalId: null,
    pendingApprovalVersion: null,
    currentApproverName: null,
    approvalSteps: [],
    actions: ['update', 'submit', 'cancel'],
    ...over,
  };
}

const pendingStep = (approvalId: number, approverName = '박성호') => ({
  stepKey: `${approvalId}-1`,
  round: 1,
  approvalId,
  approvalStatus: 'PENDING',
  lineName: '발주 결재',
  submittedByName: '김민수',
  submittedAt: '2026-11-20T02:00:00.000Z',
  stepNo: 1,
  approverId: 'E000002',
  approverName,
  positionNm: '부장',
  deptnm: '구매기획팀',
  status: 'PENDING',
  comment: null,
  actedAt: null,
  onBehalfOf: null,
  onBehalfOfName: null,
});

/** The decided round of an order or LOI (its steps as the document shows them). */
function decidedRound(doc: Record<string, unknown>, status: string, steps: Array<Record<string, unknown>>) {
  const first = steps[0] ?? {};
  const isLoi = !('poNo' in doc);
  return {
    approvalId: Number(first.approvalId),
    docType: isLoi ? 'LOI' : 'PO',
    docNo: String(isLoi ? doc.loiNo : doc.poNo),
    status,
    lineName: String(first.lineName ?? '발주 결재'),
    amountKrw: String(isLoi ? doc.amount : doc.totalAmount),
    submittedBy: 'E000004',
    submittedByName: String(first.submittedByName ?? '김민수'),
    submittedAt: String(first.submittedAt ?? '2026-11-20T02:00:00.000Z'),
    version: 2,
    steps,
  };
}

/** The fields of a row of listPos / listSimpleOrders. */
const PO_LIST_FIELDS = [
  'poNo',
  'poType',
  'poDate',
  'title',
  'status',
  'approvalStatus',
  'compNo',
  'compNameKr',
  'forwardYn',
  'buyerId',
  'buyerName',
  'requesterName',
  'deptnm',
  'prNo',
  'rfqNo',
  'loiNo',
  'currency',
  'totalAmount',
  'subconKind',
  'dueDate',
  'forwardedAt',
  'acknowledgedAt',
  'lineCount',
  'updatedAt',
  'version',
] as const;

function refuse(status: number, code: string, msg: string, details?: unknown): never {
  throw new OperationError(status, code, msg, details);
}

/** The fixture server: `data` is its state (tests read it), `answers` the operation handlers. */
export function createPoFixtures() {
  const pos: Row[] = [
    order('PO2026-000301', {}),
    order('PO2026-000302', {
      status: 'IN_APPROVAL',
      approvalStatus: 'PENDING',
      version: 2,
      pendingApprovalId: 71,
      pendingApprovalVersion: 1,
      currentApproverName: '박성호',
      approvalSteps: [pendingStep(71)],
      actions: ['cancel', 'approve', 'reject'],
    }),
    order('PO2026-000303', {
      compNo: 'C00002',
      title: '포장재 발주',
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
      approvedAmount: '12500.00',
      version: 4,
      actions: ['send', 'cancel'],
    }),
    order('PO2026-000304', {
      title: '금형 부품',
      status: 'ACKNOWLEDGED',
      approvalStatus: 'APPROVED',
      approvedAmount: '12500.00',
      forwardedAt: '2026-11-18T03:00:00.000Z',
      acknowledgedAt: '2026-11-19T04:00:00.000Z',
      version: 6,
      actions: ['change', 'cancel'],
      changes: [
        {
          changeId: 9,
          poNo: 'PO2026-000304',
          changeSeq: 1,
          field: 'dueDate',
          fieldName: '납기일',
          lineNo: null,
          itemName: null,
          beforeValue: '2026-12-10',
          afterValue: '2026-12-20',
          beforeText: '2026-12-10',
          afterText: '2026-12-20',
          reason: '협력사 요청',
          changedBy: 'operator',
          changedByName: '김민수',
          changedAt: '2026-11-19T05:00:00.000Z',
          compNo: 'C00001',
          compNameKr: '(주)한빛정밀',
          title: '금형 부품',
          status: 'ACKNOWLEDGED',
        },
      ],
    }),
    order('PO2026-000305', {
      poType: 'SIMPLE',
      title: '사무용품',
      prNo: null,
      rfqNo: null,
      quoteNo: null,
      totalAmount: '480000.00',
      lines: [line(1, 'A4 복사용지', '20.000', '24000.00', '2026-12-01')],
    }),
    order('PO2026-000306', {
      currency: 'JPY',
      title: '수입 센서',
      status: 'SENT',
      approvalStatus: 'APPROVED',
      forwardedAt: '2026-11-10T00:00:00.000Z',
      lines: [line(1, '근접 센서', '4.000', '25000.00', '2026-12-15')],
      actions: ['change', 'cancel'],
    }),
  ];
  const lois: Row[] = [
    loi('LOI2026-000021', {}),
    loi('LOI2026-000022', {
      status: 'IN_APPROVAL',
      approvalStatus: 'PENDING',
      version: 2,
      pendingApprovalId: 81,
      pendingApprovalVersion: 1,
      currentApproverName: '박성호',
      approvalSteps: [{ ...pendingStep(81), lineName: 'LOI 결재' }],
      actions: ['cancel', 'approve', 'reject'],
    }),
    loi('LOI2026-000023', {
      compNo: 'C00002',
      status: 'ACCEPTED',
      approvalStatus: 'APPROVED',
      issuedAt: '2026-10-01T00:00:00.000Z',
      acceptedAt: '2026-10-03T00:00:00.000Z',
      actions: [],
      orders: [{ poNo: 'PO2026-000304', status: 'ACKNOWLEDGED', totalAmount: '12500.00' }],
    }),
    loi('LOI2026-000024', {
      status: 'EXPIRED',
      approvalStatus: 'APPROVED',
      validUntil: '2026-10-31',
      issuedAt: '2026-08-01T00:00:00.000Z',
      actions: ['cancel'],
    }),
  ];
  const rfqs: Row[] = [
    {
      rfqNo: 'RFQ2026-000061',
      prNo: 'PR2026-000120',
      title: '펌프 교체 부품',
      status: 'AWARDED',
      currency: 'KRW',
      deadline: '2026-11-15T14:59:59.000Z',
      deadlinePassed: true,
      buyerId: 'E000004',
      buyerName: '김민수',
      invitedCount: 3,
      submittedCount: 2,
      selectedCompNo: 'C00002',
      selectedCompName: '대성산업(주)',
      poNo: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      version: 5,
    },
    {
      rfqNo: 'RFQ2026-000050',
      prNo: 'PR2026-000101',
      title: '설비 보수 자재',
      status: 'AWARDED',
      currency: 'KRW',
      deadline: '2026-11-10T14:59:59.000Z',
      deadlinePassed: true,
      buyerId: 'E000004',
      buyerName: '김민수',
      invitedCount: 2,
      submittedCount: 2,
      selectedCompNo: 'C00001',
      selectedCompName: '(주)한빛정밀',
      poNo: 'PO2026-000301',
      createdAt: '2026-10-28T00:00:00.000Z',
      version: 7,
    },
  ];
  let nextPo = 310;
  let nextLoi = 30;
  let nextApproval = 90;

  const findPo = (poNo: unknown, type?: 'PO' | 'SIMPLE') => {
    const po = pos.find((p) => p.poNo === poNo && (!type || p.poType === type));
    if (!po) refuse(404, 'PO_NOT_FOUND', '발주를 찾을 수 없습니다');
    return po;
  };
  const findLoi = (loiNo: unknown) => {
    const l = lois.find((x) => x.loiNo === loiNo);
    if (!l) refuse(404, 'LOI_NOT_FOUND', 'LOI를 찾을 수 없습니다');
    return l;
  };
  const checkVersion = (doc: Row, version: unknown) => {
    if (Number(version) !== doc.version)
      refuse(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
  };
  const body = (input: OperationInput) => (input.body ?? {}) as Row;
  const bump = (doc: Row, over: Row, action: string, reason: string | null = null) => {
    Object.assign(doc, over, { version: (doc.version as number) + 1 });
    const history = doc.history as Row[];
    history.push({
      no: history.length + 1,
      at: '2026-11-21T00:00:00.000Z',
      action,
      actor: 'operator',
      actorName: '김민수',
      reason,
    });
    return structuredClone(doc);
  };
  const findApproval = (approvalId: unknown): Row => {
    const doc = [...pos, ...lois].find((d) => d.pendingApprovalId === Number(approvalId));
    if (!doc) refuse(404, 'APPROVAL_NOT_FOUND', '결재를 찾을 수 없습니다');
    return doc;
  };
  const simpleTotal = (lines: Row[], currency: string) => {
    const total = lines.reduce((s, l) => s + Number(l.quantity) * Number(l.unitPrice), 0);
    return currency === 'JPY' ? Math.round((total * Number(JPY_RATE)) / 100) : total;
  };
  const simpleInput = (input: OperationInput): Row => {
    const b = body(input);
    const lines = (b.lines as Row[]) ?? [];
    if (lines.length === 0)
      refuse(400, 'VALIDATION', '입력 값을 확인하세요', [
        { path: 'body/lines', message: '품목을 한 줄 이상 입력하세요' },
      ]);
    const krw = simpleTotal(lines, String(b.currency));
    if (krw >= Number(LIMIT)) {
      refuse(
        400,
        'SIMPLE_ORDER_OVER_LIMIT',
        `소액발주는 5,000,000원 미만이어야 합니다 (현재 ${krw.toLocaleString('ko-KR')}원). 구매요청으로 진행하세요`,
        [
          {
            path: 'body/lines',
            message: `합계 ${krw.toLocaleString('ko-KR')}원이 소액발주 한도 5,000,000원 이상입니다`,
          },
        ],
      );
    }
    const compNo = String(b.compNo ?? '').toUpperCase();
    if (!COMPANIES[compNo])
      refuse(400, 'VALIDATION', '입력 값을 확인하세요', [
        { path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` },
      ]);
    return {
      compNo,
      compNameKr: COMPANIES[compNo].name,
      forwardYn: COMPANIES[compNo].forwardYn,
      title: b.title,
      currency: b.currency,
      dueDate: b.dueDate,
      remark: b.remark ?? null,
      lines: lines.map((l, i) =>
        line(
          i + 1,
          String(l.itemName || l.itemCode),
          String(l.quantity),
          String(l.unitPrice),
          String(l.deliveryDate || b.dueDate),
        ),
      ),
      totalAmount: lines.reduce((s, l) => s + Number(l.quantity) * Number(l.unitPrice), 0).toFixed(2),
    };
  };
  const listRows = (rows: Row[]): Row[] =>
    rows.map(
      ({
        lines,
        attachments,
        approvals,
        history,
        changes,
        approvalSteps,
        actions,
        paymentTermDays: _t,
        ownerPaidDate: _o,
        endedOn: _e,
        writtenContract: _w,
        coordinations: _c,
        ...r
      }) => ({
        ...r,
        lineCount: (lines as Row[]).length,
      }),
    );
  const totals = (rows: Row[]) => {
    const by = new Map<string, { currency: string; count: number; totalAmount: number }>();
    for (const r of rows) {
      const c = by.get(r.currency as string) ?? { currency: r.currency as string, count: 0, totalAmount: 0 };
      c.count++;
      c.totalAmount += Number(r.totalAmount);
      by.set(c.currency, c);
    }
    return [...by.values()].map((c) => ({ ...c, totalAmount: c.totalAmount.toFixed(2) }));
  };
  const match = (row: Row, q: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(q)) {
      if (
        ['page', 'size', 'sort', 'poType'].includes(k) ||
        v === undefined ||
        v === '' ||
        (Array.isArray(v) && v.length === 0)
      )
        continue;
      if (k === 'status' || k === 'approvalStatus') {
        const list = Array.isArray(v) ? v : [v];
        if (!list.includes(row[k])) return false;
      } else if (k === 'compName') {
        if (!String(row.compNameKr).includes(String(v))) return false;
      } else if (k === 'fromDate') {
        if (String(row.poDate ?? row.changedAt) < String(v)) return false;
      } else if (k === 'toDate') {
        if (String(row.poDate ?? row.changedAt).slice(0, 10) > String(v)) return false;
      } else if (k in row && !String(row[k] ?? '').includes(String(v))) return false;
    }
    return true;
  };
  /** A money list answer: one page, and per-currency totals over the whole filtered result. */
  const withTotals = (rows: Row[], input: OperationInput) => {
    const page = pagedAnswer(rows, input, { match });
    // Filtered over the whole order; a row carries the list's fields only, as the server answers it.
    return {
      ...page,
      rows: page.rows.map((r) => Object.fromEntries(PO_LIST_FIELDS.map((f) => [f, r[f]]))),
      totals: totals(rows.filter((r) => match(r, input.query ?? {}))),
    };
  };
  const allChanges = () => pos.flatMap((p) => p.changes as Row[]);

  const answers: Record<string, Handler> = {
    listPos: (input) => {
      const type = (input.query?.poType as string | undefined) ?? null;
      return withTotals(listRows(pos.filter((p) => !type || p.poType === type)), input);
    },
    listSimpleOrders: (input) => withTotals(listRows(pos.filter((p) => p.poType === 'SIMPLE')), input),
    getPo: (input) => findPo(input.path?.poNo),
    getSimpleOrder: (input) => findPo(input.path?.poNo, 'SIMPLE'),
    getForwardYn: (input) => {
      const wanted = [...new Set(((body(input).params as string[]) ?? []).map((c) => String(c).toUpperCase()))];
      return {
        success: true,
        resultData: wanted
          .filter((c) => COMPANIES[c])
          .map((c) => ({
            COMP_NO: c,
            COMP_NAME_KR: COMPANIES[c].name,
            TAX_NO_2: COMPANIES[c].taxNo,
            FORWARD_YN: COMPANIES[c].forwardYn,
          })),
      };
    },
    listForwardYn: (input) => {
      const asked = input.query?.compNo;
      const wanted = [
        ...new Set((Array.isArray(asked) ? asked : asked ? [asked] : []).map((c) => String(c).toUpperCase())),
      ];
      return {
        success: true,
        resultData: wanted
          .filter((c) => COMPANIES[c])
          .map((c) => ({
            COMP_NO: c,
            COMP_NAME_KR: COMPANIES[c].name,
            TAX_NO_2: COMPANIES[c].taxNo,
            FORWARD_YN: COMPANIES[c].forwardYn,
          })),
      };
    },
    listRfqs: (input) => pagedAnswer(rfqs, input, { match }),
    getRfq: (input) => {
      const r = rfqs.find((x) => x.rfqNo === input.path?.rfqNo);
      if (!r) refuse(404, 'RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
      // The detail has no list counts; the supplier chosen is named by its number.
      const { invitedCount: _i, submittedCount: _s, selectedCompName: _n, ...detail } = r!;
      return {
        ...detail,
        description: null,
        fileId: null,
        selectionAllowed: false,
        awardedAt: null,
        cancelReason: null,
        lines: [],
        suppliers: [],
        attachments: [],
        history: [],
        actions: [],
      };
    },
    createPo: (input) => {
      const b = body(input);
      const rfq = rfqs.find((x) => x.rfqNo === b.rfqNo);
      if (!rfq) refuse(404, 'RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
      if (rfq.version !== b.rfqVersion)
        refuse(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
      if (rfq.poNo)
        refuse(409, 'PO_EXISTS', `이 견적요청으로 만든 발주가 이미 있습니다: ${rfq.poNo}`, { poNo: rfq.poNo });
      if (!b.dueDate)
        refuse(400, 'VALIDATION', '입력 값을 확인하세요', [{ path: 'body/dueDate', message: '납기일을 입력하세요' }]);
      const po = order(`PO2026-000${nextPo++}`, {
        compNo: rfq.selectedCompNo,
        title: b.title || rfq.title,
        dueDate: b.dueDate,
        remark: b.remark || null,
        prNo: rfq.prNo,
        rfqNo: rfq.rfqNo,
      });
      pos.push(po);
      rfq.poNo = po.poNo;
      return structuredClone(po);
    },
    updatePo: (input) => {
      const po = findPo(input.path?.poNo, 'PO');
      const b = body(input);
      checkVersion(po, b.version);
      for (const l of (b.lines as Row[]) ?? [])
        Object.assign((po.lines as Row[]).find((x) => x.lineNo === l.lineNo) ?? {}, { deliveryDate: l.deliveryDate });
      return bump(po, { title: b.title, dueDate: b.dueDate, remark: b.remark ?? null }, 'UPDATE');
    },
    submitPo: (input) => {
      const po = findPo(input.path?.poNo);
      checkVersion(po, body(input).version);
      if (po.status !== 'DRAFT') refuse(409, 'INVALID_STATE', '작성중 상태의 발주만 상신할 수 있습니다');
      const approvalId = nextApproval++;
      return bump(
        po,
        {
          status: 'IN_APPROVAL',
          approvalStatus: 'PENDING',
          pendingApprovalId: approvalId,
          pendingApprovalVersion: 1,
          currentApproverName: '박성호',
          approvalSteps: [pendingStep(approvalId)],
          actions: ['cancel'],
        },
        'SUBMIT',
      );
    },
    approveApproval: (input) => {
      const doc = findApproval(input.path?.approvalId);
      if (Number(body(input).version) !== doc.pendingApprovalVersion)
        refuse(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
      const steps = (doc.approvalSteps as Row[]).map((s) =>
        s.status === 'PENDING'
          ? {
              ...s,
              status: 'APPROVED',
              approvalStatus: 'APPROVED',
              comment: body(input).comment ?? null,
              actedAt: '2026-11-21T00:00:00.000Z',
            }
          : s,
      );
      const isLoi = !('poNo' in doc);
      const status = isLoi ? 'ISSUED' : doc.forwardYn === 'Y' ? 'SENT' : 'APPROVED';
      bump(
        doc,
        {
          status,
          approvalStatus: 'APPROVED',
          pendingApprovalId: null,
          pendingApprovalVersion: null,
          currentApproverName: null,
          approvalSteps: steps,
          actions: isLoi ? ['cancel'] : status === 'SENT' ? ['change', 'cancel'] : ['send', 'cancel'],
        },
        'APPROVED',
        (body(input).comment as string) ?? null,
      );
      return approvalAnswer(decidedRound(doc, 'APPROVED', steps), status, '2026-11-21T00:00:00.000Z');
    },
    rejectApproval: (input) => {
      const doc = findApproval(input.path?.approvalId);
      const comment = String(body(input).comment ?? '').trim();
      if (!comment)
        refuse(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/comment', message: '반려 사유를 입력하세요' },
        ]);
      const steps = (doc.approvalSteps as Row[]).map((s) =>
        s.status === 'PENDING'
          ? { ...s, status: 'REJECTED', approvalStatus: 'REJECTED', comment, actedAt: '2026-11-21T00:00:00.000Z' }
          : s,
      );
      bump(
        doc,
        {
          status: 'DRAFT',
          approvalStatus: 'REJECTED',
          pendingApprovalId: null,
          pendingApprovalVersion: null,
          currentApproverName: null,
          approvalSteps: steps,
          actions: [],
        },
        'REJECTED',
        comment,
      );
      return approvalAnswer(decidedRound(doc, 'REJECTED', steps), 'DRAFT', '2026-11-21T00:00:00.000Z');
    },
    sendPo: (input) => {
      const po = findPo(input.path?.poNo);
      checkVersion(po, body(input).version);
      return bump(
        po,
        { status: 'SENT', forwardedAt: '2026-11-21T00:00:00.000Z', actions: ['change', 'cancel'] },
        'SENT',
      );
    },
    changePo: (input) => {
      const po = findPo(input.path?.poNo);
      const b = body(input);
      checkVersion(po, b.version);
      if (!String(b.reason ?? '').trim())
        refuse(400, 'VALIDATION', '입력 값을 확인하세요', [{ path: 'body/reason', message: '변경 사유를 입력하세요' }]);
      const changes = po.changes as Row[];
      const seq = changes.length + 1;
      // Values are stored as text, as the server keeps them.
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
      const record = (field: string, lineNo: number | null, before: unknown, after: unknown) =>
        changes.push({
          changeId: 100 + changes.length,
          poNo: po.poNo,
          changeSeq: seq,
          field,
          fieldName: field,
          lineNo,
          itemName: null,
          beforeValue: text(before),
          afterValue: text(after),
          beforeText: text(before),
          afterText: text(after),
          reason: b.reason,
          changedBy: 'operator',
          changedByName: '김민수',
          changedAt: '2026-11-21T00:00:00.000Z',
          compNo: po.compNo,
          compNameKr: po.compNameKr,
          title: po.title,
          status: po.status,
        });
      const before = changes.length;
      const snapshot = structuredClone(po.lines as Row[]);
      if (b.dueDate !== undefined && b.dueDate !== po.dueDate) record('dueDate', null, po.dueDate, b.dueDate);
      for (const l of (b.lines as Row[]) ?? []) {
        const target = (po.lines as Row[]).find((x) => x.lineNo === l.lineNo);
        if (!target) continue;
        for (const k of ['quantity', 'unitPrice', 'deliveryDate'] as const) {
          if (
            l[k] !== undefined && Number.isNaN(Number(l[k])) ? l[k] !== target[k] : Number(l[k]) !== Number(target[k])
          ) {
            record(k, l.lineNo as number, target[k], l[k]);
            target[k] = String(l[k]);
          }
        }
      }
      if (changes.length === before)
        refuse(400, 'VALIDATION', '입력 값을 확인하세요', [{ path: 'body', message: '변경된 내용이 없습니다' }]);
      const total = (po.lines as Row[]).reduce((sum, l) => sum + Number(l.quantity) * Number(l.unitPrice), 0);
      const revision = (po.revision as number) + 1;
      if (po.approvedAmount !== null && total > Number(po.approvedAmount)) {
        // Above the approved amount: proposed for the PO_CHANGE approval; the order keeps its terms meanwhile.
        changes.splice(before);
        Object.assign(po, { lines: snapshot });
        return {
          ...bump(po, {}, 'CHANGE_PROPOSED', String(b.reason)),
          changeOutcome: 'PROPOSED',
          changeRevision: revision,
        };
      }
      for (const l of po.lines as Row[]) l.amount = (Number(l.quantity) * Number(l.unitPrice)).toFixed(2);
      po.totalAmount = total.toFixed(2);
      const changed = bump(
        po,
        {
          dueDate: b.dueDate ?? po.dueDate,
          status: po.status === 'ACKNOWLEDGED' ? 'SENT' : po.status,
          acknowledgedAt: null,
          revision,
        },
        'CHANGE',
        String(b.reason),
      );
      return { ...changed, changeOutcome: 'APPLIED', changeRevision: revision };
    },
    cancelPo: (input) => {
      const po = findPo(input.path?.poNo);
      const b = body(input);
      checkVersion(po, b.version);
      if (!String(b.reason ?? '').trim())
        refuse(400, 'VALIDATION', '입력 값을 확인하세요', [{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
      return bump(po, { status: 'CANCELLED', cancelReason: b.reason, actions: [] }, 'CANCEL', String(b.reason));
    },
    listPoChanges: (input) => pagedAnswer(allChanges(), input, { match }),
    getSimpleOrderLimit: () => ({ limit: LIMIT, currency: 'KRW', jpyRate: JPY_RATE }),
    createSimpleOrder: (input) => {
      const po = order(`PO2026-000${nextPo++}`, {
        poType: 'SIMPLE',
        prNo: null,
        rfqNo: null,
        quoteNo: null,
        ...simpleInput(input),
      });
      pos.push(po);
      return structuredClone(po);
    },
    updateSimpleOrder: (input) => {
      const po = findPo(input.path?.poNo, 'SIMPLE');
      checkVersion(po, body(input).version);
      return bump(po, simpleInput(input), 'UPDATE');
    },
    listLois: (input) =>
      pagedAnswer(
        // A list row is the LOI without its detail parts, with the count of its orders.
        lois.map(
          ({
            attachments,
            approvals,
            history,
            orders,
            approvalSteps,
            actions,
            scope,
            fileId,
            expiredAt,
            cancelReason,
            createdAt,
            pendingApprovalId,
            pendingApprovalVersion,
            currentApproverName,
            ...r
          }) => ({ ...r, orderCount: (orders as Row[]).length }),
        ),
        input,
        { match },
      ),
    getLoi: (input) => findLoi(input.path?.loiNo),
    createLoi: (input) => {
      const b = body(input);
      const l = loi(`LOI2026-0000${nextLoi++}`, { ...b, amount: String(b.amount) });
      lois.push(l);
      return structuredClone(l);
    },
    updateLoi: (input) => {
      const l = findLoi(input.path?.loiNo);
      const b = body(input);
      checkVersion(l, b.version);
      return bump(l, { ...b, amount: String(b.amount), version: l.version }, 'UPDATE');
    },
    submitLoi: (input) => {
      const l = findLoi(input.path?.loiNo);
      checkVersion(l, body(input).version);
      const approvalId = nextApproval++;
      return bump(
        l,
        {
          status: 'IN_APPROVAL',
          approvalStatus: 'PENDING',
          pendingApprovalId: approvalId,
          pendingApprovalVersion: 1,
          currentApproverName: '박성호',
          approvalSteps: [{ ...pendingStep(approvalId), lineName: 'LOI 결재' }],
          actions: ['cancel'],
        },
        'SUBMIT',
      );
    },
    cancelLoi: (input) => {
      const l = findLoi(input.path?.loiNo);
      const b = body(input);
      checkVersion(l, b.version);
      return bump(l, { status: 'CANCELLED', cancelReason: b.reason, actions: [] }, 'CANCEL', String(b.reason));
    },
    expireLois: () => {
      const expired = lois
        .filter((l) => l.status === 'ISSUED' && String(l.validUntil) < '2026-11-21')
        .map((l) => l.loiNo as string);
      for (const l of lois) if (expired.includes(l.loiNo as string)) l.status = 'EXPIRED';
      return { expired };
    },
  };
  return { data: { pos, lois, rfqs }, answers };
}
