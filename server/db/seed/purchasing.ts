import { sql, type Kysely } from 'kysely';
import { jpyToKrw, multiplyQtyPrice, roundDecimal, sumDecimals } from '../../../lib/money.js';
import { pickRule, type DocType } from '../../modules/purchase/approval/workflow.js';
import type { Database, PrHeaderTable } from '../schema.generated.js';
import { DEMO_EMPLOYEES } from './accounts.js';
import { JPY_RATE_PER_100 } from './codes.js';
import { insertAll } from './insert.js';
import type { ItemRow, SourcingGroupRow } from './items.js';
import type { Orders, PoHeaderRow } from './orders.js';
import type { EmployeeRow } from './organisation.js';
import { addDays, anchorDate, kstTimestamp, pad, type Rng } from './rng.js';
import type { CompanyRow, SupplierUser } from './suppliers.js';

/**
 * Purchasing documents around the seeded orders (docs/purchasing.md): approval lines and rules
 * whose approvers are demo accounts; the recent orders (last 60 days) get the PR, the
 * quotation request and the competing quotations they came from, and their approvals; PRs,
 * requests and quotations in every earlier state; letters of intent in every state, some
 * followed by orders; PO changes after sending; and the documents' history (audit rows).
 * Everything is derived from the seeded PRNG and SEED_ANCHOR, so every run writes the same rows.
 */

const E = {
  admin: 'E000001',
  opadmin: 'E000002',
  tfadmin: 'E000003',
  operator: 'E000004',
  buyer: 'E000005',
  uadmin1: 'E000006',
} as const;

const APPROVAL_LINES = [
  { lineId: 1, lineName: '구매요청 결재 (1천만원 미만)', description: '팀장 결재', approvers: [E.uadmin1] },
  {
    lineId: 2,
    lineName: '구매요청 결재 (1천만원 이상)',
    description: '팀장 → 구매기획 결재',
    approvers: [E.uadmin1, E.opadmin],
  },
  { lineId: 3, lineName: '발주 결재', description: '구매기획 결재', approvers: [E.opadmin] },
  {
    lineId: 4,
    lineName: '발주 결재 (1억원 이상)',
    description: '구매기획 → 정보전략 결재',
    approvers: [E.opadmin, E.admin],
  },
  { lineId: 5, lineName: '소액발주 결재', description: '구매기획 결재', approvers: [E.opadmin] },
  { lineId: 6, lineName: 'LOI 결재', description: '구매기획 결재', approvers: [E.opadmin] },
  { lineId: 7, lineName: '예산전용 결재', description: '구매기획 결재 (docs/budget.md)', approvers: [E.opadmin] },
  { lineId: 8, lineName: '단가계약 결재', description: '구매기획 결재 (docs/agreements.md)', approvers: [E.opadmin] },
  { lineId: 9, lineName: '발주변경 결재', description: '구매기획 결재 (docs/agreements.md)', approvers: [E.opadmin] },
  { lineId: 10, lineName: '전자계약 결재', description: '구매기획 결재 (docs/contracts.md)', approvers: [E.opadmin] },
] as const;

export const APPROVAL_RULES = [
  { ruleId: 1, docType: 'PR', minAmount: '0', maxAmount: '10000000', lineId: 1, description: '구매요청 1천만원 미만' },
  { ruleId: 2, docType: 'PR', minAmount: '10000000', maxAmount: null, lineId: 2, description: '구매요청 1천만원 이상' },
  { ruleId: 3, docType: 'PO', minAmount: '0', maxAmount: '100000000', lineId: 3, description: '발주 1억원 미만' },
  { ruleId: 4, docType: 'PO', minAmount: '100000000', maxAmount: null, lineId: 4, description: '발주 1억원 이상' },
  { ruleId: 5, docType: 'SIMPLE', minAmount: '0', maxAmount: null, lineId: 5, description: '소액발주 전 금액' },
  { ruleId: 6, docType: 'LOI', minAmount: '0', maxAmount: null, lineId: 6, description: 'LOI 전 금액' },
  { ruleId: 7, docType: 'BUDGET', minAmount: '0', maxAmount: null, lineId: 7, description: '예산전용 전 금액' },
  { ruleId: 8, docType: 'AGREEMENT', minAmount: '0', maxAmount: null, lineId: 8, description: '단가계약 전 금액' },
  { ruleId: 9, docType: 'PO_CHANGE', minAmount: '0', maxAmount: null, lineId: 9, description: '발주변경 전 금액' },
  { ruleId: 10, docType: 'CONTRACT', minAmount: '0', maxAmount: null, lineId: 10, description: '전자계약 전 금액' },
] as const;

/** Days of orders that get their PR, quotation request and quotations. */
const LINKED_WINDOW_DAYS = 60;

type Ts = string;

export interface PurchasingSeed {
  approvalLines: Array<{ lineId: number; lineName: string; description: string; createdAt: Ts; updatedAt: Ts }>;
  approvalLineSteps: Array<{ lineId: number; stepNo: number; approverId: string }>;
  approvalRules: Array<{
    ruleId: number;
    docType: DocType;
    minAmount: string;
    maxAmount: string | null;
    lineId: number;
    description: string;
    createdAt: Ts;
    updatedAt: Ts;
  }>;
  approvals: Array<{
    approvalId: number;
    docType: DocType;
    docNo: string;
    ruleId: number;
    lineId: number;
    lineName: string;
    amountKrw: string;
    status: 'PENDING' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
    currentStep: number | null;
    submittedBy: string;
    submittedAt: Ts;
    completedAt: Ts | null;
    version: number;
  }>;
  approvalSteps: Array<{
    approvalId: number;
    stepNo: number;
    approverId: string;
    status: 'WAITING' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'SKIPPED';
    comment: string | null;
    actedAt: Ts | null;
  }>;
  prHeaders: PrRow[];
  prLines: Array<{
    prNo: string;
    lineNo: number;
    itemCode: string | null;
    itemName: string;
    spec: string | null;
    unitCode: string;
    sgCode: string | null;
    quantity: string;
    estUnitPrice: string;
    estAmount: string;
    remark: string | null;
  }>;
  rfqHeaders: RfqRow[];
  rfqLines: Array<{
    rfqNo: string;
    lineNo: number;
    prLineNo: number;
    itemCode: string | null;
    itemName: string;
    spec: string | null;
    unitCode: string;
    sgCode: string | null;
    quantity: string;
    deliveryDate: string | null;
  }>;
  quotations: QuoteRow[];
  quotationLines: Array<{
    rfqNo: string;
    compNo: string;
    lineNo: number;
    unitPrice: string;
    amount: string;
    remark: string | null;
  }>;
  lois: LoiRow[];
  poChanges: Array<{
    changeId: number;
    poNo: string;
    changeSeq: number;
    field: string;
    lineNo: number | null;
    beforeValue: string | null;
    afterValue: string | null;
    reason: string;
    changedBy: string;
    changedAt: Ts;
  }>;
  audit: Array<{
    entity: string;
    entityKey: string;
    action: string;
    actor: string | null;
    at: Ts;
    reason: string | null;
  }>;
}

