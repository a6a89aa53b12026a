import { sql } from 'kysely';
import { businessNumberCheckDigit } from '../../../lib/business-number.js';
import { corporateNumberCheckDigit } from '../../../lib/corporate-number.js';
import type { Db } from '../connect.js';
import { insertAll } from './insert.js';
import { anchorDate, pad, type Rng } from './rng.js';
import type { Suppliers } from './suppliers.js';

/**
 * The supplier lifecycle's demo rows (docs/suppliers.md): corporate registration numbers and
 * account holders on the master, the categories and sourcing groups each supplier supplies,
 * and status change requests in every state — the approved ones explain why the seed's
 * suspended and closed suppliers are so, and a few open ones wait for a decision.
 */
const SUSPEND_REASONS = [
  '납기 지연 반복 (최근 3개월 5건)',
  '품질 부적합 재발 (시정조치 미이행)',
  '세금계산서 발행 오류 반복',
  '하도급 법규 위반 조사 중',
];
const CLOSE_REASONS = ['폐업 (국세청 휴폐업 조회 확인)', '거래 종료 합의', '장기 미거래 (3년 이상)'];
const OPEN_REASONS = [
  '품질 감사 결과 부적합 — 개선 전까지 거래정지',
  '대표자 변경 확인 후 재개',
  '납품 불량으로 인한 거래정지 요청',
];
const REQUESTER = 'tfadmin';
const APPROVER = 'opadmin';

/** A KST timestamp `days` from the anchor date at `hour`. */
const at = (days: number, hour: number) => `${anchorDate(days)}T${pad(hour, 2)}:00:00+09:00`;

export interface SupplierLifecycle {
  extras: Array<{
    compNo: string;
    corpNo: string | null;
    bankHolder: string;
    statusReason: string | null;
    statusChangedAt: string;
  }>;
  categories: Array<{ compNo: string; catCode: string }>;
  requests: Array<{
    reqNo: string;
    compNo: string;
    fromStatus: 'ACTIVE' | 'SUSPENDED' | 'CLOSED';
    toStatus: 'ACTIVE' | 'SUSPENDED' | 'CLOSED';
    reason: string;
    status: 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
    requestedBy: string;
    requestedAt: string;
    decidedBy: string | null;
    decidedAt: string | null;
    decisionComment: string | null;
  }>;
  erpApps: Array<{
    appNo: string;
    compNo: string;
    status: 'READY' | 'SENT' | 'FAILED';
    idempotencyKey: string;
    erpVendorNo: string | null;
    attempts: number;
    lastError: string | null;
    httpStatus: number | null;
    requestedBy: string;
    requestedAt: string;
    sentAt: string | null;
    sentBy: string | null;
  }>;
  council: Array<{
    compNo: string;
    role: 'CHAIR' | 'VICE' | 'MEMBER';
    termFrom: string;
    termTo: string;
    remark: string | null;
    createdBy: string;
    createdAt: string;
  }>;
  prospects: Array<{
    prospectNo: string;
    compName: string;
    taxNo: string | null;
    ceoName: string | null;
    contactName: string | null;
    email: string;
    phoneNo: string | null;
    items: string | null;
    status: 'FOUND' | 'INVITED' | 'DROPPED';
    foundBy: string;
    foundAt: string;
    invitedAt: string | null;
    invitedBy: string | null;
    dropReason: string | null;
  }>;
}

const PROSPECTS: ReadonlyArray<
  readonly [name: string, items: string, status: 'FOUND' | 'INVITED' | 'DROPPED', finder: string]
> = [
  ['㈜미래정밀가공', 'CNC 정밀가공 부품, 지그', 'FOUND', 'buyer'],
  ['한솔산업자재', '안전용품, 산업용 장갑', 'FOUND', 'operator'],
  ['(주)동방포장', '골판지 박스, 완충재', 'INVITED', 'operator'],
  ['그린케미칼㈜', '세척제, 윤활유', 'INVITED', 'buyer'],
  ['㈜누리전자부품', '커넥터, 케이블 어셈블리', 'FOUND', 'operator'],
  ['대진사무기기', '사무용 복합기 임대', 'DROPPED', 'buyer'],
];

