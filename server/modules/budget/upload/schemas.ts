import { Type } from 'typebox';
import { Attachment, FileId, Nullable } from '../../../domain/schemas.js';
import { PagingQuery } from '../../../http/list-query.js';

const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: 'Fiscal year' });

export const YearParams = Type.Object({ fiscalYear: Year });
export const BatchParams = Type.Object({ uploadId: Type.String({ pattern: '^BU[0-9]{4}-[0-9]{6}$', maxLength: 20 }) });
export const Binary = Type.String({ format: 'binary' });
export const FilesAnswer = Type.Object({ files: Type.Array(Attachment) });

export const BudgetUploadBody = Type.Object(
  {
    fiscalYear: Year,
    fileId: FileId,
  },
  { additionalProperties: false },
);

export const BudgetUploadBatch = Type.Object(
  {
    batchId: Type.String(),
    fiscalYear: Type.Integer(),
    fileName: Type.String(),
    status: Type.String({
      description: 'APPLIED (every row right, the lines written) or REJECTED (at least one row wrong, nothing changed)',
    }),
    rowsTotal: Type.Integer(),
    countNew: Type.Integer(),
    countUpdate: Type.Integer(),
    countUnchanged: Type.Integer(),
    countSkipped: Type.Integer({ description: 'Rows without an amount (they change nothing)' }),
    countError: Type.Integer(),
    failMessage: Nullable(Type.String()),
    source: Type.String({
      description:
        'EXCEL (the workbook upload), ERP_HTTP (pushed by the ERP to the API) or ERP_FILE (dropped by the ERP in BUDGET_IMPORT_DIR)',
    }),
    importKey: Nullable(
      Type.String({ description: 'The ERP’s import key (unique: the same key again answers this batch)' }),
    ),
    createdBy: Type.String(),
    createdByName: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'BudgetUploadBatch' },
);

export const BudgetUploadRowQuery = Type.Object(
  {
    result: Type.Optional(Type.Union(['NEW', 'UPDATE', 'UNCHANGED', 'SKIPPED', 'ERROR'].map((v) => Type.Literal(v)))),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const BudgetUploadRow = Type.Object(
  {
    rowNo: Type.Integer({ description: 'The sheet’s row number, as Excel shows it' }),
    result: Type.String({ description: 'NEW, UPDATE, UNCHANGED, SKIPPED or ERROR' }),
    fiscalYear: Type.String(),
    month: Type.String(),
    deptcd: Type.String(),
    accountCode: Type.String(),
    amount: Type.String(),
    version: Type.String(),
    errorColumns: Type.String(),
    errorText: Type.String(),
  },
  { $id: 'BudgetUploadRow' },
);

export const BudgetUploadListQuery = Type.Object(
  {
    fiscalYear: Type.Optional(Year),
    source: Type.Optional(Type.Union(['EXCEL', 'ERP_HTTP', 'ERP_FILE'].map((v) => Type.Literal(v)))),
    status: Type.Optional(Type.Union(['APPLIED', 'REJECTED'].map((v) => Type.Literal(v)))),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

const ImportKey = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._:/-]*$',
  description: 'The ERP’s key of this import: the same key again changes nothing and answers the first import’s result',
});
const Cell = Type.Union([Type.String({ maxLength: 40 }), Type.Number()]);

/** An import of a year's budget from the ERP (the HTTP push and the dropped file alike). */
export const BudgetImportBody = Type.Object(
  {
    importKey: ImportKey,
    fiscalYear: Year,
    rows: Type.Array(
      Type.Object(
        {
          fiscalYear: Type.Optional(Cell),
          month: Cell,
          deptcd: Type.String({ maxLength: 40 }),
          accountCode: Type.String({ maxLength: 40 }),
          amount: Cell,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20000 },
    ),
  },
  { additionalProperties: false },
);

export const BudgetImportAnswer = Type.Object({
  batch: Type.Ref('BudgetUploadBatch'),
  replayed: Type.Boolean({
    description: 'true: this key was imported before; the answer is that import’s, nothing changed now',
  }),
});
