/**
 * The screen addresses spec §2 lists, by portal. Until the screen engine mounts a screen (its
 * routes come from app/screens/screen-routes.tsx), the address still belongs to the right main
 * layout — guarded, with the menu and the breadcrumb — and shows a placeholder.
 */

const PURCHASE = [
  '/adjustment',
  '/signifier',
  '/signifierDetail',
  '/posting-error',
  '/statement',
  '/dataDownload',
  '/adjustSearch',
  '/prList',
  '/prEdit',
  '/prConfirmList',
  '/prConfirmEdit',
  '/OrderRequestList',
  '/OrderRequestEdit',
  '/LoiRequestList',
  '/LoiRequestEdit',
  '/SimpleOrderList',
  '/SimpleOrderEdit',
  '/warehousingList',
  '/warehousingItemList',
  '/warehousingListCopy',
  '/warehousingItemListCopy',
  '/deliverListAdmin',
  '/deliverEditAdmin',
  '/noneOrderViewAdmin',
];

const PORTAL = [
  '/portal/author/menuManage',
  '/portal/author/authorGroupManage',
  '/portal/author/authMenuManage',
  '/portal/author/userSessionManage',
  '/portal/author/authUserManage',
  '/portal/codeManage/cmmnCodeManage',
  '/portal/system/messageManage',
  '/portal/system/accessLog',
  '/portal/ogpmsManage/RegisterUser',
  '/portal/ogpmsManage/userBlock',
  '/portal/ogpmsManage/compUserManage',
  '/portal/ogpmsManage/notice',
  '/portal/approval/approvalRule',
  '/portal/approval/approvalLine',
  '/portal/poChange/poChangeInfo',
  '/board/faq',
  '/board/notice',
  '/monthlyCalcAdmin',
  '/monthlyCalcADetail',
];

/** External-supplier screens: mounted under /cyber with the same sub-paths, and under the internal layout too. */
export const EXTERNAL_SCREENS = [
  '/prCheckList',
  '/prCheckEdit',
  '/prSubmitList',
  '/prSubmitEdit',
  '/CyberOrderRequestList',
  '/CyberOrderRequestEdit',
  '/userManagement/PersonInfoLogin',
  '/userManagement/PersonInfo',
  '/itemManagement/itemInfo',
  '/itemManagement/ItemInfoEdit',
  '/itemManagement/upItemView',
  '/itemManagement/upItemDetail',
  '/monthlyCalculate',
  '/monthlyCalcDetail',
  '/deliverInfo',
  '/deliverEdit',
  '/noneOrderView',
  '/compInfo/evaTotalList',
  '/compInfo/evaTotalView',
  '/compManage/CyberCompManageEdit',
  '/portal/ogpmsManage/userBlock',
  '/portal/ogpmsManage/compUserManage',
];

/** Spec §2 "Templates (public)". */
const TEMPLATE_SCREENS = [
  ...Array.from({ length: 9 }, (_, i) => `/template/template${i}`),
  '/template/userApply',
  '/template/ogpmsLogin',
  '/template/ogpmsUserApply1',
  '/template/ogpmsUserApply2',
  '/template/ogpmsUserApply3',
];

const BUSINESS = [
  '/CompCouncilList',
  '/CompManageList',
  '/CompManageEdit',
  '/compGerpAppList',
  '/compGerpAppEdit',
  '/compChangeStatusList',
  '/compExcavationList',
  '/compUserManageList',
  '/compRegList',
  '/compStatusList',
  '/compStatusView',
  '/business/evaResult/evaWorkResultList',
  '/business/evaResult/evaWorkResultView',
  '/evaWorkList',
  '/evaWorkEdit',
  '/compEvaTotalList',
  '/compEvaTotalEdit',
  '/business/evaManage/evaSetting',
  '/business/evaManage/compRegMngList',
  '/business/evaManage/compRegMngDetail',
  '/business/evaManage/purContCompMngList',
  '/business/evaManage/purContCompMngDetail',
  '/business/evaManage/transSatisMngList',
  '/business/evaManage/transSatisMngDetail',
];

const REPORTS = [
  '/report/costUnit/costUnitDifference',
  '/report/costUnit/highCostUnit',
  '/report/costUnit/highCostUnitDetail',
  '/report/manage/itemMasterCostNew',
  ...Array.from({ length: 11 }, (_, i) => `/report/monthlyReport/monthlyReport${String(i + 1).padStart(2, '0')}`),
];

const ITEMS = [
  '/item/category/categoryManage',
  '/item/comp/sourcingGroup',
  '/itemInsert',
  '/itemDetail',
  '/itemExcelUpList',
  '/itemExcelUpDetail',
  '/attribute',
  '/attributeValue',
  '/unitMaster',
];

const ASSETS = ['/assetManagementList', '/assetManagementRegisterList', '/assetInventoryList'];

/** Every screen under the internal main layout `/` (templates included, flagged public separately). */
export const INTERNAL_SCREENS: readonly string[] = [
  ...new Set([
    ...PURCHASE,
    ...PORTAL,
    ...EXTERNAL_SCREENS,
    ...BUSINESS,
    ...REPORTS,
    ...ITEMS,
    ...ASSETS,
    ...TEMPLATE_SCREENS,
  ]),
];

export function isTemplateScreen(path: string): boolean {
  return TEMPLATE_SCREENS.includes(path);
}

/**
 * Spec §2: route names inside the external portal carry the prefix Cyber_. A screen's name is
 * its path without the leading slash ('portal/author/menuManage').
 */
export function screenRouteName(path: string, isCyber: boolean): string {
  const name = path.replace(/^\/+/, '');
  return isCyber ? `Cyber_${name}` : name;
}

/** Spec §2: navigation inside the external portal prefixes paths with /cyber (once). */
export function portalPath(path: string, isCyber: boolean): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (!isCyber || p === '/cyber' || p.startsWith('/cyber/')) return p;
  return p === '/' ? '/cyber' : `/cyber${p}`;
}
