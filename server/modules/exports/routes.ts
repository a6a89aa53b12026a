import crypto from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import { attachment } from '../fulfilment/data-download/workflow.js';
import { listOperations, operationUrl, type ListOperation } from './list-operations.js';
import { objectStoreFor } from '../../storage/open.js';
import { exportKey, LEASE_MS, readPage, runExport, type ExportRequest } from './run.js';
import { claimWaitingExport } from './queries.js';
import { MAX_EXPORT_RESTARTS } from './jobs.js';
import type { Caller } from '../../auth/plugin.js';
import { ExportIdParams, ExportStatus, StartExportBody } from './schemas.js';
import { personalOperation, recordAccess } from '../privacy/index.js';

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

  // On the way down each running export gives its lease back (run.ts) for another server to take up.
  // Told before the server closes (preClose): a page read through app.inject once closing has begun
  // fails, and that failure must be seen as the stop, not as the export's own.
  app.addHook('preClose', async () => {
    for (const c of running.values()) c.abort();
  });
  app.addHook('onClose', async () => {
    for (const c of running.values()) c.abort();
    const deadline = Date.now() + 10_000;
    while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  });

  const start = (exportId: string, caller: Caller, req: ExportRequest, sheetName: string) => {
    const controller = new AbortController();
    running.set(exportId, controller);
    void runExport(app, caller, exportId, req, sheetName, controller.signal).finally(() => running.delete(exportId));
  };

  // exports.resume (jobs.ts): waiting exports are written again here, as their owner, at most
  // RUNNING_PER_USER × 2 at once on this server.
  app.jobs.services.resumeExports = async (now) => {
    let taken = 0;
    while (running.size < RUNNING_PER_USER * 2) {
      const row = await claimWaitingExport(app.dbh.db, serverId, now, MAX_EXPORT_RESTARTS);
      if (!row) break;
      const user = await app.dbh.db.selectFrom('appUser').select(['portal', 'authGroupId', 'compNo']).where('userId', '=', row.userId).executeTakeFirst();
      const req = row.request as ExportRequest;
      // The session may have ended since: the first page then answers 401 and the export ends FAILED.
      const caller: Caller = { userId: row.userId, sessionId: row.sessionId, portal: (user?.portal ?? 'I') as Caller['portal'], authGroupId: user?.authGroupId ?? '', compNo: user?.compNo ?? null };
      start(row.exportId, caller, req, row.sheetName);
      app.log.info({ exportId: row.exportId }, 'export taken up from a stopped server');
      taken++;
    }
    return taken;
  };

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
    // A list holding personal data is downloaded only with a reason, recorded with the export (docs/privacy.md).
    const personal = personalOperation(op.operationId);
    if (personal && !body.reason) {
      throw badRequest('PRIVACY_REASON_REQUIRED', '개인정보가 포함된 목록입니다. 내려받는 사유를 선택하고 입력하세요', [{ path: 'body/reason', message: '필수 입력 항목입니다' }]);
    }

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
          // Everything needed to write it again on another server (exports.resume).
          request: JSON.stringify(req),
          sheetName: body.sheetName, status: 'RUNNING', rowsTotal: first.body.total ?? 0, serverId, leaseUntil: new Date(Date.now() + LEASE_MS),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
        .then(async (row) => {
          if (personal && body.reason) {
            await recordAccess(trx, {
              actorId: caller.userId, actorPortal: caller.portal, actorCompNo: caller.compNo, clientIp: request.ip,
              action: 'DOWNLOAD', operation: op.operationId, subjectKind: personal.subjectKind, subjectKeys: [`export:${exportId}`],
              fields: Object.keys(personal.fields), rowCount: first.body.total ?? 0, reasonCode: body.reason.code, reasonText: body.reason.text,
            });
          }
          return row;
        });
    });
    if (!inserted) {
      reply.header('retry-after', '10');
      throw new HttpError(429, 'EXPORT_BUSY', `내려받기 파일을 이미 ${RUNNING_PER_USER}건 만들고 있습니다. 끝난 뒤 다시 시도하세요`);
    }
    start(exportId, caller, req, body.sheetName);
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
    const file = await objectStoreFor(app.config).get(exportKey(row.exportId));
    if (!file) throw missing();
    const name = `${row.sheetName}.xlsx`;
    reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`export-${row.exportId.slice(0, 8)}.xlsx`, name)).header('x-content-type-options', 'nosniff');
    return reply.send(file);
  });
};