export function buildSupplierLifecycle(rng: Rng, suppliers: Suppliers): SupplierLifecycle {
  const extras: SupplierLifecycle['extras'] = [];
  const categories: SupplierLifecycle['categories'] = [];
  const requests: SupplierLifecycle['requests'] = [];
  const year = anchorDate(0).slice(0, 4);
  const reqNo = () => `CSR${year}-${pad(requests.length + 1, 6)}`;
  for (const c of suppliers.companies) {
    // Corporations (business number middle digits 81–88) have a corporate registration number.
    const corporate = Number(c.taxNo.slice(3, 5)) >= 81;
    const first12 = `${pad(rng.pick([110111, 110114, 120111, 131111, 134811, 160111, 180111, 200111]), 6)}${pad(rng.int(0, 999999), 6)}`;
    let statusReason: string | null = null;
    let statusChangedAt = `${c.regDate}T10:00:00+09:00`;
    if (c.status !== 'ACTIVE') {
      const days = -rng.int(10, 80);
      statusReason = c.status === 'SUSPENDED' ? rng.pick(SUSPEND_REASONS) : rng.pick(CLOSE_REASONS);
      statusChangedAt = at(days + 1, 14);
      requests.push({
        reqNo: reqNo(),
        compNo: c.compNo,
        fromStatus: 'ACTIVE',
        toStatus: c.status as 'SUSPENDED' | 'CLOSED',
        reason: statusReason,
        status: 'APPROVED',
        requestedBy: REQUESTER,
        requestedAt: at(days, 10),
        decidedBy: APPROVER,
        decidedAt: statusChangedAt,
        decisionComment: '확인함',
      });
    }
    extras.push({
      compNo: c.compNo,
      corpNo: corporate ? `${first12}${corporateNumberCheckDigit(first12)}` : null,
      bankHolder: c.compNameKr,
      statusReason,
      statusChangedAt,
    });
    const profile = suppliers.profiles.find((p) => p.compNo === c.compNo);
    for (const catCode of profile?.categories ?? []) categories.push({ compNo: c.compNo, catCode });
  }
  // Open, rejected and withdrawn requests on trading suppliers (not the demo suppliers C00001/C00002,
  // whose journeys must not meet a pending suspension).
  const trading = suppliers.companies.filter((c) => c.status === 'ACTIVE' && c.compNo > 'C00002');
  const pickNext = (k: number) => trading[(k * 7 + 3) % trading.length];
  OPEN_REASONS.forEach((reason, k) => {
    const c = pickNext(k);
    requests.push({
      reqNo: reqNo(),
      compNo: c.compNo,
      fromStatus: 'ACTIVE',
      toStatus: 'SUSPENDED',
      reason,
      status: 'REQUESTED',
      requestedBy: REQUESTER,
      requestedAt: at(-3 + k, 9),
      decidedBy: null,
      decidedAt: null,
      decisionComment: null,
    });
  });
  const rejected = pickNext(3);
  requests.push({
    reqNo: reqNo(),
    compNo: rejected.compNo,
    fromStatus: 'ACTIVE',
    toStatus: 'CLOSED',
    reason: '장기 미거래',
    status: 'REJECTED',
    requestedBy: REQUESTER,
    requestedAt: at(-20, 11),
    decidedBy: APPROVER,
    decidedAt: at(-19, 15),
    decisionComment: '최근 6개월 내 발주 이력 있음',
  });
  const withdrawn = pickNext(4);
  requests.push({
    reqNo: reqNo(),
    compNo: withdrawn.compNo,
    fromStatus: 'ACTIVE',
    toStatus: 'SUSPENDED',
    reason: '납기 지연',
    status: 'WITHDRAWN',
    requestedBy: REQUESTER,
    requestedAt: at(-15, 10),
    decidedBy: REQUESTER,
    decidedAt: at(-15, 16),
    decisionComment: '지연 사유 소명 확인',
  });
  const reactivated = suppliers.companies.find((c) => c.status === 'ACTIVE' && c.compNo > 'C00010');
  if (reactivated) {
    requests.push({
      reqNo: reqNo(),
      compNo: reactivated.compNo,
      fromStatus: 'ACTIVE',
      toStatus: 'SUSPENDED',
      reason: '품질 부적합',
      status: 'APPROVED',
      requestedBy: REQUESTER,
      requestedAt: at(-120, 10),
      decidedBy: APPROVER,
      decidedAt: at(-119, 10),
      decisionComment: null,
    });
    requests.push({
      reqNo: reqNo(),
      compNo: reactivated.compNo,
      fromStatus: 'SUSPENDED',
      toStatus: 'ACTIVE',
      reason: '시정조치 완료 확인',
      status: 'APPROVED',
      requestedBy: REQUESTER,
      requestedAt: at(-60, 10),
      decidedBy: APPROVER,
      decidedAt: at(-59, 10),
      decisionComment: '재개',
    });
  }
  // ERP vendor applications: the first trading suppliers were created in the ERP long ago, one
  // application failed (the ERP's message is kept for a retry), two wait to be sent.
  const erpApps: SupplierLifecycle['erpApps'] = [];
  const active = suppliers.companies.filter((c) => c.status === 'ACTIVE');
  active.slice(0, 11).forEach((c, k) => {
    const status = k < 8 ? 'SENT' : k === 8 ? 'FAILED' : 'READY';
    const days = -200 + k * 15;
    erpApps.push({
      appNo: `GV${year}-${pad(k + 1, 6)}`,
      compNo: c.compNo,
      status,
      // A fixed, readable key per application (a real one is a random UUID).
      idempotencyKey: `00000000-0000-4000-8000-${pad(k + 1, 12)}`,
      erpVendorNo: status === 'SENT' ? `ERP-V${c.compNo.slice(1)}` : null,
      attempts: status === 'READY' ? 0 : status === 'FAILED' ? 2 : 1,
      lastError: status === 'FAILED' ? '거래처 사업자번호가 ERP에 이미 있습니다 (ERP 코드 VEND-409)' : null,
      httpStatus: status === 'FAILED' ? 409 : null,
      requestedBy: REQUESTER,
      requestedAt: at(days, 10),
      sentAt: status === 'SENT' ? at(days, 11) : null,
      sentBy: status === 'SENT' ? REQUESTER : null,
    });
  });
  // The council: members whose flag the seed set, on the current term; the first supplier chairs it.
  const council: SupplierLifecycle['council'] = suppliers.companies
    .filter((c) => c.councilYn === 'Y')
    .map((c, k) => ({
      compNo: c.compNo,
      role: k === 0 ? 'CHAIR' : k === 1 ? 'VICE' : 'MEMBER',
      termFrom: `${Number(year) - 1}-01-01`,
      termTo: `${year}-12-31`,
      remark: null,
      createdBy: REQUESTER,
      createdAt: at(-680, 9),
    }));
  // A past term of some members, so the list shows history.
  council.push(
    ...council.slice(0, 4).map((m) => ({
      ...m,
      role: 'MEMBER' as const,
      termFrom: `${Number(year) - 3}-01-01`,
      termTo: `${Number(year) - 2}-12-31`,
      remark: '전기 임기',
      createdAt: at(-1400, 9),
    })),
  );
  const prospects: SupplierLifecycle['prospects'] = PROSPECTS.map(([compName, items, status, finder], k) => {
    const first9 = `${pad(rng.pick([105, 113, 120, 214, 220]), 3)}${pad(rng.int(81, 88), 2)}${pad(rng.int(0, 9999), 4)}`;
    return {
      prospectNo: `PS${year}-${pad(k + 1, 6)}`,
      compName,
      taxNo: k % 3 === 1 ? null : `${first9}${businessNumberCheckDigit(first9)}`,
      ceoName: null,
      contactName: `담당자${k + 1}`,
      email: `sales${k + 1}@prospect${k + 1}.example.com`,
      phoneNo: `02-${500 + k}-${pad(1000 + k * 37, 4)}`,
      items,
      status,
      foundBy: finder,
      foundAt: at(-40 + k * 5, 10),
      invitedAt: status === 'INVITED' ? at(-38 + k * 5, 15) : null,
      invitedBy: status === 'INVITED' ? REQUESTER : null,
      dropReason: status === 'DROPPED' ? '기존 거래처로 충분함' : null,
    };
  });
  return { extras, categories, requests, erpApps, council, prospects };
}

