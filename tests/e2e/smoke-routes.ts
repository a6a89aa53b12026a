/**
 * The purchasing and fulfilment routes (and the others below), each with a demo user whose group has
 * its menu, and what "real data" means on it: a list shows a total above zero; an edit screen is
 * opened on a real document (found through the API as that user) and shows its number.
 */
export interface SmokeRoute {
  route: string;
  portal: 'internal' | 'external';
  user: string;
  expect: 'rows' | 'document' | 'text' | 'absent' | 'download';
  /** For 'document': finds a document through the API and answers the query to open it with. */
  open?: (get: <T>(url: string) => Promise<T>) => Promise<{ query: Record<string, string>; shows: string }>;
  /** For 'text': a text the page shows once its data is in. */
  shows?: string;
  /** The page draws a chart: an svg with bars or lines (the reports). */
  chart?: boolean;
  /** A public route (spec §2 templates): open to anyone logged in or not, so it has no /info401 half. */
  public?: boolean;
  /** The page takes the user to another route of the portal (my account → the password check). */
  lands?: string;
}

type Rows<R> = { rows: R[]; total: number };

/** The first row of a list operation, or a clear failure naming it. */
async function first<R>(get: <T>(url: string) => Promise<T>, url: string): Promise<R> {
  const page = await get<Rows<R>>(url);
  if (!page.rows.length) throw new Error(`${url} answered no rows: the demo data should have some`);
  return page.rows[0];
}

const doc =
  <R extends Record<string, unknown>>(url: string, field: keyof R & string, param: string = field) =>
  async (get: <T>(url: string) => Promise<T>) => {
    const row = await first<R>(get, url);
    const value = String(row[field]);
    return { query: { [param]: value }, shows: value };
  };

/** Opens a document by one field (its key) and expects another (a name the screen shows). */
const shown =
  <R extends Record<string, unknown>>(url: string, key: keyof R & string, field: keyof R & string) =>
  async (get: <T>(url: string) => Promise<T>) => {
    const row = await first<R>(get, url);
    return { query: { [key]: String(row[key]) }, shows: String(row[field]) };
  };

