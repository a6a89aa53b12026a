import crypto from 'node:crypto';
import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import type { Caller } from '../../auth/plugin.js';
import { objectStoreFor } from '../../storage/open.js';
import { loggedFields, personalOperation } from '../privacy/index.js';
import { listOperations, operationUrl, type ListOperation } from './list-operations.js';
import { exportKey, LEASE_MS, readPage, runExport, type ExportRequest } from './run.js';
import { MAX_EXPORT_RESTARTS } from './jobs.js';
import {
  claimWaitingExport,
  exportOwner,
  insertExport,
  ownExport,
  requestCancel,
  runningExportsOf,
  type ExportRow,
} from './queries.js';
import type { StartExportBody } from './schemas.js';
import { josa } from '../../../lib/josa.js';

/** Exports running at once per user (each holds one page in memory and one connection's turn). */
export const RUNNING_PER_USER = 2;

const missing = () => notFound('EXPORT_NOT_FOUND', '내려받기 작업을 찾을 수 없습니다');

const statusOf = (r: ExportRow) => ({
  exportId: r.exportId,
  status: r.status,
  rowsTotal: r.rowsTotal,
  rowsDone: r.rowsDone,
  sheetName: r.sheetName,
  bytes: r.bytes === null ? null : Number(r.bytes),
  error: r.error,
  createdAt: r.createdAt,
  finishedAt: r.finishedAt,
});

/**
 * Server-side exports: the whole filtered result of a list operation written on the
 * server as a streamed .xlsx, as a job with progress and cancel. The export reads the list through
 * the app as the caller (run.ts), so it can never show more than the caller's own screen. Only the
 * user who started an export sees it. One service per server: it keeps the exports it runs.
 */
