/**
 * The three-level menu tree of both portals: area → group → leaf. Only leaves navigate; a
 * leaf's sspSubUrls are the screens opened from it (edit screens of a list), so the server can
 * map any route back to the menu that authorises it. External paths are stored without /cyber.
 */
export interface MenuRow {
  pgmId: string;
  parentId: string | null;
  depth: 1 | 2 | 3;
  pgmName: string;
  pgmNameEn: string;
  sspUrl: string | null;
  sspSubUrls: string[];
  leaf: 'T' | 'F';
  portal: 'I' | 'X';
  sortOrder: number;
  useYn: 'Y' | 'N';
}

type Leaf = readonly [pgmId: string, ko: string, en: string, url: string, subUrls?: readonly string[]];
interface Group {
  id: string;
  ko: string;
  en: string;
  leaves: readonly Leaf[];
}
interface Area {
  id: string;
  ko: string;
  en: string;
  groups: readonly Group[];
}

const INTERNAL: readonly Area[] = [
  {
    id: 'PUR',
    ko: '구매관리',
    en: 'Purchasing',
    groups: [
      {
        id: 'PUR_PR',
        ko: '구매요청',
        en: 'Purchase Requests',
        leaves: [
          ['PUR_PR_LIST', '구매요청', 'Purchase Requests', '/prList', ['/prEdit']],
          ['PUR_PR_CONFIRM', '구매요청 접수', 'PR Receipt', '/prConfirmList', ['/prConfirmEdit']],
        ],
      },
      {
        id: 'PUR_ORDER',
        ko: '발주',
        en: 'Orders',
        leaves: [
          ['PUR_ORDER_REQUEST', '발주요청', 'Order Requests', '/OrderRequestList', ['/OrderRequestEdit']],
          ['PUR_LOI_REQUEST', 'LOI 요청', 'Letters of Intent', '/LoiRequestList', ['/LoiRequestEdit']],
          ['PUR_SIMPLE_ORDER', '소액발주', 'Simple Orders', '/SimpleOrderList', ['/SimpleOrderEdit']],
          // Last, where migration 0670 appends it in a database seeded before.
          [
            'PUR_AGREEMENT',
            '단가계약',
            'Framework Agreements',
            '/AgreementList',
            ['/AgreementEdit', '/AgreementConsumption'],
          ],
        ],
      },
      {
        id: 'PUR_DEV',
        ko: '개발도구',
        en: 'Developer Tools',
        leaves: [['PUR_DEV_TEST_PO', '발주 테스트', 'PO Test', '/testPo']],
      },
      {
        // Budget control (docs/budget.md): last of 구매관리, where migration 0431 appends it in a database seeded before.
        id: 'PUR_BUDGET',
        ko: '예산관리',
        en: 'Budgets',
        leaves: [
          ['PUR_BUDGET_MANAGE', '예산관리', 'Budget Lines', '/budget/budgetManage'],
          ['PUR_BUDGET_REPORT', '예산현황', 'Budget Report', '/budget/budgetReport'],
          // Last, where migration 0450 appends it in a database seeded before.
          ['PUR_BUDGET_TRANSFER', '예산전용', 'Budget Transfers', '/budget/budgetTransfer'],
          // Budget imports and uploads (migration 0501 appends it in a database seeded before): read for the budget groups, write (the ERP's push) for 99 only.
          ['PUR_BUDGET_IMPORT', '예산 연계', 'Budget Imports', '/budget/budgetImport'],
        ],
      },
      {
        // Last (after 예산관리), as migration 0441 adds the same rows to a database seeded before tenders.
        id: 'PUR_BID',
        ko: '전자입찰',
        en: 'Sealed Bids',
        leaves: [
          ['PUR_BID_TENDER', '입찰 관리', 'Tenders', '/bid/tenderList', ['/bid/tenderEdit']],
          ['PUR_BID_OPEN', '개찰', 'Bid Opening', '/bid/tenderOpen'],
          // Migration 0461 adds the same row to a database seeded before auctions (0480 its create form).
          [
            'PUR_BID_AUCTION',
            '역경매',
            'Reverse Auctions',
            '/bid/auctionList',
            ['/bid/auctionMonitor', '/bid/auctionEdit'],
          ],
        ],
      },
      {
        // Last (after 전자입찰), as migration 0701 adds the same rows to a database seeded before contracts.
        id: 'PUR_CONTRACT',
        ko: '전자계약',
        en: 'Electronic Contracts',
        leaves: [
          [
            'PUR_CONTRACT_LIST',
            '계약 관리',
            'Contracts',
            '/contract/contractList',
            ['/contract/contractDetail', '/contract/contractCreate'],
          ],
          [
            'PUR_CONTRACT_TEMPLATE',
            '계약 템플릿',
            'Contract Templates',
            '/contract/templateList',
            ['/contract/templateEdit'],
          ],
          ['PUR_CONTRACT_VERIFY', '계약서 검증', 'Verify a Contract', '/contract/contractVerify'],
          // After 검증, as migration 0730 adds it to a database seeded before it.
          ['PUR_CONTRACT_CLAUSE', '계약 조항', 'Contract Clauses', '/contract/clauseList'],
        ],
      },
      {
        // 하도급법 (docs/subcontracting.md): last of 구매관리, where migration 1110 appends it in a database seeded before.
        id: 'PUR_SUBCON',
        ko: '하도급',
        en: 'Subcontracting',
        leaves: [
          ['PUR_SUBCON_RULE', '하도급 대상 규칙', 'Subcontracting Rules', '/subconRuleManage'],
          ['PUR_SUBCON_COMPLIANCE', '하도급 준수 현황', 'Subcontracting Compliance', '/subconCompliance'],
          // The FTC's rates (migration 1163 adds it to a database seeded before).
          ['PUR_SUBCON_RATE', '하도급 이율', 'Subcontracting Rates', '/subconRateManage'],
          // 납품대금 연동's indexes (migration 1122 adds it to a database seeded before).
          ['PUR_SUBCON_LINKAGE_INDEX', '연동 기준 지표', 'Price Linkage Indexes', '/linkageIndexManage'],
          // The suppliers' 납품대금 조정협의 requests (migration 1128 adds it to a database seeded before).
          ['PUR_SUBCON_COORDINATION', '납품대금 조정협의', 'Price Coordination Requests', '/priceCoordinationList'],
        ],
      },
    ],
  },
  {
    id: 'WHS',
    ko: '입고/정산',
    en: 'Receiving & Settlement',
    groups: [
      {
        id: 'WHS_DELIVERY',
        ko: '납품',
        en: 'Deliveries',
        leaves: [
          ['WHS_DELIVERY_LIST', '납품현황', 'Deliveries', '/deliverListAdmin', ['/deliverEditAdmin']],
          ['WHS_NONE_ORDER', '무발주 납품', 'Deliveries without PO', '/noneOrderViewAdmin'],
        ],
      },
      {
        id: 'WHS_RECEIPT',
        ko: '입고',
        en: 'Goods Receipts',
        leaves: [
          ['WHS_RECEIPT_LIST', '입고현황', 'Goods Receipts', '/warehousingList'],
          ['WHS_RECEIPT_ITEMS', '입고품목현황', 'Goods Receipt Lines', '/warehousingItemList'],
          ['WHS_RECEIPT_LIST_ALT', '입고현황(타시스템)', 'Goods Receipts (Other Systems)', '/warehousingListCopy'],
          [
            'WHS_RECEIPT_ITEMS_ALT',
            '입고품목현황(타시스템)',
            'Goods Receipt Lines (Other Systems)',
            '/warehousingItemListCopy',
          ],
        ],
      },
      {
        id: 'WHS_SETTLE',
        ko: '정산',
        en: 'Settlement',
        leaves: [
          ['WHS_SETTLE_MONTHLY', '월정산', 'Monthly Settlement', '/monthlyCalcAdmin', ['/monthlyCalcADetail']],
          ['WHS_SETTLE_ADJUST', '정산조정', 'Settlement Adjustment', '/adjustment'],
          ['WHS_SETTLE_ADJUST_HIST', '정산조정 이력', 'Adjustment History', '/adjustSearch'],
          ['WHS_SETTLE_STATEMENT', '거래명세서', 'Transaction Statements', '/statement'],
          // Migration 0650 adds the three tax-invoice leaves to a database seeded before them.
          [
            'WHS_SETTLE_TAX_INVOICE',
            '세금계산서',
            'Tax Invoices',
            '/taxInvoice',
            // Migration 0980 adds the match view (/taxInvoiceMatch) to a database seeded before it.
            ['/taxInvoiceDetail', '/taxInvoiceIntake', '/taxInvoiceMatch'],
          ],
          ['WHS_SETTLE_TAX_DEADLINE', '세금계산서 발행기한', 'Tax Invoice Deadlines', '/taxInvoiceDeadline'],
          // Migration 0942 adds the three tax-settings leaves to a database seeded before them.
          ['WHS_SETTLE_ITEM_TAX_TYPE', '품목 과세유형', 'Item Tax Types', '/itemTaxType', ['/itemTaxTypeEdit']],
          [
            'WHS_SETTLE_SUPPLIER_TAX_TYPE',
            '협력사 과세유형',
            'Supplier Tax Types',
            '/supplierTaxType',
            ['/supplierTaxTypeEdit'],
          ],
          ['WHS_SETTLE_PUBLIC_HOLIDAY', '공휴일 관리', 'Public Holidays', '/publicHoliday'],
        ],
      },
      {
        id: 'WHS_POSTING',
        ko: '기표/ERP 연동',
        en: 'Posting & ERP',
        leaves: [
          ['WHS_POSTING_VOUCHER', '기표현황', 'Posting Vouchers', '/signifier', ['/signifierDetail']],
          ['WHS_POSTING_ERROR', '전기오류', 'Posting Errors', '/posting-error'],
          ['WHS_POSTING_DOWNLOAD', '자료 다운로드', 'Data Download', '/dataDownload'],
          ['WHS_POSTING_TAX_EXCEPTION', '세금계산서 예외', 'Tax Invoice Exceptions', '/taxInvoiceException'],
        ],
      },
    ],
  },
  {
    id: 'BIZ',
    ko: '협력사관리',
    en: 'Supplier Management',
    groups: [
      {
        id: 'BIZ_COMP',
        ko: '협력사',
        en: 'Suppliers',
        leaves: [
          [
            'BIZ_COMP_MASTER',
            '협력사 마스터',
            'Supplier Master',
            '/CompManageList',
            ['/CompManageEdit', '/compManage/CyberCompManageEdit'],
          ],
          ['BIZ_COMP_STATUS', '협력사 현황', 'Supplier Status', '/compStatusList', ['/compStatusView']],
          ['BIZ_COMP_CHANGE_STATUS', '거래상태 변경', 'Status Change Requests', '/compChangeStatusList'],
          ['BIZ_COMP_COUNCIL', '협력회', 'Supplier Council', '/CompCouncilList'],
          ['BIZ_COMP_USERS', '협력사 사용자', 'Supplier Users', '/compUserManageList'],
        ],
      },
      {
        id: 'BIZ_REG',
        ko: '협력사 등록',
        en: 'Supplier Registration',
        leaves: [
          ['BIZ_REG_REQUEST', '등록요청', 'Registration Requests', '/compRegList'],
          ['BIZ_REG_EXCAVATION', '협력사 발굴', 'Prospective Suppliers', '/compExcavationList'],
          ['BIZ_REG_GERP', 'ERP 등록신청', 'ERP Vendor Applications', '/compGerpAppList', ['/compGerpAppEdit']],
        ],
      },
    ],
  },
  {
    id: 'EVA',
    ko: '평가관리',
    en: 'Supplier Evaluation',
    groups: [
      {
        id: 'EVA_WORK',
        ko: '평가수행',
        en: 'Evaluation Work',
        leaves: [
          ['EVA_WORK_TASKS', '평가작업', 'My Evaluation Tasks', '/evaWorkList', ['/evaWorkEdit']],
          ['EVA_WORK_TOTAL', '종합평가', 'Total Evaluation', '/compEvaTotalList', ['/compEvaTotalEdit']],
          [
            'EVA_WORK_RESULT',
            '평가결과',
            'Evaluation Results',
            '/business/evaResult/evaWorkResultList',
            ['/business/evaResult/evaWorkResultView'],
          ],
        ],
      },
      {
        id: 'EVA_MANAGE',
        ko: '평가기준관리',
        en: 'Evaluation Settings',
        leaves: [
          ['EVA_MANAGE_SETTING', '평가설정', 'Evaluation Settings', '/business/evaManage/evaSetting'],
          [
            'EVA_MANAGE_REGISTRATION',
            '등록평가',
            'Registration Evaluations',
            '/business/evaManage/compRegMngList',
            ['/business/evaManage/compRegMngDetail'],
          ],
          [
            'EVA_MANAGE_CONTRACT',
            '구매계약 협력사',
            'Contract Suppliers',
            '/business/evaManage/purContCompMngList',
            ['/business/evaManage/purContCompMngDetail'],
          ],
          [
            'EVA_MANAGE_SATISFACTION',
            '거래만족도',
            'Transaction Satisfaction',
            '/business/evaManage/transSatisMngList',
            ['/business/evaManage/transSatisMngDetail'],
          ],
        ],
      },
    ],
  },
  {
    id: 'ITEM',
    ko: '품목관리',
    en: 'Items',
    groups: [
      {
        id: 'ITEM_MASTER',
        ko: '품목',
        en: 'Item Master',
        leaves: [
          ['ITEM_MASTER_DETAIL', '품목조회', 'Item Details', '/itemDetail'],
          ['ITEM_MASTER_INSERT', '품목등록', 'New Item', '/itemInsert'],
          ['ITEM_MASTER_EXCEL', '품목 엑셀등록', 'Item Excel Upload', '/itemExcelUpList', ['/itemExcelUpDetail']],
          [
            'ITEM_MASTER_PROPOSAL',
            '협력사 단가제안',
            'Supplier Proposals',
            '/itemProposalList',
            ['/itemProposalDetail'],
          ],
        ],
      },
      {
        id: 'ITEM_STANDARD',
        ko: '기준정보',
        en: 'Reference Data',
        leaves: [
          ['ITEM_STANDARD_CATEGORY', '품목분류', 'Item Categories', '/item/category/categoryManage'],
          ['ITEM_STANDARD_SOURCING', '소싱그룹', 'Sourcing Groups', '/item/comp/sourcingGroup'],
          ['ITEM_STANDARD_ATTRIBUTE', '품목속성', 'Item Attributes', '/attribute'],
          ['ITEM_STANDARD_ATTR_VALUE', '속성값', 'Attribute Values', '/attributeValue'],
          ['ITEM_STANDARD_UNIT', '단위', 'Units of Measure', '/unitMaster'],
        ],
      },
    ],
  },
  {
    id: 'ASSET',
    ko: '자산관리',
    en: 'Assets',
    groups: [
      {
        id: 'ASSET_MANAGE',
        ko: '자산',
        en: 'Assets',
        leaves: [
          ['ASSET_MANAGE_LIST', '자산현황', 'Assets', '/assetManagementList'],
          ['ASSET_MANAGE_REGISTER', '자산등록', 'Asset Registration', '/assetManagementRegisterList'],
          ['ASSET_MANAGE_INVENTORY', '자산실사', 'Asset Inventory', '/assetInventoryList'],
        ],
      },
    ],
  },
  {
    id: 'RPT',
    ko: '리포트',
    en: 'Reports',
    groups: [
      {
        id: 'RPT_COST',
        ko: '단가분석',
        en: 'Price Analysis',
        leaves: [
          ['RPT_COST_DIFFERENCE', '단가 차이', 'Unit Price Differences', '/report/costUnit/costUnitDifference'],
          [
            'RPT_COST_HIGH',
            '고단가 품목',
            'High-Price Items',
            '/report/costUnit/highCostUnit',
            ['/report/costUnit/highCostUnitDetail'],
          ],
          ['RPT_COST_ITEM_MASTER', '품목 기준단가', 'Item Master Cost', '/report/manage/itemMasterCostNew'],
        ],
      },
      {
        id: 'RPT_MONTHLY',
        ko: '월간 리포트',
        en: 'Monthly Reports',
        leaves: [
          ...(
            [
              ['사업부문별 구매실적', 'Spend by Section'],
              ['부서별 구매실적', 'Spend by Department'],
              ['협력사별 구매실적', 'Spend by Supplier'],
              ['품목분류별 구매실적', 'Spend by Category'],
              ['소싱그룹별 구매실적', 'Spend by Sourcing Group'],
              ['구매요청 처리기간', 'PR Lead Time'],
              ['납기 준수율', 'On-Time Delivery'],
              ['정산 집계', 'Settlement Totals'],
              ['단가 변동', 'Price Variance'],
              ['신규 협력사', 'New Suppliers'],
              ['협력사 평가 요약', 'Evaluation Summary'],
            ] as const
          ).map(([ko, en], i): Leaf => {
            const nn = String(i + 1).padStart(2, '0');
            return [`RPT_MONTHLY_${nn}`, ko, en, `/report/monthlyReport/monthlyReport${nn}`];
          }),
          // Last, where migrations 1000 and 1181 append them in a database seeded before.
          ['RPT_SPEND_CUBE', '구매 지출 분석', 'Spend Analysis', '/spendCube'],
          ['RPT_SAVINGS', '구매 절감 실적', 'Savings', '/spendSavings'],
          ['RPT_MAVERICK', '비정상 구매', 'Maverick Spend', '/maverickSpend'],
          ['RPT_SUPPLIER_SERVICE', '협력사 서비스 수준', 'Supplier Service', '/supplierService'],
          ['RPT_SUPPLIER_DEPENDENCY', '협력사 의존도', 'Supplier Dependency', '/supplierDependency'],
        ],
      },
    ],
  },
  {
    // The supplier screens at their internal address (spec §2): staff see what a
    // supplier sees, across suppliers, read only. Same routes as the supplier's own menus; the
    // portal column tells them apart, and the server lets staff in through these rows only.
    id: 'SUPVIEW',
    ko: '협력사 화면',
    en: 'Supplier Screens',
    groups: [
      {
        id: 'SUPVIEW_PUR',
        ko: '견적/발주',
        en: 'Quotations & Orders',
        leaves: [
          ['SUPVIEW_QUOT_REQUEST', '견적요청 확인', 'Quotation Requests', '/prCheckList', ['/prCheckEdit']],
          ['SUPVIEW_QUOT_SUBMIT', '견적제출 현황', 'Submitted Quotations', '/prSubmitList', ['/prSubmitEdit']],
          ['SUPVIEW_ORDER', '협력사 발주서', 'Supplier Orders', '/CyberOrderRequestList', ['/CyberOrderRequestEdit']],
          [
            'SUPVIEW_AGREEMENT',
            '협력사 단가계약',
            'Supplier Agreements',
            '/CyberAgreementList',
            ['/CyberAgreementEdit'],
          ],
        ],
      },
      {
        id: 'SUPVIEW_FULFIL',
        ko: '납품/정산',
        en: 'Deliveries & Settlement',
        leaves: [
          ['SUPVIEW_DELIVERY', '협력사 납품', 'Supplier Deliveries', '/deliverInfo', ['/deliverEdit']],
          ['SUPVIEW_NONE_ORDER', '협력사 무발주 납품', 'Supplier Deliveries without PO', '/noneOrderView'],
          [
            'SUPVIEW_SETTLE',
            '협력사 월정산',
            'Supplier Monthly Settlement',
            '/monthlyCalculate',
            ['/monthlyCalcDetail'],
          ],
        ],
      },
      {
        id: 'SUPVIEW_INFO',
        ko: '품목/회사정보',
        en: 'Items & Company',
        leaves: [
          [
            'SUPVIEW_ITEM',
            '협력사 품목/단가',
            'Supplier Items and Prices',
            '/itemManagement/itemInfo',
            ['/itemManagement/ItemInfoEdit'],
          ],
          [
            'SUPVIEW_ITEM_PROPOSAL',
            '협력사 단가변경 요청',
            'Supplier Price Change Requests',
            '/itemManagement/upItemView',
            ['/itemManagement/upItemDetail'],
          ],
          [
            'SUPVIEW_EVALUATION',
            '협력사 평가결과',
            'Supplier Evaluation Results',
            '/compInfo/evaTotalList',
            ['/compInfo/evaTotalView'],
          ],
          [
            'SUPVIEW_SURVEY',
            '협력사 거래만족도 응답',
            'Supplier Survey Answers',
            '/compInfo/transSatisSurveyList',
            ['/compInfo/transSatisSurveyEdit'],
          ],
        ],
      },
    ],
  },
  {
    id: 'PORTAL',
    ko: '포털관리',
    en: 'Portal Administration',
    groups: [
      {
        id: 'PORTAL_AUTHOR',
        ko: '권한관리',
        en: 'Authority',
        leaves: [
          ['PORTAL_AUTHOR_MENU', '메뉴관리', 'Menus', '/portal/author/menuManage', ['/portal/author']],
          ['PORTAL_AUTHOR_GROUP', '권한그룹관리', 'Authority Groups', '/portal/author/authorGroupManage'],
          ['PORTAL_AUTHOR_MENU_AUTH', '메뉴권한관리', 'Menu Authority', '/portal/author/authMenuManage'],
          ['PORTAL_AUTHOR_SESSION', '사용자 세션관리', 'User Sessions', '/portal/author/userSessionManage'],
          ['PORTAL_AUTHOR_USER', '사용자 권한관리', 'Users and Authority', '/portal/author/authUserManage'],
          ['PORTAL_AUTHOR_AUDIT', '관리 변경이력', 'Administration Log', '/portal/author/adminAudit'],
        ],
      },
      {
        id: 'PORTAL_SYSTEM',
        ko: '시스템관리',
        en: 'System',
        leaves: [
          [
            'PORTAL_SYSTEM_CODE',
            '공통코드관리',
            'Common Codes',
            '/portal/codeManage/cmmnCodeManage',
            ['/portal/codeManage'],
          ],
          ['PORTAL_SYSTEM_MESSAGE', '메시지관리', 'Messages', '/portal/system/messageManage'],
          ['PORTAL_SYSTEM_ACCESS_LOG', '개인정보 접근기록', 'Personal Data Access Log', '/portal/system/accessLog'],
        ],
      },
      {
        id: 'PORTAL_OGPMS',
        ko: '협력사포털 관리',
        en: 'Supplier Portal',
        leaves: [
          ['PORTAL_OGPMS_REGISTER', '사용자 신청승인', 'User Applications', '/portal/ogpmsManage/RegisterUser'],
          ['PORTAL_OGPMS_BLOCK', '사용자 차단관리', 'User Blocking', '/portal/ogpmsManage/userBlock'],
          ['PORTAL_OGPMS_COMP_USER', '업체별 사용자관리', 'Users per Supplier', '/portal/ogpmsManage/compUserManage'],
          ['PORTAL_OGPMS_NOTICE', '협력사 공지', 'Supplier Notices', '/portal/ogpmsManage/notice'],
        ],
      },
      {
        id: 'PORTAL_APPROVAL',
        ko: '결재관리',
        en: 'Approval',
        leaves: [
          ['PORTAL_APPROVAL_RULE', '결재규칙', 'Approval Rules', '/portal/approval/approvalRule'],
          ['PORTAL_APPROVAL_LINE', '결재선', 'Approval Lines', '/portal/approval/approvalLine'],
          ['PORTAL_APPROVAL_DELEGATION', '결재 위임', 'Approval Delegation', '/portal/approval/approvalDelegation'],
        ],
      },
      {
        id: 'PORTAL_PO_CHANGE',
        ko: '발주변경관리',
        en: 'PO Changes',
        leaves: [['PORTAL_PO_CHANGE_INFO', '발주변경 이력', 'PO Change History', '/portal/poChange/poChangeInfo']],
      },
      {
        id: 'PORTAL_TEMPLATE',
        ko: '템플릿',
        en: 'Templates',
        leaves: [
          ...(
            [
              ['목록 템플릿', 'List Template'],
              ['편집 템플릿', 'Edit Template'],
              ['마스터-디테일 템플릿', 'Master-Detail Template'],
              ['트리 템플릿', 'Tree Template'],
              ['대시보드 템플릿', 'Dashboard Template'],
              ['마법사 템플릿', 'Wizard Template'],
              ['인쇄 템플릿', 'Print Template'],
              ['팝업 템플릿', 'Popup Template'],
              ['빈 화면 템플릿', 'Empty Template'],
            ] as const
          ).map(([ko, en], i): Leaf => [`PORTAL_TEMPLATE_${i}`, ko, en, `/template/template${i}`]),
          ['PORTAL_TEMPLATE_USER_APPLY', '사용자 신청 템플릿', 'User Application Template', '/template/userApply'],
          ['PORTAL_TEMPLATE_OGPMS_LOGIN', '협력사 로그인 템플릿', 'Supplier Login Template', '/template/ogpmsLogin'],
          [
            'PORTAL_TEMPLATE_OGPMS_APPLY',
            '협력사 사용자 신청 템플릿',
            'Supplier User Application Template',
            '/template/ogpmsUserApply1',
            ['/template/ogpmsUserApply2', '/template/ogpmsUserApply3'],
          ],
        ],
      },
      {
        // Every staff member's own account (the internal address of the supplier's 내 정보).
        id: 'PORTAL_MY',
        ko: '내 정보',
        en: 'My Account',
        leaves: [
          [
            'PORTAL_MY_INFO',
            '내 정보',
            'My Account',
            '/userManagement/PersonInfoLogin',
            ['/userManagement/PersonInfo'],
          ],
        ],
      },
      {
        // Last, as migration 0421 adds the same rows to a database seeded before the studio.
        id: 'PORTAL_SCREEN',
        ko: '화면관리',
        en: 'Screens',
        leaves: [['PORTAL_SCREEN_STUDIO', '화면 스튜디오', 'Screen Studio', '/portal/screen/studio']],
      },
    ],
  },
  {
    id: 'BOARD',
    ko: '게시판',
    en: 'Boards',
    groups: [
      {
        id: 'BOARD_POST',
        ko: '게시판',
        en: 'Boards',
        leaves: [
          ['BOARD_POST_NOTICE', '공지사항', 'Notices', '/board/notice'],
          ['BOARD_POST_FAQ', 'FAQ', 'FAQ', '/board/faq'],
        ],
      },
    ],
  },
];

