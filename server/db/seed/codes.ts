/**
 * Common code groups and codes (cmmnCodeManage). Status codes here are the values the
 * document tables store, so screens render them through these texts.
 */
export interface CodeGroupRow {
  groupId: string;
  nameKo: string;
  nameEn: string;
  description: string | null;
  sortOrder: number;
}

export interface CodeRow {
  groupId: string;
  code: string;
  textKo: string;
  textEn: string;
  attr1: string | null;
  attr2: string | null;
  sortOrder: number;
}

type CodeDef = readonly [code: string, ko: string, en: string, attr1?: string, attr2?: string];
interface GroupDef {
  id: string;
  ko: string;
  en: string;
  description?: string;
  codes: readonly CodeDef[];
}

/** Order status lifecycle of DESIGN §6; the purchasing module moves po_header.status along it. */
export const PO_STATUSES = [
  'DRAFT',
  'IN_APPROVAL',
  'APPROVED',
  'SENT',
  'ACKNOWLEDGED',
  'PARTLY_DELIVERED',
  'DELIVERED',
  'CLOSED',
  'CANCELLED',
] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

/** Position codes; a higher code is a more senior rank. */
export const POSITIONS: readonly CodeDef[] = [
  ['10', '사원', 'Staff'],
  ['20', '대리', 'Assistant Manager'],
  ['30', '과장', 'Manager'],
  ['40', '차장', 'Deputy General Manager'],
  ['50', '부장', 'General Manager'],
  ['60', '이사', 'Director'],
  ['70', '상무', 'Managing Director'],
  ['80', '전무', 'Executive Vice President'],
];

export const BANKS: readonly CodeDef[] = [
  ['004', 'KB국민은행', 'KB Kookmin Bank'],
  ['088', '신한은행', 'Shinhan Bank'],
  ['020', '우리은행', 'Woori Bank'],
  ['081', '하나은행', 'Hana Bank'],
  ['003', 'IBK기업은행', 'Industrial Bank of Korea'],
  ['011', 'NH농협은행', 'NongHyup Bank'],
  ['023', 'SC제일은행', 'SC First Bank'],
  ['031', '아이엠뱅크', 'iM Bank'],
  ['032', '부산은행', 'Busan Bank'],
  ['039', '경남은행', 'Kyongnam Bank'],
];

export const SIMPLE_ORDER_LIMIT_KRW = 5_000_000;
/** KRW per 100 JPY (spec §5: JPY amounts are divided by 100 when converted, then rounded). */
export const JPY_RATE_PER_100 = '905.32';