export function exportService(app: FastifyInstance) {
  let operations: ReadonlyMap<string, ListOperation> | null = null;
  // Exports this server runs: stopped (and marked failed) when the server closes.
  const running = new Map<string, AbortController>();
  const serverId = app.jobs.serverId;

  const start = (exportId: string, caller: Caller, req: ExportRequest, sheetName: string) => {
    const controller = new AbortController();
    running.set(exportId, controller);
    void runExport(app, caller, exportId, req, sheetName, controller.signal).finally(() => running.delete(exportId));
  };

  const own = async (exportId: string, userId: string) => {
    const row = await ownExport(app.dbh.db, exportId, userId);
    if (!row) throw missing();
    return row;
  };

  return {
    /** Tells every running export to stop (each gives its lease back in run.ts for another server to take up). */
    stopAll() {
      for (const c of running.values()) c.abort();
    },

    /** Stops every running export and waits (up to 10 s) until they have. */
    async drain() {
      for (const c of running.values()) c.abort();
      // real time: a drain timeout and a worker lease are technical time
      const deadline = Date.now() + 10_000;
      // real time: a drain timeout and a worker lease are technical time
      while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    },

    /**
     * exports.resume (jobs.ts): waiting exports are written again here, as their owner, at most
     * RUNNING_PER_USER × 2 at once on this server.
     */
    async resume(now: Date) {
      let taken = 0;
      while (running.size < RUNNING_PER_USER * 2) {
        const row = await claimWaitingExport(app.dbh.db, serverId, now, MAX_EXPORT_RESTARTS);
        if (!row) break;
        const user = await exportOwner(app.dbh.db, row.userId);
        const req = row.request as ExportRequest;
        // The session may have ended since: the first page then answers 401 and the export ends FAILED.
        const caller: Caller = {
          userId: row.userId,
          sessionId: row.sessionId,
          portal: (user?.portal ?? 'I') as Caller['portal'],
          authGroupId: user?.authGroupId ?? '',
          compNo: user?.compNo ?? null,
        };
        start(row.exportId, caller, req, row.sheetName);
        app.log.info({ exportId: row.exportId }, 'export taken up from a stopped server');
        taken++;
      }
      return taken;
    },

    /** Starts an export; null when the caller already runs RUNNING_PER_USER of them. */
    async start(caller: Caller, body: Static<typeof StartExportBody>, clientIp: string) {
      operations ??= listOperations(app);
      const op = operations.get(body.operation) ?? null;
      if (!op)
        throw badRequest(
          'EXPORT_OPERATION',
          `${josa(`'${body.operation}'`, '은/는')} 엑셀로 내려받을 수 있는 조회가 아닙니다`,
        );
      const url = operationUrl(op, body.path ?? {});
      if (!url) throw badRequest('EXPORT_OPERATION', `조회 경로의 값(${op.pathParams.join(', ')})이 없습니다`);
      // A list holding personal data is downloaded only with a reason, recorded with the export (docs/privacy.md).
      const personal = personalOperation(op.operationId);
      if (personal && !body.reason) {
        throw badRequest(
          'PRIVACY_REASON_REQUIRED',
          '개인정보가 포함된 목록입니다. 내려받는 사유를 선택하고 입력하세요',
          [{ path: 'body/reason', message: '필수 입력 항목입니다' }],
        );
      }
      const req: ExportRequest = {
        url,
        query: body.query ?? {},
        columns: body.columns as ExportRequest['columns'],
        tzOffsetMinutes: body.tzOffsetMinutes,
        keyset: op.keyset,
        ...(body.pivot ? { pivot: body.pivot } : {}),
        // Recorded when the file is written: what it holds is known only then.
        ...(personal && body.reason
          ? {
              download: {
                operation: op.operationId,
                subjectKind: personal.subjectKind,
                key: personal.key,
                fields: loggedFields(personal),
                reason: { code: body.reason.code, text: body.reason.text },
                clientIp,
              },
            }
          : {}),
      };

      // The first page is read now: a caller who may not read the list, or a bad filter, is answered at once.
      const first = await readPage(app, caller, req, 1, 1);
      if (first.status !== 200)
        throw new HttpError(first.status, first.body.code ?? 'EXPORT_READ', first.body.msg ?? '조회하지 못했습니다');

      const exportId = crypto.randomUUID();
      const inserted = await app.dbh.db.transaction().execute(async (trx) => {
        if ((await runningExportsOf(trx, caller.userId)) >= RUNNING_PER_USER) return null;
        const row = await insertExport(trx, {
          exportId,
          userId: caller.userId,
          sessionId: caller.sessionId,
          operationId: op.operationId,
          request: req,
          sheetName: body.sheetName,
          // A pivot reads no more than its screen does.
          rowsTotal: Math.min(first.body.total ?? 0, body.pivot?.limit ?? Infinity),
          serverId,
          // real time: a drain timeout and a worker lease are technical time
          leaseUntil: new Date(Date.now() + LEASE_MS),
        });
        return row;
      });
      if (!inserted) return null;
      start(exportId, caller, req, body.sheetName);
      return statusOf(inserted);
    },

    /** An export's state and progress (its owner only). */
    async status(exportId: string, userId: string) {
      return statusOf(await own(exportId, userId));
    },

    /** Cancels a running export; a finished one answers as it is. */
    async cancel(exportId: string, userId: string) {
      const row = await own(exportId, userId);
      if (row.status !== 'RUNNING') return statusOf(row);
      await requestCancel(app.dbh.db, row.exportId);
      return statusOf(await own(row.exportId, userId));
    },

    /** The finished export's workbook and its name. */
    async file(exportId: string, userId: string) {
      const row = await own(exportId, userId);
      if (row.status !== 'DONE')
        throw conflict(
          'EXPORT_NOT_READY',
          row.status === 'RUNNING' ? '내려받기 파일을 아직 만들고 있습니다' : '내려받기 파일이 없습니다',
        );
      const file = await objectStoreFor(app.config).get(exportKey(row.exportId));
      if (!file) throw missing();
      return { file, exportId: row.exportId, name: `${row.sheetName}.xlsx` };
    },
  };
}
