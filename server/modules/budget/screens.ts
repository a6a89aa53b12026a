/** The budget screens whose menus grant the budget operations (server/db/seed/menus.ts). */
export const BUDGET_SCREENS = {
  manage: '/budget/budgetManage',
  report: '/budget/budgetReport',
  transfer: '/budget/budgetTransfer',
  imports: '/budget/budgetImport',
} as const;
