/**
 * Every report as data: its route (the menu that governs it), operation, row fields, sort
 * fields, totals and SQL (queries/statements.ts). routes.ts turns each into one GET operation; docs/reports.md
 * describes them for people.
 */
import { Type, type TObject, type TSchema } from 'typebox';
import type { RawBuilder } from 'kysely';
import { badRequest } from '../../http/errors.js';
import { DEPENDENCY_SCREEN, MAVERICK_SCREEN, SAVINGS_SCREEN, SERVICE_SCREEN } from './analysis-catalog.js';
import {
  costUnitDifference,
  evaluationDrill,
  evaluationSummary,
  highCostUnit,
  highCostUnitDetail,
  itemMasterCost,
  newSuppliers,
  onTimeDelivery,
  priceVariance,
  prLeadTime,
  settlementTotals,
  spendByDimension,
  spendCube,
  cubeGrain,
  CUBE_DIMENSIONS,
  type CubeDimension,
  type ReportContext,
  type SpendDimension,
} from './queries/statements.js';

type FieldKind = 'text' | 'int' | 'dec';
type Fields = Record<string, { kind: FieldKind; description?: string; nullable?: boolean }>;

export interface ReportSpec {
  key: string;
  /** The spec route whose menu authority governs the report. */
  route: string;
  /** Other screens whose menu also opens it (an analysis screen that reads it). */
  alsoScreens?: string[];
  path: string;
  operationId: string;
  summary: string;
  fields: Fields;
  /** Default sort, `field:direction`. */
  defaultSort: string;
  /** Totals over the whole result: field → an aggregate over `r` (the report's rows, snake_case columns). */
  totals: Record<string, string>;
  /** Fields computed from a row (and the window of all rows): field → SQL over `r0`. */
  derived?: Record<string, string>;
  /** Report-specific query parameters. */
  extraQuery?: Record<string, TSchema>;
  /** Reads the monthly summaries (summary.ts): the period's dirty months are rebuilt before the report runs. */
  fromSummary?: boolean;
  build(ctx: ReportContext, query: Record<string, unknown>): RawBuilder<unknown>;
}

const T = (description?: string, nullable = false) => ({ kind: 'text' as const, description, nullable });
const I = (description?: string) => ({ kind: 'int' as const, description });
const D = (description?: string, nullable = false) => ({ kind: 'dec' as const, description, nullable });

const spendFields: Fields = {
  key: T('The group: section code, department code, company number, category or sourcing group code'),
  name: T('Its name'),
  poCount: I('Orders'),
  lineCount: I('Order lines'),
  krwAmount: D('KRW orders, won'),
  jpyAmount: D('JPY orders, yen'),
  jpyKrwAmount: D('JPY orders in won (month rate per 100 yen, spec §5)'),
  totalKrw: D('krwAmount + jpyKrwAmount'),
  sharePct: D('Share of the total, %', true),
};
const spendTotals = {
  poCount: 'sum(r.po_count)',
  lineCount: 'sum(r.line_count)',
  krwAmount: 'sum(r.krw_amount)',
  jpyAmount: 'sum(r.jpy_amount)',
  jpyKrwAmount: 'sum(r.jpy_krw_amount)',
  totalKrw: 'sum(r.total_krw)',
  sharePct: 'case when sum(r.total_krw) <> 0 then 100.0 end',
};

function spend(nn: string, dimension: SpendDimension, what: string, extra: Record<string, TSchema> = {}): ReportSpec {
  return {
    key: `monthlyReport${nn}`,
    route: `/report/monthlyReport/monthlyReport${nn}`,
    path: `/api/v1/reports/monthly/${nn}`,
    operationId: `getMonthlyReport${nn}`,
    summary: `Spend by ${what} (orders approved or later, KRW with JPY converted), one row per ${what}`,
    fields: spendFields,
    defaultSort: 'totalKrw:desc',
    totals: spendTotals,
    derived: { sharePct: 'round(100.0 * r0.total_krw / nullif(sum(r0.total_krw) over (), 0), 1)' },
    extraQuery: extra,
    fromSummary: true,
    build: (ctx) => spendByDimension(ctx, dimension),
  };
}

const Code = (description: string) => Type.Optional(Type.String({ maxLength: 20, description }));

