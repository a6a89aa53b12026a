import { Type } from 'typebox';
import { CodeList, CompNo, PeriodRange } from '../../../domain/schemas.js';
import { WarehousingFilterFields } from '../warehousing/schemas.js';
import { SETTLE_STATUSES } from '../settlement/workflow.js';

/** Extracts stop at this many rows: beyond it the filter must be narrowed (400 EXPORT_TOO_LARGE). */
export const MAX_EXPORT_ROWS = 100_000;

export const ReceiptExtractQuery = Type.Object(
  { ...WarehousingFilterFields },
  { additionalProperties: false, description: 'The warehousing filter of spec §3' },
);

export const SettlementExtractQuery = Type.Object(
  {
    periods: Type.Optional(PeriodRange()),
    compNo: Type.Optional(CompNo),
    status: Type.Optional(CodeList(SETTLE_STATUSES, 'SETTLE_STATUS codes')),
    level: Type.Optional(
      Type.Union([Type.Literal('line'), Type.Literal('header')], {
        description: 'line (default): one row per settlement line; header: one row per settlement',
      }),
    ),
  },
  { additionalProperties: false },
);

export const XlsxAnswer = {
  description: 'An .xlsx workbook, streamed',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', format: 'binary' },
    },
  },
} as const;
