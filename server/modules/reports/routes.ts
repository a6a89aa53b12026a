import { Type, type TSchema } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { PagingQuery, SortQuery, pageWindow, parseSort } from '../../http/list-query.js';
import { internalActor } from '../../domain/actor.js';
import { ANALYSIS_ROUTES, EVALUATION_DRILL, REPORTS, SPEND_CUBE, rowSchema, type ReportSpec } from './catalog.js';
import { reportPeriod } from './period.js';
import { runReport } from './run.js';
import { refreshReportSummary, summaryState } from './summary.js';
import { checkScopeFilters, scopeOf } from './scope.js';
import { cellFilters, type CellPart } from './cube-cell.js';
import { ANALYSIS_REPORTS } from './analysis-catalog.js';
import { CUBE_DIMENSIONS, drillOrders, type DrillBasis, type ReportContext } from './queries/statements.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';

const Month = (description: string) => Type.String({ pattern: '^\\d{4}(0[1-9]|1[0-2])$', description });
const commonQuery = {
  fromMonth: Type.Optional(Month('First month, YYYYMM (required; at most 36 months before toMonth)')),
  toMonth: Type.Optional(Month('Last month, YYYYMM (required)')),
  section: Type.Optional(
    Type.String({ maxLength: 20, description: 'Business section (topDept); must be within the caller’s scope' }),
  ),
  deptcd: Type.Optional(Type.String({ maxLength: 20, description: 'Department; must be within the caller’s scope' })),
  ...PagingQuery,
};

const SummaryState = Type.Object(
  {
    asOf: Type.String({
      format: 'date-time',
      description: 'The figures hold every change made before this moment (now, when no month waits)',
    }),
    pendingMonths: Type.Array(Type.String(), {
      description:
        'Months of the period changed since their last rebuild: the job rebuilds them within a minute, or POST /api/v1/reports/summary/rebuild now',
    }),
  },
  { description: 'How current the summaries behind this report are' },
);

/**
 * A spend-cube cell as the drill's filters (cube-cell.ts): each dimension with its key; a dimension
 * without a key (a row or column total) filters nothing.
 */
const CellDim = (description: string) => Type.Optional(Type.Enum([...CUBE_DIMENSIONS], { description }));
const CellKey = (description: string) => Type.Optional(Type.String({ maxLength: 20, description }));
const cubeCellQuery = {
  dim1: CellDim('A cube cell: the first dimension'),
  key1: CellKey('Its key (a month YYYYMM or quarter YYYYQn narrows the period)'),
  dim2: CellDim('The second dimension'),
  key2: CellKey('Its key'),
};

type Query = Record<string, unknown> & {
  fromMonth?: string;
  toMonth?: string;
  section?: string;
  deptcd?: string;
  page?: number;
  size?: number;
  sort?: string;
};

const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The period, the caller's scope and the filters, refused (400 / 403) before any figure is read. */
async function contextOf(db: Db, caller: Caller | null, q: Query): Promise<ReportContext> {
  let period = reportPeriod(q.fromMonth, q.toMonth);
  // A cube cell (drill-down): its dimensions' keys as filters, a month or quarter as the period.
  const parts: CellPart[] = [];
  for (const [dim, key] of [
    [q.dim1, q.key1],
    [q.dim2, q.key2],
  ])
    if (typeof dim === 'string' && blank(key)) parts.push({ dim: dim as CellPart['dim'], key: blank(key)! });
  const cell = parts.length ? cellFilters(parts, period) : null;
  if (cell) period = reportPeriod(cell.fromMonth, cell.toMonth);
  const scope = scopeOf(await internalActor(db, caller));
  const filters = {
    section: blank(q.section),
    deptcd: blank(q.deptcd),
    compNo: blank(q.compNo),
    catCode: blank(q.catCode),
    sgCode: blank(q.sgCode),
    itemCode: blank(q.itemCode),
    buyerId: blank(q.buyerId),
    ...cell?.filters,
  };
  await checkScopeFilters(db, scope, filters);
  return { period, scope, filters };
}

const DRILL_FIELDS: ReportSpec = {
  key: 'reportOrders',
  route: '',
  path: '/api/v1/reports/orders',
  operationId: 'listReportOrders',
  summary: 'The orders behind a report figure (drill-down): the same period, scope and filters as the report',
  fields: {
    poNo: { kind: 'text' },
    poType: { kind: 'text' },
    poDate: { kind: 'text' },
    title: { kind: 'text' },
    status: { kind: 'text', description: 'PO_STATUS code' },
    compNo: { kind: 'text' },
    compNameKr: { kind: 'text' },
    deptnm: { kind: 'text' },
    buyerName: { kind: 'text' },
    currency: { kind: 'text' },
    lineCount: { kind: 'int', description: 'Matching lines' },
    amount: { kind: 'dec', description: 'Matching lines, order currency' },
    krwAmount: { kind: 'dec', description: 'In won (spec §5)' },
  },
  defaultSort: 'poDate:desc',
  totals: { lineCount: 'sum(r.line_count)', krwAmount: 'sum(r.krw_amount)' },
  build: (ctx, q) => drillOrders(ctx, (q.basis as DrillBasis | undefined) ?? 'po'),
};

