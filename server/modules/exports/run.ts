import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import type { ExportColumn } from '../../../lib/export-cell.js';
import { fileSubjects } from '../../../lib/personal-download.js';
import { recordAccess } from '../privacy/index.js';
import type { Caller } from '../../auth/plugin.js';
import { pageQuery } from './list-operations.js';
import { pivotSink, streamedSink } from './sinks.js';
import type { PivotLayout } from './schemas.js';
import { recordExportProgress, releaseExport, updateExport } from './queries.js';
import { objectStoreFor } from '../../storage/open.js';

/** A running export renews its lease every page; one that has not for this long belongs to a stopped server. */
export const LEASE_MS = 120_000;

export interface ExportRequest {
  url: string;
  query: Record<string, string | number | boolean | string[]>;
  columns: ExportColumn[];
  tzOffsetMinutes?: number;
  /** The list pages by key (ListOperation.keyset): read by cursor. Absent in exports stored before: by page number. */
  keyset?: boolean;
  /**
   * A list holding personal data: recorded as a download once the file is written, naming the fields and
   * subjects the file really holds (lib/personal-download.ts), with the reason given at the start.
   */
  download?: {
    operation: string;
    subjectKind: string;
    key: string;
    fields: string[];
    reason: { code: string; text: string };
    clientIp: string;
  };
  /** Written as the screen's pivot (pivot-workbook.ts), the rows as `columns` say after it. */
  pivot?: PivotLayout;
}

/** The finished workbook's key in the file store (DATA_DIR/exports/<id>.xlsx on disk). */
export const exportKey = (exportId: string) => `exports/${exportId}.xlsx`;

/**
 * Reads one page of the list operation as the caller, through the app itself (`inject`): the
 * route's own authority check, company scope and validation apply exactly as to the user's screen,
 * with a fresh token of the caller's own session — a logged-out session stops the export.
 */
export async function readPage(
  app: FastifyInstance,
  caller: Caller,
  req: Pick<ExportRequest, 'url' | 'query'>,
  page: number,
  size: number,
  after?: string,
) {
  const { token } = await (
    await app.auth.tokens()
  ).issue({
    userId: caller.userId,
    sessionId: caller.sessionId,
    portal: caller.portal,
    authGroupId: caller.authGroupId,
    compNo: caller.compNo,
  });
  const res = await app.inject({
    method: 'GET',
    url: `${req.url}?${pageQuery(req.query, page, size, after)}`,
    headers: { authorization: `Bearer ${token}`, iscyber: caller.portal === 'X' ? 'Y' : 'N' },
  });
  const body = res.json() as {
    rows?: Array<Record<string, unknown>>;
    total?: number;
    nextCursor?: string | null;
    code?: string;
    msg?: string;
    statusCode?: number;
  };
  return { status: res.statusCode, body };
}

let fullGc: (() => void) | null | undefined;

/** Rows written since the last collection after which the next page collects first (one page of 5000 by default). */
const COLLECT_EVERY_ROWS = 1000;

/**
 * A full collection of V8's heap, between the pages of an export. Without it a long export held
 * 340–600 MB resident with the default heap (1,000,000 rows, bench/results/log.md): each page's answer,
 * parsed rows and cells live across the page's awaits, so they are promoted to the old generation,
 * which V8 lets grow to a few times its live size before collecting it. A collection before every
 * page of 5000 rows (and before the first: what start-up left) keeps the server near its start-up
 * size. (Deciding by the resident size instead failed: V8 returns memory some time after a
 * collection, so the size read just after one is too high to compare with.)
 * Node gives `gc` only under --expose-gc: the flag is set at run time and the function taken from a
 * new context (as Jest's leak detector does); where that fails V8 decides alone, as before.
 */
function collectGarbage(): void {
  if (fullGc === undefined) {
    const given = (globalThis as { gc?: () => void }).gc;
    try {
      if (typeof given === 'function') fullGc = given;
      else {
        v8.setFlagsFromString('--expose-gc');
        fullGc = vm.runInNewContext('gc') as () => void;
      }
    } catch {
      fullGc = null;
    }
  }
  fullGc?.();
}

