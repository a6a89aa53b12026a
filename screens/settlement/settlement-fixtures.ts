/**
 * Fixture answers for the settlement screens' tests: a few supplier-months in every state, their
 * lines, adjustments and three-way match, vouchers and posting errors. Handlers change the data
 * the way the server does (states, versions, the 409 of a stale version, the server's refusals),
 * so a test sees what a user would after each action.
 */
import { OperationError, type OperationInput } from '../../engine/services';
import { pagedAnswer, type FixtureHandler } from '../../engine/testing/fixture-engine-services';

type Row = Record<string, unknown>;

export const SETTLEMENT_CODES = {
  SETTLE_STATUS: [
    { value: 'DRAFT', text: '정산작성' },
    { value: 'CONFIRM_REQUESTED', text: '확인요청' },
    { value: 'CONFIRMED', text: '협력사확인' },
    { value: 'DISPUTED', text: '이의제기' },
    { value: 'POSTED', text: '전기완료' },
    { value: 'POST_FAILED', text: '전기오류' },
  ],
  ADJUST_STATUS: [
    { value: 'REQUESTED', text: '승인요청' },
    { value: 'APPROVED', text: '승인' },
    { value: 'REJECTED', text: '반려' },
    { value: 'CANCELLED', text: '취소' },
  ],
  POSTING_STATUS: [
    { value: 'READY', text: '전기대기' },
    { value: 'SENT', text: 'ERP 전송' },
    { value: 'POSTED', text: '전기완료' },
    { value: 'FAILED', text: '전기오류' },
    { value: 'RETRIED', text: '재처리' },
  ],
  EXPENSES: [
    { value: 'MATERIAL', text: '재료비' },
    { value: 'FREIGHT', text: '운반비' },
  ],
};

const stale = () =>
  new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
const missing = (what: string) => new OperationError(404, 'NOT_FOUND', `${what}을(를) 찾을 수 없습니다`);
const wrongState = (msg: string) => new OperationError(409, 'INVALID_STATE', msg);

function settlement(
  no: number,
  compNo: string,
  compName: string,
  period: string,
  status: string,
  extra: Row = {},
): Row {
  return {
    settleNo: `ST2026-${String(no).padStart(6, '0')}`,
    compNo,
    compName,
    taxNo: '130-81-42557',
    period,
    status,
    lineCount: 2,
    krwGoodsAmount: '45395',
    jpyGoodsAmount: '0',
    jpyKrwAmount: '0',
    goodsAmount: '45395',
    adjustmentAmount: '0',
    totalAmount: '45395',
    jpyRate: null,
    jpyRateSource: null,
    pendingAdjustments: 0,
    voucherNo: null,
    voucherStatus: null,
    builtAt: '2026-11-01T00:00:00.000Z',
    confirmRequestedAt: null,
    confirmedAt: null,
    confirmedBy: null,
    disputedAt: null,
    disputeReason: null,
    postedAt: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...extra,
  };
}

