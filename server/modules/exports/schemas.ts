import { Type, type Static } from 'typebox';
import { DownloadReason } from '../privacy/index.js';

/** A column as the grid resolved it for export (lib/export-cell ExportColumn): headers, code texts and formats come from the screen. */
const ExportColumnSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100 }),
    header: Type.String({ maxLength: 200 }),
    type: Type.Union(
      ['text', 'number', 'money', 'date', 'datetime', 'code', 'checkbox', 'link'].map((t) => Type.Literal(t)),
    ),
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
