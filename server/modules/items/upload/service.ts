import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Static } from 'typebox';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, badRequest } from '../../../http/errors.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { FileStore } from '../../files/storage.js';
import { loadAttachments } from '../../../domain/documents.js';
import { checkVersion, missing, refused } from '../../../domain/errors.js';
import { iso } from '../../../domain/values.js';
import { todayKst } from '../../../domain/dates.js';
import { checkSpreadsheet } from './file-checks.js';
import { applyUpload, processUpload } from './process.js';
import { XLSX_TYPE, dataOf, errorWorkbook, errorsOf, templateWorkbook } from './workbooks.js';
import type { ListQuery, RowQuery } from './schemas.js';
import {
  batchWithCreator,
  errorRows,
  failStaleReads,
  insertBatch,
  insertFileOfOne,
  listBatchIds,
  listUploadRows,
  lockBatch,
  markApplyFailed,
  newestFile,
  replacingBatch,
  resetStaleApplies,
  updateBatch,
} from './queries.js';

/**
 * Excel upload of items (docs/items.md): template, upload (answered at once with a batch id;
 * a worker reads the file), progress and per-row results, the error workbook, re-upload, and
 * apply (once, in one transaction).
 */

/** What the upload works with beyond the caller's database. */
export interface UploadDeps {
  /** The unscoped database the background work writes with. */
  db: Db;
  store: FileStore;
  limitMb: number;
  /** Keeps background work started by a request until the server closes. */
  track: (work: Promise<unknown>) => void;
  /** The template kept as a file group, made once per server. */
  template: { fileId: string | null };
}

/** Who uploads: the caller's database, its user and the request's log. */
export interface Uploader {
  db: Db;
  userId: string;
  log: FastifyBaseLogger;
}

/** A workbook to download: its name and how to make it. */
export interface Download {
  fileName: string;
  build: () => Promise<Buffer>;
}

export async function batchView(db: Db, batchId: string) {
  const b = await batchWithCreator(db, batchId);
  if (!b) throw missing('UPLOAD_NOT_FOUND', `업로드 묶음이 없습니다: ${batchId}`);
  const next = await replacingBatch(db, batchId);
  const actions: string[] = [];
  if (b.status === 'CHECKED' && b.countNew + b.countUpdate > 0) actions.push('apply');
  if (b.status === 'CHECKED' || b.status === 'FAILED') actions.push('reupload');
  if (b.countError > 0) actions.push('errors');
  return {
    ...b,
    sizeBytes: Number(b.sizeBytes),
    progress: b.rowsTotal
      ? Math.min(100, Math.floor((b.rowsChecked * 100) / b.rowsTotal))
      : b.status === 'CHECKED' || b.status === 'APPLIED'
        ? 100
        : 0,
    replacedBy: next?.batchId ?? null,
    createdAt: iso(b.createdAt)!,
    checkedAt: iso(b.checkedAt),
    appliedAt: iso(b.appliedAt),
    actions,
  };
}

export async function batchList(db: Db, q: Static<typeof ListQuery>) {
  const { ids, total } = await listBatchIds(db, q);
  const rows = [];
  for (const batchId of ids) rows.push(await batchView(db, batchId));
  return { rows, total };
}

export async function uploadRows(db: Db, batchId: string, q: Static<typeof RowQuery>) {
  const { rows, total } = await listUploadRows(db, batchId, q);
  return {
    rows: rows.map((r) => {
      const d = dataOf(r.data);
      const errs = errorsOf(r.errors);
      return {
        rowNo: r.rowNo,
        result: r.result,
        itemCode: r.itemCode,
        itemName: d.itemName,
        spec: d.spec,
        catCode: d.catCode,
        sgCode: d.sgCode,
        unitCode: d.unitCode,
        refPrice: d.refPrice,
        currency: d.currency,
        errorColumns: [...new Set(errs.map((e) => e.column))].join(', '),
        errorText: errs.map((e) => e.message).join(' / '),
      };
    }),
    total,
  };
}

export const templateDownload: Download = { fileName: '품목등록_양식.xlsx', build: templateWorkbook };

const errorFileName = (fileName: string) => `${path.parse(fileName).name}_오류.xlsx`;

/** The error rows as a workbook in the template's columns with the reasons beside them. */
export async function errorDownload(db: Db, batchId: string): Promise<Download> {
  const b = await batchView(db, batchId);
  return { fileName: errorFileName(b.fileName), build: async () => errorWorkbook(await errorRows(db, b.batchId)) };
}

/** Keeps a generated workbook as a file group, so the screens' file links download it. */
async function keep(deps: UploadDeps, db: Db, name: string, content: Buffer, actor: string): Promise<string> {
  const saved = await deps.store.write(Readable.from(content));
  const fileId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertFileOfOne(trx, {
      fileId,
      seq: 1,
      originalName: name,
      storedName: saved.storedName,
      sizeBytes: saved.size,
      mimeType: XLSX_TYPE,
      checksum: saved.sha256,
      createdBy: actor,
    });
  });
  return fileId;
}

export async function templateFiles(deps: UploadDeps, db: Db, actor: string) {
  if (!deps.template.fileId || (await loadAttachments(db, deps.template.fileId)).length === 0)
    deps.template.fileId = await keep(deps, db, templateDownload.fileName, await templateWorkbook(), actor);
  return { files: await loadAttachments(db, deps.template.fileId) };
}