class ExportStopped extends Error {
  constructor(
    readonly status: 'CANCELLED' | 'FAILED',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Writes the whole result to the file store's exports/<id>.xlsx: page after page through the
 * streamed writer into the store's streamed put (a temporary file renamed, or a multipart upload
 * completed), so memory holds one page however many rows and no one sees half a workbook — or, for a
 * pivot, its rows kept up to its limit and the workbook put once at the end (sinks.ts). Progress and the
 * lease are written after every page; a cancel asked on any server is seen there. Ends in DONE, CANCELLED or FAILED.
 */
export async function runExport(
  app: FastifyInstance,
  caller: Caller,
  exportId: string,
  req: ExportRequest,
  sheetName: string,
  signal: AbortSignal,
): Promise<void> {
  const db = app.dbh.db;
  const store = objectStoreFor(app.config);
  const zone =
    req.tzOffsetMinutes === undefined ? ({ offsetMinutes: -540 } as const) : { offsetMinutes: req.tzOffsetMinutes };
  const sink = req.pivot
    ? pivotSink(store, exportKey(exportId), req.pivot, req.columns, zone)
    : streamedSink(store, exportKey(exportId), req.columns, sheetName, zone);
  let done = 0;
  // At most the list operations' own maximum (server/http/list-query MAX_PAGE_SIZE).
  const pageSize = app.config.exportPageSize;
  let sinceCollected = 0;
  // A keyset list is read after the last row of the page before (the same cost on every page,
  // however deep); another list by page number, which the database reaches through an OFFSET.
  let after: string | undefined;
  const subjects = req.download
    ? fileSubjects(
        req.download,
        req.columns.map((c) => c.field),
      )
    : null;
  const writePage = async (page: number): Promise<{ count: number; total: number; more: boolean }> => {
    // Before the page: the previous pages' garbage (small pages, as in the tests, every
    // COLLECT_EVERY_ROWS rows), and before the first what start-up left.
    if (page === 1 || sinceCollected >= COLLECT_EVERY_ROWS) {
      collectGarbage();
      sinceCollected = 0;
    }
    const { status, body } = await readPage(app, caller, req, page, pageSize, after);
    if (status !== 200) throw new ExportStopped('FAILED', body.msg ?? `조회가 ${status} 오류로 끝났습니다`);
    const rows = body.rows ?? [];
    await sink.add(rows);
    subjects?.add(rows);
    sinceCollected += rows.length;
    if (!req.keyset) return { count: rows.length, total: body.total ?? 0, more: rows.length >= pageSize };
    after = body.nextCursor ?? undefined;
    return { count: rows.length, total: body.total ?? 0, more: !!after };
  };
  try {
    for (let page = 1; ; page++) {
      if (signal.aborted) throw new ExportStopped('FAILED', 'the server is stopping');
      // The page's answer, rows and cells are unreachable once writePage returns: collected before the next.
      const { count, total, more } = await writePage(page);
      // A pivot reads no further than its screen does (its limit).
      done = Math.min(done + count, sink.capacity);
      const state = await recordExportProgress(db, exportId, {
        rowsDone: done,
        rowsTotal: Math.max(Math.min(total, sink.capacity), done),
        // real time: a worker lease and its finish stamp are technical time
        leaseUntil: new Date(Date.now() + LEASE_MS),
      });
      if (!state || state.cancelRequested) throw new ExportStopped('CANCELLED', '내려받기를 취소했습니다');
      if (!more || done >= sink.capacity) break;
      // Other requests are served between pages (PGlite runs one query at a time): light ones first.
      await app.yieldToLight();
    }
    const { size: bytes } = await sink.finish();
    await db.transaction().execute(async (trx) => {
      // real time: a worker lease and its finish stamp are technical time
      await updateExport(trx, exportId, { status: 'DONE', rowsDone: done, bytes, finishedAt: new Date() });
      const d = req.download;
      if (!d || !subjects) return;
      const inFile = subjects.result();
      await recordAccess(trx, {
        actorId: caller.userId,
        actorPortal: caller.portal,
        actorCompNo: caller.compNo,
        clientIp: d.clientIp,
        action: 'DOWNLOAD',
        operation: d.operation,
        subjectKind: d.subjectKind,
        subjectKeys: inFile.keys,
        fields: inFile.fields,
        rowCount: done,
        reasonCode: d.reason.code,
        reasonText: d.reason.text,
      });
    });
  } catch (err) {
    await sink.fail(err instanceof Error ? err : new Error(String(err)));
    if (signal.aborted || app.lifecycle.draining) {
      // This server is stopping (whatever the page in progress answered): the export is given back
      // for another server to write again (exports.resume), not failed. Should the database not
      // answer now, the lease runs out by itself and the export is taken up then.
      await releaseExport(db, exportId, app.jobs.serverId).catch((e: unknown) =>
        app.log.warn({ err: e, exportId }, 'could not release the export; its lease will run out'),
      );
      app.log.info({ exportId }, 'export released for another server');
      return;
    }
    const stopped = err instanceof ExportStopped ? err : null;
    if (!stopped) app.log.error({ err, exportId }, 'export failed');
    await updateExport(db, exportId, {
      status: stopped?.status ?? 'FAILED',
      error: stopped?.message ?? '내려받기 파일을 만들지 못했습니다',
      // real time: a worker lease and its finish stamp are technical time
      finishedAt: new Date(),
    });
  }
}