export function createSettlementFixtures(options: { actor?: string } = {}) {
  const actor = options.actor ?? 'operator';
  const data = {
    settlements: [
      settlement(101, 'C00001', '대한정밀', '202610', 'DRAFT', { pendingAdjustments: 1 }),
      settlement(102, 'C00002', '한빛산업', '202610', 'CONFIRMED', {
        version: 4,
        confirmedAt: '2026-11-05T01:00:00.000Z',
        confirmedBy: 'supplier2',
      }),
      settlement(103, 'C00001', '대한정밀', '202610', 'CONFIRM_REQUESTED', {
        version: 2,
        confirmRequestedAt: '2026-11-03T01:00:00.000Z',
      }),
      settlement(104, 'C00001', '대한정밀', '202609', 'POSTED', {
        jpyGoodsAmount: '9471',
        jpyKrwAmount: '85743',
        goodsAmount: '131138',
        adjustmentAmount: '15000',
        totalAmount: '146138',
        jpyRate: '905.32',
        jpyRateSource: 'SYSTEM_CONST',
        voucherNo: 'VC2026-000201',
        voucherStatus: 'POSTED',
        postedAt: '2026-10-07T08:00:00.000Z',
        version: 7,
      }),
    ] as Row[],
    lines: [
      {
        lineNo: 1,
        whReqNo: 'WR2026-000501',
        whLineNo: 1,
        poNo: 'PO2026-000301',
        poLineNo: 1,
        itemCode: 'MRO-001',
        itemName: '롤러체인',
        spec: '40A',
        unitCode: 'EA',
        expenses: 'MATERIAL',
        lastDeciDate: '2026-10-05',
        quantity: '12.500',
        PRICE: '1234.00',
        currency: 'KRW',
        AMT: '15425.00',
        krwAmount: '15425',
      },
      {
        lineNo: 2,
        whReqNo: 'WR2026-000502',
        whLineNo: 1,
        poNo: 'PO2026-000302',
        poLineNo: 1,
        itemCode: 'MRO-002',
        itemName: '에어호스',
        spec: 'Φ10',
        unitCode: 'EA',
        expenses: 'FREIGHT',
        lastDeciDate: '2026-10-06',
        quantity: '3.000',
        PRICE: '9990.00',
        currency: 'KRW',
        AMT: '29970.00',
        krwAmount: '29970',
      },
    ] as Row[],
    match: [
      {
        poNo: 'PO2026-000301',
        poLineNo: 1,
        compNo: 'C00001',
        itemName: '롤러체인',
        currency: 'KRW',
        PRICE: '1234.00',
        orderedQty: '20.000',
        orderedAmount: '24680.00',
        deliveredQty: '12.500',
        receivedQty: '12.500',
        decidedQty: '12.500',
        settledQty: '12.500',
        receivedAmount: '15425.00',
        settledAmount: '15425.00',
        status: 'MATCH',
        issues: ['NOT_YET_RECEIVED'],
      },
      {
        poNo: 'PO2026-000302',
        poLineNo: 1,
        compNo: 'C00001',
        itemName: '에어호스',
        currency: 'KRW',
        PRICE: '9990.00',
        orderedQty: '3.000',
        orderedAmount: '29970.00',
        deliveredQty: '3.000',
        receivedQty: '3.000',
        decidedQty: '3.000',
        settledQty: '4.000',
        receivedAmount: '29970.00',
        settledAmount: '39960.00',
        status: 'MISMATCH',
        issues: ['OVER_SETTLED', 'AMOUNT_MISMATCH'],
      },
    ] as Row[],
    adjustments: [
      {
        adjNo: 'AJ2026-000011',
        settleNo: 'ST2026-000101',
        compNo: 'C00001',
        compName: '대한정밀',
        period: '202610',
        settlementStatus: 'DRAFT',
        amount: '-5000',
        reason: '반품 차감',
        status: 'REQUESTED',
        requestedBy: 'uadmin1',
        requestedByName: '박성호',
        requestedAt: '2026-11-02T01:00:00.000Z',
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
        decisionComment: null,
        reductionNo: null,
        version: 1,
      },
      {
        adjNo: 'AJ2026-000010',
        settleNo: 'ST2026-000104',
        compNo: 'C00001',
        compName: '대한정밀',
        period: '202609',
        settlementStatus: 'POSTED',
        amount: '20000',
        reason: '운반비',
        status: 'APPROVED',
        requestedBy: 'operator',
        requestedByName: '김민수',
        requestedAt: '2026-10-02T01:00:00.000Z',
        decidedBy: 'admin',
        decidedByName: '이정민',
        decidedAt: '2026-10-03T01:00:00.000Z',
        decisionComment: null,
        reductionNo: null,
        version: 2,
      },
      {
        adjNo: 'AJ2026-000009',
        settleNo: 'ST2026-000104',
        compNo: 'C00001',
        compName: '대한정밀',
        period: '202609',
        settlementStatus: 'POSTED',
        amount: '-5000',
        reason: '반품 차감',
        status: 'APPROVED',
        requestedBy: 'operator',
        requestedByName: '김민수',
        requestedAt: '2026-10-02T00:00:00.000Z',
        decidedBy: 'admin',
        decidedByName: '이정민',
        decidedAt: '2026-10-03T00:00:00.000Z',
        decisionComment: null,
        reductionNo: null,
        version: 2,
      },
    ] as Row[],
    history: [
      {
        at: '2026-11-01T00:00:00.000Z',
        entity: 'settlement',
        entityKey: 'ST2026-000101',
        action: 'BUILD',
        actor: 'operator',
        reason: null,
        before: null,
        after: null,
      },
    ] as Row[],
    vouchers: [
      {
        voucherNo: 'VC2026-000201',
        kind: 'SETTLEMENT',
        settleNo: 'ST2026-000104',
        compNo: 'C00001',
        compName: '대한정밀',
        period: '202609',
        currency: 'KRW',
        amount: '146138',
        status: 'POSTED',
        attempts: 1,
        connector: 'file',
        erpDocNo: 'F-VC2026-000201',
        idempotencyKey: 'k-201',
        sentAt: '2026-10-07T08:00:00.000Z',
        postedAt: '2026-10-07T08:00:01.000Z',
        lastError: null,
        openErrors: 0,
        createdBy: 'operator',
        createdAt: '2026-10-07T08:00:00.000Z',
        updatedAt: '2026-10-07T08:00:01.000Z',
        version: 3,
      },
      {
        voucherNo: 'VC2026-000202',
        kind: 'SETTLEMENT',
        settleNo: 'ST2026-000105',
        compNo: 'C00004',
        compName: '일신로지스',
        period: '202609',
        currency: 'KRW',
        amount: '6235200',
        status: 'FAILED',
        attempts: 4,
        connector: 'http',
        erpDocNo: null,
        idempotencyKey: 'k-202',
        sentAt: '2026-10-08T08:00:00.000Z',
        postedAt: null,
        lastError: 'ERP 응답 시간 초과 (10000ms)',
        openErrors: 1,
        createdBy: 'operator',
        createdAt: '2026-10-08T08:00:00.000Z',
        updatedAt: '2026-10-08T08:01:00.000Z',
        version: 5,
      },
    ] as Row[],
    errors: [
      {
        errorId: 92,
        voucherNo: 'VC2026-000202',
        settleNo: 'ST2026-000105',
        compNo: 'C00004',
        compName: '일신로지스',
        period: '202609',
        amount: '6235200',
        attempt: 4,
        httpStatus: null,
        erpCode: 'TIMEOUT',
        message: 'ERP 응답 시간 초과 (10000ms)',
        status: 'FAILED',
        occurredAt: '2026-10-08T08:01:00.000Z',
        retriedAt: null,
        retriedBy: null,
        voucherStatus: 'FAILED',
        voucherVersion: 5,
      },
      {
        errorId: 91,
        voucherNo: 'VC2026-000202',
        settleNo: 'ST2026-000105',
        compNo: 'C00004',
        compName: '일신로지스',
        period: '202609',
        amount: '6235200',
        attempt: 2,
        httpStatus: 503,
        erpCode: 'MAINTENANCE',
        message: 'ERP 시스템 점검 중입니다 (HTTP 503)',
        status: 'RETRIED',
        occurredAt: '2026-10-08T08:00:30.000Z',
        retriedAt: '2026-10-08T08:00:40.000Z',
        retriedBy: 'operator',
        voucherStatus: 'FAILED',
        voucherVersion: 5,
      },
    ] as Row[],
    fxRates: [
      {
        currency: 'JPY',
        period: '202610',
        rate: '950',
        perUnits: 100,
        updatedBy: 'operator',
        updatedAt: '2026-10-01T00:00:00.000Z',
        version: 1,
      },
      {
        currency: 'JPY',
        period: '202609',
        rate: '905.32',
        perUnits: 100,
        updatedBy: 'operator',
        updatedAt: '2026-09-01T00:00:00.000Z',
        version: 2,
      },
    ] as Row[],
    /** The next post fails at the ERP (424) when set. */
    erpDown: false,
  };

  const findSettlement = (settleNo: unknown) => {
    const s = data.settlements.find((r) => r.settleNo === settleNo);
    if (!s) throw missing('정산');
    return s;
  };
  const adjustmentsOf = (settleNo: unknown, onlyApproved = false) =>
    data.adjustments.filter((a) => a.settleNo === settleNo && (!onlyApproved || a.status === 'APPROVED'));
  const detail = (s: Row, supplier = false) => ({
    ...s,
    settlement: { ...s },
    lines: data.lines,
    adjustments: adjustmentsOf(s.settleNo, supplier),
    paidOn: null,
    paymentMethod: null,
    billMaturity: null,
    subcon: null,
    reductions: [],
    match: data.match,
    matchStatus: data.match.some((m) => m.status === 'MISMATCH') ? 'MISMATCH' : 'MATCH',
  });
  const bump = (r: Row, changes: Row) => Object.assign(r, changes, { version: Number(r.version) + 1 });
  const checkVersion = (r: Row, input: OperationInput) => {
    if ((input.body as Row | undefined)?.version !== r.version) throw stale();
  };
  const voucherDetail = (v: Row) => ({
    ...v,
    postingDate: '2026-10-07',
    vendorTaxNo: '130-81-42557',
    lines: [
      {
        lineNo: 1,
        side: 'DEBIT',
        kind: 'GOODS',
        expenses: 'MATERIAL',
        description: '2026-09 대한정밀 재료비',
        amount: '131138',
        debitAmount: '131138',
        creditAmount: null,
      },
      {
        lineNo: 2,
        side: 'DEBIT',
        kind: 'ADJUSTMENT',
        expenses: null,
        description: '2026-09 대한정밀 정산 조정',
        amount: '15000',
        debitAmount: '15000',
        creditAmount: null,
      },
      {
        lineNo: 3,
        side: 'CREDIT',
        kind: 'PAYABLE',
        expenses: null,
        description: '2026-09 대한정밀 외상매입금',
        amount: '146138',
        debitAmount: null,
        creditAmount: '146138',
      },
    ],
    voucher: { ...v },
    payload: {},
    errors: data.errors.filter((e) => e.voucherNo === v.voucherNo),
  });
  const inRange = (value: unknown, range: unknown) => {
    const [from, to] = Array.isArray(range) ? (range as string[]) : [];
    return (!from || String(value) >= from) && (!to || String(value) <= to);
  };
  const listMatch = (row: Row, q: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(q)) {
      if (['page', 'size', 'sort'].includes(k) || v === undefined || v === '') continue;
      if (k === 'periods') {
        if (!inRange(row.period, v)) return false;
      } else if (k === 'requestedDates' || k === 'occurredDates') {
        const day = String(row[k === 'requestedDates' ? 'requestedAt' : 'occurredAt']).slice(0, 10);
        if (!inRange(day, v)) return false;
      } else if (Array.isArray(v)) {
        if (!v.includes(row[k])) return false;
      } else if (k in row && !String(row[k]).toLowerCase().includes(String(v).toLowerCase())) return false;
    }
    return true;
  };
  const listOf = (rows: Row[], input: OperationInput, totals?: (rows: Row[]) => Row) =>
    pagedAnswer(rows, input, { match: listMatch, totals });
  const sum = (rows: Row[], field: string) => String(rows.reduce((s, r) => s + Number(r[field] ?? 0), 0));

  const post = (s: Row, input: OperationInput) => {
    checkVersion(s, input);
    if (s.status === 'POSTED')
      throw new OperationError(409, 'ALREADY_POSTED', '이미 전기된 정산입니다. 다시 보내지 않습니다');
    if (!['CONFIRMED', 'POST_FAILED'].includes(String(s.status)))
      throw wrongState('협력사가 확인한 정산만 전기할 수 있습니다');
    if (data.erpDown) {
      bump(s, { status: 'POST_FAILED', voucherNo: 'VC2026-000299', voucherStatus: 'FAILED' });
      throw new OperationError(
        424,
        'ERP_POSTING_FAILED',
        'ERP 전기에 실패했습니다: ERP 시스템 점검 중입니다 (HTTP 503). 전기오류 화면에서 다시 처리할 수 있습니다',
        { voucherNo: 'VC2026-000299' },
      );
    }
    bump(s, {
      status: 'POSTED',
      voucherNo: 'VC2026-000299',
      voucherStatus: 'POSTED',
      postedAt: '2026-11-22T10:00:00.000Z',
    });
    return voucherDetail({ ...data.vouchers[0], voucherNo: 'VC2026-000299', settleNo: s.settleNo });
  };

  const decideAdjustment =
    (status: 'APPROVED' | 'REJECTED' | 'CANCELLED'): FixtureHandler =>
    (input) => {
      const a = data.adjustments.find((r) => r.adjNo === input.path?.adjNo);
      if (!a) throw missing('정산 조정');
      checkVersion(a, input);
      if (a.status !== 'REQUESTED') throw wrongState('승인 대기 중인 조정만 처리할 수 있습니다');
      if (status === 'APPROVED' && a.requestedBy === actor)
        throw new OperationError(403, 'SELF_APPROVAL', '본인이 요청한 조정은 승인할 수 없습니다');
      const comment = (input.body as Row).comment ?? null;
      if (status === 'REJECTED' && !String(comment ?? '').trim())
        throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/comment', message: '반려 사유를 입력하세요' },
        ]);
      bump(a, {
        status,
        decidedBy: actor,
        decidedByName: '김민수',
        decidedAt: '2026-11-22T10:00:00.000Z',
        decisionComment: comment || null,
      });
      const s = data.settlements.find((r) => r.settleNo === a.settleNo);
      if (s) s.pendingAdjustments = adjustmentsOf(s.settleNo).filter((x) => x.status === 'REQUESTED').length;
      return { ...a };
    };

  const answers: Record<string, FixtureHandler> = {
    listSettlements: (input) =>
      listOf(data.settlements, input, (rows) => ({
        goodsAmount: sum(rows, 'goodsAmount'),
        adjustmentAmount: sum(rows, 'adjustmentAmount'),
        totalAmount: sum(rows, 'totalAmount'),
      })),
    listMySettlements: (input) =>
      listOf(
        data.settlements.filter((s) => s.compNo === 'C00001' && s.status !== 'DRAFT'),
        input,
        (rows) => ({
          goodsAmount: sum(rows, 'goodsAmount'),
          adjustmentAmount: sum(rows, 'adjustmentAmount'),
          totalAmount: sum(rows, 'totalAmount'),
        }),
      ),
    getSettlement: (input) => detail(findSettlement(input.path?.settleNo)),
    getMySettlement: (input) => {
      const s = findSettlement(input.path?.settleNo);
      if (s.compNo !== 'C00001' || s.status === 'DRAFT') throw missing('정산');
      return detail(s, true);
    },
    getSettlementHistory: (input) =>
      data.history.filter(
        (h) =>
          h.entityKey === input.path?.settleNo ||
          adjustmentsOf(input.path?.settleNo).some((a) => a.adjNo === h.entityKey),
      ),
    buildSettlements: (input) => {
      const body = input.body as Row;
      if (String(body.period) > '202611')
        throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/period', message: '미래 월은 정산할 수 없습니다' },
        ]);
      const created = settlement(
        110 + data.settlements.length,
        String(body.compNo || 'C00009'),
        '신규상사',
        String(body.period),
        'DRAFT',
      );
      data.settlements.unshift(created);
      return { period: body.period, created: [created.settleNo], rebuilt: [], skipped: [] };
    },
    rebuildSettlement: (input) => {
      const s = findSettlement(input.path?.settleNo);
      checkVersion(s, input);
      if (!['DRAFT', 'DISPUTED'].includes(String(s.status)))
        throw wrongState('작성 중이거나 이의제기된 정산만 다시 집계할 수 있습니다');
      bump(s, { builtAt: '2026-11-22T10:00:00.000Z' });
      data.history.push({
        at: '2026-11-22T10:00:00.000Z',
        entity: 'settlement',
        entityKey: s.settleNo,
        action: 'REBUILD',
        actor,
        reason: null,
        before: null,
        after: null,
      });
      return detail(s);
    },
    requestSettlementConfirm: (input) => {
      const s = findSettlement(input.path?.settleNo);
      checkVersion(s, input);
      if (Number(s.pendingAdjustments) > 0)
        throw new OperationError(409, 'ADJUSTMENT_PENDING', '승인되지 않은 조정이 있습니다: AJ2026-000011');
      if (!['DRAFT', 'DISPUTED'].includes(String(s.status)))
        throw wrongState('작성 중이거나 이의제기된 정산만 확인 요청할 수 있습니다');
      bump(s, { status: 'CONFIRM_REQUESTED', confirmRequestedAt: '2026-11-22T10:00:00.000Z' });
      return detail(s);
    },
    postSettlement: (input) => post(findSettlement(input.path?.settleNo), input),
    createAdjustment: (input) => {
      const s = findSettlement(input.path?.settleNo);
      if (!['DRAFT', 'DISPUTED'].includes(String(s.status)))
        throw wrongState('작성 중이거나 이의제기된 정산만 조정할 수 있습니다');
      const body = input.body as Row;
      const problems = [];
      // The server takes whole won as a string ("-5000"), as TypeBox's SignedWon says.
      if (typeof body.amount !== 'string' || !/^[+-]?\d{1,15}$/.test(body.amount) || Number(body.amount) === 0)
        problems.push({ path: 'body/amount', message: '조정 금액은 0이 아닌 원 단위 정수입니다' });
      if (!String(body.reason ?? '').trim()) problems.push({ path: 'body/reason', message: '조정 사유를 입력하세요' });
      if (problems.length) throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', problems);
      const a = {
        adjNo: `AJ2026-0000${20 + data.adjustments.length}`,
        settleNo: s.settleNo,
        compNo: s.compNo,
        compName: s.compName,
        period: s.period,
        settlementStatus: s.status,
        amount: String(body.amount).replace(/^\+/, ''),
        reason: body.reason,
        status: 'REQUESTED',
        requestedBy: actor,
        requestedByName: '김민수',
        requestedAt: '2026-11-22T10:00:00.000Z',
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
        decisionComment: null,
        reductionNo: null,
        version: 1,
      };
      data.adjustments.unshift(a);
      s.pendingAdjustments = Number(s.pendingAdjustments) + 1;
      return { ...a };
    },
    listAdjustments: (input) => listOf(data.adjustments, input, (rows) => ({ amount: sum(rows, 'amount') })),
    getAdjustment: (input) => {
      const a = data.adjustments.find((r) => r.adjNo === input.path?.adjNo);
      if (!a) throw missing('정산 조정');
      return { ...a };
    },
    approveAdjustment: decideAdjustment('APPROVED'),
    rejectAdjustment: decideAdjustment('REJECTED'),
    cancelAdjustment: decideAdjustment('CANCELLED'),
    listVouchers: (input) => listOf(data.vouchers, input, (rows) => ({ amount: sum(rows, 'amount') })),
    getVoucher: (input) => {
      const v = data.vouchers.find((r) => r.voucherNo === input.path?.voucherNo);
      if (!v) throw missing('전표');
      return voucherDetail(v);
    },
    retryPosting: (input) => {
      const v = data.vouchers.find((r) => r.voucherNo === input.path?.voucherNo);
      if (!v) throw missing('전표');
      checkVersion(v, input);
      if (v.status === 'POSTED')
        throw new OperationError(409, 'ALREADY_POSTED', '이미 전기된 전표입니다. 다시 보내지 않습니다');
      for (const e of data.errors)
        if (e.voucherNo === v.voucherNo && e.status === 'FAILED')
          Object.assign(e, { status: 'RETRIED', retriedBy: actor, retriedAt: '2026-11-22T10:00:00.000Z' });
      if (data.erpDown) {
        bump(v, { status: 'FAILED', attempts: Number(v.attempts) + 1 });
        data.errors.unshift({
          ...data.errors[0],
          errorId: 93,
          status: 'FAILED',
          attempt: v.attempts,
          voucherVersion: v.version,
          retriedAt: null,
          retriedBy: null,
        });
        throw new OperationError(
          424,
          'ERP_POSTING_FAILED',
          'ERP 전기에 실패했습니다: ERP 응답 시간 초과 (10000ms). 전기오류 화면에서 다시 처리할 수 있습니다',
        );
      }
      bump(v, {
        status: 'POSTED',
        erpDocNo: 'ERP-778899',
        attempts: Number(v.attempts) + 1,
        openErrors: 0,
        lastError: null,
      });
      return voucherDetail(v);
    },
    listPostingErrors: (input) => listOf(data.errors, input),
    listFxRates: (input) => listOf(data.fxRates, input),
    putFxRate: (input) => {
      const body = input.body as Row;
      const period = input.path?.period;
      const existing = data.fxRates.find((r) => r.period === period);
      if (existing) {
        if (body.version !== existing.version) throw stale();
        bump(existing, { rate: body.rate });
        return { ...existing };
      }
      const row = {
        currency: 'JPY',
        period,
        rate: body.rate,
        perUnits: 100,
        updatedBy: actor,
        updatedAt: '2026-11-22T10:00:00.000Z',
        version: 1,
      };
      data.fxRates.unshift(row);
      return row;
    },
    listThreeWayMatch: (input) => {
      const q = input.query ?? {};
      if (!q.period && !q.poNo)
        throw new OperationError(400, 'VALIDATION', '정산 월(period) 또는 발주번호(poNo)를 입력하세요');
      const rows = q.onlyMismatch === 'Y' ? data.match.filter((m) => m.status === 'MISMATCH') : data.match;
      return {
        rows,
        total: rows.length,
        totals: { mismatches: data.match.filter((m) => m.status === 'MISMATCH').length },
      };
    },
    confirmSettlement: (input) => {
      const s = findSettlement(input.path?.settleNo);
      checkVersion(s, input);
      if (s.status === 'CONFIRMED') throw wrongState('이미 확인된 정산입니다');
      if (s.status !== 'CONFIRM_REQUESTED') throw wrongState('확인 요청된 정산만 확인할 수 있습니다');
      bump(s, { status: 'CONFIRMED', confirmedAt: '2026-11-22T10:00:00.000Z', confirmedBy: 'supplier1' });
      return detail(s, true);
    },
    disputeSettlement: (input) => {
      const s = findSettlement(input.path?.settleNo);
      checkVersion(s, input);
      if (s.status !== 'CONFIRM_REQUESTED') throw wrongState('확인 요청된 정산에만 이의를 제기할 수 있습니다');
      bump(s, {
        status: 'DISPUTED',
        disputedAt: '2026-11-22T10:00:00.000Z',
        disputeReason: (input.body as Row).reason,
      });
      return detail(s, true);
    },
  };

  return { data, answers, codes: SETTLEMENT_CODES };
}

/** Demo logins as the fixtures' screens see them. */
export const OPERATOR_LOGIN = {
  auth: 'U',
  authGroupId: '20',
  section: 'D1000',
  deptcd: 'D1240',
  deptnm: '구매운영팀',
  hname: '김민수',
  singleid: 'E000004',
};
export const SUPPLIER_LOGIN = {
  auth: 'C',
  authGroupId: '60',
  section: '',
  deptcd: '',
  deptnm: '',
  hname: '서재훈',
  singleid: '',
};