export const REPORTS: ReportSpec[] = [
  spend('01', 'section', 'business section'),
  spend('02', 'department', 'department'),
  spend('03', 'supplier', 'supplier'),
  spend('04', 'category', 'item category', { catCode: Code('Item category') }),
  spend('05', 'sourcingGroup', 'sourcing group', { sgCode: Code('Sourcing group') }),
  {
    key: 'monthlyReport06',
    route: '/report/monthlyReport/monthlyReport06',
    path: '/api/v1/reports/monthly/06',
    operationId: 'getMonthlyReport06',
    summary: 'PR-to-PO lead time per order month: orders from a PR, average / min / max days from PR date to PO date',
    fields: {
      month: T('YYYYMM'),
      poCount: I('Orders from a PR'),
      totalDays: I('Σ days'),
      avgDays: D('Average days'),
      minDays: I(),
      maxDays: I(),
      within14Count: I('Orders within 14 days'),
    },
    defaultSort: 'month:asc',
    totals: {
      poCount: 'sum(r.po_count)',
      totalDays: 'sum(r.total_days)',
      avgDays: 'round(sum(r.total_days)::numeric / nullif(sum(r.po_count), 0), 1)',
      minDays: 'min(r.min_days)',
      maxDays: 'max(r.max_days)',
      within14Count: 'sum(r.within14_count)',
    },
    build: (ctx) => prLeadTime(ctx),
  },
  {
    key: 'monthlyReport07',
    route: '/report/monthlyReport/monthlyReport07',
    path: '/api/v1/reports/monthly/07',
    operationId: 'getMonthlyReport07',
    summary:
      'On-time delivery per receipt month: receipt lines on or before the order line’s delivery date (else the order’s due date)',
    fields: {
      month: T('YYYYMM'),
      lineCount: I('Receipt lines'),
      onTimeCount: I(),
      lateCount: I(),
      onTimeRate: D('%'),
      avgDelayDays: D('Average delay of the late lines, days'),
    },
    defaultSort: 'month:asc',
    totals: {
      lineCount: 'sum(r.line_count)',
      onTimeCount: 'sum(r.on_time_count)',
      lateCount: 'sum(r.late_count)',
      onTimeRate: 'round(100.0 * sum(r.on_time_count) / nullif(sum(r.line_count), 0), 1)',
    },
    build: (ctx) => onTimeDelivery(ctx),
  },
  {
    key: 'monthlyReport08',
    route: '/report/monthlyReport/monthlyReport08',
    path: '/api/v1/reports/monthly/08',
    operationId: 'getMonthlyReport08',
    summary:
      'Settlement totals per settlement month: goods in won as settled (KRW lines, JPY lines converted at the settlement’s rate), posted part',
    fields: {
      month: T('YYYYMM'),
      settlementCount: I(),
      supplierCount: I(),
      lineCount: I(),
      krwAmount: D(),
      jpyAmount: D('yen'),
      jpyKrwAmount: D(),
      totalKrw: D(),
      postedKrw: D('Of which posted to the ERP'),
    },
    defaultSort: 'month:asc',
    totals: {
      settlementCount: 'sum(r.settlement_count)',
      lineCount: 'sum(r.line_count)',
      krwAmount: 'sum(r.krw_amount)',
      jpyAmount: 'sum(r.jpy_amount)',
      jpyKrwAmount: 'sum(r.jpy_krw_amount)',
      totalKrw: 'sum(r.total_krw)',
      postedKrw: 'sum(r.posted_krw)',
    },
    build: (ctx) => settlementTotals(ctx),
  },
  {
    key: 'monthlyReport09',
    route: '/report/monthlyReport/monthlyReport09',
    path: '/api/v1/reports/monthly/09',
    operationId: 'getMonthlyReport09',
    summary: 'Price variance per order month: what was paid against the item master’s reference price (won)',
    fields: {
      month: T('YYYYMM'),
      lineCount: I(),
      aboveCount: I('Lines above the reference price'),
      referenceKrw: D('Σ quantity × reference price, won'),
      actualKrw: D('Σ amount, won'),
      varianceKrw: D('actual − reference'),
      variancePct: D('%', true),
    },
    defaultSort: 'month:asc',
    derived: { variancePct: 'round(100.0 * r0.variance_krw / nullif(r0.reference_krw, 0), 1)' },
    totals: {
      lineCount: 'sum(r.line_count)',
      aboveCount: 'sum(r.above_count)',
      referenceKrw: 'sum(r.reference_krw)',
      actualKrw: 'sum(r.actual_krw)',
      varianceKrw: 'sum(r.variance_krw)',
      variancePct: 'round(100.0 * sum(r.variance_krw) / nullif(sum(r.reference_krw), 0), 1)',
    },
    fromSummary: true,
    build: (ctx) => priceVariance(ctx),
  },
  {
    key: 'monthlyReport10',
    route: '/report/monthlyReport/monthlyReport10',
    path: '/api/v1/reports/monthly/10',
    operationId: 'getMonthlyReport10',
    summary:
      'New suppliers per month: companies whose first order falls in the month, and what was ordered from them that month (won)',
    fields: { month: T('YYYYMM'), supplierCount: I(), poCount: I(), totalKrw: D() },
    defaultSort: 'month:asc',
    totals: { supplierCount: 'sum(r.supplier_count)', poCount: 'sum(r.po_count)', totalKrw: 'sum(r.total_krw)' },
    build: (ctx) => newSuppliers(ctx),
  },
  {
    key: 'monthlyReport11',
    route: '/report/monthlyReport/monthlyReport11',
    path: '/api/v1/reports/monthly/11',
    operationId: 'getMonthlyReport11',
    summary:
      'Evaluation summary per evaluation period overlapping the month range: the suppliers’ current totals — count, finalized, published, average score, per grade, warned and blocked',
    fields: {
      periodId: I('Evaluation period'),
      periodName: T(),
      startDate: T('YYYY-MM-DD'),
      endDate: T('YYYY-MM-DD'),
      periodStatus: T('EVA_PERIOD_STATUS: PLANNED, OPEN, CLOSED'),
      supplierCount: I('Suppliers with a current total'),
      finalCount: I('Of which finalized'),
      publishedCount: I('Of which published to the supplier'),
      avgScore: D('Average total score', true),
      scoreSum: D('Σ total scores (for the totals row’s average)'),
      gradeA: I(),
      gradeB: I(),
      gradeC: I(),
      gradeD: I(),
      warnCount: I('Graded “warn”'),
      blockCount: I('Graded “block”'),
    },
    defaultSort: 'endDate:asc',
    totals: {
      supplierCount: 'sum(r.supplier_count)',
      finalCount: 'sum(r.final_count)',
      publishedCount: 'sum(r.published_count)',
      scoreSum: 'sum(r.score_sum)',
      avgScore: 'round(sum(r.score_sum) / nullif(sum(r.supplier_count), 0), 2)',
      gradeA: 'sum(r.grade_a)',
      gradeB: 'sum(r.grade_b)',
      gradeC: 'sum(r.grade_c)',
      gradeD: 'sum(r.grade_d)',
      warnCount: 'sum(r.warn_count)',
      blockCount: 'sum(r.block_count)',
    },
    build: (ctx) => evaluationSummary(ctx),
  },
  {
    key: 'costUnitDifference',
    route: '/report/costUnit/costUnitDifference',
    path: '/api/v1/reports/cost-unit/difference',
    operationId: 'getCostUnitDifference',
    summary:
      'Unit-price differences per item: lowest, highest and average price between suppliers, first and last price in the period',
    fields: {
      itemCode: T(),
      itemName: T(),
      currency: T(),
      supplierCount: I(),
      lineCount: I(),
      minPrice: D(),
      maxPrice: D(),
      avgPrice: D('Σ amount ÷ Σ quantity'),
      spread: D('max − min'),
      spreadPct: D('(max − min) ÷ min, %', true),
      firstPrice: D(),
      lastPrice: D(),
    },
    defaultSort: 'spreadPct:desc',
    totals: { lineCount: 'sum(r.line_count)' },
    extraQuery: {
      itemCode: Code('Item'),
      catCode: Code('Item category'),
      sgCode: Code('Sourcing group'),
      minSuppliers: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 99,
          default: 2,
          description: 'Items bought from at least this many suppliers (default 2)',
        }),
      ),
    },
    fromSummary: true,
    build: (ctx, q) => costUnitDifference(ctx, (q.minSuppliers as number | undefined) ?? 2),
  },
  {
    key: 'highCostUnit',
    route: '/report/costUnit/highCostUnit',
    path: '/api/v1/reports/cost-unit/high',
    operationId: 'getHighCostUnit',
    summary:
      'Items bought above their reference price: how often, by how much (item currency and won), the highest excess and the buyer who bought it most',
    fields: {
      itemCode: T(),
      itemName: T(),
      currency: T(),
      refPrice: D(),
      aboveCount: I(),
      excessAmount: D('Σ (price − reference) × quantity'),
      excessKrw: D('in won'),
      maxOverPct: D('%'),
      buyerCount: I(),
      buyerName: T('The buyer with most such lines', true),
    },
    defaultSort: 'excessKrw:desc',
    totals: { aboveCount: 'sum(r.above_count)', excessKrw: 'sum(r.excess_krw)' },
    extraQuery: { catCode: Code('Item category'), sgCode: Code('Sourcing group') },
    fromSummary: true,
    build: (ctx) => highCostUnit(ctx),
  },
  {
    key: 'highCostUnitDetail',
    route: '/report/costUnit/highCostUnitDetail',
    path: '/api/v1/reports/cost-unit/detail',
    operationId: 'getHighCostUnitDetail',
    summary: 'One item’s price history: lowest, average and highest price per month beside its reference price',
    fields: {
      month: T('YYYYMM'),
      currency: T(),
      lineCount: I(),
      supplierCount: I(),
      minPrice: D(),
      avgPrice: D(),
      maxPrice: D(),
      refPrice: D(undefined, true),
    },
    defaultSort: 'month:asc',
    totals: { lineCount: 'sum(r.line_count)' },
    extraQuery: { itemCode: Type.Optional(Type.String({ maxLength: 20, description: 'The item (required)' })) },
    build: (ctx) => {
      if (!ctx.filters.itemCode)
        throw badRequest('REPORT_ITEM', '품목코드를 입력하세요', [{ path: 'querystring/itemCode', message: '필수' }]);
      return highCostUnitDetail(ctx);
    },
  },
  {
    key: 'itemMasterCostNew',
    route: '/report/manage/itemMasterCostNew',
    path: '/api/v1/reports/item-master-cost',
    operationId: 'getItemMasterCost',
    summary:
      'Item master cost: reference price against the last and the average price paid in the period (item currency)',
    fields: {
      itemCode: T(),
      itemName: T(),
      currency: T(),
      refPrice: D(),
      lineCount: I(),
      lastPrice: D(),
      avgPrice: D(),
      lastVsRefPct: D('%', true),
      avgVsRefPct: D('%', true),
    },
    defaultSort: 'lineCount:desc',
    totals: { lineCount: 'sum(r.line_count)' },
    extraQuery: { itemCode: Code('Item'), catCode: Code('Item category'), sgCode: Code('Sourcing group') },
    fromSummary: true,
    build: (ctx) => itemMasterCost(ctx),
  },
];

