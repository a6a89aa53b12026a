/**
 * Fixture answers for the supplier's purchasing screens (prCheck*, prSubmit*, CyberOrderRequest*,
 * the LOI list and edit): company C00001's requests, quotations, orders and LOIs in the shapes the
 * server answers, with writes that behave like it (version checks, refusals in its words). Also a
 * two-screen router so a test can follow a link from a list to its edit screen.
 */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { OperationError, type OperationInput } from '../../engine/services';
import {
  createFixtureEngineServices,
  pagedAnswer,
  type FixtureEngineOptions,
  type FixtureHandler,
} from '../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../engine/runtime/registry';
import type { CustomComponents } from '../../engine/runtime/engine-context';
import { screenDefinitions, screenTexts } from '../index';

type Row = Record<string, unknown>;

/** The file group the widgets' fixture file service knows (widgets/testing/fixture-services). */
const FIXTURE_FILE_GROUP_ID = 'F20241105-0001';

export const SUPPLIER_LOGIN = {
  auth: 'U',
  authGroupId: '60',
  section: '',
  deptcd: '',
  deptnm: '',
  hname: '최영호',
  singleid: 'supplier1',
};

export const CYBER_CODES = {
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
  PO_STATUS: [
    { value: 'SENT', text: '발주전송' },
    { value: 'ACKNOWLEDGED', text: '발주확인' },
    { value: 'PARTLY_DELIVERED', text: '부분납품' },
    { value: 'DELIVERED', text: '납품완료' },
    { value: 'CLOSED', text: '종결' },
    { value: 'CANCELLED', text: '취소' },
  ],
  PO_TYPE: [
    { value: 'PO', text: '일반발주' },
    { value: 'SIMPLE', text: '소액발주' },
  ],
  LOI_STATUS: [
    { value: 'ISSUED', text: '발행' },
    { value: 'ACCEPTED', text: '수락' },
    { value: 'EXPIRED', text: '만료' },
  ],
  CURRENCY: [
    { value: 'KRW', text: '원화' },
    { value: 'JPY', text: '엔화' },
  ],
};

/** The logged-in supplier's company (the quotations are its own). */
const SUPPLIER = { compNo: 'C00001', compName: '한빛정밀' };

const FUTURE = '2099-12-31T14:59:59.999Z';
const PAST = '2020-01-31T14:59:59.999Z';

const RFQ_LINES: Row[] = [
  {
    lineNo: 1,
    prLineNo: 1,
    itemCode: 'IT-10021',
    itemName: '베어링 6204ZZ',
    spec: '20x47x14mm',
    unitCode: 'EA',
    quantity: '200',
    deliveryDate: '2099-11-30',
  },
  {
    lineNo: 2,
    prLineNo: 2,
    itemCode: 'IT-10388',
    itemName: '오일씰 TC 25x40x7',
    spec: 'NBR',
    unitCode: 'EA',
    quantity: '150.5',
    deliveryDate: '2099-11-30',
  },
];

interface Quote extends Row {
  rfqNo: string;
  status: string;
  version: number;
}

