import { Type } from 'typebox';
import { Attachment, FileId, Nullable } from '../../../domain/schemas.js';
import { PagingQuery } from '../../../http/list-query.js';

/**
 * The 기준 지표 of 납품대금 연동 and their values (docs/subcontracting.md "납품대금 연동"). Fields are plain strings
 * checked by the service, so a wrong one is answered with the field's Korean message.
 */
export const IndexBody = Type.Object(
  {
    indexCode: Type.String({ maxLength: 20, description: 'Upper-case letters, digits, _ and - (STEEL_HRC)' }),
    indexName: Type.String({ maxLength: 200 }),
    unit: Type.String({ maxLength: 30, description: '지수, 원/kg, USD/t …' }),
    source: Type.String({ maxLength: 300, description: 'Where its values come from (한국은행 생산자물가지수, LME …)' }),
  },
  { additionalProperties: false },
);

export const IndexValueBody = Type.Object(
  {
    indexCode: Type.String({ maxLength: 20 }),
    valueDate: Type.String({ maxLength: 10, description: 'YYYY-MM-DD, not after the business day' }),
    value: Type.String({
      maxLength: 30,
      description: 'Above 0, up to 4 decimals; a day’s value entered again replaces it',
    }),
  },
  { additionalProperties: false },
);

export const IndexValueQuery = Type.Object(
  {
    indexCode: Type.Optional(Type.String({ maxLength: 20, description: 'One index; empty: all' })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const IndexValueRow = Type.Object(
  {
    valueKey: Type.String({ description: 'indexCode:valueDate, the row’s key' }),
    indexCode: Type.String(),
    indexName: Type.String(),
    unit: Type.String(),
    valueDate: Type.String({ description: 'YYYY-MM-DD' }),
    value: Type.String(),
    updatedByName: Nullable(Type.String()),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'LinkageIndexValueRow' },
);

export const IndexValueList = Type.Object({
  rows: Type.Array(Type.Ref('LinkageIndexValueRow')),
  total: Type.Integer(),
});

export const IndexRow = Type.Object({
  indexCode: Type.String(),
  indexName: Type.String(),
  unit: Type.String(),
  source: Type.String(),
  useYn: Type.String(),
  version: Type.Integer(),
});

/** importLinkageIndexValues: the upload group the file was sent to (the file API first). */
export const IndexImportBody = Type.Object({ fileId: FileId }, { additionalProperties: false });

export const IndexImportAnswer = Type.Object({
  rows: Type.Integer({ description: 'Rows written' }),
  created: Type.Integer({ description: 'Days that had no value' }),
  replaced: Type.Integer({ description: 'Days whose value was replaced' }),
});

export const TemplateFiles = Type.Object({ files: Type.Array(Attachment) });
