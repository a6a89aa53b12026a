import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Nullable } from '../../../http/schema-helpers.js';

/** The Excel upload's requests and answers: batches, their rows, the files made of them. */
const Status = Type.Union(
  ['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((s) => Type.Literal(s)),
);
export const Batch = Type.Object({
  batchId: Type.String(),
  fileName: Type.String(),
  sizeBytes: Type.Integer(),
  status: Status,
  rowsTotal: Type.Integer(),
  rowsRead: Type.Integer(),
  rowsChecked: Type.Integer(),
  progress: Type.Integer({ description: 'Percent of rows checked' }),
  countNew: Type.Integer(),
  countUpdate: Type.Integer(),
  countUnchanged: Type.Integer(),
  countError: Type.Integer(),
  failCode: Nullable(Type.String()),
  failMessage: Nullable(Type.String()),
  replaces: Nullable(Type.String()),
  replacedBy: Nullable(Type.String()),
  createdBy: Type.String(),
  createdByName: Nullable(Type.String()),
  createdAt: Type.String(),
  checkedAt: Nullable(Type.String()),
  appliedBy: Nullable(Type.String()),
  appliedAt: Nullable(Type.String()),
  version: Type.Integer(),
  actions: Type.Array(Type.String(), { description: 'apply, reupload, errors' }),
});
export const BatchParams = Type.Object({ batchId: Type.String({ maxLength: 20 }) });
export const ListQuery = Type.Object(
  {
    status: Type.Optional(Status),
    fileName: Type.Optional(Type.String({ maxLength: 300 })),
    ...PagingQuery,
    sort: SortQuery(['batchId', 'createdAt', 'status', 'fileName']),
  },
  { additionalProperties: false },
);
export const UploadQuery = Type.Object(
  {
    replaces: Type.Optional(
      Type.String({ maxLength: 20, description: 'The batch this file corrects (it becomes REPLACED)' }),
    ),
  },
  { additionalProperties: false },
);
const Result = Type.Union(['NEW', 'UPDATE', 'UNCHANGED', 'ERROR'].map((s) => Type.Literal(s)));
export const UploadRow = Type.Object({
  rowNo: Type.Integer(),
  result: Result,
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Type.String(),
  catCode: Type.String(),
  sgCode: Type.String(),
  unitCode: Type.String(),
  refPrice: Type.String(),
  currency: Type.String(),
  errorColumns: Type.String(),
  errorText: Type.String(),
});
export const RowQuery = Type.Object(
  { result: Type.Optional(Result), ...PagingQuery, sort: SortQuery(['rowNo', 'result']) },
  { additionalProperties: false },
);
export const Binary = Type.String({ format: 'binary' });
export const AttachmentSchema = Type.Object({
  fileId: Type.String(),
  seq: Type.Integer(),
  originalName: Type.String(),
  sizeBytes: Type.Integer(),
  mimeType: Type.String(),
});
export const FromFileBody = Type.Object(
  {
    fileId: Type.String({ minLength: 1, maxLength: 36 }),
    replaces: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  },
  { additionalProperties: false },
);