function totalsSchema(spec: ReportSpec): TSchema {
  const props: Record<string, TSchema> = {};
  for (const f of Object.keys(spec.totals))
    props[f] = spec.fields[f].kind === 'int' ? Type.Integer() : Type.Union([Type.String(), Type.Null()]);
  return Type.Object(props, { description: 'Over the whole result' });
}

/**
 * Reports (docs/reports.md): one GET per report, answering the grouped rows `{ rows, total, totals }`
 * of one SQL statement, and the drill-down to the orders behind a figure.
 */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['reports'];
  for (const spec of [...REPORTS, SPEND_CUBE, ...ANALYSIS_REPORTS, DRILL_FIELDS, EVALUATION_DRILL]) {
    const sortFields = Object.keys(spec.fields);
    const [defField, defDir] = spec.defaultSort.split(':');
    const drill = spec === DRILL_FIELDS;
    const querystring = Type.Object(
      {
        ...commonQuery,
        ...(drill
          ? {
              compNo: Type.Optional(Type.String({ maxLength: 10 })),
              catCode: Type.Optional(Type.String({ maxLength: 20 })),
              sgCode: Type.Optional(Type.String({ maxLength: 20 })),
              itemCode: Type.Optional(Type.String({ maxLength: 20 })),
              buyerId: Type.Optional(Type.String({ maxLength: 20, description: 'The buyer (a cube cell)' })),
              ...cubeCellQuery,
              basis: Type.Optional(
                Type.Enum(['po', 'receipt', 'settlement', 'newSupplier'], {
                  description:
                    'What the period applies to: the order date (default), a receipt, a settlement month, or a supplier’s first order',
                }),
              ),
            }
          : (spec.extraQuery ?? {})),
        sort: SortQuery(sortFields),
      },
      { additionalProperties: false },
    );
    app.get(
      spec.path,
      {
        // A report only reads: from the read replica when there is one and it is close enough (http/read-replica.ts).
        config: {
          access: access.login(drill ? ANALYSIS_ROUTES : [spec.route, ...(spec.alsoScreens ?? [])], 'read', ['I']),
          readReplica: true,
        },
        schema: {
          operationId: spec.operationId,
          tags,
          summary: spec.summary,
          querystring,
          response: {
            200: Type.Object({
              rows: Type.Array(rowSchema(spec)),
              total: Type.Integer(),
              totals: totalsSchema(spec),
              ...(spec.fromSummary ? { summary: Type.Optional(SummaryState) } : {}),
            }),
            ...commonErrors,
          },
        },
      },
      async (request) => {
        const q = request.query as Query;
        const ctx = await contextOf(request.db, request.caller, q);
        const sort = parseSort(q.sort, { field: defField, direction: defDir === 'desc' ? 'desc' : 'asc' });
        const inner = spec.build(ctx, q);
        // A GET only reads: the summaries are rebuilt by the job (every minute) or the POST below.
        const [answer, summary] = await Promise.all([
          runReport(request.db, spec, inner, sort, pageWindow(q)),
          spec.fromSummary ? summaryState(request.db, ctx.period) : undefined,
        ]);
        return summary ? { ...answer, summary } : answer;
      },
    );
  }

  app.post(
    '/api/v1/reports/summary/rebuild',
    {
      config: { access: access.login(ANALYSIS_ROUTES, 'read', ['I']), identityBound: false },
      schema: {
        operationId: 'rebuildReportSummary',
        tags,
        summary:
          'Rebuild now the report summaries of the marked months (of a period, or all): what the job does every minute',
        body: Type.Optional(
          Type.Object(
            {
              fromMonth: Type.Optional(Month('First month, YYYYMM (with toMonth; neither: every marked month)')),
              toMonth: Type.Optional(Month('Last month, YYYYMM')),
            },
            { additionalProperties: false },
          ),
        ),
        response: {
          200: Type.Object({ months: Type.Array(Type.String(), { description: 'The months rebuilt' }) }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { fromMonth, toMonth } = request.body ?? {};
      return {
        months: await refreshReportSummary(
          request.db,
          fromMonth || toMonth ? reportPeriod(fromMonth, toMonth) : undefined,
        ),
      };
    },
  );
};