function createData() {
  const quotes: Quote[] = [
    {
      rfqNo: 'RFQ2026-000101',
      title: '생산설비 베어링 구매 견적',
      rfqStatus: 'OPEN',
      status: 'REQUESTED',
      currency: 'KRW',
      deadline: FUTURE,
      buyerName: '김민수',
      buyerEmail: 'minsu.kim@gpms.example',
      buyerTelNo: '0221234567',
      description: '2공장 설비 보수용 베어링과 오일씰입니다. 납기를 맞출 수 있는지 함께 알려 주세요.',
      invitedAt: '2026-03-02T01:00:00.000Z',
      checkedAt: null,
      submittedAt: null,
      quoteNo: null,
      totalAmount: null,
      leadTimeDays: null,
      validUntil: null,
      remark: null,
      fileId: null,
      revision: 0,
      version: 1,
      lines: RFQ_LINES.map((l) => ({ ...l, unitPrice: null, amount: null, remark: null })),
      rfqFileId: FIXTURE_FILE_GROUP_ID,
    },
    {
      rfqNo: 'RFQ2026-000102',
      title: '포장재 연간 단가 견적',
      rfqStatus: 'OPEN',
      status: 'SUBMITTED',
      currency: 'KRW',
      deadline: FUTURE,
      buyerName: '김민수',
      buyerEmail: null,
      buyerTelNo: null,
      description: null,
      invitedAt: '2026-02-20T01:00:00.000Z',
      checkedAt: '2026-02-20T03:00:00.000Z',
      submittedAt: '2026-02-21T05:00:00.000Z',
      quoteNo: 'QT2026-000050',
      totalAmount: '1250000',
      leadTimeDays: 14,
      validUntil: '2099-06-30',
      remark: '부가세 별도',
      fileId: null,
      revision: 1,
      version: 3,
      lines: [
        {
          lineNo: 1,
          prLineNo: 1,
          itemCode: 'PK-200',
          itemName: '골판지 박스 A형',
          spec: '400x300x250',
          unitCode: 'EA',
          quantity: '500',
          deliveryDate: null,
          unitPrice: '2500',
          amount: '1250000',
          remark: null,
        },
      ],
      rfqFileId: null,
    },
    {
      rfqNo: 'RFQ2026-000090',
      title: '공구류 견적 (마감)',
      rfqStatus: 'AWARDED',
      status: 'NOT_SELECTED',
      currency: 'JPY',
      deadline: PAST,
      buyerName: '김민수',
      buyerEmail: null,
      buyerTelNo: null,
      description: null,
      invitedAt: '2020-01-10T01:00:00.000Z',
      checkedAt: '2020-01-11T01:00:00.000Z',
      submittedAt: '2020-01-12T01:00:00.000Z',
      quoteNo: 'QT2020-000010',
      totalAmount: '98000',
      leadTimeDays: 30,
      validUntil: '2020-03-31',
      remark: null,
      fileId: null,
      revision: 2,
      version: 5,
      lines: [
        {
          lineNo: 1,
          prLineNo: 1,
          itemCode: null,
          itemName: '토크렌치',
          spec: null,
          unitCode: 'EA',
          quantity: '2',
          deliveryDate: null,
          unitPrice: '49000',
          amount: '98000',
          remark: null,
        },
      ],
      rfqFileId: null,
    },
  ];
  const pos: Row[] = [
    {
      poNo: 'PO2026-000201',
      poType: 'PO',
      poDate: '2026-03-05',
      title: '생산설비 베어링 발주',
      status: 'SENT',
      compNo: 'C00001',
      compNameKr: '한빛정밀',
      currency: 'KRW',
      totalAmount: '3400000',
      dueDate: '2026-04-10',
      forwardedAt: '2026-03-05T02:00:00.000Z',
      acknowledgedAt: null,
      cancelReason: null,
      remark: '분할 납품 가능',
      quoteNo: 'QT2026-000040',
      loiNo: 'LOI2026-000009',
      buyerName: '김민수',
      buyerEmail: 'minsu.kim@gpms.example',
      buyerTelNo: '0221234567',
      deptnm: '생산기술팀',
      version: 4,
      revision: 1,
      revisionAcknowledged: true,
      subconKind: null,
      coordinations: [],
      revisions: [],
      lines: [
        {
          lineNo: 1,
          itemCode: 'IT-10021',
          itemName: '베어링 6204ZZ',
          spec: '20x47x14mm',
          unitCode: 'EA',
          sgCode: null,
          quantity: '200',
          unitPrice: '12000',
          amount: '2400000',
          deliveryDate: '2026-04-10',
          deliveredQty: '0',
          receivedQty: '0',
        },
        {
          lineNo: 2,
          itemCode: 'IT-10388',
          itemName: '오일씰 TC 25x40x7',
          spec: 'NBR',
          unitCode: 'EA',
          sgCode: null,
          quantity: '100',
          unitPrice: '10000',
          amount: '1000000',
          deliveryDate: '2026-04-10',
          deliveredQty: '0',
          receivedQty: '0',
        },
      ],
      attachments: [],
      changes: [
        {
          changeId: 7,
          poNo: 'PO2026-000201',
          changeSeq: 1,
          field: 'dueDate',
          fieldName: '납기일',
          lineNo: null,
          itemName: null,
          beforeValue: '2026-04-03',
          afterValue: '2026-04-10',
          beforeText: '2026-04-03',
          afterText: '2026-04-10',
          reason: '설비 반입 일정 변경',
          changedBy: 'operator',
          changedByName: '김민수',
          changedAt: '2026-03-06T01:00:00.000Z',
          compNo: 'C00001',
          compNameKr: '한빛정밀',
          title: '생산설비 베어링 발주',
          status: 'SENT',
        },
      ],
    },
    {
      poNo: 'PO2026-000180',
      poType: 'SIMPLE',
      poDate: '2026-02-10',
      title: '사무용품 소액 발주',
      status: 'ACKNOWLEDGED',
      compNo: 'C00001',
      compNameKr: '한빛정밀',
      currency: 'KRW',
      totalAmount: '450000',
      dueDate: null,
      forwardedAt: '2026-02-10T02:00:00.000Z',
      acknowledgedAt: '2026-02-11T02:00:00.000Z',
      cancelReason: null,
      remark: null,
      quoteNo: null,
      loiNo: null,
      buyerName: '김민수',
      buyerEmail: null,
      buyerTelNo: null,
      deptnm: '총무팀',
      version: 2,
      revision: 1,
      revisionAcknowledged: true,
      subconKind: null,
      coordinations: [],
      revisions: [],
      lines: [
        {
          lineNo: 1,
          itemCode: null,
          itemName: 'A4 복사용지',
          spec: '80g',
          unitCode: 'BOX',
          sgCode: null,
          quantity: '30',
          unitPrice: '15000',
          amount: '450000',
          deliveryDate: null,
          deliveredQty: '0',
          receivedQty: '0',
        },
      ],
      attachments: [],
      changes: [],
    },
  ];
  const lois: Row[] = [
    {
      loiNo: 'LOI2026-000011',
      compNo: 'C00001',
      compNameKr: '한빛정밀',
      title: '2026년 금형 제작 의향',
      scope: '신규 라인 금형 3벌 제작',
      currency: 'KRW',
      amount: '90000000',
      validFrom: '2026-03-01',
      validUntil: '2099-06-30',
      status: 'ISSUED',
      buyerName: '김민수',
      buyerEmail: null,
      buyerTelNo: null,
      issuedAt: '2026-03-01T01:00:00.000Z',
      acceptedAt: null,
      version: 3,
      attachments: [],
    },
    {
      loiNo: 'LOI2026-000009',
      compNo: 'C00001',
      compNameKr: '한빛정밀',
      title: '베어링 연간 공급 의향',
      scope: '연간 베어링 공급',
      currency: 'KRW',
      amount: '30000000',
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
      status: 'ACCEPTED',
      buyerName: '김민수',
      buyerEmail: null,
      buyerTelNo: null,
      issuedAt: '2026-01-02T01:00:00.000Z',
      acceptedAt: '2026-01-03T01:00:00.000Z',
      version: 4,
      attachments: [],
    },
  ];
  return { quotes, pos, lois };
}

