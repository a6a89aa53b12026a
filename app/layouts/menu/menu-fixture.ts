import type { MenuItem } from '../../stores/session';

const leaf = (pgmId: string, pgmName: string, sspUrl: string, sspSubUrls: string[] = []): MenuItem => ({
  pgmId,
  pgmName,
  sspUrl,
  sspSubUrls,
  leaf: 'T',
  childs: [],
});
const group = (pgmId: string, pgmName: string, childs: MenuItem[]): MenuItem => ({
  pgmId,
  pgmName,
  sspUrl: null,
  sspSubUrls: [],
  leaf: 'F',
  childs,
});

/** A three-level menu like the seed's (internal portal), for tests and stories. */
export const INTERNAL_MENUS: MenuItem[] = [
  group('PUR', '구매관리', [
    group('PUR_PR', '구매요청', [
      leaf('PUR_PR_LIST', '구매요청', '/prList', ['/prEdit']),
      leaf('PUR_PR_CONFIRM', '구매요청 접수', '/prConfirmList', ['/prConfirmEdit']),
    ]),
    group('PUR_ORDER', '발주', [
      leaf('PUR_ORDER_REQUEST', '발주요청', '/OrderRequestList'),
      leaf('PUR_LOI', 'LOI 요청', '/LoiRequestList'),
    ]),
  ]),
  group('WHS', '입고/정산', [
    group('WHS_RECEIPT', '입고', [
      leaf('WHS_RECEIPT_LIST', '입고현황', '/warehousingList'),
      leaf('WHS_RECEIPT_ITEMS', '입고품목현황', '/warehousingItemList'),
    ]),
    group('WHS_SETTLE', '정산', [leaf('WHS_SETTLE_MONTHLY', '월정산', '/monthlyCalcAdmin', ['/monthlyCalcADetail'])]),
  ]),
  group('PORTAL', '포털관리', [
    group('PORTAL_AUTHOR', '권한관리', [
      leaf('PORTAL_AUTHOR_MENU', '메뉴관리', '/portal/author/menuManage', ['/portal/author']),
      leaf('PORTAL_AUTHOR_SESSION', '사용자 세션관리', '/portal/author/userSessionManage'),
    ]),
    group('PORTAL_EMPTY', '준비중 메뉴', []),
  ]),
  group('RPT', '리포트', [
    group('RPT_COST', '단가분석', [leaf('RPT_COST_DIFFERENCE', '단가 차이', '/report/costUnit/costUnitDifference')]),
  ]),
  group('BOARD', '게시판', [group('BOARD_POST', '게시판', [leaf('BOARD_NOTICE', '공지사항', '/board/notice')])]),
  group('ASSET', '자산관리', [group('ASSET_M', '자산', [leaf('ASSET_LIST', '자산현황', '/assetManagementList')])]),
];

/** The external portal's menus come without /cyber. */
export const EXTERNAL_MENUS: MenuItem[] = [
  group('CY_QUOT', '견적', [
    group('CY_QUOT_MAIN', '견적관리', [
      leaf('CY_QUOT_REQUEST', '견적요청 확인', '/prCheckList', ['/prCheckEdit']),
      leaf('CY_QUOT_SUBMIT', '견적제출', '/prSubmitList'),
    ]),
  ]),
  group('CY_DELIVERY', '납품', [
    group('CY_DELIVERY_MAIN', '납품관리', [
      leaf('CY_DELIVERY_LIST', '납품등록/현황', '/deliverInfo', ['/deliverEdit']),
    ]),
  ]),
];