interface PrRow {
  prNo: string;
  prDate: string;
  title: string;
  requesterId: string;
  section: string;
  deptcd: string;
  desiredDate: string;
  purpose: string | null;
  currency: 'KRW' | 'JPY';
  totalAmount: string;
  status: PrHeaderTable['status'];
  approvalStatus: string;
  approvalId: number | null;
  buyerId: string | null;
  receivedAt: Ts | null;
  receivedBy: string | null;
  rejectReason: string | null;
  cancelReason: string | null;
  submittedAt: Ts | null;
  approvedAt: Ts | null;
  createdBy: string;
  createdAt: Ts;
  updatedAt: Ts;
  version: number;
}
interface RfqRow {
  rfqNo: string;
  prNo: string;
  title: string;
  buyerId: string;
  currency: 'KRW' | 'JPY';
  deadline: Ts;
  status: 'OPEN' | 'AWARDED' | 'CANCELLED';
  description: string | null;
  selectedCompNo: string | null;
  awardedAt: Ts | null;
  cancelReason: string | null;
  createdBy: string;
  createdAt: Ts;
  updatedAt: Ts;
  version: number;
}
interface QuoteRow {
  rfqNo: string;
  compNo: string;
  quoteNo: string | null;
  status: 'REQUESTED' | 'CHECKED' | 'SUBMITTED' | 'SELECTED' | 'NOT_SELECTED' | 'CANCELLED';
  currency: 'KRW' | 'JPY';
  totalAmount: string | null;
  leadTimeDays: number | null;
  validUntil: string | null;
  remark: string | null;
  revision: number;
  invitedAt: Ts;
  checkedAt: Ts | null;
  checkedBy: string | null;
  submittedAt: Ts | null;
  submittedBy: string | null;
  decidedAt: Ts | null;
  version: number;
}
interface LoiRow {
  loiNo: string;
  compNo: string;
  title: string;
  scope: string;
  currency: 'KRW' | 'JPY';
  amount: string;
  validFrom: string;
  validUntil: string;
  status: 'DRAFT' | 'IN_APPROVAL' | 'ISSUED' | 'ACCEPTED' | 'EXPIRED' | 'CANCELLED';
  approvalStatus: string;
  approvalId: number | null;
  buyerId: string;
  prNo: string | null;
  issuedAt: Ts | null;
  acceptedAt: Ts | null;
  acceptedBy: string | null;
  expiredAt: Ts | null;
  cancelReason: string | null;
  createdBy: string;
  createdAt: Ts;
  updatedAt: Ts;
  version: number;
}

export interface PurchasingInput {
  orders: Orders;
  items: ItemRow[];
  sourcingGroups: SourcingGroupRow[];
  employees: EmployeeRow[];
  companies: CompanyRow[];
  supplierUsers: SupplierUser[];
}

const PURPOSES = [
  '생산라인 소모품 보충',
  '설비 정기 보수',
  '신규 라인 셋업',
  '연구 시제품 제작',
  '사무환경 개선',
  '안전 점검 대응',
  '재고 안전수준 확보',
  '고객 클레임 대응 부품',
];
const REJECT_COMMENTS = [
  '예산 초과, 수량 재검토 바랍니다',
  '동일 품목 재고 있음',
  '사양 재확인 필요',
  '분기 예산 소진',
];
const RETURN_REASONS = ['표준품 대체 가능, 재요청 바랍니다', '사양 불명확: 도면 첨부 필요', '연간 단가계약 품목입니다'];
const CANCEL_REASONS = ['요청 부서 계획 변경', '중복 요청', '프로젝트 보류'];
const CHANGE_REASONS = ['협력사 납기 조정 요청', '생산 계획 변경', '단가 재협의 결과 반영', '요청 부서 수량 조정'];
const RFQ_CANCEL_REASONS = ['사양 변경으로 재견적 예정', '요청 부서 요청으로 보류'];
const LOI_SCOPES = [
  '연간 소모품 공급',
  '신규 설비 제작 및 설치',
  '금형 제작',
  '시스템 유지보수',
  '원자재 장기 공급',
  '시제품 가공',
];
const QUOTE_REMARKS = [null, null, '운송비 포함', '부가세 별도', '납기 협의 가능', '최소 주문수량 적용'];

const JPY_RATE = Number(JPY_RATE_PER_100) / 100;

function roundPrice(value: number): number {
  if (value >= 10_000) return Math.round(value / 100) * 100;
  if (value >= 1_000) return Math.round(value / 10) * 10;
  return Math.max(1, Math.round(value));
}

const wholeAmount = (qty: string, price: string) => multiplyQtyPrice(qty, price, 0) + '.00';
const toKrw = (amount: string, currency: 'KRW' | 'JPY') =>
  currency === 'JPY' ? jpyToKrw(amount, JPY_RATE_PER_100) : roundDecimal(amount, 0);
const total = (amounts: string[]) => roundDecimal(amounts.length ? sumDecimals(amounts) : '0', 2);
const ts = (date: string, hour: number, minute = 0) => kstTimestamp(date, Math.min(23, Math.max(0, hour)), minute);

