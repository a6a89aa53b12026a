import crypto from 'node:crypto';
import path from 'node:path';
import { Type } from 'typebox';
import { zipSync } from 'fflate';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { isSpreadsheetFile } from '../../../lib/file-size.js';
import { Binary, FileGroup, FileIdParams, FileInfo, FileSeqParams, UploadQuery } from './schemas.js';
import { FileStore, contentDisposition } from './storage.js';

interface Written {
  storedName: string;
  size: number;
  sha256: string;
  originalName: string;
  mimeType: string;
}

export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(FileInfo);
  app.addSchema(FileGroup);
  const store = FileStore.forDataDir(app.config.dataDir);
  const limitMb = app.config.uploadLimitMb;
  const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', `파일 크기는 ${limitMb}MB를 넘을 수 없습니다`);

  const listGroup = (fileId: string) =>
    app.dbh.db
      .selectFrom('fileEntry')
      .select(['fileId', 'seq', 'originalName', 'sizeBytes', 'mimeType', 'createdAt', 'storedName'])
      .where('fileId', '=', fileId)
      .where('deletedAt', 'is', null)
      .orderBy('seq')
      .execute();

  const toInfo = (r: Awaited<ReturnType<typeof listGroup>>[number]) => ({
    fileId: r.fileId,
    seq: r.seq,
    originalName: r.originalName,
    sizeBytes: Number(r.sizeBytes),
    mimeType: r.mimeType,
    createdAt: r.createdAt.toISOString(),
  });

  app.post(
    '/api/v1/cmmn/file/upload',
    {
      config: { access: access.login([], 'write') },
      schema: {
        operationId: 'uploadFiles',
        tags: ['file'],
        summary: `Upload one or more files (multipart/form-data, field "files"); default limit 10 MB each (1 MB = 1048576 bytes)`,
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: { 200: Type.Ref('FileGroup'), 413: Type.Ref('ErrorBody'), 415: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'NOT_MULTIPART', '파일은 multipart/form-data 로 보내야 합니다');
      const spreadsheetOnly = request.query.kind === 'spreadsheet';
      const existing = request.query.fileId;
      if (existing) {
        const group = await app.dbh.db.selectFrom('fileGroup').select('fileId').where('fileId', '=', existing).executeTakeFirst();
        if (!group) throw notFound('FILE_NOT_FOUND', `파일 묶음이 없습니다: ${existing}`);
      }
      const written: Written[] = [];
      try {
        for await (const part of request.files()) {
          const originalName = path.basename(part.filename || '').normalize('NFC');
          if (!originalName) throw badRequest('FILE_NAME_MISSING', '파일 이름이 없습니다');
          if (originalName.length > 300) throw badRequest('FILE_NAME_TOO_LONG', '파일 이름은 300자를 넘을 수 없습니다');
          if (spreadsheetOnly && !isSpreadsheetFile(originalName, part.mimetype)) {
            part.file.resume();
            throw new HttpError(415, 'NOT_SPREADSHEET', `엑셀 파일만 올릴 수 있습니다: ${originalName}`);
          }
          const saved = await store.write(part.file);
          written.push({ ...saved, originalName, mimeType: part.mimetype || 'application/octet-stream' });
          if (part.file.truncated) throw tooLarge();
        }
        if (written.length === 0) throw badRequest('FILE_MISSING', '올린 파일이 없습니다');
        const fileId = existing ?? crypto.randomUUID();
        await app.dbh.db.transaction().execute(async (trx) => {
          if (!existing) await trx.insertInto('fileGroup').values({ fileId, createdBy: null }).execute();
          const last = await trx.selectFrom('fileEntry').select((eb) => eb.fn.max('seq').as('maxSeq')).where('fileId', '=', fileId).executeTakeFirst();
          let seq = Number(last?.maxSeq ?? 0);
          await trx
            .insertInto('fileEntry')
            .values(written.map((w) => ({ fileId, seq: ++seq, originalName: w.originalName, storedName: w.storedName, sizeBytes: w.size, mimeType: w.mimeType, checksum: w.sha256, createdBy: null })))
            .execute();
        });
        return { fileId, files: (await listGroup(fileId)).map(toInfo) };
      } catch (err) {
        await Promise.all(written.map((w) => store.remove(w.storedName)));
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('TOO_MANY_FILES', '한 번에 올릴 수 있는 파일 수를 넘었습니다');
        throw err;
      }
    },
  );

  app.get(
    '/api/v1/cmmn/file/:id',
    {
      config: { access: access.login() },
      schema: { operationId: 'listFiles', tags: ['file'], summary: 'Files of a group', params: FileIdParams, response: { 200: Type.Ref('FileGroup'), ...commonErrors } },
    },
    async (request) => {
      const rows = await listGroup(request.params.id);
      if (rows.length === 0) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${request.params.id}`);
      return { fileId: request.params.id, files: rows.map(toInfo) };
    },
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
    async (request, reply) => {
      const rows = await listGroup(request.params.id);
      if (rows.length === 0) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${request.params.id}`);
      if (rows.length === 1) {
        const only = rows[0];
        if (!store.exists(only.storedName)) throw notFound('FILE_CONTENT_MISSING', `파일 내용이 없습니다: ${only.originalName}`);
        reply.header('Content-Disposition', contentDisposition(only.originalName)).type(only.mimeType);
        return reply.send(store.read(only.storedName));
      }
      const entries: Record<string, Uint8Array> = {};
      for (const r of rows) {
        let name = r.originalName;
        for (let n = 2; Object.hasOwn(entries, name); n++) name = `${path.parse(r.originalName).name} (${n})${path.extname(r.originalName)}`;
        entries[name] = await store.readAll(r.storedName);
      }
      reply.header('Content-Disposition', contentDisposition(`첨부파일-${request.params.id.slice(0, 8)}.zip`)).type('application/zip');
      return reply.send(Buffer.from(zipSync(entries, { level: 6 })));
    },
  );

  app.get(
    '/api/v1/cmmn/file/:id/:seq/wsdownload',
    {
      config: { access: access.login() },
      schema: { operationId: 'downloadFile', tags: ['file'], summary: 'Download one file of a group', params: FileSeqParams, response: { 200: Binary, ...commonErrors } },
    },
    async (request, reply) => {
      const row = (await listGroup(request.params.id)).find((r) => r.seq === request.params.seq);
      if (!row || !store.exists(row.storedName)) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${request.params.id}/${request.params.seq}`);
      reply.header('Content-Disposition', contentDisposition(row.originalName)).type(row.mimeType);
      return reply.send(store.read(row.storedName));
    },
  );

  app.delete(
    '/api/v1/cmmn/file/:id/:seq',
    {
      config: { access: access.login([], 'write') },
      schema: { operationId: 'deleteFile', tags: ['file'], summary: 'Remove one file from its group', params: FileSeqParams, response: { 200: Type.Ref('FileGroup'), ...commonErrors } },
    },
    async (request) => {
      const { id, seq } = request.params;
      const result = await app.dbh.db
        .updateTable('fileEntry')
        .set({ deletedAt: new Date() })
        .where('fileId', '=', id)
        .where('seq', '=', seq)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${id}/${seq}`);
      return { fileId: id, files: (await listGroup(id)).map(toInfo) };
    },
  );
};
