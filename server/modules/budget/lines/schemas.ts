import { Type } from 'typebox';
import { Nullable, Version } from '../../../domain/schemas.js';
import { CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';

export const BUDGET_LINE_SORT = ['fiscalYear', 'month', 'deptcd', 'accountCode', 'amount'] as const;

const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: 'Fiscal year' });
const Month = Type.Integer({ minimum: 1, maximum: 12, description: 'Month 1–12' });

export const BudgetLineQuery = Type.Object(
  {
    fiscalYear: Type.Optional(Year),
    month: Type.Optional(Month),
    deptcd: Type.Optional(Type.String({ maxLength: 20 })),
    accountCode: Type.Optional(Type.String({ maxLength: 20 })),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(BUDGET_LINE_SORT),
  },
  { additionalProperties: false },
);

export const BudgetLineRow = Type.Object(
  {
    key: Type.String({ description: 'fiscalYear-month-deptcd-accountCode' }),
    fiscalYear: Type.Integer(),
    month: Type.Integer(),
    deptcd: Type.String(),
    deptnm: Type.String(),
    accountCode: Type.String(),
    accountName: Type.String(),
    policy: Type.String({ description: 'STOP, WARN or IGNORE (the account’s)' }),
    amount: Type.String({ description: 'Budget as assigned, in whole won' }),
    transferred: Type.String({
      description: 'Approved transfers in (+) and out (−); the budget in force is amount + transferred',
    }),
    consumed: Type.String({ description: 'Pre-committed + committed + actual (the ledger’s sum)' }),
    available: Type.String({ description: 'Amount + transferred − consumed (negative when overdrawn)' }),
    version: Type.Integer(),
    updatedBy: Nullable(Type.String()),
    updatedAt: Type.String(),
  },
  { $id: 'BudgetLineRow' },
);

export const BudgetLineSave = Type.Object(
  {
    fiscalYear: Year,
    month: Month,
    deptcd: Type.String({ maxLength: 20 }),
    accountCode: Type.String({ maxLength: 20 }),
    amount: Type.String({ maxLength: 30, description: 'Whole won, ≥ 0 (thousands commas allowed)' }),
    version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version read; absent for a new line' })),
  },
  { additionalProperties: false },
);

export const BudgetLinesSaveBody = Type.Object(
  { lines: Type.Array(BudgetLineSave, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);

export const BudgetAccountRow = Type.Object(
  {
    accountCode: Type.String(),
    accountName: Type.String(),
    accountNameEn: Type.String(),
    policy: Type.String(),
    version: Type.Integer(),
    categories: Type.Array(Type.String()),
  },
  { $id: 'BudgetAccountRow' },
);
export const BudgetAccountParams = Type.Object({ accountCode: Type.String({ maxLength: 20 }) });
export const BudgetPolicyBody = Type.Object(
  { policy: Type.Union([Type.Literal('STOP'), Type.Literal('WARN'), Type.Literal('IGNORE')]), version: Version },
  { additionalProperties: false },
);