export const SMOKE_ROUTES: SmokeRoute[] = [
  // Purchasing, internal
  { route: '/prList', portal: 'internal', user: 'buyer', expect: 'rows' },
  { route: '/prEdit', portal: 'internal', user: 'buyer', expect: 'document', open: doc('/api/v1/prs?size=1', 'prNo') },
  { route: '/prConfirmList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/prConfirmEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/pr-confirm?size=1', 'prNo'),
  },
  { route: '/OrderRequestList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/OrderRequestEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/pos?size=1', 'poNo'),
  },
  { route: '/LoiRequestList', portal: 'internal', user: 'operator', expect: 'rows' },
  // Framework agreements: the demo data has none (tests/api/purchase/agreement.test.ts makes them), so the
  // list shows its title and the edit screen opens empty for a new agreement.
  { route: '/AgreementList', portal: 'internal', user: 'operator', expect: 'text', shows: '단가계약' },
  { route: '/AgreementEdit', portal: 'internal', user: 'operator', expect: 'text', shows: '단가계약 상세' },
  // 납품대금 연동's indexes: the demo company keeps none yet, so the page is checked by its title.
  { route: '/linkageIndexManage', portal: 'internal', user: 'operator', expect: 'text', shows: '연동 기준 지표' },
  // 납품대금 조정협의: the demo has no requests, so the list's total (shown once the search answered) is its data.
  { route: '/priceCoordinationList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/AgreementConsumption',
    portal: 'internal',
    user: 'operator',
    expect: 'text',
    shows: '단가계약 소진 현황',
  },
  { route: '/CyberAgreementList', portal: 'external', user: 'supplier1', expect: 'text', shows: '단가계약 조회' },
  {
    route: '/LoiRequestEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/lois?size=1', 'loiNo'),
  },
  { route: '/SimpleOrderList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/SimpleOrderEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/simple-orders?size=1', 'poNo'),
  },
  { route: '/portal/approval/approvalRule', portal: 'internal', user: 'admin', expect: 'rows' },
  // A tree of the lines: the seeded small-PR line is on it.
  {
    route: '/portal/approval/approvalLine',
    portal: 'internal',
    user: 'admin',
    expect: 'text',
    shows: '구매요청 결재 (1천만원 미만)',
  },
  // No delegation in the demo data: the screen's own button shows once it is in.
  {
    route: '/portal/approval/approvalDelegation',
    portal: 'internal',
    user: 'uadmin1',
    expect: 'text',
    shows: '위임 등록',
  },
  // The screen studio: its list and the new-screen form; the editor is the studio journey's.
  { route: '/portal/screen/studio', portal: 'internal', user: 'admin', expect: 'text', shows: '새 화면' },
  { route: '/portal/poChange/poChangeInfo', portal: 'internal', user: 'operator', expect: 'rows' },
  // Development only: a production build (what the browser tests serve) has no such page.
  { route: '/testPo', portal: 'internal', user: 'operator', expect: 'absent' },
  // Purchasing, supplier portal
  { route: '/prCheckList', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/prCheckEdit',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/cyber/rfqs?size=1', 'rfqNo'),
  },
  { route: '/prSubmitList', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/prSubmitEdit',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/cyber/quotations?size=1', 'rfqNo'),
  },
  { route: '/CyberOrderRequestList', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/CyberOrderRequestEdit',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/cyber/pos?size=1', 'poNo'),
  },
  // Fulfilment, internal
  { route: '/deliverListAdmin', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/deliverEditAdmin',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/deliveries?size=1', 'deliveryNo'),
  },
  { route: '/noneOrderViewAdmin', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingItemList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingListCopy', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingItemListCopy', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/monthlyCalcAdmin', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/monthlyCalcADetail',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/settlements?size=1', 'settleNo'),
  },
  {
    route: '/adjustment',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/settlement-adjustments?size=1', 'adjNo'),
  },
  { route: '/adjustSearch', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/signifier', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/signifierDetail',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/vouchers?size=1', 'voucherNo'),
  },
  { route: '/posting-error', portal: 'internal', user: 'operator', expect: 'rows' },
  // Tax invoices: the demo data has none drawn yet (the journey draws them), so these lists show their
  // screen (the grid's headers are drawn, not text); the exceptions list has the confirmed settlements
  // still waiting for theirs.
  { route: '/taxInvoice', portal: 'internal', user: 'operator', expect: 'text', shows: '세금계산서 현황' },
  { route: '/taxInvoiceDeadline', portal: 'internal', user: 'operator', expect: 'text', shows: '세금계산서 발행기한' },
  { route: '/taxInvoiceException', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/taxInvoiceIntake', portal: 'internal', user: 'operator', expect: 'text', shows: 'XML 파일' },
  // A document page opened without its key (a bookmark, a cut address): nothing is selected, no empty form.
  { route: '/taxInvoiceDetail', portal: 'internal', user: 'operator', expect: 'text', shows: '선택된 항목이 없습니다' },
  // The match view of a confirmed settlement still waiting for its invoice (every row marked 세금계산서 없음).
  {
    route: '/taxInvoiceMatch',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/tax-invoice-exceptions', 'settleNo'),
  },
  // The demo data has no electronic contract: the lists and the verification page show their titles.
  { route: '/contract/contractList', portal: 'internal', user: 'operator', expect: 'text', shows: '계약 관리' },
  { route: '/contract/contractVerify', portal: 'internal', user: 'operator', expect: 'text', shows: '계약서 PDF' },
  { route: '/contract/templateList', portal: 'internal', user: 'operator', expect: 'text', shows: '계약서 양식' },
  { route: '/contract/contractCreate', portal: 'internal', user: 'operator', expect: 'text', shows: '계약서 작성' },
  { route: '/contract/clauseList', portal: 'internal', user: 'operator', expect: 'text', shows: '계약 조항' },
  { route: '/statement', portal: 'internal', user: 'operator', expect: 'rows' },
  // No grid: the receipts extract is downloaded and its row count shown.
  { route: '/dataDownload', portal: 'internal', user: 'operator', expect: 'download' },
  // Fulfilment, supplier portal
  { route: '/deliverInfo', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/deliverEdit',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/cyber/deliveries?size=1', 'deliveryNo'),
  },
  { route: '/noneOrderView', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/monthlyCalculate', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/myTaxInvoice', portal: 'external', user: 'supplier1', expect: 'text', shows: '세금계산서 발행' },
  { route: '/myTaxInvoiceAmendIntake', portal: 'external', user: 'supplier1', expect: 'text', shows: 'XML 파일' },
  // The demo has no 감액 서면: its total, shown only once the search answered, is the list's data (its search once
  // answered 400 to the screen's page and size, 9a8fd9b1). supplier1, whose tab the walk holds already: another
  // supplier's login would cost both walks a one-time-code login for this one page.
  { route: '/myReductionList', portal: 'external', user: 'supplier1', expect: 'text', shows: '총 0건' },
  { route: '/myCoordinationList', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/contract/contractList', portal: 'external', user: 'supplier1', expect: 'text', shows: '계약 서명' },
  { route: '/contract/contractVerify', portal: 'external', user: 'supplier1', expect: 'text', shows: '계약서 PDF' },
  {
    route: '/monthlyCalcDetail',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/cyber/settlements?size=1', 'settleNo'),
  },
  {
    route: '/myTaxInvoiceMatch',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/cyber/settlements?size=1', 'settleNo'),
  },
  // Reports: every report shows a chart over its rows (this year, the default period)
  ...[
    '/report/monthlyReport/monthlyReport01',
    '/report/monthlyReport/monthlyReport02',
    '/report/monthlyReport/monthlyReport03',
    '/report/monthlyReport/monthlyReport04',
    '/report/monthlyReport/monthlyReport05',
    '/report/monthlyReport/monthlyReport06',
    '/report/monthlyReport/monthlyReport07',
    '/report/monthlyReport/monthlyReport08',
    '/report/monthlyReport/monthlyReport09',
    '/report/costUnit/costUnitDifference',
    '/report/costUnit/highCostUnit',
    '/report/manage/itemMasterCostNew',
    // The evaluation summary: this year's two demo periods (2026 H1 finalized, 2026 H2 in progress), grades stacked.
    '/report/monthlyReport/monthlyReport11',
    // Savings, supplier service and dependency over this year's demo orders (docs/reports.md).
    '/spendSavings',
    '/supplierService',
    '/supplierDependency',
  ].map((route): SmokeRoute => ({ route, portal: 'internal', user: 'operator', expect: 'rows', chart: true })),
  // Maverick spend: whether this year's demo data holds any depends on it; the screen, its axe check and no definition error.
  { route: '/maverickSpend', portal: 'internal', user: 'operator', expect: 'text', shows: '비정상 구매' },
  // Budgets: the lines of every department and account; the report's chart per month of this year.
  { route: '/budget/budgetManage', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/budget/budgetReport', portal: 'internal', user: 'operator', expect: 'rows', chart: true },
  // The seed's two approved transfers (예산전용).
  { route: '/budget/budgetTransfer', portal: 'internal', user: 'operator', expect: 'rows' },
  // No demo import yet (the ERP sends them): the screen, its axe check and no definition error; the list is tested in tests/api/budget/erp-import.test.ts.
  { route: '/budget/budgetImport', portal: 'internal', user: 'admin', expect: 'text', shows: '예산 연계' },
  // The demo suppliers all had their first order in 2024-11/12: this year has no new supplier, so the page shows its (empty) chart and title.
  {
    route: '/report/monthlyReport/monthlyReport10',
    portal: 'internal',
    user: 'operator',
    expect: 'text',
    shows: '신규 협력사',
  },
  {
    route: '/report/costUnit/highCostUnitDetail',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    chart: true,
    open: doc(
      `/api/v1/reports/cost-unit/high?fromMonth=${new Date().getFullYear()}01&toMonth=${new Date().getFullYear()}12&size=1`,
      'itemCode',
    ),
  },
  // Assets
  { route: '/assetManagementList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/assetManagementRegisterList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/assetInventoryList', portal: 'internal', user: 'operator', expect: 'rows' },
  // The engine's page templates: public routes (spec §2), each the template rendered on its
  // sample data beside its definition.
  ...(
    [
      ['/template/template0', '목록 템플릿'],
      ['/template/template1', '편집 템플릿'],
      ['/template/template2', '마스터-디테일 템플릿'],
      ['/template/template3', '트리 템플릿'],
      ['/template/template4', '대시보드 템플릿'],
      ['/template/template5', '마법사 템플릿'],
      ['/template/template6', '인쇄 템플릿'],
      ['/template/template7', '팝업 템플릿'],
      ['/template/template8', '빈 화면 템플릿'],
    ] as const
  ).map(([route, title]): SmokeRoute => ({
    route,
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: title,
    public: true,
  })),
  // Portal administration and boards. Trees show a seeded node.
  { route: '/portal/author/menuManage', portal: 'internal', user: 'admin', expect: 'text', shows: '구매관리' },
  {
    route: '/portal/author/authorGroupManage',
    portal: 'internal',
    user: 'admin',
    expect: 'text',
    shows: '99 시스템관리자',
  },
  { route: '/portal/author/authMenuManage', portal: 'internal', user: 'admin', expect: 'text', shows: '40 모니터링' },
  { route: '/portal/author/adminAudit', portal: 'internal', user: 'admin', expect: 'text', shows: '관리 변경이력' },
  { route: '/portal/ogpmsManage/notice', portal: 'internal', user: 'admin', expect: 'rows' },
  { route: '/board/notice', portal: 'internal', user: 'buyer', expect: 'rows' },
  { route: '/board/faq', portal: 'internal', user: 'buyer', expect: 'text', shows: 'FAQ' },
  // Items and catalogue, internal
  { route: '/item/category/categoryManage', portal: 'internal', user: 'tfadmin', expect: 'text', shows: 'MRO 소모품' },
  { route: '/item/comp/sourcingGroup', portal: 'internal', user: 'tfadmin', expect: 'text', shows: '간접재' },
  { route: '/attribute', portal: 'internal', user: 'tfadmin', expect: 'text', shows: '원산지' },
  { route: '/attributeValue', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/unitMaster', portal: 'internal', user: 'tfadmin', expect: 'text', shows: '킬로그램' },
  { route: '/itemInsert', portal: 'internal', user: 'tfadmin', expect: 'text', shows: '기준단가' },
  { route: '/itemDetail', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/itemExcelUpList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/itemExcelUpDetail',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: doc('/api/v1/item/uploads?size=1', 'batchId'),
  },
  { route: '/itemProposalList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/itemProposalDetail',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: doc('/api/v1/item-proposals?size=1', 'proposalNo'),
  },
  // Items, supplier portal
  { route: '/itemManagement/itemInfo', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/itemManagement/ItemInfoEdit', portal: 'external', user: 'supplier1', expect: 'text', shows: '제안 사유' },
  { route: '/itemManagement/upItemView', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/itemManagement/upItemDetail',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: doc('/api/v1/item-proposals?size=1', 'proposalNo'),
  },
  // Supplier evaluation: settings, tasks, totals, results, contracts, surveys; the supplier's results and surveys.
  {
    route: '/business/evaManage/evaSetting',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'text',
    shows: '2026년 하반기 협력사 평가',
  },
  { route: '/evaWorkList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/evaWorkEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: shown('/api/v1/evaluation/tasks?size=1', 'taskId', 'compName'),
  },
  { route: '/compEvaTotalList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/compEvaTotalEdit',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: shown('/api/v1/evaluation/totals?size=1', 'totalId', 'compName'),
  },
  { route: '/business/evaResult/evaWorkResultList', portal: 'internal', user: 'monitor', expect: 'rows' },
  {
    route: '/business/evaResult/evaWorkResultView',
    portal: 'internal',
    user: 'monitor',
    expect: 'document',
    open: shown('/api/v1/evaluation/results?size=1', 'taskId', 'compName'),
  },
  { route: '/business/evaManage/purContCompMngList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/business/evaManage/purContCompMngDetail',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: shown('/api/v1/evaluation/contracts?size=1', 'contractNo', 'title'),
  },
  { route: '/business/evaManage/transSatisMngList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/business/evaManage/transSatisMngDetail',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: shown('/api/v1/evaluation/surveys?size=1', 'surveyId', 'title'),
  },
  { route: '/compInfo/evaTotalList', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/compInfo/evaTotalView',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: shown('/api/v1/cyber/evaluation/totals?size=1', 'totalId', 'periodName'),
  },
  { route: '/compInfo/transSatisSurveyList', portal: 'external', user: 'supplier1', expect: 'rows' },
  {
    route: '/compInfo/transSatisSurveyEdit',
    portal: 'external',
    user: 'supplier1',
    expect: 'document',
    open: shown('/api/v1/cyber/surveys?size=1', 'surveyId', 'title'),
  },
];

// Suppliers: the master, status, one supplier at a glance, status change requests.
SMOKE_ROUTES.push(
  { route: '/CompManageList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/CompManageEdit',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: doc('/api/v1/suppliers?size=1', 'compNo'),
  },
  // Supplier self-service: my company, change requests, the supplier's users, my account — at both addresses.
  { route: '/compManage/CyberCompManageEdit', portal: 'external', user: 'supplier1', expect: 'text', shows: 'C00001' },
  {
    route: '/compManage/CyberCompManageEdit',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: doc('/api/v1/suppliers?size=1', 'compNo'),
  },
  // Staff without a supplier named get the supplier picker, not a refused request.
  {
    route: '/compManage/CyberCompManageEdit',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'text',
    shows: '조회할 업체를 선택하세요.',
  },
  { route: '/portal/ogpmsManage/userBlock', portal: 'internal', user: 'admin', expect: 'rows' },
  { route: '/portal/ogpmsManage/userBlock', portal: 'external', user: 'supplier1adm', expect: 'rows' },
  { route: '/portal/ogpmsManage/compUserManage', portal: 'internal', user: 'admin', expect: 'rows' },
  { route: '/portal/ogpmsManage/compUserManage', portal: 'external', user: 'supplier1adm', expect: 'rows' },
  { route: '/compUserManageList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/userManagement/PersonInfoLogin',
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: '개인정보를 보호하기 위해 비밀번호를 다시 입력하세요.',
  },
  {
    route: '/userManagement/PersonInfoLogin',
    portal: 'external',
    user: 'supplier1',
    expect: 'text',
    shows: '개인정보를 보호하기 위해 비밀번호를 다시 입력하세요.',
  },
  // Without the password re-entered in this session the server refuses (REAUTH_REQUIRED): the page
  // takes the user to the check, which comes back here.
  {
    route: '/userManagement/PersonInfo',
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: '개인정보를 보호하기 위해 비밀번호를 다시 입력하세요.',
    lands: '/userManagement/PersonInfoLogin',
  },
  {
    route: '/userManagement/PersonInfo',
    portal: 'external',
    user: 'supplier1',
    expect: 'text',
    shows: '개인정보를 보호하기 위해 비밀번호를 다시 입력하세요.',
    lands: '/userManagement/PersonInfoLogin',
  },
  { route: '/compStatusList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  // A dashboard: its tables are canvas grids, so the check reads the spend chart's month axis (SVG text),
  // drawn only once the supplier's answer is in.
  {
    route: '/compStatusView',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: async (get) => {
      const { compNo } = await first<{ compNo: string }>(get, '/api/v1/suppliers?size=1');
      const spend = await get<Rows<{ month: string }>>(`/api/v1/suppliers/${compNo}/spend`);
      return { query: { compNo }, shows: spend.rows[0].month };
    },
  },
  { route: '/compChangeStatusList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
);
SMOKE_ROUTES.push(
  { route: '/compGerpAppList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/compGerpAppEdit',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: doc('/api/v1/erp-vendor-apps?size=1', 'appNo'),
  },
);
SMOKE_ROUTES.push(
  { route: '/CompCouncilList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/compExcavationList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
);

/**
 * The supplier screens at their internal address: staff with the 협력사 화면 menu (operation)
 * read every supplier's rows; a document opens by its key and its supplier's company, as the list's
 * links open it, and shows the company's name (a field staff alone see on most of them).
 */
const supplierDoc =
  <R extends Record<string, unknown>>(url: string, key: keyof R & string, field: keyof R & string) =>
  async (get: <T>(url: string) => Promise<T>) => {
    const row = await first<R & { compNo: string }>(get, url);
    return { query: { [key]: String(row[key]), compNo: row.compNo }, shows: String(row[field]) };
  };
SMOKE_ROUTES.push(
  { route: '/prCheckList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/prCheckEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/rfqs?size=1', 'rfqNo', 'compName'),
  },
  { route: '/prSubmitList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/prSubmitEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/quotations?size=1', 'rfqNo', 'compName'),
  },
  { route: '/CyberOrderRequestList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/CyberOrderRequestEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/pos?size=1', 'poNo', 'compName'),
  },
  { route: '/deliverInfo', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/deliverEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/cyber/deliveries?size=1', 'deliveryNo'),
  },
  { route: '/noneOrderView', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/monthlyCalculate', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/monthlyCalcDetail',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/settlements?size=1', 'settleNo', 'compName'),
  },
  { route: '/itemManagement/itemInfo', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/itemManagement/ItemInfoEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/items?size=1', 'itemCode', 'compName'),
  },
  { route: '/itemManagement/upItemView', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/itemManagement/upItemDetail',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: doc('/api/v1/item-proposals?size=1', 'proposalNo'),
  },
  { route: '/compInfo/evaTotalList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/compInfo/evaTotalView',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/evaluation/totals?size=1', 'totalId', 'compName'),
  },
  { route: '/compInfo/transSatisSurveyList', portal: 'internal', user: 'operator', expect: 'rows' },
  {
    route: '/compInfo/transSatisSurveyEdit',
    portal: 'internal',
    user: 'operator',
    expect: 'document',
    open: supplierDoc('/api/v1/cyber/surveys?size=1', 'surveyId', 'compName'),
  },
);

// Supplier applications: the public wizard (a step page opened without an application in the
// tab says so and links to the start) and the staff review screens.
SMOKE_ROUTES.push(
  { route: '/template/userApply', portal: 'internal', user: 'buyer', expect: 'text', shows: '신청 시작', public: true },
  {
    route: '/template/ogpmsUserApply1',
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: '진행 중인 신청이 없습니다',
    public: true,
  },
  {
    route: '/template/ogpmsUserApply2',
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: '진행 중인 신청이 없습니다',
    public: true,
  },
  {
    route: '/template/ogpmsUserApply3',
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: '진행 중인 신청이 없습니다',
    public: true,
  },
  {
    route: '/template/ogpmsLogin',
    portal: 'internal',
    user: 'buyer',
    expect: 'text',
    shows: '협력사 등록 신청하기',
    public: true,
  },
  { route: '/portal/ogpmsManage/RegisterUser', portal: 'internal', user: 'admin', expect: 'rows' },
  { route: '/compRegList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/business/evaManage/compRegMngList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  {
    route: '/business/evaManage/compRegMngDetail',
    portal: 'internal',
    user: 'tfadmin',
    expect: 'document',
    open: doc('/api/v1/registration-evaluations?size=1', 'evalNo'),
  },
);

// Sealed-bid tenders: the demo data has none, so each page is checked by a text its
// definition shows (filters, sections, buttons); tests/e2e/bidding-journey.e2e.test.ts fills them.
SMOKE_ROUTES.push(
  { route: '/bid/tenderList', portal: 'internal', user: 'operator', expect: 'text', shows: '새 입찰' },
  { route: '/bid/tenderEdit', portal: 'internal', user: 'operator', expect: 'text', shows: '초대 협력사' },
  { route: '/bid/tenderOpen', portal: 'internal', user: 'tfadmin', expect: 'text', shows: '개찰 확인' },
  { route: '/bid/tenderList', portal: 'external', user: 'supplier1', expect: 'text', shows: '입찰번호' },
  // Opened without a tender: it cannot make one, so it says none is selected (no empty bid form).
  {
    route: '/bid/tenderSubmit',
    portal: 'external',
    user: 'supplier1',
    expect: 'text',
    shows: '선택된 항목이 없습니다',
  },
  // Reverse auctions: none in the demo data either.
  { route: '/bid/auctionList', portal: 'internal', user: 'operator', expect: 'text', shows: '역경매번호' },
  { route: '/bid/auctionEdit', portal: 'internal', user: 'operator', expect: 'text', shows: '초대 협력사' },
  {
    route: '/bid/auctionMonitor',
    portal: 'internal',
    user: 'operator',
    expect: 'text',
    shows: '역경매 번호가 없습니다',
  },
  { route: '/bid/auctionList', portal: 'external', user: 'supplier1', expect: 'text', shows: '역경매번호' },
  { route: '/bid/auctionRoom', portal: 'external', user: 'supplier1', expect: 'text', shows: '역경매 번호가 없습니다' },
);
