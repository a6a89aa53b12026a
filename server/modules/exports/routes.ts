import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import { attachment } from '../fulfilment/data-download/workflow.js';
import { listOperations, operationUrl, type ListOperation } from './list-operations.js';
import { exportFile, LEASE_MS, readPage, runExport, type ExportRequest } from './run.js';
import { ExportIdParams, ExportStatus, StartExportBody } from './schemas.js';

const TAG = ['exports'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Exports running at once per user (each holds one page in memory and one connection's turn). */
export const RUNNING_PER_USER = 2;

const missing = () => notFound('EXPORT_NOT_FOUND', '내려받기 작업을 찾을 수 없습니다');

type JobRow = { exportId: string; status: 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED'; rowsTotal: number; rowsDone: number; sheetName: string; bytes: string | null; error: string | null; createdAt: Date; finishedAt: Date | null };
const statusOf = (r: JobRow) => ({
  exportId: r.exportId,
  status: r.status,
  rowsTotal: r.rowsTotal,
  rowsDone: r.rowsDone,
  sheetName: r.sheetName,
  bytes: r.bytes === null ? null : Number(r.bytes),
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
});
const COLUMNS = ['exportId', 'status', 'rowsTotal', 'rowsDone', 'sheetName', 'bytes', 'error', 'createdAt', 'finishedAt'] as const;

/**
 * Server-side exports (#14 item 3): the whole filtered result of a list operation written on the
 * server as a streamed .xlsx, as a job with progress and cancel; the screen asks for one when the
 * result is too large for the browser (lib/constants SERVER_EXPORT_ROWS). The export reads the list
 * through the app as the caller (run.ts), so it can never show more than the caller's own screen.
 * Only the user who started an export sees it.
 */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let operations: ReadonlyMap<string, ListOperation> | null = null;
  // Exports this server runs: stopped (and marked failed) when the server closes.
  const running = new Map<string, AbortController>();
  const serverId = app.jobs.serverId;

  app.addHook('onClose', async () => {
    for (const c of running.values()) c.abort();
    const deadline = Date.now() + 10_000;
    while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  });

  app.post('/api/v1/exports', {
    config: { access: access.login(), heavy: false },
    schema: {
      operationId: 'startExport', tags: TAG, summary: 'Starts writing the whole filtered result of a list operation as an .xlsx on the server',
      body: StartExportBody, response: { 202: ExportStatus, 409: Type.Ref('ErrorBody'), 429: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request, reply) => {
    const caller = request.caller!;
    const body = request.body;
    operations ??= listOperations(app);
    const op = operations.get(body.operation) ?? null;
    if (!op) throw badRequest('EXPORT_OPERATION', `'${body.operation}'은(는) 엑셀로 내려받을 수 있는 조회가 아닙니다`);
    const url = operationUrl(op, body.path ?? {});
    if (!url) throw badRequest('EXPORT_OPERATION', `조회 경로의 값(${op.pathParams.join(', ')})이 없습니다`);
    const req: ExportRequest = { url, query: body.query ?? {}, columns: body.columns as ExportRequest['columns'], tzOffsetMinutes: body.tzOffsetMinutes };

    // The first page is read now: a caller who may not read the list, or a bad filter, is answered at once.
    const first = await readPage(app, caller, req, 1, 1);
    if (first.status !== 200) throw new HttpError(first.status, first.body.code ?? 'EXPORT_READ', first.body.msg ?? '조회하지 못했습니다');

    const exportId = crypto.randomUUID();
    const inserted = await app.dbh.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom('exportJob')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('userId', '=', caller.userId)
        .where('status', '=', 'RUNNING')
        .executeTakeFirstOrThrow();
      if (Number(n) >= RUNNING_PER_USER) return null;
      return trx
        .insertInto('exportJob')
        .values({
          exportId, userId: caller.userId, sessionId: caller.sessionId, operationId: op.operationId,
          request: JSON.stringify({ ...req, columns: undefined, columnCount: req.columns.length }),
          sheetName: body.sheetName, status: 'RUNNING', rowsTotal: first.body.total ?? 0, serverId, leaseUntil: new Date(Date.now() + LEASE_MS),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    });
    if (!inserted) {
      reply.header('retry-after', '10');
      throw new HttpError(429, 'EXPORT_BUSY', `내려받기 파일을 이미 ${RUNNING_PER_USER}건 만들고 있습니다. 끝난 뒤 다시 시도하세요`);
    }
    const controller = new AbortController();
    running.set(exportId, controller);
    void runExport(app, caller, exportId, req, body.sheetName, controller.signal).finally(() => running.delete(exportId));
    return reply.status(202).send(statusOf(inserted as JobRow));
  });

  const own = async (exportId: string, userId: string) => {
    const row = await app.dbh.db.selectFrom('exportJob').select(COLUMNS).where('exportId', '=', exportId).where('userId', '=', userId).executeTakeFirst();
    if (!row) throw missing();
    return row as JobRow;
  };

  app.get('/api/v1/exports/:exportId', {
    config: { access: access.login(), heavy: false },
    schema: { operationId: 'getExport', tags: TAG, summary: 'An export’s state and progress (its owner only)', params: ExportIdParams, response: { 200: ExportStatus, ...commonErrors } },
  }, async (request) => statusOf(await own(request.params.exportId, request.caller!.userId)));

  app.post('/api/v1/exports/:exportId/cancel', {
    config: { access: access.login(), heavy: false },
    schema: { operationId: 'cancelExport', tags: TAG, summary: 'Cancels a running export (seen by the server that runs it after the current page)', params: ExportIdParams, response: { 200: ExportStatus, ...commonErrors } },
  }, async (request) => {
    const row = await own(request.params.exportId, request.caller!.userId);
    if (row.status !== 'RUNNING') return statusOf(row);
    await app.dbh.db.updateTable('exportJob').set({ cancelRequested: true }).where('exportId', '=', row.exportId).where('status', '=', 'RUNNING').execute();
    return statusOf(await own(row.exportId, request.caller!.userId));
  });

  app.get('/api/v1/exports/:exportId/file', {
    config: { access: access.login(), heavy: true },
    schema: {
      operationId: 'downloadExport', tags: TAG, summary: 'The finished export’s .xlsx (its owner only)', params: ExportIdParams,
      response: { 200: { description: 'An .xlsx workbook', content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } }, 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request, reply) => {
    const row = await own(request.params.exportId, request.caller!.userId);
    if (row.status !== 'DONE') throw conflict('EXPORT_NOT_READY', row.status === 'RUNNING' ? '내려받기 파일을 아직 만들고 있습니다' : '내려받기 파일이 없습니다');
    const file = exportFile(app.config.dataDir, row.exportId);
    if (!fs.existsSync(file)) throw missing();
    const name = `${row.sheetName}.xlsx`;
    reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`export-${row.exportId.slice(0, 8)}.xlsx`, name)).header('x-content-type-options', 'nosniff');
    return reply.send(fs.createReadStream(file));
  });
};

