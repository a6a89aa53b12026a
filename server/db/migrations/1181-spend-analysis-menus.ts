import { menuLeavesMigration } from '../menu-leaves.js';

/**
 * The spend-analysis screens beside the spend cube (docs/reports.md "Savings", "Maverick spend", "Supplier
 * service") under 리포트 › 월간 리포트 in a database seeded before them, as the seed gives a new one
 * (server/db/seed/menus.ts): after 구매 지출 분석, in this order, at the level each authority group holds
 * on the spend reports' first menu (RPT_MONTHLY_01), as migration 1000 gave the cube. Nothing is inserted
 * while there are no menus; running it twice adds nothing.
 */
export const { up, down } = menuLeavesMigration([
  {
    pgmId: 'RPT_SAVINGS',
    parentId: 'RPT_MONTHLY',
    ko: '구매 절감 실적',
    en: 'Savings',
    url: '/spendSavings',
    portal: 'I',
    like: 'RPT_MONTHLY_01',
  },
  {
    pgmId: 'RPT_MAVERICK',
    parentId: 'RPT_MONTHLY',
    ko: '비정상 구매',
    en: 'Maverick Spend',
    url: '/maverickSpend',
    portal: 'I',
    like: 'RPT_MONTHLY_01',
  },
  {
    pgmId: 'RPT_SUPPLIER_SERVICE',
    parentId: 'RPT_MONTHLY',
    ko: '협력사 서비스 수준',
    en: 'Supplier Service',
    url: '/supplierService',
    portal: 'I',
    like: 'RPT_MONTHLY_01',
  },
  {
    pgmId: 'RPT_SUPPLIER_DEPENDENCY',
    parentId: 'RPT_MONTHLY',
    ko: '협력사 의존도',
    en: 'Supplier Dependency',
    url: '/supplierDependency',
    portal: 'I',
    like: 'RPT_MONTHLY_01',
  },
]);
