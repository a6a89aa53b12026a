import type { Readable } from 'node:stream';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import { badRequest } from '../../../http/errors.js';
import { failIf, type FieldError } from '../../../domain/errors.js';
import { periodRange, todayKst } from '../../../domain/dates.js';
import { XlsxStream } from '../../exports/xlsx-stream.js';
import { countWarehousingItems, warehousingItemsAfter, whFilterOf } from '../warehousing/queries.js';
import { countSettlements, settlementHeadersAfter, settlementLinesAfter } from './queries.js';
import { MAX_EXPORT_ROWS, type SettlementExtractQuery } from './schemas.js';
import { RECEIPT_LINES, SETTLEMENT_HEADERS, SETTLEMENT_LINES, attachment, type Extract } from './workflow.js';

// Small pages: on PGlite (one query at a time) a light request waits at most one page.
const CHUNK = 500;

/** What a route sends: the workbook as it is written, its file name header and its row count. */
export interface ExtractAnswer {
  body: Readable;
  disposition: string;
  total: number;
}

/** The server's side of a stream: whatever lets lighter requests go first between pages. */
interface Yielding {
  yieldToLight(): Promise<void>;
}

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
  app: Yielding,
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

/** Goods receipt lines by the warehousing list's filter; 400 EXPORT_TOO_LARGE above the limit. */
export async function receiptsExtract(
  db: Db,
  app: Yielding,
  query: Parameters<typeof whFilterOf>[0],
  now: Date,
  log: (err: unknown) => void,
): Promise<ExtractAnswer> {
  const filter = whFilterOf(query);
  const total = await countWarehousingItems(db, filter);
  if (total > MAX_EXPORT_ROWS) throw tooLarge(total);
  const body = stream(
    app,
    RECEIPT_LINES,
    (after: { whReqNo: string; lineNo: number } | null) => warehousingItemsAfter(db, filter, after, CHUNK),
    (r) => ({ whReqNo: r.whReqNo, lineNo: r.lineNo }),
    log,
  );
  const day = todayKst(now);
  return { body, total, disposition: attachment(`receipts-${day}.xlsx`, `입고내역_${day}.xlsx`) };
}

/** Settlements (level `header`) or their lines (`line`, the default) of a period; 400 on a bad period or above the limit. */
export async function settlementsExtract(
  db: Db,
  app: Yielding,
  query: Static<typeof SettlementExtractQuery>,
  now: Date,
  log: (err: unknown) => void,
): Promise<ExtractAnswer> {
  const errors: FieldError[] = [];
  const periods = periodRange(errors, 'querystring/periods', query.periods);
  failIf(errors);
  const filter = { ...periods, compNo: query.compNo?.trim() || undefined, status: query.status };
  const level = query.level ?? 'line';
  const total = await countSettlements(db, filter, level);
  if (total > MAX_EXPORT_ROWS) throw tooLarge(total);
  const body =
    level === 'header'
      ? stream(
          app,
          SETTLEMENT_HEADERS,
          (after: string | null) => settlementHeadersAfter(db, filter, after, CHUNK),
          (r) => r.settleNo,
          log,
        )
      : stream(
          app,
          SETTLEMENT_LINES,
          (after: { settleNo: string; lineNo: number } | null) => settlementLinesAfter(db, filter, after, CHUNK),
          (r) => ({ settleNo: r.settleNo, lineNo: r.lineNo }),
          log,
        );
  const day = todayKst(now);
  const stem = level === 'header' ? SETTLEMENT_HEADERS.fileStem : SETTLEMENT_LINES.fileStem;
  const korean = level === 'header' ? '월정산' : '월정산내역';
  return { body, total, disposition: attachment(`${stem}-${day}.xlsx`, `${korean}_${day}.xlsx`) };
}
