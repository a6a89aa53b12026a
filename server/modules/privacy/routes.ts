import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { AUTH_CODES } from '../../auth/codes.js';
import { todayKst } from '../../domain/dates.js';
import { verifyChain } from './chain.js';
import { listAccess, listAnswerOf } from './queries.js';
import { loggedFields, personalOperation } from './registry.js';
import {
  AccessLogPage,
  AccessLogQuery,
  AccessLogRow,
  ChainVerdict,
  RecordDownloadBody,
  RecordedDownload,
} from './schemas.js';
import { recordAccess } from './service.js';
import { josa } from '../../../lib/josa.js';

const ACCESS_LOG_SCREEN = '/portal/system/accessLog';
const TAGS = ['privacy'];

/** Downloads one user may record per minute (every server counts together): a loop cannot flood a log kept two years. */
const DOWNLOAD_RECORDS_PER_MINUTE = 20;

const notPersonal = (operation: string) =>
  badRequest('PRIVACY_OPERATION', `${josa(`'${operation}'`, '은/는')} 개인정보를 담은 목록이 아닙니다`);

/** The personal-data access log: read and verified by whoever holds its screen; downloads recorded by anyone who made one. */
export const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AccessLogRow);

  app.get(
    '/api/v1/privacy/access-log',
    {
      config: { access: access.login([ACCESS_LOG_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listPersonalDataAccess',
        tags: TAGS,
        summary: 'Who viewed or downloaded whose personal data, newest first',
        querystring: AccessLogQuery,
        response: { 200: AccessLogPage, ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const now = app.clock.now();
      const to = q.to ?? todayKst(now);
      const from = q.from ?? todayKst(new Date(now.getTime() - 30 * 86400_000));
      if (from > to)
        throw badRequest('VALIDATION', '시작일이 종료일보다 늦습니다', [
          { path: 'query/from', message: '시작일이 종료일보다 늦습니다' },
        ]);
      const page = await listAccess(app.dbh.db, {
        ...q,
        from,
        to,
        action: q.action || undefined,
        page: q.page ?? 1,
        size: q.size ?? 50,
      });
      return {
        total: page.total,
        rows: page.rows.map((r) => ({
          ...r,
          seq: Number(r.seq),
          rowCount: Number(r.rowCount),
          occurredAt: r.occurredAt,
          fieldList: r.fields ? r.fields.split(',') : [],
        })),
      };
    },
  );

  app.get(
    '/api/v1/privacy/access-log/verify',
    {
      config: { access: access.login([ACCESS_LOG_SCREEN], 'read', ['I']), heavy: true },
      schema: {
        operationId: 'verifyPersonalDataAccessLog',
        tags: TAGS,
        summary:
          'Recomputes the access log’s hash chain: 200 when intact; 409 ACCESS_LOG_BROKEN naming the first row that does not fit (the verdict in details)',
        response: { 200: ChainVerdict, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async () => {
      const verdict = await verifyChain(app.dbh.db);
      if (!verdict.intact && verdict.broken) {
        throw conflict(
          'ACCESS_LOG_BROKEN',
          `개인정보 접근기록 ${verdict.broken.seq}번 행이 기록된 뒤 바뀌었거나 그 앞의 행이 지워졌습니다 (${verdict.broken.reason})`,
          verdict,
        );
      }
      return verdict;
    },
  );

  app.post(
    '/api/v1/privacy/downloads',
    {
      config: {
        access: access.login(),
        identityBound: false,
        // Per user (the caller is known by then), counted in the database like every rate limit.
        rateLimit: {
          max: DOWNLOAD_RECORDS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `user:${request.caller?.userId ?? request.ip}`,
        },
      },
      schema: {
        operationId: 'recordPersonalDataDownload',
        tags: TAGS,
        summary:
          'Records, with its reason, a download the browser wrote from a list holding personal data: a list the caller may call (403 GPMS006 otherwise), at most the rows that list answered this session (400 PRIVACY_ROW_COUNT); 429 beyond 20 a minute',
        body: RecordDownloadBody,
        response: { 200: RecordedDownload, ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const op = personalOperation(request.body.operation);
      if (!op || op.kind !== 'list') throw notPersonal(request.body.operation);
      // Only a list the caller may call now: the list route's own access (portal, screens, level).
      const declared = app.operations.get(request.body.operation)?.access;
      if (!declared || declared.kind !== 'login') throw notPersonal(request.body.operation);
      if (
        (declared.portals && !declared.portals.includes(caller.portal)) ||
        !(await groupHoldsScreen(app.dbh.db, caller.authGroupId, declared.screens, declared.level))
      ) {
        throw forbidden('GPMS006', AUTH_CODES.GPMS006);
      }
      // …and no more rows than that list answered this session (docs/privacy.md › Downloads ask why).
      const answered = await listAnswerOf(app.dbh.db, caller.sessionId, request.body.operation);
      if (answered === null || request.body.rowCount > answered) {
        const message =
          answered === null
            ? '이 목록을 조회한 적이 없어 다운로드를 기록할 수 없습니다'
            : `이 목록이 조회한 ${answered}건보다 많은 행은 기록할 수 없습니다`;
        throw badRequest('PRIVACY_ROW_COUNT', message, [{ path: 'body/rowCount', message }]);
      }
      // The record names what the file holds: the personal fields among its columns, and its rows' subjects.
      const { columns, subjectKeys } = request.body;
      if (subjectKeys.length > request.body.rowCount) {
        const message = `파일의 ${request.body.rowCount}행보다 많은 정보주체를 기록할 수 없습니다`;
        throw badRequest('PRIVACY_ROW_COUNT', message, [{ path: 'body/subjectKeys', message }]);
      }
      const fields = loggedFields(op).filter((f) => columns.includes(f));
      await recordAccess(
        app.dbh.db,
        {
          actorId: caller.userId,
          actorPortal: caller.portal,
          actorCompNo: caller.compNo,
          clientIp: request.ip,
          action: 'DOWNLOAD',
          operation: request.body.operation,
          subjectKind: op.subjectKind,
          subjectKeys: fields.length > 0 ? [...new Set(subjectKeys)] : [],
          fields,
          rowCount: request.body.rowCount,
          reasonCode: request.body.reason.code,
          reasonText: request.body.reason.text,
        },
        app.config.accessLogAnchor,
      );
      return { recorded: true as const };
    },
  );
};
