import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { PagingQuery, SortQuery, pageWindow, parseSort } from '../../http/list-query.js';
import { Nullable, Str } from '../../http/schema-helpers.js';

/**
 * Sample data for the engine's page templates (/template/template0 … 8, public routes in spec §2):
 * fixed rows held in memory, never the database, so a template shows the same page to anyone and
 * nothing a visitor does is kept. `checkTemplateSample` validates a form the way a real save does
 * and answers it back without storing it.
 */
const CATEGORIES = [
  { categoryCode: 'OFFICE', categoryName: '사무용품' },
  { categoryCode: 'IT', categoryName: 'IT 기기' },
  { categoryCode: 'MRO', categoryName: '소모성 자재' },
] as const;
const STATUSES = ['DRAFT', 'REQUESTED', 'APPROVED', 'REJECTED'] as const;
const NAMES = ['A4 복사용지', '볼펜 (검정)', '노트북', '모니터 27인치', '안전장갑', '작업용 테이프', '스테이플러', '무선 마우스', '공구 세트', '보안경'];

const SAMPLES = Array.from({ length: 30 }, (_, i) => {
  const category = CATEGORIES[i % 3];
  const quantity = ((i * 7) % 20) + 1;
  const unitPrice = 1000 * (((i * 13) % 50) + 1);
  return {
    sampleNo: `S${String(i + 1).padStart(4, '0')}`,
    itemName: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
    categoryCode: category.categoryCode,
    categoryName: category.categoryName,
    status: STATUSES[i % STATUSES.length],
    quantity,
    unitPrice: String(unitPrice),
    amount: String(unitPrice * quantity),
    dueDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    requester: ['이정민', '박성호', '최유진', '김민수'][i % 4],
    remark: i % 5 === 0 ? '긴급' : null,
  };
});
type Sample = (typeof SAMPLES)[number];

const linesOf = (s: Sample) =>
  Array.from({ length: 3 }, (_, j) => ({ lineNo: j + 1, itemName: `${s.itemName} 부품 ${j + 1}`, quantity: j + 1, unitPrice: String(500 * (j + 1)), amount: String(500 * (j + 1) * (j + 1)) }));

const SampleRow = Type.Object(
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
const SampleLine = Type.Object({ lineNo: Type.Integer(), itemName: Type.String(), quantity: Type.Integer(), unitPrice: Type.String(), amount: Type.String() }, { $id: 'TemplateSampleLine', title: 'TemplateSampleLine' });
const SORT = ['sampleNo', 'itemName', 'categoryName', 'status', 'quantity', 'amount', 'dueDate'] as const;

const SampleBody = Type.Object(
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
    lines: Type.Optional(Type.Array(Type.Object({ lineNo: Type.Optional(Type.Integer()), itemName: Str(100), quantity: Type.Integer({ minimum: 1 }) }, { additionalProperties: true }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);

export const templateSampleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SampleRow);
  app.addSchema(SampleLine);

  app.get(
    '/api/v1/template/samples',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'listTemplateSamples',
        tags: ['template'],
        summary: 'Sample rows for the page templates (fixed, in memory): filter, sort and page like a real list',
        querystring: Type.Object(
          { itemName: Type.Optional(Str(100)), categoryCode: Type.Optional(Str(10)), status: Type.Optional(Str(10)), ...PagingQuery, sort: SortQuery(SORT) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('TemplateSampleRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const name = q.itemName?.trim();
      let rows = SAMPLES.filter((s) => (!name || s.itemName.includes(name)) && (!q.categoryCode || s.categoryCode === q.categoryCode) && (!q.status || s.status === q.status));
      const sort = parseSort<(typeof SORT)[number]>(q.sort, { field: 'sampleNo', direction: 'asc' });
      const key = (s: Sample) => (sort.field === 'amount' ? Number(s.amount) : s[sort.field]);
      rows = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.direction === 'asc' ? 1 : -1));
      const { limit, offset } = pageWindow(q);
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    },
  );

  app.get(
    '/api/v1/template/samples/:sampleNo',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'getTemplateSample',
        tags: ['template'],
        summary: 'One sample row with three lines (master-detail template)',
        params: Type.Object({ sampleNo: Str(10) }, { additionalProperties: false }),
        response: { 200: Type.Object({ ...SampleRow.properties, lines: Type.Array(Type.Ref('TemplateSampleLine')) }), ...commonErrors },
      },
    },
    async (request) => {
      const s = SAMPLES.find((x) => x.sampleNo === request.params.sampleNo);
      if (!s) throw notFound('SAMPLE_NOT_FOUND', '견본 자료를 찾을 수 없습니다');
      return { ...s, lines: linesOf(s) };
    },
  );

  app.get(
    '/api/v1/template/sample-tree',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'listTemplateSampleTree',
        tags: ['template'],
        summary: 'The sample rows as a tree: category › row (tree template)',
        querystring: Type.Object({ ...PagingQuery }, { additionalProperties: false }),
        response: {
          200: Type.Object({ rows: Type.Array(Type.Object({ nodeId: Type.String(), parentId: Nullable(Type.String()), label: Type.String(), sampleNo: Nullable(Type.String()), itemName: Nullable(Type.String()), categoryCode: Type.String(), quantity: Nullable(Type.Integer()), dueDate: Nullable(Type.String()), remark: Nullable(Type.String()) })), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async () => {
      const rows = [
        ...CATEGORIES.map((c) => ({ nodeId: c.categoryCode, parentId: null, label: c.categoryName, sampleNo: null, itemName: null, categoryCode: c.categoryCode, quantity: null, dueDate: null, remark: null })),
        ...SAMPLES.slice(0, 12).map((s) => ({ nodeId: s.sampleNo, parentId: s.categoryCode, label: s.itemName, sampleNo: s.sampleNo, itemName: s.itemName, categoryCode: s.categoryCode, quantity: s.quantity, dueDate: s.dueDate, remark: s.remark })),
      ];
      return { rows, total: rows.length };
    },
  );

  app.post(
    '/api/v1/template/samples/check',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'checkTemplateSample',
        tags: ['template'],
        summary: 'Checks a template form like a save would and answers it back; nothing is stored',
        body: SampleBody,
        response: { 200: Type.Object({ sampleNo: Type.String(), itemName: Type.String(), categoryCode: Type.String(), quantity: Type.Integer(), warnings: Type.Array(Type.String()) }), ...commonErrors },
      },
    },
    async (request) => {
      const b = request.body;
      if (!b.itemName.trim()) throw badRequest('VALIDATION', '입력 항목을 확인하세요', [{ path: 'body/itemName', message: '필수 입력 항목입니다' }]);
      return { sampleNo: b.sampleNo || 'S9999', itemName: b.itemName.trim(), categoryCode: b.categoryCode, quantity: b.quantity, warnings: ['견본 화면입니다: 입력한 내용은 저장되지 않습니다'] };
    },
  );
};
