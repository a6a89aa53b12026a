import { menuLeavesMigration } from '../menu-leaves.js';

/**
 * The 납품대금 조정협의 screens' menus (docs/subcontracting.md "납품대금 조정협의") in a database seeded before them,
 * as the seed gives a new one (server/db/seed/menus.ts):
 *
 * - 구매관리 › 하도급 › 납품대금 조정협의 (/priceCoordinationList), at the level each group holds on 단가계약
 *   (PUR_AGREEMENT): the talks are about an agreement's prices, so whoever keeps the agreements answers them;
 * - the supplier's 발주 › 발주관리 › 납품대금 조정협의 (/myCoordinationList), after 단가계약 조회, at the level each
 *   supplier group holds there (CY_AGREEMENT), whose agreements the requests are about.
 *
 * Nothing is inserted while the parent menus are missing; running it twice adds nothing.
 */
export const { up, down } = menuLeavesMigration([
  {
    pgmId: 'PUR_SUBCON_COORDINATION',
    parentId: 'PUR_SUBCON',
    ko: '납품대금 조정협의',
    en: 'Price Coordination Requests',
    url: '/priceCoordinationList',
    portal: 'I',
    like: 'PUR_AGREEMENT',
  },
  {
    pgmId: 'CY_AGREEMENT_COORDINATION',
    parentId: 'CY_ORDER_MAIN',
    ko: '납품대금 조정협의',
    en: 'Price Coordination Requests',
    url: '/myCoordinationList',
    portal: 'X',
    like: 'CY_AGREEMENT',
  },
]);