export function buildPurchasing(rng: Rng, input: PurchasingInput): PurchasingSeed {
  const out: PurchasingSeed = {
    approvalLines: [],
    approvalLineSteps: [],
    approvalRules: [],
    approvals: [],
    approvalSteps: [],
    prHeaders: [],
    prLines: [],
    rfqHeaders: [],
    rfqLines: [],
    quotations: [],
    quotationLines: [],
    lois: [],
    poChanges: [],
    audit: [],
  };
  const setupAt = ts(anchorDate(-LINKED_WINDOW_DAYS - 30), 9);
  for (const l of APPROVAL_LINES) {
    out.approvalLines.push({
      lineId: l.lineId,
      lineName: l.lineName,
      description: l.description,
      createdAt: setupAt,
      updatedAt: setupAt,
    });
    l.approvers.forEach((approverId, i) => out.approvalLineSteps.push({ lineId: l.lineId, stepNo: i + 1, approverId }));
  }
  for (const r of APPROVAL_RULES) out.approvalRules.push({ ...r, createdAt: setupAt, updatedAt: setupAt });

  const userOf = new Map(DEMO_EMPLOYEES.map((d) => [d.singleid, d.userId]));
  const uid = (singleid: string) => userOf.get(singleid) ?? singleid;
  const supplierUser = new Map<string, string>();
  for (const u of input.supplierUsers)
    if (!supplierUser.has(u.compNo) || u.userId === 'supplier1' || u.userId === 'supplier2')
      supplierUser.set(u.compNo, u.userId);
  const suser = (compNo: string) => supplierUser.get(compNo) ?? null;
  const activeComps = input.companies.filter((c) => c.status === 'ACTIVE').map((c) => c.compNo);
  const others = activeComps.filter((c) => c !== 'C00001' && c !== 'C00002');
  const itemsBy = (currency: 'KRW' | 'JPY') => input.items.filter((i) => i.currency === currency);
  const krwItems = itemsBy('KRW');
  const jpyItems = itemsBy('JPY');
  const buyerOfSg = new Map(input.sourcingGroups.map((g) => [g.sgCode, g.buyerId]));
  const requesters = input.employees.filter((e) => e.status === 'ACTIVE');
  const employee = new Map(input.employees.map((e) => [e.singleid, e]));
  const audit = (
    entity: string,
    entityKey: string,
    action: string,
    actor: string | null,
    at: Ts,
    reason: string | null = null,
  ) => out.audit.push({ entity, entityKey, action, actor, at, reason });

  /* ---------------- approvals ---------------- */
  let approvalSeq = 0;
  type Outcome = 'APPROVED' | 'REJECTED' | 'PENDING' | 'IN_PROGRESS' | 'WITHDRAWN';
  function approval(
    docType: DocType,
    docNo: string,
    amountKrw: string,
    submitter: string,
    date: string,
    outcome: Outcome,
    comment?: string,
  ): { approvalId: number; status: Outcome; finishedAt: Ts | null } {
    const rule = pickRule(
      APPROVAL_RULES.filter((r) => r.docType === docType).map((r) => ({ ...r })),
      amountKrw,
    );
    if (!rule) throw new Error(`no seeded approval rule for ${docType} ${amountKrw}`);
    const line = APPROVAL_LINES.find((l) => l.lineId === rule.lineId)!;
    const approvalId = ++approvalSeq;
    const steps = line.approvers.length;
    // IN_PROGRESS needs two steps; a one-step line stays PENDING.
    const status: Outcome = outcome === 'IN_PROGRESS' && steps < 2 ? 'PENDING' : outcome;
    const submittedAt = ts(date, 14, rng.int(0, 59));
    let finishedAt: Ts | null = null;
    let current: number | null = null;
    line.approvers.forEach((approverId, i) => {
      const stepNo = i + 1;
      const actedAt = ts(addDays(date, stepNo), 9 + stepNo, rng.int(0, 59));
      let s: PurchasingSeed['approvalSteps'][number]['status'] = 'WAITING';
      let acted: Ts | null = null;
      let note: string | null = null;
      if (status === 'APPROVED') [s, acted] = ['APPROVED', actedAt];
      else if (status === 'REJECTED') {
        if (stepNo < steps) [s, acted] = ['APPROVED', actedAt];
        else [s, acted, note] = ['REJECTED', actedAt, comment ?? rng.pick(REJECT_COMMENTS)];
      } else if (status === 'PENDING') s = stepNo === 1 ? 'PENDING' : 'WAITING';
      else if (status === 'IN_PROGRESS') [s, acted] = stepNo < steps ? ['APPROVED', actedAt] : ['PENDING', null];
      else s = 'SKIPPED';
      if (s === 'PENDING') current = stepNo;
      if (acted && (status === 'APPROVED' || status === 'REJECTED') && stepNo === steps) finishedAt = acted;
      out.approvalSteps.push({
        approvalId,
        stepNo,
        approverId,
        status: s,
        comment: note ?? (s === 'APPROVED' && rng.chance(0.2) ? '확인했습니다' : null),
        actedAt: acted,
      });
    });
    if (status === 'WITHDRAWN') finishedAt = ts(addDays(date, 1), 16);
    out.approvals.push({
      approvalId,
      docType,
      docNo,
      ruleId: rule.ruleId,
      lineId: line.lineId,
      lineName: line.lineName,
      amountKrw,
      status,
      currentStep: current,
      submittedBy: submitter,
      submittedAt,
      completedAt: finishedAt,
      version:
        1 +
        out.approvalSteps.filter((x) => x.approvalId === approvalId && x.actedAt).length +
        (status === 'WITHDRAWN' ? 1 : 0),
    });
    return { approvalId, status, finishedAt };
  }

  /* ---------------- numbering: documents get their numbers in date order at the end ---------------- */
  interface Draft {
    date: string;
    key: number;
    build: (no: string) => void;
  }
  const prDrafts: Draft[] = [];

  /* ---------------- PR → RFQ → quotations → PO for the recent orders ---------------- */
  const windowStart = anchorDate(-LINKED_WINDOW_DAYS);
  const linesOf = new Map<string, Orders['lines']>();
  for (const l of input.orders.lines) {
    if (!linesOf.has(l.poNo)) linesOf.set(l.poNo, []);
    linesOf.get(l.poNo)!.push(l);
  }
  const forward = new Map(input.companies.map((c) => [c.compNo, c.forwardYn]));

  // Orders outside the window: their approval is taken as done, without approval rows.
  const approvedStatuses = new Set(['APPROVED', 'SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED', 'CLOSED']);
  for (const h of input.orders.headers) {
    const ext = h as PoHeaderRow & Record<string, unknown>;
    const approved = approvedStatuses.has(h.status) || (h.status === 'CANCELLED' && h.forwardedAt !== null);
    ext.approvalStatus = approved ? 'APPROVED' : h.status === 'IN_APPROVAL' ? 'PENDING' : 'NONE';
    ext.approvedAmount = approved ? h.totalAmount : null;
    ext.createdBy = uid(h.buyerId);
    ext.sentBy = h.forwardedAt ? uid(h.buyerId) : null;
    ext.acknowledgedBy = h.acknowledgedAt ? suser(h.compNo) : null;
    Object.assign(ext, { rfqNo: null, quoteNo: null, loiNo: null, approvalId: null });
  }

  const linked = input.orders.headers.filter((h) => h.poType === 'PO' && h.poDate >= windowStart);
  const rfqDrafts: Array<{ date: string; key: number; assign: (rfqNo: string) => void }> = [];
  const quoteDrafts: Array<{ at: string; key: number; assign: (quoteNo: string) => void }> = [];

  for (const po of linked) {
    const poLines = linesOf.get(po.poNo) ?? [];
    const prDate = addDays(po.poDate, -rng.int(8, 16));
    const rfqDate = addDays(prDate, rng.int(1, 2));
    const deadlineDate = addDays(rfqDate, rng.int(2, 4));
    const awardDate = addDays(deadlineDate, rng.int(0, 1));
    const requester = po.requesterId ?? po.buyerId;
    const estLines = poLines.map((l) => {
      const est = String(roundPrice(Number(l.unitPrice) * (0.95 + rng.next() * 0.15)));
      return { l, est: `${est}.00`, amount: wholeAmount(l.quantity, est) };
    });
    const prTotal = total(estLines.map((x) => x.amount));
    const key = rng.next();
    const ext = po as PoHeaderRow & Record<string, unknown>;
    const competitors: string[] = [];
    const pool = po.compNo === 'C00001' || po.compNo === 'C00002' ? others : others.filter((c) => c !== po.compNo);
    const count = rng.int(1, 2);
    while (competitors.length < count) {
      const c = rng.pick(pool);
      if (c !== po.compNo && !competitors.includes(c)) competitors.push(c);
    }
    if (po.compNo !== 'C00001' && po.compNo !== 'C00002' && rng.chance(0.15))
      competitors[0] = rng.chance(0.5) ? 'C00001' : 'C00002';
    prDrafts.push({
      date: prDate,
      key,
      build: (prNo) => {
        ext.prNo = prNo;
        // The order's lines are the PR's, line by line (as its quotation request's are).
        for (const l of poLines) Object.assign(l, { prLineNo: l.lineNo });
        const submitted = ts(prDate, 14);
        const appr = approval('PR', prNo, toKrw(prTotal, po.currency), requester, prDate, 'APPROVED');
        out.prHeaders.push({
          prNo,
          prDate,
          title: po.title,
          requesterId: requester,
          section: po.section,
          deptcd: po.deptcd,
          desiredDate: po.dueDate ?? addDays(po.poDate, 14),
          purpose: rng.pick(PURPOSES),
          currency: po.currency,
          totalAmount: prTotal,
          status: 'ORDERED',
          approvalStatus: 'APPROVED',
          approvalId: appr.approvalId,
          buyerId: po.buyerId,
          receivedAt: ts(addDays(prDate, 1), 16),
          receivedBy: uid(po.buyerId),
          rejectReason: null,
          cancelReason: null,
          submittedAt: submitted,
          approvedAt: appr.finishedAt,
          createdBy: uid(requester),
          createdAt: ts(prDate, 10),
          updatedAt: ts(po.poDate, 11),
          version: 7,
        });
        estLines.forEach(({ l, est, amount }) =>
          out.prLines.push({
            prNo,
            lineNo: l.lineNo,
            itemCode: l.itemCode,
            itemName: l.itemName,
            spec: l.spec,
            unitCode: l.unitCode,
            sgCode: l.sgCode,
            quantity: l.quantity,
            estUnitPrice: est,
            estAmount: amount,
            remark: null,
          }),
        );
        audit('pr_header', prNo, 'CREATE', uid(requester), ts(prDate, 10));
        audit('pr_header', prNo, 'SUBMIT', uid(requester), submitted);
        audit(
          'pr_header',
          prNo,
          'APPROVED',
          out.approvalSteps
            .filter((s) => s.approvalId === appr.approvalId)
            .map((s) => uid(s.approverId))
            .pop() ?? null,
          appr.finishedAt ?? submitted,
        );
        audit('pr_header', prNo, 'RECEIVE', uid(po.buyerId), ts(addDays(prDate, 1), 16));
        rfqDrafts.push({
          date: rfqDate,
          key,
          assign: (rfqNo) => {
            ext.rfqNo = rfqNo;
            const deadline = ts(deadlineDate, 18);
            out.rfqHeaders.push({
              rfqNo,
              prNo,
              title: po.title,
              buyerId: po.buyerId,
              currency: po.currency,
              deadline,
              status: 'AWARDED',
              description: null,
              selectedCompNo: po.compNo,
              awardedAt: ts(awardDate, 10),
              cancelReason: null,
              createdBy: uid(po.buyerId),
              createdAt: ts(rfqDate, 9),
              updatedAt: ts(awardDate, 10),
              version: 2,
            });
            poLines.forEach((l) =>
              out.rfqLines.push({
                rfqNo,
                lineNo: l.lineNo,
                prLineNo: l.lineNo,
                itemCode: l.itemCode,
                itemName: l.itemName,
                spec: l.spec,
                unitCode: l.unitCode,
                sgCode: l.sgCode,
                quantity: l.quantity,
                deliveryDate: po.dueDate,
              }),
            );
            audit('rfq_header', rfqNo, 'CREATE', uid(po.buyerId), ts(rfqDate, 9));
            audit('pr_header', prNo, 'REQUEST_QUOTE', uid(po.buyerId), ts(rfqDate, 9));
            const invited = [po.compNo, ...competitors];
            invited.forEach((compNo, i) => {
              const winner = i === 0;
              const answered = winner || rng.chance(0.8);
              const submittedAt = ts(
                addDays(rfqDate, rng.int(0, deadlineDate > rfqDate ? 1 : 0)),
                rng.int(10, 17),
                rng.int(0, 59),
              );
              const factor = winner ? 1 : 1.03 + rng.next() * 0.17;
              const priced = poLines.map((l) => {
                const price = winner ? l.unitPrice : `${roundPrice(Number(l.unitPrice) * factor)}.00`;
                return { lineNo: l.lineNo, unitPrice: price, amount: wholeAmount(l.quantity, price) };
              });
              const q: QuoteRow = {
                rfqNo,
                compNo,
                quoteNo: null,
                status: winner ? 'SELECTED' : 'NOT_SELECTED',
                currency: po.currency,
                totalAmount: answered ? total(priced.map((p) => p.amount)) : null,
                leadTimeDays: answered ? rng.int(5, 30) : null,
                validUntil: answered ? addDays(deadlineDate, 30) : null,
                remark: answered ? rng.pick(QUOTE_REMARKS) : null,
                revision: answered ? (rng.chance(0.15) ? 2 : 1) : 0,
                invitedAt: ts(rfqDate, 9),
                checkedAt: ts(rfqDate, rng.int(10, 17)),
                checkedBy: suser(compNo),
                submittedAt: answered ? submittedAt : null,
                submittedBy: answered ? suser(compNo) : null,
                decidedAt: ts(awardDate, 10),
                version: answered ? 4 : 3,
              };
              out.quotations.push(q);
              if (answered) {
                priced.forEach((p) => out.quotationLines.push({ rfqNo, compNo, ...p, remark: null }));
                quoteDrafts.push({
                  at: submittedAt,
                  key: rng.next(),
                  assign: (quoteNo) => {
                    q.quoteNo = quoteNo;
                    if (winner) ext.quoteNo = quoteNo;
                  },
                });
                audit('quotation', `${rfqNo}/${compNo}`, 'SUBMIT', suser(compNo), submittedAt);
              }
            });
            audit('rfq_header', rfqNo, 'SELECT', uid(po.buyerId), ts(awardDate, 10));
          },
        });
      },
    });
    // The order's own approval and history.
    const amountKrw = toKrw(po.totalAmount, po.currency);
    const created = ts(po.poDate, 9);
    audit('po_header', po.poNo, 'CREATE', uid(po.buyerId), created);
    if (po.status !== 'DRAFT' && !(po.status === 'CANCELLED' && po.forwardedAt === null)) {
      const outcome: Outcome = po.status === 'IN_APPROVAL' ? (rng.chance(0.3) ? 'IN_PROGRESS' : 'PENDING') : 'APPROVED';
      const appr = approval('PO', po.poNo, amountKrw, po.buyerId, po.poDate, outcome);
      ext.approvalId = appr.approvalId;
      ext.approvalStatus = appr.status;
      audit('po_header', po.poNo, 'SUBMIT', uid(po.buyerId), ts(po.poDate, 14));
      if (appr.status === 'APPROVED')
        audit('po_header', po.poNo, 'APPROVED', uid(E.opadmin), appr.finishedAt ?? created);
    }
    if (po.forwardedAt)
      audit(
        'po_header',
        po.poNo,
        'SENT',
        uid(po.buyerId),
        po.forwardedAt,
        forward.get(po.compNo) === 'Y' ? '결재 완료 후 자동 전송 (FORWARD_YN=Y)' : null,
      );
    if (po.acknowledgedAt) audit('po_header', po.poNo, 'ACKNOWLEDGE', suser(po.compNo), po.acknowledgedAt);
    if (po.status === 'CANCELLED')
      audit('po_header', po.poNo, 'CANCEL', uid(po.buyerId), po.updatedAt, po.cancelReason);
  }

  // Orders in approval before the window (none at scale 1, but keep them consistent) get an approval too.
  for (const po of input.orders.headers) {
    if (po.status !== 'IN_APPROVAL' || (po as PoHeaderRow & { approvalId?: number }).approvalId) continue;
    const appr = approval(po.poType, po.poNo, toKrw(po.totalAmount, po.currency), po.buyerId, po.poDate, 'PENDING');
    Object.assign(po, { approvalId: appr.approvalId, approvalStatus: appr.status });
  }

  /* ---------------- PRs, requests and quotations in every earlier state ---------------- */
  type PrFate =
    | 'DRAFT'
    | 'IN_APPROVAL'
    | 'IN_APPROVAL_2'
    | 'APPROVED'
    | 'RECEIVED'
    | 'RECEIVED_RFQ_CANCELLED'
    | 'QUOT_OPEN'
    | 'QUOT_AWARDED'
    | 'REJECTED_APPROVER'
    | 'REJECTED_PURCHASING'
    | 'CANCELLED'
    | 'CANCELLED_WITHDRAWN';
  const fates: Array<[PrFate, number]> = [
    ['DRAFT', 10],
    ['IN_APPROVAL', 8],
    ['IN_APPROVAL_2', 6],
    ['APPROVED', 8],
    ['RECEIVED', 6],
    ['RECEIVED_RFQ_CANCELLED', 3],
    ['QUOT_OPEN', 12],
    ['QUOT_AWARDED', 4],
    ['REJECTED_APPROVER', 4],
    ['REJECTED_PURCHASING', 4],
    ['CANCELLED', 4],
    ['CANCELLED_WITHDRAWN', 3],
  ];
  let openIndex = 0;
  let awardIndex = 0;
  for (const [fate, count] of fates) {
    for (let k = 0; k < count; k++) {
      const age = rng.int(2, 25);
      const prDate = anchorDate(-age);
      const requester = k % 3 === 0 || fate === 'DRAFT' ? employee.get(E.buyer)! : rng.pick(requesters);
      const currency: 'KRW' | 'JPY' = rng.chance(0.15) ? 'JPY' : 'KRW';
      const catalogue = currency === 'JPY' ? jpyItems : krwItems;
      const large = fate === 'IN_APPROVAL_2' || (fate !== 'IN_APPROVAL' && rng.chance(0.25));
      const lineCount = rng.int(1, 5);
      const chosen = new Set<ItemRow>();
      while (chosen.size < lineCount) chosen.add(rng.pick(catalogue));
      const lines = [...chosen].map((item, i) => {
        const price = roundPrice(Number(item.refPrice) * (0.9 + rng.next() * 0.2));
        const priceKrw = currency === 'JPY' ? price * JPY_RATE : price;
        let qty = Math.max(1, Math.round((large ? 15_000_000 : 600_000) / Math.max(priceKrw, 1) / lineCount));
        qty = Math.min(qty, 5000);
        const free = i === lineCount - 1 && rng.chance(0.15);
        return {
          lineNo: i + 1,
          itemCode: free ? null : item.itemCode,
          itemName: free ? `${item.itemName} (비규격)` : item.itemName,
          spec: item.spec,
          unitCode: item.unitCode,
          sgCode: item.sgCode,
          quantity: `${qty}.000`,
          estUnitPrice: `${price}.00`,
          estAmount: wholeAmount(String(qty), String(price)),
          remark: free ? '도면 별도 송부' : null,
        };
      });
      // Large requests are lifted over the two-step threshold; others kept below it.
      let prTotal = total(lines.map((l) => l.estAmount));
      if (fate === 'IN_APPROVAL_2' && Number(toKrw(prTotal, currency)) < 10_000_000) {
        const l = lines[0];
        const need =
          Math.ceil(
            (10_500_000 - Number(toKrw(prTotal, currency))) /
              (Number(l.estUnitPrice) * (currency === 'JPY' ? JPY_RATE : 1)),
          ) + 1;
        l.quantity = `${Number(l.quantity) + need}.000`;
        l.estAmount = wholeAmount(l.quantity, l.estUnitPrice);
        prTotal = total(lines.map((x) => x.estAmount));
      }
      const amountKrw = toKrw(prTotal, currency);
      const firstItem = lines[0].itemCode ? input.items.find((i) => i.itemCode === lines[0].itemCode) : undefined;
      const sgBuyer = (firstItem && buyerOfSg.get(firstItem.sgCode)) || E.operator;
      // The demo requester (group 30) cannot work the receipt screens: such PRs go to the TF admin.
      const assignable = sgBuyer === E.buyer ? E.tfadmin : sgBuyer;
      const buyerId = k % 2 === 0 ? E.operator : assignable;
      const key = rng.next();
      prDrafts.push({
        date: prDate,
        key,
        build: (prNo) => {
          const title = lines.length === 1 ? lines[0].itemName : `${lines[0].itemName} 외 ${lines.length - 1}건`;
          const created = ts(prDate, 9, rng.int(0, 59));
          const row: PrRow = {
            prNo,
            prDate,
            title,
            requesterId: requester.singleid,
            section: requester.section,
            deptcd: requester.deptcd,
            desiredDate: anchorDate(rng.int(40, 90)),
            purpose: rng.pick(PURPOSES),
            currency,
            totalAmount: prTotal,
            status: 'DRAFT',
            approvalStatus: 'NONE',
            approvalId: null,
            buyerId: null,
            receivedAt: null,
            receivedBy: null,
            rejectReason: null,
            cancelReason: null,
            submittedAt: null,
            approvedAt: null,
            createdBy: uid(requester.singleid),
            createdAt: created,
            updatedAt: created,
            version: 1,
          };
          out.prHeaders.push(row);
          lines.forEach((l) => out.prLines.push({ prNo, ...l }));
          audit('pr_header', prNo, 'CREATE', uid(requester.singleid), created);
          if (fate === 'DRAFT') return;
          const submit = (outcome: Outcome, comment?: string) => {
            const a = approval('PR', prNo, amountKrw, requester.singleid, prDate, outcome, comment);
            Object.assign(row, {
              approvalId: a.approvalId,
              approvalStatus: a.status,
              submittedAt: ts(prDate, 14),
              version: row.version + 1 + (a.status === 'IN_PROGRESS' ? 1 : 0),
            });
            audit('pr_header', prNo, 'SUBMIT', uid(requester.singleid), ts(prDate, 14));
            return a;
          };
          if (fate === 'IN_APPROVAL' || fate === 'IN_APPROVAL_2') {
            submit(fate === 'IN_APPROVAL_2' && k % 2 === 1 ? 'IN_PROGRESS' : 'PENDING');
            row.status = 'IN_APPROVAL';
            return;
          }
          if (fate === 'CANCELLED_WITHDRAWN') {
            submit('WITHDRAWN');
            Object.assign(row, {
              status: 'CANCELLED',
              cancelReason: rng.pick(CANCEL_REASONS),
              version: row.version + 1,
              updatedAt: ts(addDays(prDate, 1), 16),
            });
            audit('pr_header', prNo, 'CANCEL', uid(requester.singleid), row.updatedAt, row.cancelReason);
            return;
          }
          if (fate === 'CANCELLED') {
            Object.assign(row, {
              status: 'CANCELLED',
              cancelReason: rng.pick(CANCEL_REASONS),
              version: row.version + 1,
              updatedAt: ts(addDays(prDate, 1), 11),
            });
            audit('pr_header', prNo, 'CANCEL', uid(requester.singleid), row.updatedAt, row.cancelReason);
            return;
          }
          if (fate === 'REJECTED_APPROVER') {
            const a = submit('REJECTED');
            Object.assign(row, { status: 'REJECTED', version: row.version + 1, updatedAt: a.finishedAt! });
            audit(
              'pr_header',
              prNo,
              'REJECTED',
              uid(out.approvalSteps.find((s) => s.approvalId === a.approvalId && s.status === 'REJECTED')!.approverId),
              a.finishedAt!,
              out.approvalSteps.find((s) => s.approvalId === a.approvalId && s.status === 'REJECTED')!.comment,
            );
            return;
          }
          const a = submit('APPROVED');
          Object.assign(row, {
            status: 'APPROVED',
            approvedAt: a.finishedAt,
            version: row.version + 1,
            updatedAt: a.finishedAt!,
          });
          audit('pr_header', prNo, 'APPROVED', uid(E.uadmin1), a.finishedAt!);
          if (fate === 'APPROVED') return;
          const receiveDay = addDays(prDate, 3);
          if (fate === 'REJECTED_PURCHASING') {
            Object.assign(row, {
              status: 'REJECTED',
              rejectReason: rng.pick(RETURN_REASONS),
              version: row.version + 1,
              updatedAt: ts(receiveDay, 11),
            });
            audit('pr_header', prNo, 'RETURN', uid(E.operator), row.updatedAt, row.rejectReason);
            return;
          }
          Object.assign(row, {
            status: 'RECEIVED',
            buyerId,
            receivedAt: ts(receiveDay, 10),
            receivedBy: uid(E.operator),
            version: row.version + 1,
            updatedAt: ts(receiveDay, 10),
          });
          audit('pr_header', prNo, 'RECEIVE', uid(E.operator), ts(receiveDay, 10));
          if (fate === 'RECEIVED') return;
          // A quotation request: open (deadline well after the anchor), awarded without an order yet, or cancelled.
          const rfqDate = addDays(receiveDay, 1);
          const kind = fate === 'QUOT_OPEN' ? 'OPEN' : fate === 'QUOT_AWARDED' ? 'AWARDED' : 'CANCELLED';
          row.status = kind === 'CANCELLED' ? 'RECEIVED' : 'QUOT_REQUESTED';
          row.version += kind === 'CANCELLED' ? 2 : 1;
          row.updatedAt = ts(rfqDate, 9);
          const oi = openIndex;
          const ai = awardIndex;
          if (kind === 'OPEN') openIndex++;
          if (kind === 'AWARDED') awardIndex++;
          rfqDrafts.push({
            date: rfqDate,
            key,
            assign: (rfqNo) => {
              const deadlineDate = kind === 'OPEN' ? anchorDate(rng.int(60, 90)) : addDays(rfqDate, 3);
              const invited = ['C00001', 'C00002'];
              const extra = rng.int(1, 2);
              while (invited.length < 2 + extra) {
                const c = rng.pick(others);
                if (!invited.includes(c)) invited.push(c);
              }
              // Open requests cycle the demo suppliers through requested, checked and submitted;
              // awarded ones choose each demo supplier in turn.
              const openStates = ['REQUESTED', 'CHECKED', 'SUBMITTED'] as const;
              const winner = kind === 'AWARDED' ? invited[ai % 2] : null;
              const stateOf = (compNo: string, i: number): QuoteRow['status'] => {
                if (kind === 'CANCELLED') return 'CANCELLED';
                if (kind === 'AWARDED') return compNo === winner ? 'SELECTED' : 'NOT_SELECTED';
                if (compNo === 'C00001') return openStates[oi % 3];
                if (compNo === 'C00002') return openStates[(oi + 1) % 3];
                return openStates[(oi + i) % 3];
              };
              out.rfqHeaders.push({
                rfqNo,
                prNo,
                title,
                buyerId,
                currency,
                deadline: ts(deadlineDate, 18),
                status: kind,
                description: kind === 'OPEN' ? '견적서와 함께 사양서를 첨부해 주십시오' : null,
                selectedCompNo: winner,
                awardedAt: winner ? ts(addDays(deadlineDate, 1), 10) : null,
                cancelReason: kind === 'CANCELLED' ? rng.pick(RFQ_CANCEL_REASONS) : null,
                createdBy: uid(buyerId),
                createdAt: ts(rfqDate, 9),
                updatedAt: ts(kind === 'OPEN' ? rfqDate : addDays(deadlineDate, 1), 10),
                version: kind === 'OPEN' ? 1 : 2,
              });
              lines.forEach((l) =>
                out.rfqLines.push({
                  rfqNo,
                  lineNo: l.lineNo,
                  prLineNo: l.lineNo,
                  itemCode: l.itemCode,
                  itemName: l.itemName,
                  spec: l.spec,
                  unitCode: l.unitCode,
                  sgCode: l.sgCode,
                  quantity: l.quantity,
                  deliveryDate: row.desiredDate,
                }),
              );
              audit('rfq_header', rfqNo, 'CREATE', uid(buyerId), ts(rfqDate, 9));
              audit('pr_header', prNo, 'REQUEST_QUOTE', uid(buyerId), ts(rfqDate, 9));
              invited.forEach((compNo, i) => {
                const status = stateOf(compNo, i);
                const answered =
                  status === 'SUBMITTED' ||
                  status === 'SELECTED' ||
                  (status !== 'REQUESTED' && status !== 'CHECKED' && rng.chance(0.7));
                const checked = status !== 'REQUESTED';
                const submittedAt = ts(addDays(rfqDate, 1), rng.int(10, 17), rng.int(0, 59));
                const factor = 0.92 + rng.next() * 0.2;
                const priced = lines.map((l) => {
                  const price = `${roundPrice(Number(l.estUnitPrice) * factor)}.00`;
                  return { lineNo: l.lineNo, unitPrice: price, amount: wholeAmount(l.quantity, price) };
                });
                const q: QuoteRow = {
                  rfqNo,
                  compNo,
                  quoteNo: null,
                  status,
                  currency,
                  totalAmount: answered ? total(priced.map((p) => p.amount)) : null,
                  leadTimeDays: answered ? rng.int(5, 30) : null,
                  validUntil: answered ? addDays(deadlineDate, 45) : null,
                  remark: answered ? rng.pick(QUOTE_REMARKS) : null,
                  revision: answered ? 1 : 0,
                  invitedAt: ts(rfqDate, 9),
                  checkedAt: checked ? ts(rfqDate, rng.int(10, 17)) : null,
                  checkedBy: checked ? suser(compNo) : null,
                  submittedAt: answered ? submittedAt : null,
                  submittedBy: answered ? suser(compNo) : null,
                  decidedAt: kind === 'OPEN' ? null : ts(addDays(deadlineDate, 1), 10),
                  version: 1 + (checked ? 1 : 0) + (answered ? 1 : 0) + (kind === 'OPEN' ? 0 : 1),
                };
                out.quotations.push(q);
                if (answered) {
                  priced.forEach((p) => out.quotationLines.push({ rfqNo, compNo, ...p, remark: null }));
                  quoteDrafts.push({ at: submittedAt, key: rng.next(), assign: (quoteNo) => (q.quoteNo = quoteNo) });
                  audit('quotation', `${rfqNo}/${compNo}`, 'SUBMIT', suser(compNo), submittedAt);
                }
              });
              if (kind === 'AWARDED')
                audit('rfq_header', rfqNo, 'SELECT', uid(buyerId), ts(addDays(deadlineDate, 1), 10));
              if (kind === 'CANCELLED')
                audit('rfq_header', rfqNo, 'CANCEL', uid(buyerId), ts(addDays(deadlineDate, 1), 10));
            },
          });
        },
      });
    }
  }

  /* ---------------- numbers in date order ---------------- */
  const numberInOrder = <T extends { date: string; key: number }>(
    drafts: T[],
    prefix: string,
    apply: (d: T, no: string) => void,
  ) => {
    drafts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key - b.key));
    const seq = new Map<string, number>();
    for (const d of drafts) {
      const year = d.date.slice(0, 4);
      const n = (seq.get(year) ?? 0) + 1;
      seq.set(year, n);
      apply(d, `${prefix}${year}-${pad(n, 6)}`);
    }
  };
  numberInOrder(prDrafts, 'PR', (d, no) => d.build(no));
  numberInOrder(rfqDrafts, 'RFQ', (d, no) => d.assign(no));
  numberInOrder(
    quoteDrafts.map((q) => ({ ...q, date: q.at.slice(0, 10) })),
    'QT',
    (d, no) => d.assign(no),
  );

  /* ---------------- letters of intent ---------------- */
  type LoiFate = LoiRow['status'];
  const loiFates: Array<[LoiFate, number]> = [
    ['DRAFT', 4],
    ['IN_APPROVAL', 4],
    ['ISSUED', 6],
    ['ACCEPTED', 8],
    ['EXPIRED', 4],
    ['CANCELLED', 3],
  ];
  const loiDrafts: Array<{ date: string; key: number; make: (no: string) => void }> = [];
  const candidates = linked.filter(
    (p) => p.status !== 'DRAFT' && p.status !== 'CANCELLED' && !(p as unknown as { loiNo?: string }).loiNo,
  );
  let idx = 0;
  for (const [fate, count] of loiFates) {
    for (let k = 0; k < count; k++) {
      idx++;
      const demo = idx % 3 === 0 ? 'C00001' : idx % 3 === 1 ? 'C00002' : null;
      // Accepted LOIs are followed by one of the supplier's recent orders.
      const follower =
        fate === 'ACCEPTED'
          ? candidates.find((p) => (demo ? p.compNo === demo : true) && !(p as unknown as { loiNo?: string }).loiNo)
          : undefined;
      const compNo = follower?.compNo ?? demo ?? rng.pick(others);
      const date = follower
        ? addDays(follower.poDate, -rng.int(10, 20))
        : fate === 'EXPIRED'
          ? anchorDate(-rng.int(120, 200))
          : anchorDate(-rng.int(3, 40));
      const validFrom = date;
      const validUntil = fate === 'EXPIRED' ? addDays(date, rng.int(30, 60)) : anchorDate(rng.int(60, 180));
      const buyerId = k % 2 === 0 ? E.operator : E.tfadmin;
      const currency: 'KRW' | 'JPY' = rng.chance(0.15) ? 'JPY' : 'KRW';
      const amount = follower
        ? roundDecimal(String(Math.ceil((Number(follower.totalAmount) * 1.2) / 1000) * 1000), 2)
        : `${rng.int(5, 400) * 1_000_000}.00`;
      const scope = rng.pick(LOI_SCOPES);
      if (follower) (follower as unknown as { loiNo: string }).loiNo = 'pending';
      loiDrafts.push({
        date,
        key: rng.next(),
        make: (loiNo) => {
          if (follower) Object.assign(follower, { loiNo });
          const created = ts(date, 9, rng.int(0, 59));
          const row: LoiRow = {
            loiNo,
            compNo,
            title: `${scope} LOI`,
            scope: `${scope}에 대한 발주 의향 (세부 조건은 본 계약 시 확정)`,
            currency: follower?.currency ?? currency,
            amount,
            validFrom,
            validUntil,
            status: fate,
            approvalStatus: 'NONE',
            approvalId: null,
            buyerId,
            prNo: null,
            issuedAt: null,
            acceptedAt: null,
            acceptedBy: null,
            expiredAt: null,
            cancelReason: null,
            createdBy: uid(buyerId),
            createdAt: created,
            updatedAt: created,
            version: 1,
          };
          audit('loi', loiNo, 'CREATE', uid(buyerId), created);
          if (fate !== 'DRAFT' && !(fate === 'CANCELLED' && k === 0)) {
            const outcome: Outcome =
              fate === 'IN_APPROVAL' ? 'PENDING' : fate === 'CANCELLED' ? 'WITHDRAWN' : 'APPROVED';
            const a = approval('LOI', loiNo, toKrw(amount, row.currency), buyerId, date, outcome);
            Object.assign(row, { approvalId: a.approvalId, approvalStatus: a.status, version: row.version + 1 });
            audit('loi', loiNo, 'SUBMIT', uid(buyerId), ts(date, 14));
            if (a.status === 'APPROVED') {
              Object.assign(row, { issuedAt: a.finishedAt, version: row.version + 1, updatedAt: a.finishedAt! });
              audit('loi', loiNo, 'ISSUED', uid(E.opadmin), a.finishedAt!);
            }
          }
          if (fate === 'ACCEPTED') {
            const at = ts(addDays(date, 3), 11);
            Object.assign(row, { acceptedAt: at, acceptedBy: suser(compNo), version: row.version + 1, updatedAt: at });
            audit('loi', loiNo, 'ACCEPT', suser(compNo), at);
          }
          if (fate === 'EXPIRED') {
            const at = ts(addDays(validUntil, 1), 1);
            Object.assign(row, { expiredAt: at, version: row.version + 1, updatedAt: at });
            audit('loi', loiNo, 'EXPIRE', uid(E.operator), at);
          }
          if (fate === 'CANCELLED') {
            const at = ts(addDays(date, 2), 15);
            Object.assign(row, {
              cancelReason: rng.pick(CANCEL_REASONS),
              version: row.version + 1,
              updatedAt: at,
              approvalStatus: row.approvalId ? 'WITHDRAWN' : 'NONE',
            });
            audit('loi', loiNo, 'CANCEL', uid(buyerId), at, row.cancelReason);
          }
          out.lois.push(row);
        },
      });
    }
  }
  numberInOrder(loiDrafts, 'LOI', (d, no) => d.make(no));

  /* ---------------- changes after sending (poChangeInfo) ---------------- */
  let changeId = 0;
  for (const po of linked) {
    if (!po.forwardedAt) continue;
    const lines = linesOf.get(po.poNo) ?? [];
    if (po.status === 'CANCELLED') {
      out.poChanges.push({
        changeId: ++changeId,
        poNo: po.poNo,
        changeSeq: 1,
        field: 'status',
        lineNo: null,
        beforeValue: po.acknowledgedAt ? 'ACKNOWLEDGED' : 'SENT',
        afterValue: 'CANCELLED',
        reason: po.cancelReason ?? '발주 취소',
        changedBy: uid(po.buyerId),
        changedAt: po.updatedAt,
      });
      continue;
    }
    if (!rng.chance(0.12) || !po.dueDate) continue;
    const at = new Date(Date.parse(po.forwardedAt) + 30 * 60_000);
    if (po.acknowledgedAt && Date.parse(po.acknowledgedAt) <= at.getTime()) continue;
    const changedAt = at.toISOString();
    const reason = rng.pick(CHANGE_REASONS);
    const by = uid(po.buyerId);
    out.poChanges.push({
      changeId: ++changeId,
      poNo: po.poNo,
      changeSeq: 1,
      field: 'dueDate',
      lineNo: null,
      beforeValue: addDays(po.dueDate, -rng.int(3, 10)),
      afterValue: po.dueDate,
      reason,
      changedBy: by,
      changedAt,
    });
    if (rng.chance(0.5) && lines.length > 0) {
      const l = rng.pick(lines);
      out.poChanges.push({
        changeId: ++changeId,
        poNo: po.poNo,
        changeSeq: 1,
        field: 'deliveryDate',
        lineNo: l.lineNo,
        beforeValue: addDays(l.deliveryDate ?? po.dueDate, -rng.int(2, 7)),
        afterValue: l.deliveryDate,
        reason,
        changedBy: by,
        changedAt,
      });
    }
    audit('po_header', po.poNo, 'CHANGE', by, changedAt, reason);
  }

  out.audit.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return out;
}