/** Supplier menus; pgmIds carry CY_ because both trees share one table and one key space. */
const EXTERNAL: readonly Area[] = [
  {
    id: 'CY_QUOT',
    ko: '견적',
    en: 'Quotations',
    groups: [
      {
        id: 'CY_QUOT_MAIN',
        ko: '견적관리',
        en: 'Quotations',
        leaves: [
          ['CY_QUOT_REQUEST', '견적요청 확인', 'Quotation Requests', '/prCheckList', ['/prCheckEdit']],
          ['CY_QUOT_SUBMIT', '견적제출', 'My Quotations', '/prSubmitList', ['/prSubmitEdit']],
        ],
      },
    ],
  },
  {
    id: 'CY_ORDER',
    ko: '발주',
    en: 'Orders',
    groups: [
      {
        id: 'CY_ORDER_MAIN',
        ko: '발주관리',
        en: 'Purchase Orders',
        leaves: [
          [
            'CY_ORDER_LIST',
            '발주서 조회',
            'Purchase Orders',
            '/CyberOrderRequestList',
            ['/CyberOrderRequestEdit', '/CyberLoiList', '/CyberLoiEdit'],
          ],
          ['CY_AGREEMENT', '단가계약 조회', 'Framework Agreements', '/CyberAgreementList', ['/CyberAgreementEdit']],
          // A supplier's 납품대금 조정협의 requests on its agreements (migration 1128 adds it to a database seeded before).
          ['CY_AGREEMENT_COORDINATION', '납품대금 조정협의', 'Price Coordination Requests', '/myCoordinationList'],
        ],
      },
    ],
  },
  {
    id: 'CY_DELIVERY',
    ko: '납품',
    en: 'Deliveries',
    groups: [
      {
        id: 'CY_DELIVERY_MAIN',
        ko: '납품관리',
        en: 'Deliveries',
        leaves: [
          ['CY_DELIVERY_LIST', '납품등록/현황', 'Deliveries', '/deliverInfo', ['/deliverEdit']],
          ['CY_DELIVERY_NONE_ORDER', '무발주 납품', 'Deliveries without PO', '/noneOrderView'],
        ],
      },
    ],
  },
  {
    id: 'CY_SETTLE',
    ko: '정산',
    en: 'Settlement',
    groups: [
      {
        id: 'CY_SETTLE_MAIN',
        ko: '정산관리',
        en: 'Settlement',
        leaves: [
          ['CY_SETTLE_MONTHLY', '월정산', 'Monthly Settlement', '/monthlyCalculate', ['/monthlyCalcDetail']],
          [
            'CY_SETTLE_TAX_INVOICE',
            '세금계산서',
            'Tax Invoices',
            '/myTaxInvoice',
            ['/myTaxInvoiceDetail', '/myTaxInvoiceMatch', '/myTaxInvoiceAmendIntake'],
          ],
          // The 감액 서면 put to the supplier (하도급법 §11; migration 1163 adds it to a database seeded before).
          ['CY_SETTLE_REDUCTION', '감액 서면', 'Reduction Statements', '/myReductionList', ['/myReductionDetail']],
        ],
      },
    ],
  },
  {
    id: 'CY_ITEM',
    ko: '품목',
    en: 'Items',
    groups: [
      {
        id: 'CY_ITEM_MAIN',
        ko: '품목관리',
        en: 'Items',
        leaves: [
          [
            'CY_ITEM_INFO',
            '품목/단가 조회',
            'My Items and Prices',
            '/itemManagement/itemInfo',
            ['/itemManagement/ItemInfoEdit'],
          ],
          [
            'CY_ITEM_PRICE_CHANGE',
            '단가변경 요청',
            'Price Change Requests',
            '/itemManagement/upItemView',
            ['/itemManagement/upItemDetail'],
          ],
        ],
      },
    ],
  },
  {
    id: 'CY_COMPANY',
    ko: '회사정보',
    en: 'Company',
    groups: [
      {
        id: 'CY_COMPANY_MAIN',
        ko: '회사정보',
        en: 'Company',
        leaves: [
          ['CY_COMPANY_MASTER', '회사정보 변경', 'Company Details', '/compManage/CyberCompManageEdit'],
          [
            'CY_COMPANY_EVALUATION',
            '평가결과 조회',
            'Evaluation Results',
            '/compInfo/evaTotalList',
            ['/compInfo/evaTotalView'],
          ],
          [
            'CY_COMPANY_SURVEY',
            '거래만족도 설문',
            'Satisfaction Surveys',
            '/compInfo/transSatisSurveyList',
            ['/compInfo/transSatisSurveyEdit'],
          ],
        ],
      },
    ],
  },
  {
    id: 'CY_USER',
    ko: '사용자관리',
    en: 'Users',
    groups: [
      {
        id: 'CY_USER_MY',
        ko: '내 정보',
        en: 'My Account',
        leaves: [
          [
            'CY_USER_MY_INFO',
            '내 정보',
            'My Account',
            '/userManagement/PersonInfoLogin',
            ['/userManagement/PersonInfo'],
          ],
        ],
      },
      {
        id: 'CY_USER_ADMIN',
        ko: '회사 사용자관리',
        en: 'Company Users',
        leaves: [
          ['CY_USER_ADMIN_BLOCK', '사용자 차단관리', 'User Blocking', '/portal/ogpmsManage/userBlock'],
          ['CY_USER_ADMIN_COMP_USER', '회사 사용자관리', 'Company Users', '/portal/ogpmsManage/compUserManage'],
        ],
      },
    ],
  },
  {
    // Last, as migration 0441 adds the same rows to a database seeded before tenders.
    id: 'CY_BID',
    ko: '입찰',
    en: 'Bids',
    groups: [
      {
        id: 'CY_BID_MAIN',
        ko: '전자입찰',
        en: 'Sealed Bids',
        leaves: [
          ['CY_BID_TENDER', '입찰 참여', 'My Tenders', '/bid/tenderList', ['/bid/tenderSubmit']],
          // The list; a row opens the live room (migration 0480 moves a database seeded before).
          ['CY_BID_AUCTION', '역경매 참여', 'Reverse Auctions', '/bid/auctionList', ['/bid/auctionRoom']],
        ],
      },
    ],
  },
  {
    // Last, as migration 0701 adds the same rows to a database seeded before contracts.
    id: 'CY_CONTRACT',
    ko: '전자계약',
    en: 'Contracts',
    groups: [
      {
        id: 'CY_CONTRACT_MAIN',
        ko: '전자계약',
        en: 'Electronic Contracts',
        leaves: [
          ['CY_CONTRACT_LIST', '계약 서명', 'Contracts to Sign', '/contract/contractList', ['/contract/contractSign']],
          ['CY_CONTRACT_VERIFY', '계약서 검증', 'Verify a Contract', '/contract/contractVerify'],
        ],
      },
    ],
  },
];