const conflict = () =>
  new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
const missing = (what: string) => new OperationError(404, 'NOT_FOUND', `${what}이(가) 없습니다`);
const open = (q: Quote) => q.rfqStatus === 'OPEN' && String(q.deadline) > new Date().toISOString();
const editable = (q: Quote) => open(q) && ['REQUESTED', 'CHECKED', 'SUBMITTED'].includes(q.status);
const statusMatch = (value: unknown, query: unknown) =>
  query === undefined ||
  (Array.isArray(query) ? query.length === 0 || query.includes(value) : query === '' || query === value);

function rfqRow(q: Quote): Row {
  const lines = q.lines as Row[];
  return {
    rfqNo: q.rfqNo,
    compNo: SUPPLIER.compNo,
    compName: SUPPLIER.compName,
    title: q.title,
    rfqStatus: q.rfqStatus,
    status: q.status,
    currency: q.currency,
    deadline: q.deadline,
    deadlinePassed: String(q.deadline) < new Date().toISOString(),
    buyerName: q.buyerName,
    lineCount: lines.length,
    invitedAt: q.invitedAt,
    checkedAt: q.checkedAt,
    submittedAt: q.submittedAt,
    quoteNo: q.quoteNo,
    totalAmount: q.totalAmount,
    version: q.version,
  };
}

function rfqAttachments(q: Quote) {
  return q.rfqFileId
    ? [
        {
          fileId: q.rfqFileId,
          seq: 1,
          originalName: '견적요청_사양서.pdf',
          sizeBytes: 183_420,
          mimeType: 'application/pdf',
        },
      ]
    : [];
}

function quotation(q: Quote): Row {
  const {
    rfqFileId: _r,
    description: _d,
    buyerEmail: _e,
    buyerTelNo: _t,
    buyerName: _b,
    invitedAt: _i,
    checkedAt: _c,
    ...rest
  } = q;
  // The quotation's lines are the supplier's prices; the PR line they answer is the RFQ's (getSupplierRfq).
  const lines = (q.lines as Row[]).map(({ prLineNo: _p, ...l }) => l);
  return {
    ...rest,
    lines,
    compNo: SUPPLIER.compNo,
    compName: SUPPLIER.compName,
    deadlinePassed: String(q.deadline) < new Date().toISOString(),
    editable: editable(q),
    attachments: [],
    rfqAttachments: rfqAttachments(q),
  };
}

