import { Type, type Static } from 'typebox';
import { EXPORT_COLUMN_TYPES } from '../../../lib/export-cell.js';
import { DownloadReason } from '../privacy/index.js';

/** A column as the grid resolved it for export (lib/export-cell ExportColumn): headers, code texts and formats come from the screen. */
const ExportColumnSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100 }),
    header: Type.String({ maxLength: 200 }),
    type: Type.Union(EXPORT_COLUMN_TYPES.map((t) => Type.Literal(t))),
    codes: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 500 }), { maxProperties: 2000 }),
    ),
    currencyField: Type.Optional(Type.String({ maxLength: 100 })),
    currency: Type.Optional(Type.String({ maxLength: 3 })),
    format: Type.Optional(Type.String({ maxLength: 50 })),
    mask: Type.Optional(Type.String({ maxLength: 50 })),
    width: Type.Number({ minimum: 1, maximum: 255 }),
  },
  { additionalProperties: false },
);

const QueryValue = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200 }),
]);

const PivotField = Type.String({ minLength: 1, maxLength: 100 });
const PivotText = Type.String({ minLength: 1, maxLength: 200 });

/**
 * A pivot screen's layout for its file (pivot-workbook.ts): the row fields of its axes and measures and the
 * screen's own words for them, so the sheets read as the pivot on the screen.
 */
export const PivotLayout = Type.Object(
  {
    row: Type.Object(
      { key: PivotField, label: PivotField, title: PivotText },
      { additionalProperties: false, description: 'The rows’ key and name fields and what they are (협력사 …)' },
    ),
    column: Type.Optional(
      Type.Object(
        { key: PivotField, label: PivotField },
        { additionalProperties: false, description: 'The columns’ key and name fields; absent: the totals only' },
      ),
    ),
    measures: Type.Array(
      Type.Object(
        {
          field: PivotField,
          previous: Type.Optional(PivotField),
          header: PivotText,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20, description: 'One sheet each, in this order' },
    ),
    texts: Type.Object(
      {
        total: PivotText,
        previous: PivotText,
        change: PivotText,
        rows: PivotText,
      },
      {
        additionalProperties: false,
        description: 'The totals’ header, the previous period’s, the change’s, and the name of the sheet of rows',
      },
    ),
    limit: Type.Integer({ minimum: 1, maximum: 10_000, description: 'Rows of the result read at most, as the screen' }),
  },
  {
    additionalProperties: false,
    description:
      'Written as the screen’s pivot: one sheet a measure (rows × columns, the previous period and the change, totals), then the rows as `columns` say',
  },
);
export type PivotLayout = Static<typeof PivotLayout>;

export const StartExportBody = Type.Object(
  {
    operation: Type.String({
      pattern: '^[A-Za-z][A-Za-z0-9_]{0,99}$',
      description: 'The list operation (operationId) whose whole filtered result is written',
    }),
    path: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }), { maxProperties: 10 }),
    ),
    query: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), QueryValue, {
        maxProperties: 100,
        description: 'The list query as the screen sends it (filters and sort; page and size are the server’s)',
      }),
    ),
    columns: Type.Array(ExportColumnSchema, { minItems: 1, maxItems: 200 }),
    sheetName: Type.String({ minLength: 1, maxLength: 100 }),
    tzOffsetMinutes: Type.Optional(
      Type.Integer({
        minimum: -840,
        maximum: 840,
        description: 'The user’s Date.getTimezoneOffset(): dates are written as the user’s grid shows them',
      }),
    ),
    reason: Type.Optional(DownloadReason),
    pivot: Type.Optional(PivotLayout),
  },
  { additionalProperties: false },
);
export type StartExportBody = Static<typeof StartExportBody>;

export const ExportStatus = Type.Object(
  {
    exportId: Type.String({ format: 'uuid' }),
    status: Type.Union([
      Type.Literal('RUNNING'),
      Type.Literal('DONE'),
      Type.Literal('FAILED'),
      Type.Literal('CANCELLED'),
    ]),
    rowsTotal: Type.Integer(),
    rowsDone: Type.Integer(),
    sheetName: Type.String(),
    bytes: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false },
);

export const ExportIdParams = Type.Object(
  { exportId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