/** monthlyReport11's drill-down: the suppliers' totals behind a period (and grade), same period and scope as the report. */
export const EVALUATION_DRILL: ReportSpec = {
  key: 'reportEvaluationTotals',
  route: '/report/monthlyReport/monthlyReport11',
  path: '/api/v1/reports/evaluation-totals',
  operationId: 'listReportEvaluationTotals',
  summary:
    'The suppliers’ evaluation totals behind an evaluation-summary figure (drill-down): the same period, scope and filters as the report',
  fields: {
    totalId: I(),
    periodName: T(),
    compNo: T(),
    compNameKr: T(),
    status: T('EVA_TOTAL_STATUS: DRAFT or FINAL'),
    totalScore: D(),
    grade: T('A–D'),
    gradeAction: T('NONE, WARN or BLOCK'),
    rankNo: { kind: 'int', description: 'Rank in the period (competition rank)' },
    prevScore: D('The previous period’s final score', true),
    published: T('Y or N'),
  },
  defaultSort: 'totalScore:desc',
  totals: {},
  extraQuery: {
    periodId: Type.Optional(Type.Integer({ minimum: 1, description: 'Evaluation period' })),
    grade: Type.Optional(
      Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C'), Type.Literal('D'), Type.Literal('')], {
        description: 'One grade only',
      }),
    ),
  },
  build: (ctx, q) => evaluationDrill(ctx, q.periodId as number | undefined, q.grade as string | undefined),
};