/** The answers, over a fresh copy of the data (tests read and change `data`). */
export function createCyberFixtures() {
  const data = createData();
  const quote = (rfqNo: unknown) => {
    const q = data.quotes.find((x) => x.rfqNo === rfqNo);
    if (!q) throw missing('견적요청');
    return q;
  };
  const po = (poNo: unknown) => {
    const p = data.pos.find((x) => x.poNo === poNo);
    if (!p) throw missing('발주서');
    return p;
  };
  const loi = (loiNo: unknown) => {
    const l = data.lois.find((x) => x.loiNo === loiNo);
    if (!l) throw missing('LOI');
    return l;
  };
  const poDetail = (p: Row) => ({ ...p, actions: p.status === 'SENT' ? ['acknowledge'] : [] });
  const loiDetail = (l: Row) => ({ ...l, actions: l.status === 'ISSUED' ? ['accept'] : [] });
  const answers: Record<string, FixtureHandler> = {
    listSupplierRfqs: (input: OperationInput) => {
      const q = input.query ?? {};
      const rows = data.quotes
        .map(rfqRow)
        .filter(
          (r) =>
            statusMatch(r.status, q.status) &&
            (q.open !== 'Y' || (r.rfqStatus === 'OPEN' && !r.deadlinePassed)) &&
            (q.open !== 'N' || r.rfqStatus !== 'OPEN' || r.deadlinePassed),
        );
      return pagedAnswer(rows, {
        ...input,
        query: { ...q, status: undefined, open: undefined, fromDate: undefined, toDate: undefined },
      });
    },
    listSupplierQuotations: (input: OperationInput) => {
      const q = input.query ?? {};
      const rows = data.quotes
        .filter((x) => x.quoteNo)
        .map(rfqRow)
        .filter((r) => statusMatch(r.status, q.status));
      return pagedAnswer(rows, {
        ...input,
        query: { ...q, status: undefined, open: undefined, fromDate: undefined, toDate: undefined },
      });
    },
    getSupplierRfq: (input: OperationInput) => {
      const q = quote(input.path?.rfqNo);
      if (q.status === 'REQUESTED')
        Object.assign(q, { status: 'CHECKED', checkedAt: '2026-03-03T00:00:00.000Z', version: q.version + 1 });
      const lines = (q.lines as Row[]).map(({ unitPrice: _u, amount: _a, remark: _r, ...l }) => l);
      // The request as the supplier reads it: no list counts, no quotation figures, with the questions asked.
      const { lineCount: _n, submittedAt: _s, totalAmount: _t, ...row } = rfqRow(q);
      return {
        ...row,
        editable: editable(q),
        description: q.description,
        buyerEmail: q.buyerEmail,
        buyerTelNo: q.buyerTelNo,
        lines,
        attachments: rfqAttachments(q),
        questions: [],
      };
    },
    getSupplierQuotation: (input: OperationInput) => quotation(quote(input.path?.rfqNo)),
    submitQuotation: (input: OperationInput) => {
      const q = quote(input.path?.rfqNo);
      const body = (input.body ?? {}) as {
        version: number;
        leadTimeDays: number;
        validUntil: string;
        remark?: string | null;
        fileId?: string | null;
        lines: Array<{ lineNo: number; unitPrice: string | number; remark?: string | null }>;
      };
      if (body.version !== q.version) throw conflict();
      if (!open(q))
        throw new OperationError(409, 'QUOTATION_CLOSED', '견적 마감일시가 지나 견적을 제출하거나 수정할 수 없습니다');
      const lines = q.lines as Row[];
      const given = new Map(body.lines.map((l) => [l.lineNo, l]));
      const problems = lines
        .filter((l) => !given.has(l.lineNo as number))
        .map((l) => ({ path: 'body/lines', message: `${l.lineNo}번 품목의 단가를 입력하세요` }));
      if (problems.length) throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', problems);
      let total = 0;
      const next = lines.map((l) => {
        const g = given.get(l.lineNo as number)!;
        const amount = Math.round(Number(l.quantity) * Number(g.unitPrice));
        total += amount;
        return { ...l, unitPrice: String(g.unitPrice), amount: String(amount), remark: g.remark || null };
      });
      Object.assign(q, {
        status: 'SUBMITTED',
        quoteNo: q.quoteNo ?? 'QT2026-000077',
        totalAmount: String(total),
        leadTimeDays: Number(body.leadTimeDays),
        validUntil: body.validUntil,
        remark: body.remark || null,
        fileId: body.fileId ?? null,
        revision: (q.revision as number) + 1,
        submittedAt: '2026-03-04T00:00:00.000Z',
        lines: next,
        version: q.version + 1,
      });
      return quotation(q);
    },
    listSupplierPos: (input: OperationInput) => {
      const q = input.query ?? {};
      const openSet = ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED'];
      const rows = data.pos
        .filter(
          (p) =>
            statusMatch(p.status, q.status) &&
            (q.open !== 'Y' || openSet.includes(String(p.status))) &&
            (q.open !== 'N' || !openSet.includes(String(p.status))),
        )
        .map((p) => ({
          poNo: p.poNo,
          compNo: p.compNo,
          compName: p.compNameKr,
          poType: p.poType,
          poDate: p.poDate,
          title: p.title,
          status: p.status,
          currency: p.currency,
          totalAmount: p.totalAmount,
          dueDate: p.dueDate,
          forwardedAt: p.forwardedAt,
          acknowledgedAt: p.acknowledgedAt,
          buyerName: p.buyerName,
          lineCount: (p.lines as Row[]).length,
          version: p.version,
        }));
      return pagedAnswer(rows, {
        ...input,
        query: { ...q, status: undefined, open: undefined, fromDate: undefined, toDate: undefined },
      });
    },
    getSupplierPo: (input: OperationInput) => poDetail(po(input.path?.poNo)),
    acknowledgePo: (input: OperationInput) => {
      const p = po(input.path?.poNo);
      if ((input.body as { version?: number })?.version !== p.version) throw conflict();
      if (p.status === 'ACKNOWLEDGED') throw new OperationError(409, 'INVALID_STATE', '이미 확인한 발주입니다');
      Object.assign(p, {
        status: 'ACKNOWLEDGED',
        acknowledgedAt: '2026-03-06T03:00:00.000Z',
        version: (p.version as number) + 1,
      });
      return poDetail(p);
    },
    listSupplierLois: (input: OperationInput) => {
      const q = input.query ?? {};
      const rows = data.lois
        .filter((l) => statusMatch(l.status, q.status))
        .map(({ compNo: _c, compNameKr: _n, scope: _s, buyerEmail: _e, buyerTelNo: _t, attachments: _a, ...l }) => l);
      return pagedAnswer(rows, { ...input, query: { ...q, status: undefined } });
    },
    getSupplierLoi: (input: OperationInput) => loiDetail(loi(input.path?.loiNo)),
    acceptLoi: (input: OperationInput) => {
      const l = loi(input.path?.loiNo);
      if ((input.body as { version?: number })?.version !== l.version) throw conflict();
      if (l.status === 'ACCEPTED') throw new OperationError(409, 'INVALID_STATE', '이미 수락한 LOI입니다');
      Object.assign(l, {
        status: 'ACCEPTED',
        acceptedAt: '2026-03-06T04:00:00.000Z',
        version: (l.version as number) + 1,
      });
      return loiDetail(l);
    },
  };
  return { data, answers };
}

