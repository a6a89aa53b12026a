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
    status: Type.String({ description: 'APPLIED (every row right, the lines written) or REJECTED (at least one row wrong, nothing changed)' }),
    rowsTotal: Type.Integer(),
    countNew: Type.Integer(),
    countUpdate: Type.Integer(),
    countUnchanged: Type.Integer(),
    countSkipped: Type.Integer({ description: 'Rows without an amount (they change nothing)' }),
    countError: Type.Integer(),
    failMessage: Nullable(Type.String()),
    createdBy: Type.String(),
    createdByName: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'BudgetUploadBatch' },
);

export const BudgetUploadRowQuery = Type.Object(
  { result: Type.Optional(Type.Union(['NEW', 'UPDATE', 'UNCHANGED', 'SKIPPED', 'ERROR'].map((v) => Type.Literal(v)))), ...PagingQuery },
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
