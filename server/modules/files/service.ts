import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { writeAudit } from '../../db/audit.js';
import { findBadString, invalidCharacter } from '../../http/input-guard.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import type { Caller } from '../../auth/plugin.js';
import { isSpreadsheetFile } from '../../../lib/file-size.js';
import { FileStore } from './storage.js';
import type { Db } from '../../db/connect.js';
import { documentsHolding, findDocument, mayUseDocument, mayUseGroup, ownerTypeOf } from './owners.js';
import { ALLOWED_EXTENSIONS, checkContent, checkDeclared, extensionOf } from './content-check.js';
import {
  bindGroup,
  findGroup,
  groupEntries,
  groupIsBound,
  insertEntries,
  insertGroup,
  lastSeq,
  lockUploadQuota,
  markEntryDeleted,
  orphanUsage,
  unboundGroupsOf,
  type FileEntryRow,
} from './queries.js';

interface Written {
  storedName: string;
  size: number;
  sha256: string;
  originalName: string;
  mimeType: string;
}

/**
 * What one user may keep uploaded without a document taking it (orphans expire after a day, jobs.ts):
 * an upload that would go beyond it is refused, so nobody fills the store with files no document holds.
 */
export const ORPHAN_QUOTA = { files: 100, bytes: 500 * 1048576 } as const;

const quotaRefused = () =>
  new HttpError(
    409,
    'UPLOAD_QUOTA',
    `문서에 첨부되지 않은 파일이 너무 많습니다 (${ORPHAN_QUOTA.files}개, ${ORPHAN_QUOTA.bytes / 1048576}MB까지). 올린 파일을 문서에 첨부하거나 지운 뒤 다시 올리세요`,
  );

/**
 * True when adding these files would take the user's orphan uploads beyond the quota. Groups a
 * document has taken since the hourly job last looked are marked bound first: they are not orphans.
 */
async function beyondOrphanQuota(db: Db, userId: string, adding: { files: number; bytes: number }): Promise<boolean> {
  const beyond = (u: { files: number; bytes: number }) =>
    u.files + adding.files > ORPHAN_QUOTA.files || u.bytes + adding.bytes > ORPHAN_QUOTA.bytes;
  if (!beyond(await orphanUsage(db, userId))) return false;
  let bound = 0;
  for (const fileId of await unboundGroupsOf(db, userId)) {
    const holders = await documentsHolding(db, fileId);
    if (holders.length === 0) continue;
    // real time: when an upload was bound to its document (a technical stamp)
    await bindGroup(db, fileId, new Date(), holders[0]);
    bound++;
  }
  return bound === 0 || beyond(await orphanUsage(db, userId));
}

const toInfo = (r: FileEntryRow) => ({
  fileId: r.fileId,
  seq: r.seq,
  originalName: r.originalName,
  sizeBytes: Number(r.sizeBytes),
  mimeType: r.mimeType,
  createdAt: r.createdAt,
});

/** A file to send: its name (which sets its type and the download's name) and its content. */
export interface Download {
  name: string;
  body: unknown;
}

