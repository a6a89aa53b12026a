import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { todayKst } from '../../domain/dates.js';
import { verifyChain } from './chain.js';
import { listAccess } from './queries.js';
import { personalOperation } from './registry.js';
import { AccessLogPage, AccessLogQuery, AccessLogRow, ChainVerdict, RecordDownloadBody, RecordedDownload } from './schemas.js';
import { recordAccess } from './service.js';
import { josa } from '../../../lib/josa.js';

export const ACCESS_LOG_SCREEN = '/portal/system/accessLog';
const TAGS = ['privacy'];

export const notPersonal = (operation: string) => badRequest('PRIVACY_OPERATION', `${josa(`'${operation}'`, '은/는')} 개인정보를 담은 목록이 아닙니다`);

/** The personal-data access log: read and verified by whoever holds its screen; downloads recorded by anyone who made one. */
export const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AccessLogRow);

  app.get('/api/v1/privacy/access-log', {
    config: { access: access.login([ACCESS_LOG_SCREEN], 'read', ['I']) },
    schema: { operationId: 'listPersonalDataAccess', tags: TAGS, summary: 'Who viewed or downloaded whose personal data, newest first', querystring: AccessLogQuery, response: { 200: AccessLogPage, ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    const to = q.to ?? todayKst();
    const from = q.from ?? todayKst(new Date(Date.now() - 30 * 86400_000));
    if (from > to) throw badRequest('VALIDATION', '시작일이 종료일보다 늦습니다', [{ path: 'query/from', message: '시작일이 종료일보다 늦습니다' }]);
    const page = await listAccess(app.dbh.db, { ...q, from, to, action: q.action || undefined, page: q.page ?? 1, size: q.size ?? 50 });
    return { total: page.total, rows: page.rows.map((r) => ({ ...r, seq: Number(r.seq), rowCount: Number(r.rowCount), occurredAt: r.occurredAt })) };
  });

  app.get('/api/v1/privacy/access-log/verify', {
    config: { access: access.login([ACCESS_LOG_SCREEN], 'read', ['I']), heavy: true },
    schema: {
      operationId: 'verifyPersonalDataAccessLog', tags: TAGS,
      summary: 'Recomputes the access log’s hash chain: 200 when intact; 409 ACCESS_LOG_BROKEN naming the first row that does not fit (the verdict in details)',
      response: { 200: ChainVerdict, 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async () => {
    const verdict = await verifyChain(app.dbh.db);
    if (!verdict.intact && verdict.broken) {
      throw conflict('ACCESS_LOG_BROKEN', `개인정보 접근기록 ${verdict.broken.seq}번 행이 기록된 뒤 바뀌었거나 그 앞의 행이 지워졌습니다 (${verdict.broken.reason})`, verdict);
    }
    return verdict;
  });

  app.post('/api/v1/privacy/downloads', {
    config: { access: access.login() },
    schema: {
      operationId: 'recordPersonalDataDownload', tags: TAGS,
      summary: 'Records, with its reason, a download the browser wrote from a list holding personal data (the rows as the list showed them)',
      body: RecordDownloadBody, response: { 200: RecordedDownload, ...commonErrors },
    },
  }, async (request) => {
    const caller = request.caller!;
    const op = personalOperation(request.body.operation);
    if (!op || op.kind !== 'list') throw notPersonal(request.body.operation);
    await recordAccess(app.dbh.db, {
      actorId: caller.userId,
      actorPortal: caller.portal,
      actorCompNo: caller.compNo,
      clientIp: request.ip,
      action: 'DOWNLOAD',
      operation: request.body.operation,
      subjectKind: op.subjectKind,
      subjectKeys: [],
      fields: Object.keys(op.fields),
      rowCount: request.body.rowCount,
      reasonCode: request.body.reason.code,
      reasonText: request.body.reason.text,
    });
    return { recorded: true as const };
  });
};