/** Writes the lifecycle rows after the companies, items and orders are in (one transaction, the seed's). */
export async function insertSupplierLifecycle(trx: Db, data: SupplierLifecycle): Promise<void> {
  const values = sql.join(
    data.extras.map(
      (e) => sql`(${e.compNo}, ${e.corpNo}, ${e.bankHolder}, ${e.statusReason}, ${e.statusChangedAt}::timestamptz)`,
    ),
  );
  await sql`update company c set corp_no = v.corp_no, bank_holder = v.bank_holder, status_reason = v.status_reason, status_changed_at = v.changed_at
    from (values ${values}) as v(comp_no, corp_no, bank_holder, status_reason, changed_at) where c.comp_no = v.comp_no`.execute(
    trx,
  );
  await insertAll(trx, 'companyCategory', data.categories);
  // What each supplier supplies by sourcing group: the groups of the lines it has been ordered.
  await sql`insert into company_sourcing_group (comp_no, sg_code)
    select distinct h.comp_no, l.sg_code from po_header h join po_line l on l.po_no = h.po_no where l.sg_code is not null`.execute(
    trx,
  );
  await insertAll(trx, 'companyStatusRequest', data.requests);
  await insertAll(
    trx,
    'auditLog',
    data.requests.flatMap((r) => [
      {
        entity: 'company_status_request',
        entityKey: r.reqNo,
        action: 'CREATE',
        actor: r.requestedBy,
        at: r.requestedAt,
        beforeData: null,
        afterData: JSON.stringify({ toStatus: r.toStatus }),
        reason: r.reason,
      },
      ...(r.status === 'APPROVED'
        ? [
            {
              entity: 'company',
              entityKey: r.compNo,
              action: 'STATUS_CHANGE',
              actor: r.decidedBy,
              at: r.decidedAt!,
              beforeData: JSON.stringify({ status: r.fromStatus }),
              afterData: JSON.stringify({ status: r.toStatus, reqNo: r.reqNo }),
              reason: r.reason,
            },
          ]
        : []),
    ]),
  );
  await insertAll(trx, 'erpVendorApp', data.erpApps);
  await insertAll(trx, 'companyCouncil', data.council);
  await insertAll(trx, 'companyProspect', data.prospects);
  const year = anchorDate(0).slice(0, 4);
  for (const [prefix, lastValue] of [
    ['CSR', data.requests.length],
    ['GV', data.erpApps.length],
    ['PS', data.prospects.length],
  ] as const) {
    await trx
      .insertInto('documentSequence')
      .values({ prefix, period: year, lastValue })
      .onConflict((oc) => oc.columns(['prefix', 'period']).doUpdateSet({ lastValue }))
      .execute();
  }
}