/** The error workbook as an attachment list, made once per batch. */
export async function errorFiles(deps: UploadDeps, db: Db, batchId: string, actor: string) {
  const b = await batchView(db, batchId);
  if (b.countError === 0) return { files: [] };
  let fileId = b.errorFileId;
  if (!fileId) {
    fileId = await keep(
      deps,
      db,
      errorFileName(b.fileName),
      await errorWorkbook(await errorRows(db, b.batchId)),
      actor,
    );
    await updateBatch(db, b.batchId, { errorFileId: fileId });
  }
  return { files: await loadAttachments(db, fileId) };
}

/** Uploads a filled template already sent to the file API (its newest file). */
export async function uploadFromFile(
  deps: UploadDeps,
  who: Uploader,
  fileId: string,
  replaces: string | null,
  now: Date,
) {
  const f = await newestFile(who.db, fileId);
  const buffer = f ? await deps.store.readAll(f.storedName) : null;
  if (!f || !buffer) throw missing('FILE_NOT_FOUND', '올린 파일을 찾을 수 없습니다. 파일을 먼저 올리세요');
  return startBatch(deps, who, f.originalName, f.mimeType, buffer, replaces, now);
}

/** The part of a multipart request that carries the file. */
export interface UploadPart {
  filename: string;
  mimetype: string;
  toBuffer(): Promise<Buffer>;
}

/** Uploads a filled template sent as multipart; `nextPart` answers null when the request is not multipart, undefined when it carries no file. */
export async function uploadSpreadsheet(
  deps: UploadDeps,
  who: Uploader,
  nextPart: () => Promise<UploadPart | null | undefined>,
  replaces: string | null,
  now: Date,
) {
  let part;
  let buffer: Buffer;
  try {
    part = await nextPart();
    if (part === null) throw new HttpError(415, 'NOT_MULTIPART', '파일은 multipart/form-data 로 보내야 합니다');
    if (!part) throw badRequest('FILE_MISSING', '올린 파일이 없습니다');
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'FILE_TOO_LARGE', `파일 크기는 ${deps.limitMb}MB를 넘을 수 없습니다`);
    throw err;
  }
  return startBatch(deps, who, part.filename, part.mimetype || '', buffer, replaces, now);
}

async function startBatch(
  deps: UploadDeps,
  who: Uploader,
  rawName: string,
  mimeType: string,
  buffer: Buffer,
  replaces: string | null,
  now: Date,
) {
  const fileName = path.basename(rawName || '').normalize('NFC');
  if (!fileName) throw badRequest('FILE_NAME_MISSING', '파일 이름이 없습니다');
  checkSpreadsheet(fileName, mimeType, buffer);
  const batchId = await who.db.transaction().execute(async (trx) => {
    if (replaces) {
      const old = await lockBatch(trx, replaces);
      if (!old) throw missing('UPLOAD_NOT_FOUND', `업로드 묶음이 없습니다: ${replaces}`);
      if (old.status !== 'CHECKED' && old.status !== 'FAILED')
        throw refused('INVALID_STATE', '검사가 끝났고 반영하지 않은 묶음만 다시 올릴 수 있습니다', {
          status: old.status,
        });
      await updateBatch(trx, replaces, { status: 'REPLACED', version: old.version + 1 });
    }
    const id = await nextDocumentNumber(trx, 'IU', todayKst(now));
    await insertBatch(trx, {
      batchId: id,
      fileName,
      sizeBytes: buffer.length,
      status: 'RECEIVED',
      replaces,
      createdBy: who.userId,
    });
    await writeAudit(trx, {
      entity: 'item_upload_batch',
      entityKey: id,
      action: 'UPLOAD',
      actor: who.userId,
      after: { fileName, sizeBytes: buffer.length, replaces },
    });
    return id;
  });
  // The answer goes now; the worker reads the file meanwhile and the screen follows the progress.
  deps.track(
    processUpload(deps.db, who.log, batchId, buffer).catch((e: unknown) =>
      who.log.error({ err: e, batchId }, 'item upload failed'),
    ),
  );
  return batchView(who.db, batchId);
}

/** Applies the batch's new and changed rows once, in the background; answers at once with APPLYING. */
export async function applyBatch(deps: UploadDeps, who: Uploader, batchId: string, version: number) {
  await who.db.transaction().execute(async (trx) => {
    const b = await lockBatch(trx, batchId);
    if (!b) throw missing('UPLOAD_NOT_FOUND', `업로드 묶음이 없습니다: ${batchId}`);
    if (b.status === 'APPLIED' || b.status === 'APPLYING')
      throw refused('UPLOAD_ALREADY_APPLIED', '이미 반영한 묶음입니다', { status: b.status });
    checkVersion(version, b.version);
    if (b.status !== 'CHECKED')
      throw refused('INVALID_STATE', '검사가 끝난 묶음만 반영할 수 있습니다', { status: b.status });
    if (b.countNew + b.countUpdate === 0) throw refused('UPLOAD_NOTHING_TO_APPLY', '반영할 신규·변경 행이 없습니다');
    await updateBatch(trx, batchId, { status: 'APPLYING', version: b.version + 1 });
  });
  deps.track(
    applyUpload(deps.db, batchId, who.userId).catch(async (e: unknown) => {
      who.log.error({ err: e, batchId }, 'item upload apply failed');
      await markApplyFailed(
        deps.db,
        batchId,
        `반영하지 못했습니다 (아무것도 바뀌지 않았습니다): ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`,
      );
    }),
  );
  return batchView(who.db, batchId);
}

/** Batches a stopped server left half-done: reading → FAILED (upload again), applying → CHECKED (its transaction rolled back). */
export async function recoverUploads(db: Db, now: Date) {
  const stale = new Date(now.getTime() - 30 * 60_000);
  const failed = await failStaleReads(db, stale);
  const reset = await resetStaleApplies(db, stale);
  return { failed: Number(failed.numUpdatedRows), reset: Number(reset.numUpdatedRows) };
}
