import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { Binary, FileGroup, FileIdParams, FileInfo, FileSeqParams, UploadQuery } from './schemas.js';
import { contentDisposition } from './storage.js';
import { ALLOWED_EXTENSIONS, extensionOf } from './content-check.js';
import { expireOrphanFiles } from './jobs.js';
import { fileService, type Download } from './service.js';
import { ATTACHMENT_SCREENS } from './owners.js';

/** Served under the extension's own type (never a type the uploader chose), as an attachment, never sniffed. */
function sendFile(reply: FastifyReply, { name, body }: Download) {
  const type = ALLOWED_EXTENSIONS[extensionOf(name)]?.types[0] ?? 'application/octet-stream';
  reply.header('Content-Disposition', contentDisposition(name)).header('X-Content-Type-Options', 'nosniff').type(type);
  return reply.send(body);
}

export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(FileInfo);
  app.addSchema(FileGroup);
  const files = fileService(app);

  app.post(
    '/api/v1/cmmn/file/upload',
    {
      // Write on a screen of a document that keeps attachments (owners.ts): a read-only group uploads nothing.
      config: { access: access.login([...ATTACHMENT_SCREENS], 'write'), identityBound: false },
      schema: {
        operationId: 'uploadFiles',
        tags: ['file'],
        summary: `Upload one or more files (multipart/form-data, field "files"); default limit 10 MB each (1 MB = 1048576 bytes). Needs write on a screen of a document that keeps attachments; files no document holds yet are limited per user (409 UPLOAD_QUOTA)`,
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: {
          200: Type.Ref('FileGroup'),
          409: Type.Ref('ErrorBody'),
          413: Type.Ref('ErrorBody'),
          415: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) => files.upload(request.caller!, request.query, request.isMultipart() ? request.files() : null),
  );

  app.get(
    '/api/v1/cmmn/file/:id',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'listFiles',
        tags: ['file'],
        summary: 'Files of a group',
        params: FileIdParams,
        response: { 200: Type.Ref('FileGroup'), ...commonErrors },
      },
    },
    async (request) => files.list(request.caller!, request.params.id),
  );

  app.get(
    '/api/v1/cmmn/file/:id/download',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'downloadFileGroup',
        tags: ['file'],
        summary: 'Download a group: its only file as is, several files as one zip',
        params: FileIdParams,
        response: { 200: Binary, ...commonErrors },
      },
    },
    async (request, reply) => sendFile(reply, await files.downloadGroup(request.caller!, request.params.id)),
  );

  app.get(
    '/api/v1/cmmn/file/:id/:seq/wsdownload',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'downloadFile',
        tags: ['file'],
        summary: 'Download one file of a group',
        params: FileSeqParams,
        response: { 200: Binary, ...commonErrors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await files.downloadOne(request.caller!, request.params.id, request.params.seq)),
  );

  app.delete(
    '/api/v1/cmmn/file/:id/:seq',
    {
      config: { access: access.login([], 'write'), identityBound: false },
      schema: {
        operationId: 'deleteFile',
        tags: ['file'],
        summary: 'Remove one file from its group',
        params: FileSeqParams,
        response: { 200: Type.Ref('FileGroup'), ...commonErrors },
      },
    },
    async (request) => files.remove(request.caller!, request.params.id, request.params.seq),
  );

  app.post(
    '/api/v1/cmmn/file/expire-orphans',
    {
      config: { access: access.login([ORPHAN_ADMIN_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'expireOrphanFiles',
        tags: ['file'],
        summary: 'Remove uploads no document took within a day (the files.expireOrphans job, on demand)',
        response: {
          200: Type.Object({ expired: Type.Integer(), bound: Type.Integer(), kept: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    // real time: orphan uploads are swept by their real age (storage, not a document date)
    async (request) => expireOrphanFiles({ db: app.dbh.db, log: request.log, config: app.config, now: new Date() }),
  );
};

/** Who may run the orphan clean-up on demand: the system administrators (menu administration). */
const ORPHAN_ADMIN_SCREEN = '/portal/author/menuManage';