/** Uploaded files in groups a document takes (owners.ts says who may use which). */
export function fileService(app: FastifyInstance) {
  const db = app.dbh.db;
  const store = FileStore.of(app.config);
  const limitMb = app.config.uploadLimitMb;
  const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', `파일 크기는 ${limitMb}MB를 넘을 수 없습니다`);

  /**
   * The group as the caller may use it, or 404 as if it did not exist: a supplier only its own
   * company's documents' files, staff per the menu authority of the document (owners.ts).
   */
  const guardGroup = async (caller: Caller, fileId: string, level: 'read' | 'write') => {
    const group = await findGroup(db, fileId);
    if (!group || !(await mayUseGroup(db, caller, group, level)))
      throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${fileId}`);
    return group;
  };

  const groupAnswer = async (fileId: string) => ({ fileId, files: (await groupEntries(db, fileId)).map(toInfo) });

  return {
    /** Stores the uploaded files (checked by name, declared type and content) as a new group or added to one. */
    async upload(
      caller: Caller,
      query: { kind?: string; fileId?: string; docType?: string; docNo?: string },
      parts: AsyncIterable<MultipartFile> | null,
    ) {
      if (!parts) throw new HttpError(415, 'NOT_MULTIPART', '파일은 multipart/form-data 로 보내야 합니다');
      const { kind, fileId: existing, docType, docNo } = query;
      const spreadsheetOnly = kind === 'spreadsheet';
      if (docType && !ownerTypeOf(docType)) throw badRequest('FILE_DOC_TYPE', `알 수 없는 문서 종류입니다: ${docType}`);
      if (docNo && !docType) throw badRequest('FILE_DOC_TYPE', '문서 번호에는 문서 종류(docType)가 필요합니다');
      if (docType && docNo) {
        // Binding to an existing document needs the right to change it.
        const doc = await findDocument(db, docType, docNo);
        if (!doc || !(await mayUseDocument(db, caller, doc, 'write')))
          throw notFound('FILE_DOC_NOT_FOUND', `문서가 없습니다: ${docType} ${docNo}`);
      }
      if (existing) await guardGroup(caller, existing, 'write');
      // Files no document holds yet count against the uploader's quota: refused before anything is stored.
      const orphan = !docNo && (!existing || !(await groupIsBound(db, existing)));
      if (orphan && (await beyondOrphanQuota(db, caller.userId, { files: 1, bytes: 0 }))) throw quotaRefused();
      const written: Written[] = [];
      try {
        for await (const part of parts) {
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
        await db.transaction().execute(async (trx) => {
          if (orphan) {
            // One upload of a user at a time past this point, so two at once cannot both fit in the last room.
            await lockUploadQuota(trx, caller.userId);
            const adding = { files: written.length, bytes: written.reduce((n, w) => n + w.size, 0) };
            if (await beyondOrphanQuota(trx, caller.userId, adding)) throw quotaRefused();
          }
          if (!existing)
            await insertGroup(trx, {
              fileId,
              createdBy: caller.userId,
              compNo: caller.portal === 'X' ? caller.compNo : null,
              docType: docType ?? null,
              docNo: docNo ?? null,
              // real time: when an upload was bound to its document (a technical stamp)
              boundAt: docNo ? new Date() : null,
            });
          let seq = await lastSeq(trx, fileId);
          await insertEntries(
            trx,
            written.map((w) => ({
              fileId,
              seq: ++seq,
              originalName: w.originalName,
              storedName: w.storedName,
              sizeBytes: w.size,
              mimeType: w.mimeType,
              checksum: w.sha256,
              createdBy: caller.userId,
            })),
          );
          await writeAudit(trx, {
            entity: 'file_group',
            entityKey: fileId,
            action: existing ? 'APPEND' : 'UPLOAD',
            actor: caller.userId,
            before: null,
            after: {
              docType: docType ?? null,
              docNo: docNo ?? null,
              files: written.map((w) => ({ name: w.originalName, size: w.size, sha256: w.sha256 })),
            },
          });
        });
        return groupAnswer(fileId);
      } catch (err) {
        await Promise.all(written.map((w) => store.remove(w.storedName)));
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
          throw badRequest('TOO_MANY_FILES', '한 번에 올릴 수 있는 파일 수를 넘었습니다');
        throw err;
      }
    },

    /** The files of a group. */
    async list(caller: Caller, fileId: string) {
      await guardGroup(caller, fileId, 'read');
      const rows = await groupEntries(db, fileId);
      if (rows.length === 0) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${fileId}`);
      return { fileId, files: rows.map(toInfo) };
    },

    /** A group to download: its only file as is, several files as one zip. */
    async downloadGroup(caller: Caller, fileId: string): Promise<Download> {
      await guardGroup(caller, fileId, 'read');
      const rows = await groupEntries(db, fileId);
      if (rows.length === 0) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${fileId}`);
      if (rows.length === 1) {
        const only = rows[0];
        const content = await store.read(only.storedName);
        if (!content) throw notFound('FILE_CONTENT_MISSING', `파일 내용이 없습니다: ${only.originalName}`);
        return { name: only.originalName, body: content };
      }
      const names = new Set<string>();
      const entries: Array<{ name: string; storedName: string }> = [];
      for (const r of rows) {
        // Checked before the first byte goes: a missing file is a 404, not a broken zip.
        if (!(await store.exists(r.storedName)))
          throw notFound('FILE_CONTENT_MISSING', `파일 내용이 없습니다: ${r.originalName}`);
        let name = r.originalName;
        for (let n = 2; names.has(name); n++)
          name = `${path.parse(r.originalName).name} (${n})${path.extname(r.originalName)}`;
        names.add(name);
        entries.push({ name, storedName: r.storedName });
      }
      return { name: `첨부파일-${fileId.slice(0, 8)}.zip`, body: store.zip(entries) };
    },

    /** One file of a group to download. */
    async downloadOne(caller: Caller, fileId: string, seq: number): Promise<Download> {
      await guardGroup(caller, fileId, 'read');
      const row = (await groupEntries(db, fileId)).find((r) => r.seq === seq);
      const content = row ? await store.read(row.storedName) : null;
      if (!row || !content) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${fileId}/${seq}`);
      return { name: row.originalName, body: content };
    },

    /** Removes one file from its group (kept in the store for the audit; the entry is marked deleted). */
    async remove(caller: Caller, fileId: string, seq: number) {
      await guardGroup(caller, fileId, 'write');
      const removed = await db.transaction().execute(async (trx) => {
        if (!(await markEntryDeleted(trx, fileId, seq))) return false;
        await writeAudit(trx, {
          entity: 'file_entry',
          entityKey: `${fileId}/${seq}`,
          action: 'DELETE',
          actor: caller.userId,
          before: { fileId, seq },
          after: null,
        });
        return true;
      });
      if (!removed) throw notFound('FILE_NOT_FOUND', `파일이 없습니다: ${fileId}/${seq}`);
      return groupAnswer(fileId);
    },
  };
}