export const CYBER_FIXTURE_OPTIONS: FixtureEngineOptions = {
  codes: CYBER_CODES,
  login: SUPPLIER_LOGIN,
  portal: 'external',
};

/**
 * Screens of this folder behind their real addresses under /cyber (plus /left), so following a
 * link or a navigate action renders the target screen. Returns the router to read its location.
 */
export function renderCyberFlow(
  start: string,
  options: FixtureEngineOptions & {
    answers?: Record<string, FixtureHandler>;
    customComponents?: CustomComponents;
  } = {},
) {
  const fixtures = createCyberFixtures();
  const services = createFixtureEngineServices({
    ...CYBER_FIXTURE_OPTIONS,
    ...options,
    answers: { ...fixtures.answers, ...options.answers },
  });
  const registry = createScreenRegistry(screenDefinitions);
  const routes = screenDefinitions
    .map((e) => e.definition as { id: string; route?: string; portals?: string[] })
    .filter((d) => d.route && d.portals?.includes('external') && d.id.startsWith('cyberPurchase.'))
    .map((d) => ({
      path: `/cyber${d.route}`,
      element: (
        <ScreenHarness
          key={d.id}
          id={d.id}
          registry={registry}
          services={services}
          texts={screenTexts}
          router={false}
          customComponents={options.customComponents}
        />
      ),
    }));
  const router = createMemoryRouter([...routes, { path: '*', element: <p>left the screen</p> }], {
    initialEntries: [start],
  });
  // Like the harness's: no resources of its own, so every text is the engine's, the widgets' or the screens' Korean.
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'ko',
    fallbackLng: 'ko',
    resources: { ko: { translation: {} } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, router, services, fixtures };
}