function flatten(areas: readonly Area[], portal: 'I' | 'X'): MenuRow[] {
  const rows: MenuRow[] = [];
  const base = { useYn: 'Y' as const, portal };
  areas.forEach((area, ai) => {
    rows.push({
      ...base,
      pgmId: area.id,
      parentId: null,
      depth: 1,
      pgmName: area.ko,
      pgmNameEn: area.en,
      sspUrl: null,
      sspSubUrls: [],
      leaf: 'F',
      sortOrder: (ai + 1) * 10,
    });
    area.groups.forEach((group, gi) => {
      rows.push({
        ...base,
        pgmId: group.id,
        parentId: area.id,
        depth: 2,
        pgmName: group.ko,
        pgmNameEn: group.en,
        sspUrl: null,
        sspSubUrls: [],
        leaf: 'F',
        sortOrder: (gi + 1) * 10,
      });
      group.leaves.forEach(([pgmId, ko, en, url, subUrls], li) => {
        rows.push({
          ...base,
          pgmId,
          parentId: group.id,
          depth: 3,
          pgmName: ko,
          pgmNameEn: en,
          sspUrl: url,
          sspSubUrls: [...(subUrls ?? [])],
          leaf: 'T',
          sortOrder: (li + 1) * 10,
        });
      });
    });
  });
  return rows;
}

export const MENUS: ReadonlyArray<MenuRow> = [...flatten(INTERNAL, 'I'), ...flatten(EXTERNAL, 'X')];

const routeIndex: Record<'I' | 'X', Map<string, string>> = { I: new Map(), X: new Map() };
for (const m of MENUS) {
  if (m.leaf !== 'T' || !m.sspUrl) continue;
  for (const url of [m.sspUrl, ...m.sspSubUrls]) {
    if (!routeIndex[m.portal].has(url)) routeIndex[m.portal].set(url, m.pgmId);
  }
}

/**
 * The leaf menu that serves a route, or undefined (home, public and unknown routes).
 * Accepts what a browser sends: a query string, a trailing slash, and /cyber on external paths.
 */
export function menuIdForRoute(route: string, portal: 'I' | 'X'): string | undefined {
  let path = route.split(/[?#]/, 1)[0];
  if (portal === 'X' && (path === '/cyber' || path.startsWith('/cyber/'))) path = path.slice('/cyber'.length);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return routeIndex[portal].get(path);
}
