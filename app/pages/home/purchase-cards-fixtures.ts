import type {
  PendingApprovals,
  RecentDocuments,
  SupplierBiddingInvitations,
  SupplierNewRfqs,
  SupplierOpenOrders,
} from './home-api';

/** Answers of the five home endpoints, in the server's shapes (stories and tests). */
export const APPROVALS: PendingApprovals = {
  total: 3,
  rows: [
    {
      approvalId: 91,
      docType: 'PR',
      docNo: 'PR2026-000412',
      title: '2공장 설비 보수 자재',
      currency: 'KRW',
      amount: '12500000',
      amountKrw: '12500000',
      submittedBy: 'E000005',
      submittedByName: '정수빈',
      submittedAt: '2026-03-02T00:30:00.000Z',
      stepNo: 1,
      stepCount: 2,
      lineName: '구매요청 1천만원 이상',
      version: 1,
    },
    {
      approvalId: 95,
      docType: 'PO',
      docNo: 'PO2026-000377',
      title: '베어링 발주',
      currency: 'JPY',
      amount: '830000',
      amountKrw: '7514156',
      submittedBy: 'E000004',
      submittedByName: '김민수',
      submittedAt: '2026-03-03T02:10:00.000Z',
      stepNo: 1,
      stepCount: 1,
      lineName: '발주 1억원 미만',
      version: 1,
    },
    {
      approvalId: 97,
      docType: 'LOI',
      docNo: 'LOI2026-000025',
      title: '금형 제작 의향',
      currency: 'KRW',
      amount: '90000000',
      amountKrw: '90000000',
      submittedBy: 'E000004',
      submittedByName: '김민수',
      submittedAt: '2026-03-04T05:00:00.000Z',
      stepNo: 1,
      stepCount: 1,
      lineName: 'LOI',
      version: 1,
    },
  ],
};

export const DOCUMENTS: RecentDocuments = {
  total: 3,
  rows: [
    {
      docType: 'PR',
      docNo: 'PR2026-000420',
      title: '사무용 모니터 교체',
      status: 'IN_APPROVAL',
      approvalStatus: 'PENDING',
      currency: 'KRW',
      amount: '3600000',
      counterpart: null,
      updatedAt: '2026-03-05T01:00:00.000Z',
    },
    {
      docType: 'SIMPLE',
      docNo: 'PO2026-000350',
      title: '공구 소액 구매',
      status: 'SENT',
      approvalStatus: 'APPROVED',
      currency: 'KRW',
      amount: '480000',
      counterpart: '한빛정밀',
      updatedAt: '2026-03-04T01:00:00.000Z',
    },
    {
      docType: 'LOI',
      docNo: 'LOI2026-000021',
      title: '연간 공급 의향',
      status: 'ISSUED',
      approvalStatus: 'APPROVED',
      currency: 'KRW',
      amount: '30000000',
      counterpart: '대성산업',
      updatedAt: '2026-03-03T01:00:00.000Z',
    },
  ],
};

export const NEW_RFQS: SupplierNewRfqs = {
  total: 1,
  rows: [
    {
      rfqNo: 'RFQ2026-000101',
      compNo: 'C00001',
      compName: '한빛전자 주식회사',
      title: '생산설비 베어링 구매 견적',
      rfqStatus: 'OPEN',
      status: 'REQUESTED',
      currency: 'KRW',
      deadline: '2026-05-31T14:59:59.999Z',
      deadlinePassed: false,
      buyerName: '김민수',
      lineCount: 2,
      invitedAt: '2026-03-02T01:00:00.000Z',
      checkedAt: null,
      submittedAt: null,
      quoteNo: null,
      totalAmount: null,
      version: 1,
    },
  ],
};

export const OPEN_ORDERS: SupplierOpenOrders = {
  total: 2,
  rows: [
    {
      poNo: 'PO2026-000201',
      compNo: 'C00001',
      compName: '한빛전자 주식회사',
      poType: 'PO',
      poDate: '2026-03-05',
      title: '생산설비 베어링 발주',
      status: 'SENT',
      currency: 'KRW',
      totalAmount: '3400000',
      dueDate: '2026-04-10',
      forwardedAt: '2026-03-05T02:00:00.000Z',
      acknowledgedAt: null,
      buyerName: '김민수',
      lineCount: 2,
      version: 4,
    },
    {
      poNo: 'PO2026-000180',
      compNo: 'C00001',
      compName: '한빛전자 주식회사',
      poType: 'SIMPLE',
      poDate: '2026-02-10',
      title: '사무용품 소액 발주',
      status: 'ACKNOWLEDGED',
      currency: 'KRW',
      totalAmount: '450000',
      dueDate: null,
      forwardedAt: '2026-02-10T02:00:00.000Z',
      acknowledgedAt: '2026-02-11T02:00:00.000Z',
      buyerName: '김민수',
      lineCount: 1,
      version: 2,
    },
  ],
};

const code = (pairs: Array<[string, string]>) => pairs.map(([value, text]) => ({ value, text }));

/** The common codes the cards read from the login (a part of the seed's). */
export const CODES = {
  DOC_TYPE: code([
    ['PR', '구매요청'],
    ['PO', '발주'],
    ['LOI', 'LOI'],
    ['SIMPLE', '소액발주'],
  ]),
  PR_STATUS: code([
    ['DRAFT', '작성중'],
    ['IN_APPROVAL', '결재중'],
    ['APPROVED', '결재완료'],
  ]),
  PO_STATUS: code([
    ['SENT', '발주전송'],
    ['ACKNOWLEDGED', '발주확인'],
    ['PARTLY_DELIVERED', '부분납품'],
  ]),
  LOI_STATUS: code([
    ['ISSUED', '발행'],
    ['ACCEPTED', '수락'],
  ]),
  QUOT_STATUS: code([
    ['REQUESTED', '견적요청'],
    ['CHECKED', '요청확인'],
  ]),
};

export const BIDDING_INVITATIONS: SupplierBiddingInvitations = {
  total: 2,
  tenders: 1,
  auctions: 1,
  rows: [
    {
      kind: 'AUCTION',
      docNo: 'RA2026-000007',
      title: '냉연강판 역경매',
      status: 'OPEN',
      startAt: '2026-04-01T00:00:00.000Z',
      deadline: '2026-04-01T02:00:00.000Z',
      responded: true,
    },
    {
      kind: 'TENDER',
      docNo: 'BD2026-000012',
      title: '베어링 연간 단가 입찰',
      status: 'PUBLISHED',
      startAt: '2026-04-02T00:00:00.000Z',
      deadline: '2026-04-03T09:00:00.000Z',
      responded: false,
    },
  ],
};