/**
 * Writes the purchasing rows in foreign-key order around the orders (`insertOrders` runs
 * between the documents an order points at — PRs, requests, quotations, LOIs, approvals — and
 * the changes and history that point at it), then moves the serial sequences past the ids the
 * seed chose.
 */
export async function insertPurchasing(
  trx: Kysely<Database>,
  p: PurchasingSeed,
  insertOrders: () => Promise<void>,
): Promise<void> {
  await insertAll(trx, 'approvalLine', p.approvalLines);
  await insertAll(trx, 'approvalLineStep', p.approvalLineSteps);
  await insertAll(trx, 'approvalRule', p.approvalRules);
  await insertAll(trx, 'approval', p.approvals);
  await insertAll(trx, 'approvalStep', p.approvalSteps);
  await insertAll(trx, 'prHeader', p.prHeaders);
  await insertAll(trx, 'prLine', p.prLines);
  await insertAll(trx, 'rfqHeader', p.rfqHeaders);
  await insertAll(trx, 'rfqLine', p.rfqLines);
  await insertAll(trx, 'quotation', p.quotations);
  await insertAll(trx, 'quotationLine', p.quotationLines);
  await insertAll(trx, 'loi', p.lois);
  await insertOrders();
  await insertAll(trx, 'poChange', p.poChanges);
  await insertAll(trx, 'auditLog', p.audit);
  for (const [table, column] of [
    ['approval_line', 'line_id'],
    ['approval_rule', 'rule_id'],
    ['approval', 'approval_id'],
    ['po_change', 'change_id'],
  ] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 1), (select count(*) > 0 from ${sql.table(table)}))`.execute(
      trx,
    );
  }
}

/** document_sequence continues after the highest seeded PR, RFQ, quotation and LOI number of each year. */
export async function syncPurchasingSequences(trx: Kysely<Database>): Promise<void> {
  await sql`
    insert into document_sequence (prefix, period, last_value)
    select prefix, period, max(n) from (
      select 'PR' as prefix, substr(pr_no, 3, 4) as period, substr(pr_no, 8)::int as n from pr_header
      union all select 'RFQ', substr(rfq_no, 4, 4), substr(rfq_no, 9)::int from rfq_header
      union all select 'QT', substr(quote_no, 3, 4), substr(quote_no, 8)::int from quotation where quote_no is not null
      union all select 'LOI', substr(loi_no, 4, 4), substr(loi_no, 9)::int from loi
    ) s group by prefix, period
    on conflict (prefix, period) do update set last_value = greatest(document_sequence.last_value, excluded.last_value)
  `.execute(trx);
}