const GROUPS: readonly GroupDef[] = [
  {
    id: 'PR_STATUS',
    ko: '구매요청 상태',
    en: 'PR status',
    codes: [
      ['DRAFT', '작성중', 'Draft'],
      ['IN_APPROVAL', '결재중', 'In approval'],
      ['APPROVED', '결재완료', 'Approved'],
      ['RECEIVED', '구매접수', 'Received by purchasing'],
      ['QUOT_REQUESTED', '견적요청', 'Quotation requested'],
      ['ORDERED', '발주완료', 'Ordered'],
      ['REJECTED', '반려', 'Rejected'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'QUOT_STATUS',
    ko: '견적 상태',
    en: 'Quotation status',
    codes: [
      ['REQUESTED', '견적요청', 'Requested'],
      ['CHECKED', '요청확인', 'Checked'],
      ['SUBMITTED', '견적제출', 'Submitted'],
      ['SELECTED', '선정', 'Selected'],
      ['NOT_SELECTED', '미선정', 'Not selected'],
      ['CANCELLED', '요청취소', 'Request cancelled'],
    ],
  },
  {
    id: 'RFQ_STATUS',
    ko: '견적요청 상태',
    en: 'Quotation request status',
    codes: [
      ['OPEN', '견적진행', 'Open'],
      ['AWARDED', '업체선정', 'Awarded'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'PO_STATUS',
    ko: '발주 상태',
    en: 'PO status',
    codes: [
      ['DRAFT', '작성중', 'Draft'],
      ['IN_APPROVAL', '결재중', 'In approval'],
      ['APPROVED', '결재완료', 'Approved'],
      ['SENT', '발주전송', 'Sent to supplier'],
      ['ACKNOWLEDGED', '발주확인', 'Acknowledged'],
      ['PARTLY_DELIVERED', '부분납품', 'Partly delivered'],
      ['DELIVERED', '납품완료', 'Delivered'],
      ['CLOSED', '종결', 'Closed'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'PO_TYPE',
    ko: '발주 유형',
    en: 'PO type',
    codes: [
      ['PO', '일반발주', 'Purchase order'],
      ['SIMPLE', '소액발주', 'Simple order'],
    ],
  },
  {
    id: 'LOI_STATUS',
    ko: 'LOI 상태',
    en: 'LOI status',
    codes: [
      ['DRAFT', '작성중', 'Draft'],
      ['IN_APPROVAL', '결재중', 'In approval'],
      ['ISSUED', '발행', 'Issued'],
      ['ACCEPTED', '수락', 'Accepted'],
      ['EXPIRED', '만료', 'Expired'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'DELIVERY_STATUS',
    ko: '납품 상태',
    en: 'Delivery status',
    codes: [
      ['REGISTERED', '납품등록', 'Registered'],
      ['RECEIVED', '입고완료', 'Received'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'WH_STATUS',
    ko: '입고 상태',
    en: 'Receipt status',
    codes: [
      ['REQUESTED', '입고요청', 'Requested'],
      ['APPROVED', '입고승인', 'Approved'],
      ['DECIDED', '최종확정', 'Finally decided'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'APPROVAL_STATUS',
    ko: '결재 상태',
    en: 'Approval status',
    codes: [
      ['NONE', '미상신', 'Not submitted'],
      ['PENDING', '결재대기', 'Pending'],
      ['IN_PROGRESS', '결재진행', 'In progress'],
      ['APPROVED', '승인', 'Approved'],
      ['REJECTED', '반려', 'Rejected'],
      ['WITHDRAWN', '회수', 'Withdrawn'],
    ],
  },
  {
    id: 'SETTLE_STATUS',
    ko: '정산 상태',
    en: 'Settlement status',
    codes: [
      ['DRAFT', '정산작성', 'Draft'],
      ['CONFIRM_REQUESTED', '확인요청', 'Confirmation requested'],
      ['CONFIRMED', '협력사확인', 'Confirmed by supplier'],
      ['DISPUTED', '이의제기', 'Disputed'],
      ['POSTED', '전기완료', 'Posted'],
      ['POST_FAILED', '전기오류', 'Posting failed'],
    ],
  },
  {
    id: 'ADJUST_STATUS',
    ko: '정산조정 상태',
    en: 'Adjustment status',
    codes: [
      ['REQUESTED', '승인요청', 'Requested'],
      ['APPROVED', '승인', 'Approved'],
      ['REJECTED', '반려', 'Rejected'],
      ['CANCELLED', '취소', 'Cancelled'],
    ],
  },
  {
    id: 'POSTING_STATUS',
    ko: '기표 상태',
    en: 'Posting status',
    codes: [
      ['READY', '전기대기', 'Ready'],
      ['SENT', 'ERP 전송', 'Sent to ERP'],
      ['POSTED', '전기완료', 'Posted'],
      ['FAILED', '전기오류', 'Failed'],
      ['RETRIED', '재처리', 'Retried'],
    ],
  },
  {
    id: 'EMP_STATUS',
    ko: '재직 상태',
    en: 'Employment status',
    codes: [
      ['ACTIVE', '재직', 'Active'],
      ['LEAVE', '휴직', 'On leave'],
      ['RETIRED', '퇴직', 'Retired'],
    ],
  },
  {
    id: 'COMP_STATUS',
    ko: '협력사 거래상태',
    en: 'Supplier status',
    codes: [
      ['ACTIVE', '거래중', 'Active'],
      ['SUSPENDED', '거래정지', 'Suspended'],
      ['CLOSED', '거래종료', 'Closed'],
    ],
  },
  {
    id: 'USER_STATUS',
    ko: '계정 상태',
    en: 'Account status',
    codes: [
      ['NORMAL', '정상', 'Normal'],
      ['DORMANT', '휴면', 'Dormant'],
      ['ABNORMAL', '비정상', 'Abnormal'],
    ],
  },
  { id: 'POSITION', ko: '직위', en: 'Position', codes: POSITIONS },
  {
    id: 'CURRENCY',
    ko: '통화',
    en: 'Currency',
    description: 'attr1: 기호, attr2: 환산 단위',
    codes: [
      ['KRW', '원화', 'Korean won', '₩', '1'],
      ['JPY', '엔화', 'Japanese yen', '¥', '100'],
    ],
  },
  {
    id: 'YN',
    ko: '예/아니오',
    en: 'Yes/No',
    codes: [
      ['Y', '예', 'Yes'],
      ['N', '아니오', 'No'],
    ],
  },
  {
    id: 'USE_YN',
    ko: '사용여부',
    en: 'In use',
    codes: [
      ['Y', '사용', 'In use'],
      ['N', '미사용', 'Not in use'],
    ],
  },
  {
    id: 'LOGIN_MODE',
    ko: '로그인 방식',
    en: 'Login mode',
    codes: [
      ['AD', 'AD 인증', 'Active Directory'],
      ['SSO', 'SSO', 'Single sign-on'],
      ['SSO_AD', 'SSO (AD 대체)', 'SSO with AD fallback'],
    ],
  },
  {
    id: 'SOURCE_SYSTEM',
    ko: '원천 시스템',
    en: 'Source system',
    codes: [
      ['GPMS', 'GPMS (본 시스템)', 'GPMS (this system)'],
      ['GERP', '글로벌 ERP', 'Global ERP'],
      ['MES', '생산관리시스템(MES)', 'Manufacturing execution (MES)'],
      ['WMS', '창고관리시스템(WMS)', 'Warehouse management (WMS)'],
      ['LEGACY', '구 구매시스템', 'Legacy purchasing'],
    ],
  },
  {
    id: 'EXPENSES',
    ko: '비용 유형',
    en: 'Expense type',
    codes: [
      ['MATERIAL', '재료비', 'Materials'],
      ['CONSUMABLE', '소모품비', 'Consumables'],
      ['REPAIR', '수선비', 'Repairs'],
      ['OFFICE', '사무용품비', 'Office supplies'],
      ['IT', '전산비', 'IT'],
      ['FREIGHT', '운반비', 'Freight'],
      ['OUTSOURCING', '외주가공비', 'Outsourced processing'],
      ['ASSET', '자산취득', 'Capital expenditure'],
    ],
  },
  {
    id: 'OTP_CHANNEL',
    ko: '인증번호 수신',
    en: 'One-time code channel',
    codes: [
      ['SMS', '문자(SMS)', 'Text message'],
      ['EMAIL', '이메일', 'E-mail'],
    ],
  },
  { id: 'BANK', ko: '은행', en: 'Bank', codes: BANKS },
  {
    id: 'DOC_TYPE',
    ko: '문서 유형',
    en: 'Document type',
    codes: [
      ['PR', '구매요청', 'Purchase request'],
      ['PO', '발주', 'Purchase order'],
      ['LOI', 'LOI', 'Letter of intent'],
      ['SIMPLE', '소액발주', 'Simple order'],
      ['BUDGET', '예산전용', 'Budget transfer'],
      ['AGREEMENT', '단가계약', 'Framework agreement'],
      ['PO_CHANGE', '발주변경', 'PO change order'],
      ['CONTRACT', '전자계약', 'Electronic contract'],
    ],
  },
  {
    id: 'EVAL_GRADE',
    ko: '평가 등급',
    en: 'Evaluation grade',
    description: 'attr1: 최저 점수',
    codes: [
      ['S', 'S (최우수)', 'S (excellent)', '90'],
      ['A', 'A (우수)', 'A (good)', '80'],
      ['B', 'B (보통)', 'B (fair)', '70'],
      ['C', 'C (미흡)', 'C (poor)', '60'],
      ['D', 'D (부적격)', 'D (unacceptable)', '0'],
    ],
  },
  {
    id: 'LANGUAGE',
    ko: '언어',
    en: 'Language',
    codes: [
      ['ko_KR', '한국어', 'Korean'],
      ['en_US', '영어', 'English'],
    ],
  },
  {
    id: 'SYSTEM_CONST',
    ko: '시스템 상수',
    en: 'System constants',
    description: 'attr1: 값, attr2: 단위',
    codes: [
      ['SIMPLE_ORDER_LIMIT', '소액발주 한도', 'Simple order limit', String(SIMPLE_ORDER_LIMIT_KRW), 'KRW'],
      ['JPY_RATE', '엔화 환율 (100엔당)', 'JPY rate (KRW per 100 JPY)', JPY_RATE_PER_100, 'KRW/100JPY'],
      // The letterhead of printed documents (purchase orders, statements).
      ['COMPANY_NAME', '회사명', 'Company name', '(주)지피엠에스'],
      ['COMPANY_ADDRESS', '회사 주소', 'Company address', '서울특별시 중구 세종대로 110'],
      ['COMPANY_TEL', '회사 대표전화', 'Company telephone', '02-1234-5678'],
      // When a change of a sent order needs approval again (docs/agreements.md): AMOUNT_UP, PRICE_UP, PCT:n; comma-separated, any one.
      ['PO_CHANGE_APPROVAL', '발주변경 재결재 기준', 'PO change re-approval rule', 'AMOUNT_UP'],
    ],
  },
  {
    // Policies and category mappings: server/db/seed/budget.ts (docs/budget.md).
    id: 'BUDGET_ACCOUNT',
    ko: '예산계정',
    en: 'Budget accounts',
    description: '예산 통제 계정 (구매요청 품목의 비용 요소)',
    codes: [
      ['RAW', '원재료', 'Raw materials'],
      ['SUP', '소모품', 'Consumables'],
      ['EQP', '설비', 'Equipment'],
      ['OUT', '외주가공', 'Outsourced processing'],
      ['PKG', '포장재', 'Packaging'],
      ['RND', '시험연구', 'Research and testing'],
    ],
  },
];

export function buildCodes(): { groups: CodeGroupRow[]; codes: CodeRow[] } {
  const groups: CodeGroupRow[] = [];
  const codes: CodeRow[] = [];
  GROUPS.forEach((g, gi) => {
    groups.push({
      groupId: g.id,
      nameKo: g.ko,
      nameEn: g.en,
      description: g.description ?? null,
      sortOrder: (gi + 1) * 10,
    });
    g.codes.forEach(([code, ko, en, attr1, attr2], ci) => {
      codes.push({
        groupId: g.id,
        code,
        textKo: ko,
        textEn: en,
        attr1: attr1 ?? null,
        attr2: attr2 ?? null,
        sortOrder: (ci + 1) * 10,
      });
    });
  });
  return { groups, codes };
}
