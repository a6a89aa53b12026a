import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Nullable, Str } from '../../../http/schema-helpers.js';

export const CATEGORIES = [
  { categoryCode: 'OFFICE', categoryName: '사무용품' },
  { categoryCode: 'IT', categoryName: 'IT 기기' },
  { categoryCode: 'MRO', categoryName: '소모성 자재' },
] as const;

export const SampleRow = Type.Object(
  {
    sampleNo: Type.String(),
    itemName: Type.String(),
    categoryCode: Type.String(),
    categoryName: Type.String(),
    status: Type.String(),
    quantity: Type.Integer(),
    unitPrice: Type.String(),
    amount: Type.String(),
    dueDate: Type.String({ format: 'date' }),
    requester: Type.String(),
    remark: Nullable(Type.String()),
  },
  { $id: 'TemplateSampleRow', title: 'TemplateSampleRow' },
);
export const SampleLine = Type.Object(
  {
    lineNo: Type.Integer(),
    itemName: Type.String(),
    quantity: Type.Integer(),
    unitPrice: Type.String(),
    amount: Type.String(),
  },
  { $id: 'TemplateSampleLine', title: 'TemplateSampleLine' },
);
export const SAMPLE_SORT = ['sampleNo', 'itemName', 'categoryName', 'status', 'quantity', 'amount', 'dueDate'] as const;

export const SampleBody = Type.Object(
  {
    sampleNo: Type.Optional(Str(10)),
    itemName: Str(100),
    categoryCode: Type.Union(CATEGORIES.map((c) => Type.Literal(c.categoryCode))),
    quantity: Type.Integer({ minimum: 1, maximum: 9999 }),
    unitPrice: Type.Optional(Str(20)),
    dueDate: Type.Optional(Nullable(Type.String())),
    remark: Type.Optional(Nullable(Str(200))),
    agree: Type.Optional(Type.String()),
    step: Type.Optional(Type.String({ description: 'wizard template: the step shown' })),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          { lineNo: Type.Optional(Type.Integer()), itemName: Str(100), quantity: Type.Integer({ minimum: 1 }) },
          { additionalProperties: true },
        ),
        { maxItems: 50 },
      ),
    ),
  },
  { additionalProperties: false },
);

export const SampleListQuery = Type.Object(
  {
    itemName: Type.Optional(Str(100)),
    categoryCode: Type.Optional(Str(10)),
    status: Type.Optional(Str(10)),
    ...PagingQuery,
    sort: SortQuery(SAMPLE_SORT),
  },
  { additionalProperties: false },
);
