/**
 * The routes of the purchasing (#5) and fulfilment (#6) issues, each with a demo user whose group has
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
  { route: '/prConfirmEdit', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/pr-confirm?size=1', 'prNo') },
  { route: '/OrderRequestList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/OrderRequestEdit', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/pos?size=1', 'poNo') },
  { route: '/LoiRequestList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/LoiRequestEdit', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/lois?size=1', 'loiNo') },
  { route: '/SimpleOrderList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/SimpleOrderEdit', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/simple-orders?size=1', 'poNo') },
  { route: '/portal/approval/approvalRule', portal: 'internal', user: 'admin', expect: 'rows' },
  // A tree of the lines: the seeded small-PR line is on it.
  { route: '/portal/approval/approvalLine', portal: 'internal', user: 'admin', expect: 'text', shows: '구매요청 결재 (1천만원 미만)' },
  { route: '/portal/poChange/poChangeInfo', portal: 'internal', user: 'operator', expect: 'rows' },
  // Development only: a production build (what the browser tests serve) has no such page.
  { route: '/testPo', portal: 'internal', user: 'operator', expect: 'absent' },
  // Purchasing, supplier portal
  { route: '/prCheckList', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/prCheckEdit', portal: 'external', user: 'supplier1', expect: 'document', open: doc('/api/v1/cyber/rfqs?size=1', 'rfqNo') },
  { route: '/prSubmitList', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/prSubmitEdit', portal: 'external', user: 'supplier1', expect: 'document', open: doc('/api/v1/cyber/quotations?size=1', 'rfqNo') },
  { route: '/CyberOrderRequestList', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/CyberOrderRequestEdit', portal: 'external', user: 'supplier1', expect: 'document', open: doc('/api/v1/cyber/pos?size=1', 'poNo') },
  // Fulfilment, internal
  { route: '/deliverListAdmin', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/deliverEditAdmin', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/deliveries?size=1', 'deliveryNo') },
  { route: '/noneOrderViewAdmin', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingItemList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingListCopy', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/warehousingItemListCopy', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/monthlyCalcAdmin', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/monthlyCalcADetail', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/settlements?size=1', 'settleNo') },
  { route: '/adjustment', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/settlement-adjustments?size=1', 'adjNo') },
  { route: '/adjustSearch', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/signifier', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/signifierDetail', portal: 'internal', user: 'operator', expect: 'document', open: doc('/api/v1/vouchers?size=1', 'voucherNo') },
  { route: '/posting-error', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/statement', portal: 'internal', user: 'operator', expect: 'rows' },
  // No grid: the receipts extract is downloaded and its row count shown.
  { route: '/dataDownload', portal: 'internal', user: 'operator', expect: 'download' },
  // Fulfilment, supplier portal
  { route: '/deliverInfo', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/deliverEdit', portal: 'external', user: 'supplier1', expect: 'document', open: doc('/api/v1/cyber/deliveries?size=1', 'deliveryNo') },
  { route: '/noneOrderView', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/monthlyCalculate', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/monthlyCalcDetail', portal: 'external', user: 'supplier1', expect: 'document', open: doc('/api/v1/cyber/settlements?size=1', 'settleNo') },
  // Supplier evaluation (#10): settings, tasks, totals, results, contracts, surveys; the supplier's results and surveys.
  { route: '/business/evaManage/evaSetting', portal: 'internal', user: 'tfadmin', expect: 'text', shows: '2026년 하반기 협력사 평가' },
  { route: '/evaWorkList', portal: 'internal', user: 'operator', expect: 'rows' },
  { route: '/evaWorkEdit', portal: 'internal', user: 'operator', expect: 'document', open: shown('/api/v1/evaluation/tasks?size=1', 'taskId', 'compName') },
  { route: '/compEvaTotalList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/compEvaTotalEdit', portal: 'internal', user: 'tfadmin', expect: 'document', open: shown('/api/v1/evaluation/totals?size=1', 'totalId', 'compName') },
  { route: '/business/evaResult/evaWorkResultList', portal: 'internal', user: 'monitor', expect: 'rows' },
  { route: '/business/evaResult/evaWorkResultView', portal: 'internal', user: 'monitor', expect: 'document', open: shown('/api/v1/evaluation/results?size=1', 'taskId', 'compName') },
  { route: '/business/evaManage/purContCompMngList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/business/evaManage/purContCompMngDetail', portal: 'internal', user: 'tfadmin', expect: 'document', open: shown('/api/v1/evaluation/contracts?size=1', 'contractNo', 'title') },
  { route: '/business/evaManage/transSatisMngList', portal: 'internal', user: 'tfadmin', expect: 'rows' },
  { route: '/business/evaManage/transSatisMngDetail', portal: 'internal', user: 'tfadmin', expect: 'document', open: shown('/api/v1/evaluation/surveys?size=1', 'surveyId', 'title') },
  { route: '/compInfo/evaTotalList', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/compInfo/evaTotalView', portal: 'external', user: 'supplier1', expect: 'document', open: shown('/api/v1/cyber/evaluation/totals?size=1', 'totalId', 'periodName') },
  { route: '/compInfo/transSatisSurveyList', portal: 'external', user: 'supplier1', expect: 'rows' },
  { route: '/compInfo/transSatisSurveyEdit', portal: 'external', user: 'supplier1', expect: 'document', open: shown('/api/v1/cyber/surveys?size=1', 'surveyId', 'title') },
];
