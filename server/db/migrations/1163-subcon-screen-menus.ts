import { menuLeavesMigration } from '../menu-leaves.js';

/**
 * The 하도급 screens' menus (docs/subcontracting.md) in a database seeded before them, as the seed gives a new one
 * (server/db/seed/menus.ts):
 *
 * - 구매관리 › 하도급 › 하도급 이율 (/subconRateManage), after 하도급 준수 현황, at the level each group holds on
 *   하도급 대상 규칙 (PUR_SUBCON_RULE): the FTC's rates are kept by those who keep the rules, and read by their readers;
 * - the supplier's 정산 › 정산관리 › 감액 서면 (/myReductionList, its detail /myReductionDetail), after 세금계산서, at
 *   the level each supplier group holds on 월정산 (CY_SETTLE_MONTHLY), where the same 서면 are shown.
 *
 * Nothing is inserted while the parent menus are missing; running it twice adds nothing.
 */
export const { up, down } = menuLeavesMigration([
  {
    pgmId: 'PUR_SUBCON_RATE',
    parentId: 'PUR_SUBCON',
    ko: '하도급 이율',
    en: 'Subcontracting Rates',
    url: '/subconRateManage',
    portal: 'I',
    like: 'PUR_SUBCON_RULE',
  },
  {
    pgmId: 'CY_SETTLE_REDUCTION',
    parentId: 'CY_SETTLE_MAIN',
    ko: '감액 서면',
    en: 'Reduction Statements',
    url: '/myReductionList',
    subUrls: '{/myReductionDetail}',
    portal: 'X',
    like: 'CY_SETTLE_MONTHLY',
  },
]);
