/**
 * Fixture answers for the delivery and warehousing screens (screens/fulfilment-delivery): a small
 * believable data set in the server's shapes (docs/fulfilment.md), whose writes change the data
 * and refuse like the server does (stale version 409, wrong state 409, OVER_DELIVERY 400 at the
 * line, DELIVERY_WITHOUT_PO, SELF_APPROVAL, RECEIPT_READ_ONLY).
 */
import { OperationError, type OperationInput } from '../../engine/services';
import { pagedAnswer, type FixtureHandler } from '../../engine/testing/fixture-engine-services';
import type { CodeOption } from '../../engine/definition/types';

type Row = Record<string, unknown>;

const FULFILMENT_CODES: Record<string, CodeOption[]> = {
  DELIVERY_STATUS: [
    { value: 'REGISTERED', text: '납품등록' },
    { value: 'RECEIVED', text: '입고완료' },
    { value: 'CANCELLED', text: '취소' },
  ],
  EXPENSES: [
    { value: 'MATERIAL', text: '재료비' },
    { value: 'CONSUMABLE', text: '소모품비' },
    { value: 'REPAIR', text: '수선비' },
  ],
  SOURCE_SYSTEM: [
    { value: 'GPMS', text: 'GPMS (본 시스템)' },
    { value: 'WMS', text: '창고관리시스템(WMS)' },
    { value: 'MES', text: '생산관리시스템(MES)' },
  ],
  CURRENCY: [
    { value: 'KRW', text: '원화' },
    { value: 'JPY', text: '엔화' },
  ],
};

/** Today as the screens send it (YYYY-MM-DD, local). */
export function todayText(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const stamp = '2026-11-20T01:30:00.000Z';

function delivery(no: string, v: Partial<Row>): Row {
  return {
    deliveryNo: no,
    compNo: 'C00001',
    compName: '한빛정밀',
    poNo: 'PO2026-000500',
    poTitle: '볼트 외 1건',
    noPo: 'N',
    status: 'REGISTERED',
    deliveryDate: '2026-11-18',
    arrivalDate: '2026-11-19',
    currency: 'KRW',
    AMT: '9000.00',
    lineCount: 1,
    delivererName: '최영호',
    delivererPhone: '01012345678',
    vehicleNo: '12가3456',
    FILE_SEQ: null,
    BIGO: '1차 납품',
    cancelReason: null,
    registeredBy: 'supplier1',
    receivedAt: null,
    whReqNo: null,
    createdAt: stamp,
    updatedAt: stamp,
    version: 1,
    ...v,
  };
}

function receipt(no: string, v: Partial<Row>): Row {
  return {
    whReqNo: no,
    whAppNo: null,
    poNo: 'PO2026-000400',
    deliveryNo: 'DLV2026-000090',
    compNo: 'C00001',
    compName: '한빛정밀',
    sourceSystem: 'GPMS',
    externalRef: null,
    section: 'D2000',
    sectionName: '생산부문',
    deptcd: 'D2110',
    deptName: '생산1팀',
    eprId: 'E000006',
    eprName: '강동현',
    receiverId: 'E000004',
    receiveName: '김민수',
    expenses: 'MATERIAL',
    status: 'REQUESTED',
    approvalStatus: 'PENDING',
    currency: 'KRW',
    whReqDate: '2026-11-10',
    lastDeciDate: null,
    FILE_SEQ: null,
    settleNo: null,
    AMT: '8800.00',
    lineCount: 1,
    approvedAt: null,
    approverId: null,
    decidedBy: null,
    rejectReason: null,
    cancelReason: null,
    BIGO: null,
    requestedBy: 'operator',
    createdAt: stamp,
    updatedAt: stamp,
    version: 1,
    ...v,
  };
}

const ITEM_ROW_FIELDS = [
  'whReqNo',
  'whAppNo',
  'poNo',
  'deliveryNo',
  'compNo',
  'compName',
  'sourceSystem',
  'externalRef',
  'section',
  'sectionName',
  'deptcd',
  'deptName',
  'eprId',
  'eprName',
  'receiverId',
  'receiveName',
  'expenses',
  'status',
  'approvalStatus',
  'currency',
  'whReqDate',
  'lastDeciDate',
  'FILE_SEQ',
  'settleNo',
  'lineNo',
  'poLineNo',
  'deliveryLineNo',
  'itemCode',
  'itemName',
  'spec',
  'unitCode',
  'quantity',
  'PRICE',
  'AMT',
  'BIGO',
] as const;
const pick = (row: Row, fields: readonly string[]): Row =>
  Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));