/** The spend cube's own screen: a group holding only its menu reads the cube, its drill and its rebuild. */
const SPEND_CUBE_SCREEN = '/spendCube';

const CubeDim = (description: string) => Type.Enum([...CUBE_DIMENSIONS], { description });

/**
 * The spend cube (docs/reports.md "The spend cube"): orders approved or later by one or two
 * dimensions, the period beside the previous one, from report_spend_month. Governed by the spend
 * reports' menu (monthlyReport01). Dimensions are an allow-list; category with sourcing group is
 * refused (the summary holds them at separate grains).
 */
export const SPEND_CUBE: ReportSpec = {
  key: 'spendCube',
  route: '/report/monthlyReport/monthlyReport01',
  alsoScreens: [SPEND_CUBE_SCREEN],
  path: '/api/v1/reports/cube',
  operationId: 'getSpendCube',
  summary:
    'Spend cube: ordered (orders approved or later), received and settled amounts by one or two dimensions (supplier, category, sourcing group, department, section, buyer, month, quarter), the period and the previous period of the same length',
  fields: {
    key1: T('The first dimension’s key'),
    name1: T('Its name'),
    key2: T('The second dimension’s key (empty without one)'),
    name2: T('Its name'),
    poCount: I('Orders (an order counts once in each group it has lines in)'),
    lineCount: I('Order lines'),
    totalKrw: D('Ordered, won (JPY converted at the month’s rate)'),
    prevPoCount: I('Orders, previous period'),
    prevLineCount: I('Order lines, previous period'),
    prevTotalKrw: D('Ordered, won, previous period'),
    changePct: D('totalKrw against prevTotalKrw, %', true),
    receivedLineCount: I('Receipt lines dated in the period (receipts not cancelled)'),
    receivedKrw: D('Received, won: receipt lines’ amount, JPY at the receipt month’s rate'),
    prevReceivedKrw: D('Received, won, previous period'),
    settledLineCount: I('Settlement lines of the period’s settlement months'),
    settledKrw: D('Settled, won as settled (the settlement’s own conversion)'),
    prevSettledKrw: D('Settled, won, previous period'),
  },
  defaultSort: 'totalKrw:desc',
  totals: {
    poCount: 'sum(r.po_count)',
    lineCount: 'sum(r.line_count)',
    totalKrw: 'sum(r.total_krw)',
    prevPoCount: 'sum(r.prev_po_count)',
    prevLineCount: 'sum(r.prev_line_count)',
    prevTotalKrw: 'sum(r.prev_total_krw)',
    changePct: 'round(100.0 * (sum(r.total_krw) - sum(r.prev_total_krw)) / nullif(sum(r.prev_total_krw), 0), 1)',
    receivedLineCount: 'sum(r.received_line_count)',
    receivedKrw: 'sum(r.received_krw)',
    prevReceivedKrw: 'sum(r.prev_received_krw)',
    settledLineCount: 'sum(r.settled_line_count)',
    settledKrw: 'sum(r.settled_krw)',
    prevSettledKrw: 'sum(r.prev_settled_krw)',
  },
  derived: { changePct: 'round(100.0 * (r0.total_krw - r0.prev_total_krw) / nullif(r0.prev_total_krw, 0), 1)' },
  extraQuery: {
    dim1: Type.Optional(CubeDim('The first dimension (default supplier)')),
    dim2: Type.Optional(CubeDim('A second dimension (optional; not the first again)')),
    catCode: Code('Item category (with a category dimension)'),
    sgCode: Code('Sourcing group (with a sourcing-group dimension)'),
  },
  fromSummary: true,
  build: (ctx, q) => {
    const d1 = (q.dim1 as CubeDimension | undefined) ?? 'supplier';
    const d2 = q.dim2 as CubeDimension | undefined;
    if (d2 === d1) throw badRequest('CUBE_DIMENSION', '두 번째 기준은 첫 번째 기준과 달라야 합니다');
    const grains = new Set([cubeGrain(d1), d2 ? cubeGrain(d2) : 'P']);
    if (grains.has('C') && grains.has('S'))
      throw badRequest('CUBE_DIMENSION', '품목 분류와 소싱 그룹은 함께 나눌 수 없습니다');
    const grain = grains.has('C') ? 'C' : grains.has('S') ? 'S' : 'P';
    if ((ctx.filters.catCode && grain !== 'C') || (ctx.filters.sgCode && grain !== 'S'))
      throw badRequest('CUBE_FILTER', '품목 분류·소싱 그룹 조건은 그 기준으로 나눌 때만 쓸 수 있습니다');
    return spendCube(ctx, [d1, d2]);
  },
};

/** The report's row as a TypeBox object. */
export function rowSchema(spec: ReportSpec): TObject {
  const props: Record<string, TSchema> = {};
  for (const [name, f] of Object.entries(spec.fields)) {
    const base =
      f.kind === 'int'
        ? Type.Integer({ description: f.description })
        : Type.String({
            description: f.kind === 'dec' ? `${f.description ?? ''} (exact decimal)`.trim() : f.description,
          });
    props[name] = f.nullable ? Type.Union([base, Type.Null()]) : base;
  }
  return Type.Object(props);
}

const REPORT_ROUTES = REPORTS.map((r) => r.route);

/** The screens whose figures drill to orders and rebuild the summaries: every report and the analysis screens. */
export const ANALYSIS_ROUTES = [
  ...REPORT_ROUTES,
  SPEND_CUBE_SCREEN,
  SAVINGS_SCREEN,
  MAVERICK_SCREEN,
  SERVICE_SCREEN,
  DEPENDENCY_SCREEN,
];
