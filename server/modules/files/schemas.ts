import { Type } from 'typebox';

export const FileInfo = Type.Object(
  {
    fileId: Type.String(),
    seq: Type.Integer(),
    originalName: Type.String(),
    sizeBytes: Type.Integer(),
    mimeType: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'FileInfo', title: 'FileInfo' },
);

export const FileGroup = Type.Object(
  { fileId: Type.String(), files: Type.Array(Type.Ref('FileInfo')) },
  { $id: 'FileGroup', title: 'FileGroup' },
);

export const FileIdParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9a-f-]{36}$', description: 'File group id (UUID)' }) },
  { additionalProperties: false },
);
export const FileSeqParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9a-f-]{36}$' }), seq: Type.Integer({ minimum: 1, maximum: 1000 }) },
  { additionalProperties: false },
);
export const UploadQuery = Type.Object(
  {
    fileId: Type.Optional(Type.String({ pattern: '^[0-9a-f-]{36}$', description: 'Append to this existing group' })),
    kind: Type.Optional(
      Type.Union([Type.Literal('any'), Type.Literal('spreadsheet')], {
        description: 'spreadsheet: only Excel files (.xlsx, .xls) are accepted',
      }),
    ),
    docType: Type.Optional(
      Type.String({
        pattern: '^[A-Z][A-Z0-9_]{0,29}$',
        description:
          'The kind of document the files belong to (server/modules/files/owners.ts: PR, RFQ, QUOTATION, PO, LOI, DELIVERY, …)',
      }),
    ),
    docNo: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,50}$',
        description:
          'The document, when it exists already: the caller must be allowed to change it. Without it the files belong to the uploader until a document takes them (else they expire after a day)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Binary = {
  description: 'The file',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
} as const;
