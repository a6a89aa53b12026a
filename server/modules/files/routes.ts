import crypto from 'node:crypto';
import path from 'node:path';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../../db/audit.js';
import { findBadString, invalidCharacter } from '../../http/input-guard.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { isSpreadsheetFile } from '../../../lib/file-size.js';
import { Binary, FileGroup, FileIdParams, FileInfo, FileSeqParams, UploadQuery } from './schemas.js';
import { FileStore, contentDisposition } from './storage.js';
import { findDocument, mayUseDocument, mayUseGroup, ownerTypeOf } from './owners.js';
import { ALLOWED_EXTENSIONS, checkContent, checkDeclared, extensionOf } from './content-check.js';
import { expireOrphanFiles } from './jobs.js';

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
  const store = FileStore.of(app.config);
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

  /**
   * The group as the caller may use it, or 404 as if it did not exist: a supplier only its own
   * company's documents' files, staff per the menu authority of the document (owners.ts).
   */
  const guardGroup = async (request: FastifyRequest, fileId: string, level: 'read' | 'write') => {
    const group = await app.dbh.db.selectFrom('fileGroup').select(['fileId', 'createdBy', 'compNo', 'docType', 'docNo']).where('fileId', '=', fileId).executeTakeFirst();
    if (!group || !(await mayUseGroup(app.dbh.db, request.caller!, group, level))) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${fileId}`);
    return group;
  };

  /** Served under the extension's own type (never a type the uploader chose), as an attachment, never sniffed. */
  const sendFile = (reply: FastifyReply, name: string, body: unknown) => {
    const type = ALLOWED_EXTENSIONS[extensionOf(name)]?.types[0] ?? 'application/octet-stream';
    reply.header('Content-Disposition', contentDisposition(name)).header('X-Content-Type-Options', 'nosniff').type(type);
    return reply.send(body);
  };

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
      const caller = request.caller!;
      const { kind, fileId: existing, docType, docNo } = request.query;
      const spreadsheetOnly = kind === 'spreadsheet';
      if (docType && !ownerTypeOf(docType)) throw badRequest('FILE_DOC_TYPE', `알 수 없는 문서 종류입니다: ${docType}`);
      if (docNo && !docType) throw badRequest('FILE_DOC_TYPE', '문서 번호에는 문서 종류(docType)가 필요합니다');
      if (docType && docNo) {
        // Binding to an existing document needs the right to change it.
        const doc = await findDocument(app.dbh.db, docType, docNo);
        if (!doc || !(await mayUseDocument(app.dbh.db, caller, doc, 'write'))) throw notFound('FILE_DOC_NOT_FOUND', `문서가 없습니다: ${docType} ${docNo}`);
      }
      if (existing) await guardGroup(request, existing, 'write');
      const written: Written[] = [];
      try {
        for await (const part of request.files()) {
          const originalName = path.basename(part.filename || '').normalize('NFC');
          if (!originalName) throw badRequest('FILE_NAME_MISSING', '파일 이름이 없습니다');
          if (originalName.length > 300) throw badRequest('FILE_NAME_TOO_LONG', '파일 이름은 300자를 넘을 수 없습니다');
          if (findBadString(originalName, 'files')) {
            part.file.resume();
            throw invalidCharacter('files (file name)');
          }
          if (spreadsheetOnly && !isSpreadsheetFile(originalName, part.mimetype)) {
            part.file.resume();
            throw new HttpError(415, 'NOT_SPREADSHEET', `엑셀 파일만 올릴 수 있습니다: ${originalName}`);
          }
          const declared = checkDeclared(originalName, part.mimetype);
          if (declared) {
            part.file.resume();
            throw new HttpError(415, declared.code, declared.message);
          }
          // Streamed to the store under a server-made name; the size limit stops the stream (truncated).
          const saved = await store.write(part.file);
          written.push({ ...saved, originalName, mimeType: ALLOWED_EXTENSIONS[extensionOf(originalName)].types[0] });
          if (part.file.truncated) throw tooLarge();
          const content = await checkContent(store.reader(saved.storedName), originalName);
          if (content) throw new HttpError(415, content.code, content.message);
        }
        if (written.length === 0) throw badRequest('FILE_MISSING', '올린 파일이 없습니다');
        const fileId = existing ?? crypto.randomUUID();
        await app.dbh.db.transaction().execute(async (trx) => {
          if (!existing) {
            await trx
              .insertInto('fileGroup')
              .values({ fileId, createdBy: caller.userId, compNo: caller.portal === 'X' ? caller.compNo : null, docType: docType ?? null, docNo: docNo ?? null, boundAt: docNo ? new Date() : null })
              .execute();
          }
          const last = await trx.selectFrom('fileEntry').select((eb) => eb.fn.max('seq').as('maxSeq')).where('fileId', '=', fileId).executeTakeFirst();
          let seq = Number(last?.maxSeq ?? 0);
          await trx
            .insertInto('fileEntry')
            .values(written.map((w) => ({ fileId, seq: ++seq, originalName: w.originalName, storedName: w.storedName, sizeBytes: w.size, mimeType: w.mimeType, checksum: w.sha256, createdBy: caller.userId })))
            .execute();
          await writeAudit(trx, { entity: 'file_group', entityKey: fileId, action: existing ? 'APPEND' : 'UPLOAD', actor: caller.userId, before: null, after: { docType: docType ?? null, docNo: docNo ?? null, files: written.map((w) => ({ name: w.originalName, size: w.size, sha256: w.sha256 })) } });
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
      await guardGroup(request, request.params.id, 'read');
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
      await guardGroup(request, request.params.id, 'read');
      const rows = await listGroup(request.params.id);
      if (rows.length === 0) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${request.params.id}`);
      if (rows.length === 1) {
        const only = rows[0];
        const content = await store.read(only.storedName);
        if (!content) throw notFound('FILE_CONTENT_MISSING', `파일 내용이 없습니다: ${only.originalName}`);
        return sendFile(reply, only.originalName, content);
      }
      const names = new Set<string>();
      const entries: Array<{ name: string; storedName: string }> = [];
      for (const r of rows) {
        // Checked before the first byte goes: a missing file is a 404, not a broken zip.
        if (!(await store.exists(r.storedName))) throw notFound('FILE_CONTENT_MISSING', `파일 내용이 없습니다: ${r.originalName}`);
        let name = r.originalName;
        for (let n = 2; names.has(name); n++) name = `${path.parse(r.originalName).name} (${n})${path.extname(r.originalName)}`;
        names.add(name);
        entries.push({ name, storedName: r.storedName });
      }
      return sendFile(reply, `첨부파일-${request.params.id.slice(0, 8)}.zip`, store.zip(entries));
    },
  );

  app.get(
    '/api/v1/cmmn/file/:id/:seq/wsdownload',
    {
      config: { access: access.login() },
      schema: { operationId: 'downloadFile', tags: ['file'], summary: 'Download one file of a group', params: FileSeqParams, response: { 200: Binary, ...commonErrors } },
    },
    async (request, reply) => {
      await guardGroup(request, request.params.id, 'read');
      const row = (await listGroup(request.params.id)).find((r) => r.seq === request.params.seq);
      const content = row ? await store.read(row.storedName) : null;
      if (!row || !content) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${request.params.id}/${request.params.seq}`);
      return sendFile(reply, row.originalName, content);
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
      await guardGroup(request, id, 'write');
      const actor = request.caller!.userId;
      const removed = await app.dbh.db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('fileEntry').set({ deletedAt: new Date() }).where('fileId', '=', id).where('seq', '=', seq).where('deletedAt', 'is', null).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await writeAudit(trx, { entity: 'file_entry', entityKey: `${id}/${seq}`, action: 'DELETE', actor, before: { fileId: id, seq }, after: null });
        return true;
      });
      if (!removed) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${id}/${seq}`);
      return { fileId: id, files: (await listGroup(id)).map(toInfo) };
    },
  );

  app.post(
    '/api/v1/cmmn/file/expire-orphans',
    {
      config: { access: access.login([ORPHAN_ADMIN_SCREEN], 'write', ['I']) },
      schema: {
        operationId: 'expireOrphanFiles',
        tags: ['file'],
        summary: 'Remove uploads no document took within a day (the files.expireOrphans job, on demand)',
        response: { 200: Type.Object({ expired: Type.Integer(), bound: Type.Integer(), kept: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => expireOrphanFiles({ db: app.dbh.db, log: request.log, config: app.config, now: new Date() }),
  );
};

/** Who may run the orphan clean-up on demand: the system administrators (menu administration). */
export const ORPHAN_ADMIN_SCREEN = '/portal/author/menuManage';
