import { Type } from 'typebox';
import { Nullable } from '../../../domain/schemas.js';
import { PagingQuery } from '../../../http/list-query.js';

const REPORT_BY = ['detail', 'deptAccount', 'month'] as const;

export const BudgetReportQuery = Type.Object(
  {
    fiscalYear: Type.Optional(
      Type.Integer({ minimum: 2000, maximum: 2100, description: 'Fiscal year; this year (KST) when absent' }),
    ),
    month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    deptcd: Type.Optional(Type.String({ maxLength: 20 })),
    accountCode: Type.Optional(Type.String({ maxLength: 20 })),
    by: Type.Optional(
      Type.Enum([...REPORT_BY], {
        default: 'detail',
        description:
          'detail: department × account × month; deptAccount: summed over the months; month: summed per month',
      }),
    ),
    // The list screens send their paging and sort; the report is one page in its own order.
    ...PagingQuery,
    sort: Type.Optional(
      Type.String({ maxLength: 100, description: 'Ignored: rows come by department, account, month' }),
    ),
  },
  { additionalProperties: false },
);

const Won = (description: string) => Type.String({ description: `${description}, whole won` });

export const BudgetReportRow = Type.Object(
  {
    key: Type.String({ description: 'The row’s key: month|deptcd|accountCode' }),
    label: Type.String({ description: 'What the row is, for the chart: department · account · month' }),
    fiscalYear: Type.Integer(),
    month: Nullable(Type.Integer()),
    deptcd: Nullable(Type.String()),
    deptnm: Nullable(Type.String()),
    accountCode: Nullable(Type.String()),
    accountName: Nullable(Type.String()),
    budget: Won('Budget in force: as assigned plus the approved transfers'),
    transferred: Won('Approved transfers in (+) and out (−), included in budget'),
    preCommitted: Won('Pre-committed (approved PRs not yet ordered)'),
    committed: Won('Committed (orders and LOIs not yet received)'),
    actual: Won('Actual (received)'),
    available: Won('Budget − pre-committed − committed − actual'),
  },
  { $id: 'BudgetReportRow' },
);

export const BudgetReport = Type.Object({
  rows: Type.Array(Type.Ref('BudgetReportRow')),
  total: Type.Integer(),
  totals: Type.Ref('BudgetReportRow'),
});

const LEDGER_KINDS = ['PRE_COMMIT', 'COMMIT', 'ACTUAL'] as const;

export const BudgetLedgerQuery = Type.Object(
  {
    fiscalYear: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
    month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    deptcd: Type.Optional(Type.String({ maxLength: 20 })),
    accountCode: Type.Optional(Type.String({ maxLength: 20 })),
    kind: Type.Optional(Type.Enum([...LEDGER_KINDS])),
    docNo: Type.Optional(Type.String({ maxLength: 20, description: 'A document (PR, PO or LOI number)' })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const BudgetLedgerRow = Type.Object(
  {
    entryId: Type.Integer(),
    fiscalYear: Type.Integer(),
    month: Type.Integer(),
    deptcd: Type.String(),
    deptnm: Nullable(Type.String()),
    accountCode: Type.String(),
    accountName: Nullable(Type.String()),
    docType: Type.String({ description: 'PR, PO or LOI' }),
    docNo: Type.String(),
    lineNo: Type.Integer(),
    kind: Type.String({ description: 'PRE_COMMIT, COMMIT or ACTUAL: the figure the row moves' }),
    event: Type.String({ description: 'APPROVE, ORDER, CHANGE, RECEIPT, CANCEL, RETURN or RELEASE' }),
    amount: Type.String({ description: 'Signed whole won' }),
    createdBy: Type.String(),
    createdAt: Type.String(),
  },
  { $id: 'BudgetLedgerRow' },
);

export const PrBudgetParams = Type.Object({ prNo: Type.String({ maxLength: 20 }) });

const PrBudgetLine = Type.Object({
  lineNo: Type.Integer(),
  itemName: Type.String(),
  accountCode: Nullable(Type.String()),
  accountName: Nullable(Type.String()),
  policy: Nullable(Type.String({ description: 'STOP, WARN or IGNORE; null without an account' })),
  controlled: Type.Boolean({
    description: 'A budget line exists for the PR’s department, the account and the PR’s month',
  }),
  budget: Nullable(Type.String()),
  available: Nullable(Type.String({ description: 'What is left of the budget now (whole won)' })),
  requested: Type.String({ description: 'The line’s estimated amount in KRW' }),
  exceeds: Nullable(
    Type.String({
      description: 'STOP or WARN while the PR’s lines of this account ask more than is available; null when it fits',
    }),
  ),
  shortfall: Nullable(
    Type.String({
      description:
        'STOP / WARN: what the PR’s lines of this account ask beyond what is available (whole won); null when it fits',
    }),
  ),
  warning: Nullable(
    Type.String({
      description:
        'The message the approval would answer (BUDGET_EXCEEDED / BUDGET_WARN_CONFIRM) while it does not fit',
    }),
  ),
  nextStep: Nullable(
    Type.String({
      description:
        'While it does not fit: what the caller can do — ask for a budget transfer (예산전용) on its screen, or, without the right to, whom to ask (up to three people who may, the PR’s department first)',
    }),
  ),
});

export const PrBudget = Type.Object({
  prNo: Type.String(),
  deptcd: Type.String(),
  fiscalYear: Type.Integer(),
  month: Type.Integer(),
  rows: Type.Array(PrBudgetLine, {
    description: 'One per PR line (rows, so the PR edit screen shows them as a detail grid)',
  }),
  total: Type.Integer(),
});