const line = (
  lineNo: number,
  itemName: string,
  quantity: string,
  price: string,
  amount: string,
  extra: Partial<Row> = {},
): Row => ({
  lineNo,
  poNo: 'PO2026-000400',
  poLineNo: lineNo,
  deliveryLineNo: lineNo,
  itemCode: `IT-${1000 + lineNo}`,
  itemName,
  spec: 'M8x20',
  unitCode: 'EA',
  quantity,
  PRICE: price,
  AMT: amount,
  BIGO: null,
  ...extra,
});

export function createFulfilmentFixtures() {
  const deliveries: Row[] = [
    delivery('DLV2026-000101', {}),
    delivery('DLV2026-000102', {
      compNo: 'C00002',
      compName: '대성산업',
      poNo: 'PO2026-000501',
      poTitle: '베어링',
      status: 'RECEIVED',
      currency: 'JPY',
      AMT: '120000.00',
      receivedAt: stamp,
      whReqNo: 'WR2026-000204',
      deliveryDate: '2026-11-02',
    }),
    delivery('DLV2026-000103', {
      poNo: null,
      poTitle: null,
      noPo: 'Y',
      AMT: '50000.00',
      BIGO: '긴급 납품',
      deliveryDate: '2026-11-15',
    }),
    delivery('DLV2026-000104', {
      status: 'CANCELLED',
      cancelReason: '수량 오류',
      deliveryDate: '2026-11-01',
      version: 2,
    }),
  ];
  const deliveryLines: Record<string, Row[]> = {
    'DLV2026-000101': [
      {
        lineNo: 1,
        poNo: 'PO2026-000500',
        poLineNo: 1,
        itemCode: 'IT-1001',
        itemName: '육각볼트 M8',
        spec: 'M8x20',
        unitCode: 'EA',
        quantity: '6.000',
        PRICE: '1500.00',
        AMT: '9000.00',
        BIGO: '박스 3개',
        poQuantity: '10.000',
        poDeliveredQty: '6.000',
        openQty: '4.000',
        availableQty: '10.000',
      },
    ],
    'DLV2026-000102': [
      {
        lineNo: 1,
        poNo: 'PO2026-000501',
        poLineNo: 1,
        itemCode: 'IT-2001',
        itemName: '베어링 6204',
        spec: null,
        unitCode: 'EA',
        quantity: '100.000',
        PRICE: '1200.00',
        AMT: '120000.00',
        BIGO: null,
        poQuantity: '100.000',
        poDeliveredQty: '100.000',
        openQty: '0.000',
        availableQty: '100.000',
      },
    ],
    'DLV2026-000103': [
      {
        lineNo: 1,
        poNo: null,
        poLineNo: null,
        itemCode: null,
        itemName: '안전장갑',
        spec: '대',
        unitCode: 'EA',
        quantity: '50.000',
        PRICE: '1000.00',
        AMT: '50000.00',
        BIGO: null,
        poQuantity: null,
        poDeliveredQty: null,
        openQty: null,
        availableQty: null,
      },
    ],
    'DLV2026-000104': [],
  };
  const receipts: Row[] = [
    receipt('WR2026-000201', {}),
    receipt('WR2026-000202', {
      approvalStatus: 'REJECTED',
      rejectReason: '검사성적서 미첨부',
      whReqDate: '2026-11-08',
      poNo: 'PO2026-000410',
    }),
    receipt('WR2026-000203', {
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
      whAppNo: 'WA2026-000150',
      approvedAt: stamp,
      AMT: '30000.00',
      whReqDate: '2026-11-05',
      version: 2,
    }),
    receipt('WR2026-000204', {
      status: 'DECIDED',
      approvalStatus: 'APPROVED',
      whAppNo: 'WA2026-000151',
      currency: 'JPY',
      AMT: '120000.00',
      lastDeciDate: '2026-11-06',
      compNo: 'C00002',
      compName: '대성산업',
      whReqDate: '2026-11-03',
      version: 3,
    }),
    receipt('WR2026-000205', { requestedBy: 'self', AMT: '1000.00', whReqDate: '2026-11-12' }),
    receipt('WR2026-000301', {
      sourceSystem: 'WMS',
      externalRef: 'WMS-88120',
      status: 'DECIDED',
      approvalStatus: 'APPROVED',
      whAppNo: 'WA2026-000090',
      lastDeciDate: '2026-10-20',
      whReqDate: '2026-10-19',
      AMT: '45000.00',
      deliveryNo: null,
    }),
    receipt('WR2026-000302', {
      sourceSystem: 'MES',
      externalRef: 'MES-4410',
      approvalStatus: 'IN_PROGRESS',
      whReqDate: '2026-11-01',
      AMT: '7000.00',
      deliveryNo: null,
    }),
  ];
  const receiptLines: Record<string, Row[]> = Object.fromEntries(
    receipts.map((r) => [r.whReqNo as string, [line(1, '육각볼트 M8', '5.880', '1500.00', r.AMT as string)]]),
  );
  const orders: Row[] = [
    {
      poNo: 'PO2026-000510',
      title: '체결부품 2건',
      status: 'ACKNOWLEDGED',
      currency: 'KRW',
      poDate: '2026-11-10',
      dueDate: '2026-11-30',
      totalAmount: '24000.00',
      openLineCount: 2,
    },
    {
      poNo: 'PO2026-000500',
      title: '볼트 외 1건',
      status: 'PARTLY_DELIVERED',
      currency: 'KRW',
      poDate: '2026-11-01',
      dueDate: '2026-11-20',
      totalAmount: '15000.00',
      openLineCount: 1,
    },
  ];
  const orderLines: Record<string, Row[]> = {
    'PO2026-000510': [
      {
        lineNo: 1,
        itemCode: 'IT-1001',
        itemName: '육각볼트 M8',
        spec: 'M8x20',
        unitCode: 'EA',
        quantity: '10.000',
        PRICE: '1500.00',
        AMT: '15000.00',
        deliveredQty: '0.000',
        openQty: '10.000',
        deliveryDate: '2026-11-30',
      },
      {
        lineNo: 2,
        itemCode: 'IT-1002',
        itemName: '평와셔 M8',
        spec: null,
        unitCode: 'EA',
        quantity: '4.500',
        PRICE: '2000.00',
        AMT: '9000.00',
        deliveredQty: '0.000',
        openQty: '4.500',
        deliveryDate: '2026-11-30',
      },
      {
        lineNo: 3,
        itemCode: 'IT-1003',
        itemName: '스프링와셔 M8',
        spec: null,
        unitCode: 'EA',
        quantity: '2.000',
        PRICE: '500.00',
        AMT: '1000.00',
        deliveredQty: '2.000',
        openQty: '0.000',
        deliveryDate: '2026-11-30',
      },
    ],
    'PO2026-000500': [
      {
        lineNo: 1,
        itemCode: 'IT-1001',
        itemName: '육각볼트 M8',
        spec: 'M8x20',
        unitCode: 'EA',
        quantity: '10.000',
        PRICE: '1500.00',
        AMT: '15000.00',
        deliveredQty: '6.000',
        openQty: '4.000',
        deliveryDate: '2026-11-20',
      },
    ],
  };
  let nextDelivery = 900;
  let nextReceipt = 900;

  const path = (input: OperationInput, name: string) => String(input.path?.[name] ?? '');
  const body = (input: OperationInput) => (input.body ?? {}) as Record<string, unknown>;
  const findDelivery = (no: string) => {
    const d = deliveries.find((x) => x.deliveryNo === no);
    if (!d) throw new OperationError(404, 'DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
    return d;
  };
  const receiveLines = (d: Row) =>
    (deliveryLines[d.deliveryNo as string] ?? [])
      .filter((l) => l.poLineNo !== null)
      .map((l) => ({
        lineNo: l.lineNo,
        itemName: l.itemName,
        unitCode: l.unitCode,
        deliveredQty: l.quantity,
        quantity: l.quantity,
        shortReason: null,
        shortRemark: null,
      }));
  const deliveryDetail = (d: Row) => ({
    ...d,
    delivery: { ...d },
    lines: (deliveryLines[d.deliveryNo as string] ?? []).map((l) => ({
      shortQty: '0.000',
      shortReason: null,
      shortRemark: null,
      ...l,
    })),
    receiveLines: receiveLines(d),
    subconClocks: [],
    receipts: receipts
      .filter((r) => r.deliveryNo === d.deliveryNo)
      .map((r) => ({ whReqNo: r.whReqNo, status: r.status, approvalStatus: r.approvalStatus, whReqDate: r.whReqDate })),
  });
  const findReceipt = (no: string) => {
    const r = receipts.find((x) => x.whReqNo === no);
    if (!r) throw new OperationError(404, 'RECEIPT_NOT_FOUND', '입고를 찾을 수 없습니다');
    return r;
  };
  const receiptDetail = (r: Row) => ({
    ...r,
    receipt: { ...r },
    lines: receiptLines[r.whReqNo as string] ?? [],
    subconClocks: [],
  });
  const checkVersion = (given: unknown, current: unknown) => {
    if (Number(given) !== Number(current))
      throw new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
        currentVersion: current,
      });
  };
  const list = (v: unknown): string[] =>
    Array.isArray(v) ? v.map(String) : v === undefined || v === null || v === '' ? [] : [String(v)];
  const inRange = (value: unknown, range: unknown) => {
    const [from, to] = list(range);
    const s = String(value ?? '');
    return (!from || s >= from) && (!to || s <= to);
  };

  const deliveryMatch = (noPoOnly: boolean, company: string | null) => (r: Row, q: Record<string, unknown>) => {
    if (company && r.compNo !== company) return false;
    if (noPoOnly && r.noPo !== 'Y') return false;
    if (q.noPo && r.noPo !== q.noPo) return false;
    if (list(q.status).length && !list(q.status).includes(String(r.status))) return false;
    if (q.deliveryDates !== undefined && !inRange(r.deliveryDate, q.deliveryDates)) return false;
    for (const k of ['deliveryNo', 'poNo', 'compName'] as const)
      if (q[k] && !String(r[k] ?? '').includes(String(q[k]))) return false;
    if (
      q.itemName &&
      !(deliveryLines[r.deliveryNo as string] ?? []).some((l) => String(l.itemName).includes(String(q.itemName)))
    )
      return false;
    return true;
  };
  const receiptMatch = (r: Row, q: Record<string, unknown>) => {
    if (q.system === 'GPMS' && r.sourceSystem !== 'GPMS') return false;
    if (q.system === 'OTHER' && r.sourceSystem === 'GPMS') return false;
    for (const k of ['poNo', 'whReqNo', 'whAppNo', 'deptName', 'eprName', 'receiveName'] as const)
      if (q[k] && !String(r[k] ?? '').includes(String(q[k]))) return false;
    if (q.section && r.section !== q.section) return false;
    if (q.expenses && r.expenses !== q.expenses) return false;
    if (list(q.status).length && !list(q.status).includes(String(r.status))) return false;
    if (list(q.approvalStatus).length && !list(q.approvalStatus).includes(String(r.approvalStatus))) return false;
    if (list(q.sourceSystemList).length && !list(q.sourceSystemList).includes(String(r.sourceSystem))) return false;
    if (q.whReqDates !== undefined && !inRange(r.whReqDate, q.whReqDates)) return false;
    if (q.lastDeciDates !== undefined && (!r.lastDeciDate || !inRange(r.lastDeciDate, q.lastDeciDates))) return false;
    return true;
  };
  const totals = (rows: Row[]) => {
    const of = (c: string) =>
      rows
        .filter((r) => r.currency === c)
        .reduce((a, r) => a + Number(r.AMT), 0)
        .toFixed(2);
    return { KRW: of('KRW'), JPY: of('JPY') };
  };
  // A line row is the receipt's list fields and the line's own (the server names each; nothing more).
  const itemRows = () =>
    receipts.flatMap((r) =>
      (receiptLines[r.whReqNo as string] ?? []).map((l) =>
        pick({ ...r, ...l, poNo: r.poNo, AMT: l.AMT }, ITEM_ROW_FIELDS),
      ),
    );

  const whAction =
    (name: string, rule: (r: Row) => boolean, change: (r: Row, b: Record<string, unknown>) => void) =>
    (input: OperationInput) => {
      const r = findReceipt(path(input, 'whReqNo'));
      const b = body(input);
      checkVersion(b.version, r.version);
      if (r.sourceSystem !== 'GPMS')
        throw new OperationError(
          409,
          'RECEIPT_READ_ONLY',
          `${r.sourceSystem}에서 가져온 입고는 이 시스템에서 변경할 수 없습니다`,
        );
      if (!rule(r))
        throw new OperationError(409, 'INVALID_STATE', `${name}: 상태가 맞지 않습니다`, {
          status: `${r.status}/${r.approvalStatus}`,
        });
      change(r, b);
      r.version = Number(r.version) + 1;
      return receiptDetail(r);
    };

  const planLines = (b: Record<string, unknown>, poNo: string | null, previous: Row[] = []) => {
    const given = (b.lines ?? []) as Row[];
    const errors: Array<{ path: string; message: string }> = [];
    let over = false;
    const planned = given.map((l, i) => {
      if (poNo) {
        const pl = (orderLines[poNo] ?? []).find((x) => x.lineNo === l.poLineNo);
        if (!pl) {
          errors.push({ path: `body/lines/${i}/poLineNo`, message: '발주에 없는 품목입니다' });
          return null;
        }
        // Editing: the delivery's own quantity on the line is deliverable again.
        const open = Number(pl.openQty) + Number(previous.find((p) => p.poLineNo === l.poLineNo)?.quantity ?? 0);
        if (Number(l.quantity) > open) {
          over = true;
          errors.push({
            path: `body/lines/${i}/quantity`,
            message: `발주 잔량(${open})을 초과하여 납품할 수 없습니다`,
          });
        }
        return {
          lineNo: i + 1,
          poNo,
          poLineNo: l.poLineNo,
          itemCode: pl.itemCode,
          itemName: pl.itemName,
          spec: pl.spec,
          unitCode: pl.unitCode,
          quantity: Number(l.quantity).toFixed(3),
          PRICE: pl.PRICE,
          AMT: (Number(l.quantity) * Number(pl.PRICE)).toFixed(2),
          BIGO: l.BIGO ?? null,
          poQuantity: pl.quantity,
          poDeliveredQty: pl.deliveredQty,
          openQty: pl.openQty,
          availableQty: pl.openQty,
        };
      }
      return {
        lineNo: i + 1,
        poNo: null,
        poLineNo: null,
        itemCode: l.itemCode ?? null,
        itemName: l.itemName,
        spec: l.spec ?? null,
        unitCode: l.unitCode,
        quantity: Number(l.quantity).toFixed(3),
        PRICE: Number(l.PRICE).toFixed(2),
        AMT: (Number(l.quantity) * Number(l.PRICE)).toFixed(2),
        BIGO: l.BIGO ?? null,
        poQuantity: null,
        poDeliveredQty: null,
        openQty: null,
        availableQty: null,
      };
    });
    if (errors.length)
      throw new OperationError(
        400,
        over ? 'OVER_DELIVERY' : 'VALIDATION',
        over ? '발주 잔량을 초과하는 납품입니다' : '입력 값을 확인하세요',
        errors,
      );
    return planned as Row[];
  };

  const answers: Record<string, FixtureHandler> = {
    // A list with the deliverer's phone is downloaded with a reason (engine/export/download-reason.ts).
    recordPersonalDataDownload: () => ({ recorded: true }),
    // ── deliveries, staff ──
    listDeliveries: (input) => pagedAnswer(deliveries, input, { match: deliveryMatch(false, null) }),
    listNoneOrderDeliveries: (input) => pagedAnswer(deliveries, input, { match: deliveryMatch(true, null) }),
    getDelivery: (input) => deliveryDetail(findDelivery(path(input, 'deliveryNo'))),
    receiveDelivery: (input) => {
      const d = findDelivery(path(input, 'deliveryNo'));
      const b = body(input);
      checkVersion(b.version, d.version);
      if (d.noPo === 'Y')
        throw new OperationError(
          409,
          'DELIVERY_WITHOUT_PO',
          '발주 없는 납품은 입고할 수 없습니다. 발주를 먼저 등록하세요',
        );
      if (d.status !== 'REGISTERED')
        throw new OperationError(
          409,
          'INVALID_STATE',
          d.status === 'RECEIVED' ? '이미 입고된 납품입니다' : '취소된 납품은 입고할 수 없습니다',
          { status: d.status },
        );
      if (!b.expenses)
        throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/expenses', message: '비용 유형을 선택하세요' },
        ]);
      const whReqNo = `WR2026-000${nextReceipt++}`;
      const r = receipt(whReqNo, {
        poNo: d.poNo,
        deliveryNo: d.deliveryNo,
        expenses: b.expenses,
        whReqDate: b.whReqDate ?? todayText(),
        BIGO: b.BIGO || null,
        AMT: d.AMT,
        currency: d.currency,
      });
      receipts.unshift(r);
      receiptLines[whReqNo] = [];
      Object.assign(d, { status: 'RECEIVED', whReqNo, receivedAt: stamp, version: Number(d.version) + 1 });
      return receiptDetail(r);
    },
    // ── deliveries, supplier (company C00001) ──
    listMyDeliveries: (input) => pagedAnswer(deliveries, input, { match: deliveryMatch(false, 'C00001') }),
    listMyNoneOrderDeliveries: (input) => pagedAnswer(deliveries, input, { match: deliveryMatch(true, 'C00001') }),
    getMyDelivery: (input) => {
      const d = findDelivery(path(input, 'deliveryNo'));
      if (d.compNo !== 'C00001') throw new OperationError(404, 'DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
      return deliveryDetail(d);
    },
    listDeliverableOrders: (input) => pagedAnswer(orders, input),
    getDeliverableOrder: (input) => {
      const o = orders.find((x) => x.poNo === path(input, 'poNo'));
      if (!o) throw new OperationError(404, 'PO_NOT_FOUND', '발주를 찾을 수 없습니다');
      return { order: o, lines: orderLines[o.poNo as string] };
    },
    createDelivery: (input) => {
      const b = body(input);
      const poNo = (b.poNo as string | undefined) ?? null;
      if (poNo && !orders.some((o) => o.poNo === poNo))
        throw new OperationError(404, 'PO_NOT_FOUND', '발주를 찾을 수 없습니다');
      const planned = planLines(b, poNo);
      const no = `DLV2026-000${nextDelivery++}`;
      const amount = planned.reduce((a, l) => a + Number(l.AMT), 0).toFixed(2);
      const d = delivery(no, {
        poNo,
        poTitle: poNo ? orders.find((o) => o.poNo === poNo)!.title : null,
        noPo: poNo ? 'N' : 'Y',
        currency: poNo ? 'KRW' : (b.currency ?? 'KRW'),
        AMT: amount,
        lineCount: planned.length,
        deliveryDate: b.deliveryDate,
        arrivalDate: b.arrivalDate ?? null,
        delivererName: b.delivererName ?? null,
        delivererPhone: b.delivererPhone ?? null,
        vehicleNo: b.vehicleNo ?? null,
        FILE_SEQ: b.FILE_SEQ ?? null,
        BIGO: b.BIGO ?? null,
      });
      deliveries.unshift(d);
      deliveryLines[no] = planned;
      return deliveryDetail(d);
    },
    updateDelivery: (input) => {
      const d = findDelivery(path(input, 'deliveryNo'));
      const b = body(input);
      checkVersion(b.version, d.version);
      if (d.status !== 'REGISTERED')
        throw new OperationError(409, 'INVALID_STATE', '등록 상태의 납품만 수정할 수 있습니다', { status: d.status });
      const planned = planLines(b, d.poNo as string | null, deliveryLines[d.deliveryNo as string] ?? []);
      deliveryLines[d.deliveryNo as string] = planned;
      Object.assign(d, {
        deliveryDate: b.deliveryDate,
        arrivalDate: b.arrivalDate ?? null,
        vehicleNo: b.vehicleNo ?? null,
        BIGO: b.BIGO ?? null,
        AMT: planned.reduce((a, l) => a + Number(l.AMT), 0).toFixed(2),
        version: Number(d.version) + 1,
      });
      return deliveryDetail(d);
    },
    cancelDelivery: (input) => {
      const d = findDelivery(path(input, 'deliveryNo'));
      const b = body(input);
      checkVersion(b.version, d.version);
      if (d.status !== 'REGISTERED')
        throw new OperationError(
          409,
          'INVALID_STATE',
          d.status === 'RECEIVED' ? '입고된 납품은 취소할 수 없습니다' : '이미 취소된 납품입니다',
          { status: d.status },
        );
      if (!String(b.reason ?? '').trim())
        throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/reason', message: '취소 사유를 입력하세요' },
        ]);
      Object.assign(d, { status: 'CANCELLED', cancelReason: b.reason, version: Number(d.version) + 1 });
      return deliveryDetail(d);
    },
    // ── warehousing ──
    listWarehousing: (input) => pagedAnswer(receipts, input, { match: receiptMatch, totals }),
    listWarehousingItems: (input) => pagedAnswer(itemRows(), input, { match: receiptMatch, totals }),
    getWarehousing: (input) => receiptDetail(findReceipt(path(input, 'whReqNo'))),
    approveWarehousing: (input) => {
      if (findReceipt(path(input, 'whReqNo')).requestedBy === 'self')
        throw new OperationError(403, 'SELF_APPROVAL', '본인이 요청한 입고는 승인할 수 없습니다');
      return whAction(
        'approve',
        (r) => r.status === 'REQUESTED' && r.approvalStatus === 'PENDING',
        (r) =>
          Object.assign(r, {
            status: 'APPROVED',
            approvalStatus: 'APPROVED',
            whAppNo: `WA2026-000${nextReceipt++}`,
            approvedAt: stamp,
          }),
      )(input);
    },
    rejectWarehousing: whAction(
      'reject',
      (r) => r.status === 'REQUESTED' && r.approvalStatus === 'PENDING',
      (r, b) => Object.assign(r, { approvalStatus: 'REJECTED', rejectReason: b.reason }),
    ),
    resubmitWarehousing: whAction(
      'resubmit',
      (r) => r.approvalStatus === 'REJECTED',
      (r) => Object.assign(r, { approvalStatus: 'PENDING', rejectReason: null }),
    ),
    decideWarehousing: whAction(
      'decide',
      (r) => r.status === 'APPROVED',
      (r, b) => Object.assign(r, { status: 'DECIDED', lastDeciDate: b.lastDeciDate ?? todayText() }),
    ),
    cancelWarehousing: whAction(
      'cancel',
      (r) => r.status === 'REQUESTED' || r.status === 'APPROVED',
      (r, b) => Object.assign(r, { status: 'CANCELLED', cancelReason: b.reason }),
    ),
  };

  return { answers, codes: FULFILMENT_CODES, data: { deliveries, deliveryLines, receipts, orders } };
}
