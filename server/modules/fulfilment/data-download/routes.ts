import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { badRequest } from '../../../http/errors.js';
import { failIf, type FieldError } from '../../../domain/errors.js';
import { periodRange, todayKst } from '../../../domain/dates.js';
import { countWarehousingItems, warehousingItemsAfter, whFilterOf } from '../warehousing/queries.js';
import { countSettlements, settlementHeadersAfter, settlementLinesAfter } from './queries.js';
import { MAX_EXPORT_ROWS, ReceiptExtractQuery, SettlementExtractQuery, XlsxAnswer } from './schemas.js';
import { RECEIPT_LINES, SETTLEMENT_HEADERS, SETTLEMENT_LINES, attachment, type Extract } from './workflow.js';
import { XlsxStream } from '../../exports/xlsx-stream.js';

const SCREEN = '/dataDownload';
const TAG = ['fulfilment: data download'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Small pages: on PGlite (one query at a time) a light request waits at most one page.
const CHUNK = 500;

const tooLarge = (total: number) =>
  badRequest(
    'EXPORT_TOO_LARGE',
    `추출 대상이 ${total.toLocaleString('ko-KR')}건으로 한도(${MAX_EXPORT_ROWS.toLocaleString('ko-KR')}건)를 넘습니다. 조회 조건을 좁혀 주세요`,
    { total, limit: MAX_EXPORT_ROWS },
  );

/**
 * Streams an extract: pages of CHUNK rows in key order go through the workbook writer as the
 * client reads, so memory stays at one page however large the extract.
 */
function stream<R, K>(
  app: { yieldToLight(): Promise<void> },
  extract: Extract<R>,
  next: (after: K | null) => Promise<R[]>,
  keyOf: (row: R) => K,
  log: (err: unknown) => void,
) {
  const xlsx = new XlsxStream(extract.sheet, extract.columns, () => app.yieldToLight());
  void (async () => {
    try {
      let after: K | null = null;
      for (;;) {
        const rows = await next(after);
        if (rows.length === 0) break;
        await xlsx.write(rows.map((r) => extract.cells(r)));
        after = keyOf(rows[rows.length - 1]);
        // Yield between pages so other requests are served while a large extract runs, light
        // ones first.
        await app.yieldToLight();
        if (rows.length < CHUNK) break;
      }
      await xlsx.end();
    } catch (err) {
      log(err);
      xlsx.fail(err as Error);
    }
  })();
  return xlsx.output;
}

/** Bulk Excel extracts of receipts and settlements (dataDownload), bounded and streamed. */
export const dataDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/data-download/receipts',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'downloadReceipts',
        tags: TAG,
        summary: `Goods receipt lines as .xlsx, filtered by the warehousing filter of spec §3 (at most ${MAX_EXPORT_ROWS} rows)`,
        querystring: ReceiptExtractQuery,
        response: { 200: XlsxAnswer, ...commonErrors },
      },
    },
    async (request, reply) => {
      const filter = whFilterOf(request.query);
      const total = await countWarehousingItems(request.db, filter);
      if (total > MAX_EXPORT_ROWS) throw tooLarge(total);
      const body = stream(
        app,
        RECEIPT_LINES,
        (after: { whReqNo: string; lineNo: number } | null) => warehousingItemsAfter(request.db, filter, after, CHUNK),
        (r) => ({ whReqNo: r.whReqNo, lineNo: r.lineNo }),
        (err) => request.log.error({ err }, 'receipt extract failed'),
      );
      const day = todayKst(app.clock.now());
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', attachment(`receipts-${day}.xlsx`, `입고내역_${day}.xlsx`))
        .header('X-Total-Count', String(total))
        .send(body);
    },
  );

  app.get(
    '/api/v1/data-download/settlements',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'downloadSettlements',
        tags: TAG,
        summary: `Settlements (level=header) or their lines (level=line, default) as .xlsx (at most ${MAX_EXPORT_ROWS} rows)`,
        querystring: SettlementExtractQuery,
        response: { 200: XlsxAnswer, ...commonErrors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const errors: FieldError[] = [];
      const periods = periodRange(errors, 'querystring/periods', q.periods);
      failIf(errors);
      const filter = { ...periods, compNo: q.compNo?.trim() || undefined, status: q.status };
      const level = q.level ?? 'line';
      const total = await countSettlements(request.db, filter, level);
      if (total > MAX_EXPORT_ROWS) throw tooLarge(total);
      const log = (err: unknown) => request.log.error({ err }, 'settlement extract failed');
      const body =
        level === 'header'
          ? stream(
              app,
              SETTLEMENT_HEADERS,
              (after: string | null) => settlementHeadersAfter(request.db, filter, after, CHUNK),
              (r) => r.settleNo,
              log,
            )
          : stream(
              app,
              SETTLEMENT_LINES,
              (after: { settleNo: string; lineNo: number } | null) =>
                settlementLinesAfter(request.db, filter, after, CHUNK),
              (r) => ({ settleNo: r.settleNo, lineNo: r.lineNo }),
              log,
            );
      const day = todayKst(app.clock.now());
      const stem = level === 'header' ? SETTLEMENT_HEADERS.fileStem : SETTLEMENT_LINES.fileStem;
      return reply
        .type(XLSX_TYPE)
        .header(
          'Content-Disposition',
          attachment(`${stem}-${day}.xlsx`, `${level === 'header' ? '월정산' : '월정산내역'}_${day}.xlsx`),
        )
        .header('X-Total-Count', String(total))
        .send(body);
    },
  );
};
