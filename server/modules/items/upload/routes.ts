import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type * as XLSXTypes from 'xlsx';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { HttpError, badRequest } from '../../../http/errors.js';
import { PagingQuery, SortQuery, pageWindow, parseSort } from '../../../http/list-query.js';
import { Nullable } from '../../../http/schema-helpers.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { JobDefinition } from '../../../jobs/types.js';
import { FileStore, contentDisposition } from '../../files/storage.js';
import { ROUTES, VersionBody } from '../shared.js';
import { ListOfRows } from '../../../domain/schemas.js';
import { checkVersion, missing, refused } from '../../../domain/errors.js';
import { iso } from '../../../domain/values.js';
import { todayKst } from '../../../domain/dates.js';
import { COLUMNS, COLUMN_KEYS, ERROR_COLUMN, SHEET_NAME, headerText } from './columns.js';
import { checkSpreadsheet } from './file-checks.js';
import { applyUpload, processUpload, type RowData, type RowError } from './process.js';

/**
 * Excel upload of items (docs/items.md): template, upload (answered at once with a batch id;
 * a worker reads the file), progress and per-row results, the error workbook, re-upload, and
 * apply (once, in one transaction).
 */
const Status = Type.Union(['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((s) => Type.Literal(s)));
const Batch = Type.Object({
  batchId: Type.String(), fileName: Type.String(), sizeBytes: Type.Integer(), status: Status,
  rowsTotal: Type.Integer(), rowsRead: Type.Integer(), rowsChecked: Type.Integer(), progress: Type.Integer({ description: 'Percent of rows checked' }),
  countNew: Type.Integer(), countUpdate: Type.Integer(), countUnchanged: Type.Integer(), countError: Type.Integer(),
  failCode: Nullable(Type.String()), failMessage: Nullable(Type.String()), replaces: Nullable(Type.String()), replacedBy: Nullable(Type.String()),
  createdBy: Type.String(), createdByName: Nullable(Type.String()), createdAt: Type.String(), checkedAt: Nullable(Type.String()), appliedBy: Nullable(Type.String()), appliedAt: Nullable(Type.String()),
  version: Type.Integer(), actions: Type.Array(Type.String(), { description: 'apply, reupload, errors' }),
});
const BatchParams = Type.Object({ batchId: Type.String({ maxLength: 20 }) });
const ListQuery = Type.Object({ status: Type.Optional(Status), fileName: Type.Optional(Type.String({ maxLength: 300 })), ...PagingQuery, sort: SortQuery(['batchId', 'createdAt', 'status', 'fileName']) }, { additionalProperties: false });
const UploadQuery = Type.Object({ replaces: Type.Optional(Type.String({ maxLength: 20, description: 'The batch this file corrects (it becomes REPLACED)' })) }, { additionalProperties: false });
const Result = Type.Union(['NEW', 'UPDATE', 'UNCHANGED', 'ERROR'].map((s) => Type.Literal(s)));
const UploadRow = Type.Object({
  rowNo: Type.Integer(), result: Result, itemCode: Nullable(Type.String()), itemName: Type.String(), spec: Type.String(), catCode: Type.String(), sgCode: Type.String(), unitCode: Type.String(),
  refPrice: Type.String(), currency: Type.String(), errorColumns: Type.String(), errorText: Type.String(),
});
const RowQuery = Type.Object({ result: Type.Optional(Result), ...PagingQuery, sort: SortQuery(['rowNo', 'result']) }, { additionalProperties: false });
const Binary = Type.String({ format: 'binary' });
const AttachmentSchema = Type.Object({ fileId: Type.String(), seq: Type.Integer(), originalName: Type.String(), sizeBytes: Type.Integer(), mimeType: Type.String() });
const FromFileBody = Type.Object({ fileId: Type.String({ minLength: 1, maxLength: 36 }), replaces: Type.Optional(Nullable(Type.String({ maxLength: 20 }))) }, { additionalProperties: false });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function batchView(db: Db, batchId: string) {
  const b = await db.selectFrom('itemUploadBatch as b').leftJoin('appUser as u', 'u.userId', 'b.createdBy').selectAll('b').select('u.hname as createdByName').where('b.batchId', '=', batchId).executeTakeFirst();
  if (!b) throw missing('UPLOAD_NOT_FOUND', `업로드 묶음이 없습니다: ${batchId}`);
  const next = await db.selectFrom('itemUploadBatch').select('batchId').where('replaces', '=', batchId).orderBy('batchId', 'desc').limit(1).executeTakeFirst();
  const actions: string[] = [];
  if (b.status === 'CHECKED' && b.countNew + b.countUpdate > 0) actions.push('apply');
  if (b.status === 'CHECKED' || b.status === 'FAILED') actions.push('reupload');
  if (b.countError > 0) actions.push('errors');
  return {
    ...b, sizeBytes: Number(b.sizeBytes), progress: b.rowsTotal ? Math.min(100, Math.floor((b.rowsChecked * 100) / b.rowsTotal)) : b.status === 'CHECKED' || b.status === 'APPLIED' ? 100 : 0,
    replacedBy: next?.batchId ?? null, createdAt: iso(b.createdAt)!, checkedAt: iso(b.checkedAt), appliedAt: iso(b.appliedAt), actions,
  };
}

const errorsOf = (raw: unknown): RowError[] => (raw == null ? [] : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as RowError[]));
const dataOf = (raw: unknown): RowData => (typeof raw === 'string' ? JSON.parse(raw) : raw) as RowData;

/** A string cell: never a formula, whatever it starts with (=, +, -, @ stay text). */
const textCell = (v: string): XLSXTypes.CellObject => ({ t: 's', v });

/**
 * SheetJS is loaded when a workbook is first written, not with the server: its full build holds
 * ~27 MB of heap, which every server process carried at rest for two rarely used downloads.
 */
const sheetjs = () => import('xlsx');

export async function templateWorkbook(): Promise<Buffer> {
  const XLSX = await sheetjs();
  const ws: XLSXTypes.WorkSheet = {};
  COLUMNS.forEach(([key], c) => {
    ws[XLSX.utils.encode_cell({ r: 0, c })] = textCell(headerText(key));
  });
  const example: Record<string, string> = { itemName: '육각볼트', spec: 'M8x30 SUS304', catCode: 'MRO0101', sgCode: 'SGI-MRO0101-D', unitCode: 'EA', refPrice: '120', currency: 'KRW', maker: '동아볼트', MATERIAL: 'SUS304', ORIGIN: 'KR', useYn: 'Y' };
  COLUMN_KEYS.forEach((k, c) => {
    ws[XLSX.utils.encode_cell({ r: 1, c })] = textCell(example[k] ?? '');
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: 1, c: COLUMN_KEYS.length - 1 } });
  ws['!cols'] = COLUMN_KEYS.map(() => ({ wch: 16 }));
  const help = XLSX.utils.aoa_to_sheet([['열', '설명'], ...COLUMNS.map(([k, label, note]) => [`${label} (${k})`, note])]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  XLSX.utils.book_append_sheet(wb, help, '안내');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The error rows in the template's columns with the reasons beside them; every cell a string, never a formula. */
async function errorWorkbook(db: Db, batchId: string): Promise<Buffer> {
  const XLSX = await sheetjs();
  const rows = await db.selectFrom('itemUploadRow').select(['rowNo', 'data', 'errors']).where('batchId', '=', batchId).where('result', '=', 'ERROR').orderBy('rowNo').execute();
  const ws: XLSXTypes.WorkSheet = {};
  const headers = [...COLUMN_KEYS.map((k) => headerText(k)), ERROR_COLUMN];
  headers.forEach((h, c) => {
    ws[XLSX.utils.encode_cell({ r: 0, c })] = textCell(h);
  });
  rows.forEach((r, i) => {
    const d = dataOf(r.data);
    COLUMN_KEYS.forEach((k, c) => {
      ws[XLSX.utils.encode_cell({ r: i + 1, c })] = textCell(d[k] ?? '');
    });
    const reasons = errorsOf(r.errors).map((e) => `[${e.column}] ${e.message}`).join(' / ');
    ws[XLSX.utils.encode_cell({ r: i + 1, c: COLUMN_KEYS.length })] = textCell(`${r.rowNo}행: ${reasons}`);
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(1, rows.length), c: headers.length - 1 } });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item-upload'];
  const read = { access: access.login([ROUTES.uploadList, ROUTES.uploadDetail], 'read', ['I']) };
  const write = { access: access.login([ROUTES.uploadList, ROUTES.uploadDetail], 'write', ['I']) };
  const limitMb = app.config.uploadLimitMb;
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };
  // Shutdown waits for work started by requests.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.get('/api/v1/item/uploads/template', {
    config: read,
    schema: { operationId: 'downloadItemUploadTemplate', tags, summary: `The upload template: sheet '${SHEET_NAME}' with the 15 columns and an example row, and a sheet of notes`, response: { 200: Binary, ...commonErrors } },
  }, async (_request, reply) => {
    reply.header('Content-Disposition', contentDisposition('품목등록_양식.xlsx')).type(XLSX_TYPE);
    return reply.send(await templateWorkbook());
  });

  app.get('/api/v1/item/uploads', {
    config: read,
    schema: { operationId: 'listItemUploads', tags, summary: 'Upload batches, newest first', querystring: ListQuery, response: { 200: ListOfRows(Batch), ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    let s = request.db.selectFrom('itemUploadBatch');
    if (q.status) s = s.where('status', '=', q.status as 'CHECKED');
    if (q.fileName?.trim()) s = s.where('fileName', 'ilike', `%${q.fileName.trim()}%`);
    const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sort = parseSort(q.sort, { field: 'batchId', direction: 'desc' });
    const { limit, offset } = pageWindow(q);
    const ids = await s.select('batchId').orderBy(sort.field, sort.direction).orderBy('batchId', 'desc').limit(limit).offset(offset).execute();
    const rows = [];
    for (const { batchId } of ids) rows.push(await batchView(request.db, batchId));
    return { rows, total: Number(total.n) };
  });

  app.get('/api/v1/item/uploads/:batchId', {
    config: read,
    schema: { operationId: 'getItemUpload', tags, summary: 'One batch: state, progress (rows read / checked) and counts by result', params: BatchParams, response: { 200: Batch, ...commonErrors } },
  }, async (request) => batchView(request.db, request.params.batchId));

  app.get('/api/v1/item/uploads/:batchId/rows', {
    config: read,
    schema: { operationId: 'listItemUploadRows', tags, summary: 'A batch\'s rows with their result and, for errors, the column and the reason', params: BatchParams, querystring: RowQuery, response: { 200: ListOfRows(UploadRow), ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    let s = request.db.selectFrom('itemUploadRow').where('batchId', '=', request.params.batchId);
    if (q.result) s = s.where('result', '=', q.result as 'ERROR');
    const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sort = parseSort(q.sort, { field: 'rowNo', direction: 'asc' });
    const { limit, offset } = pageWindow(q);
    const rows = await s.select(['rowNo', 'result', 'itemCode', 'data', 'errors']).orderBy(sort.field, sort.direction).orderBy('rowNo').limit(limit).offset(offset).execute();
    return {
      rows: rows.map((r) => {
        const d = dataOf(r.data);
        const errs = errorsOf(r.errors);
        return {
          rowNo: r.rowNo, result: r.result, itemCode: r.itemCode, itemName: d.itemName, spec: d.spec, catCode: d.catCode, sgCode: d.sgCode, unitCode: d.unitCode, refPrice: d.refPrice, currency: d.currency,
          errorColumns: [...new Set(errs.map((e) => e.column))].join(', '), errorText: errs.map((e) => e.message).join(' / '),
        };
      }),
      total: Number(total.n),
    };
  });

  app.get('/api/v1/item/uploads/:batchId/errors', {
    config: read,
    schema: { operationId: 'downloadItemUploadErrors', tags, summary: 'The error rows as a workbook in the template\'s columns with the reasons beside them, to fix and upload again', params: BatchParams, response: { 200: Binary, ...commonErrors } },
  }, async (request, reply) => {
    const b = await batchView(request.db, request.params.batchId);
    reply.header('Content-Disposition', contentDisposition(`${path.parse(b.fileName).name}_오류.xlsx`)).type(XLSX_TYPE);
    return reply.send(await errorWorkbook(request.db, b.batchId));
  });

  /** Keeps a generated workbook as a file group, so the screens' file links download it. */
  const store = FileStore.of(app.config);
  const keep = async (db: Db, name: string, content: Buffer, actor: string) => {
    const saved = await store.write(Readable.from(content));
    const fileId = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('fileGroup').values({ fileId, createdBy: actor }).execute();
      await trx.insertInto('fileEntry').values({ fileId, seq: 1, originalName: name, storedName: saved.storedName, sizeBytes: saved.size, mimeType: XLSX_TYPE, checksum: saved.sha256, createdBy: actor }).execute();
    });
    return fileId;
  };
  const filesOf = async (db: Db, fileId: string) =>
    (await db.selectFrom('fileEntry').select(['fileId', 'seq', 'originalName', 'sizeBytes', 'mimeType']).where('fileId', '=', fileId).where('deletedAt', 'is', null).execute()).map((f) => ({ ...f, sizeBytes: Number(f.sizeBytes) }));
  let templateFileId: string | null = null;

  app.get('/api/v1/item/uploads/template/files', {
    config: read,
    schema: { operationId: 'getItemUploadTemplateFiles', tags, summary: 'The template as an attachment list (the screens show it as a download link)', response: { 200: Type.Object({ files: Type.Array(AttachmentSchema) }), ...commonErrors } },
  }, async (request) => {
    if (!templateFileId || (await filesOf(request.db, templateFileId)).length === 0) templateFileId = await keep(request.db, '품목등록_양식.xlsx', await templateWorkbook(), request.caller!.userId);
    return { files: await filesOf(request.db, templateFileId) };
  });

  app.get('/api/v1/item/uploads/:batchId/error-files', {
    config: read,
    schema: { operationId: 'getItemUploadErrorFiles', tags, summary: 'The error workbook as an attachment list (made once per batch)', params: BatchParams, response: { 200: Type.Object({ files: Type.Array(AttachmentSchema) }), ...commonErrors } },
  }, async (request) => {
    const b = await batchView(request.db, request.params.batchId);
    if (b.countError === 0) return { files: [] };
    let fileId = b.errorFileId;
    if (!fileId) {
      fileId = await keep(request.db, `${path.parse(b.fileName).name}_오류.xlsx`, await errorWorkbook(request.db, b.batchId), request.caller!.userId);
      await request.db.updateTable('itemUploadBatch').set({ errorFileId: fileId }).where('batchId', '=', b.batchId).execute();
    }
    return { files: await filesOf(request.db, fileId) };
  });

  app.post('/api/v1/item/uploads/from-file', {
    config: write,
    schema: { operationId: 'uploadItemsFromFile', tags, summary: 'Upload a filled template already sent to the file API (its newest file), with the same checks as uploadItems', body: FromFileBody, response: { 200: Batch, 415: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
  }, async (request) => {
    const f = await request.db.selectFrom('fileEntry').select(['originalName', 'storedName', 'mimeType']).where('fileId', '=', request.body.fileId).where('deletedAt', 'is', null).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    const buffer = f ? await store.readAll(f.storedName) : null;
    if (!f || !buffer) throw missing('FILE_NOT_FOUND', '올린 파일을 찾을 수 없습니다. 파일을 먼저 올리세요');
    return startBatch(request, f.originalName, f.mimeType, buffer, request.body.replaces?.trim() || null);
  });

  app.post('/api/v1/item/uploads', {
    config: write,
    schema: {
      operationId: 'uploadItems', tags, consumes: ['multipart/form-data'],
      summary: `Upload a filled template (multipart field "file", .xlsx only, ${limitMb} MB at most, 1 MB = 1048576 bytes); answers at once with the batch, which a worker reads and checks`,
      querystring: UploadQuery, response: { 200: Batch, 413: Type.Ref('ErrorBody'), 415: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request) => {
    if (!request.isMultipart()) throw new HttpError(415, 'NOT_MULTIPART', '파일은 multipart/form-data 로 보내야 합니다');
    let part;
    let buffer: Buffer;
    try {
      part = await request.file();
      if (!part) throw badRequest('FILE_MISSING', '올린 파일이 없습니다');
      buffer = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'FILE_TOO_LARGE', `파일 크기는 ${limitMb}MB를 넘을 수 없습니다`);
      throw err;
    }
    return startBatch(request, part.filename, part.mimetype || '', buffer, request.query.replaces?.trim() || null);
  });

  async function startBatch(request: { db: Db; caller: { userId: string } | null; log: FastifyBaseLogger }, rawName: string, mimeType: string, buffer: Buffer, replaces: string | null) {
    const caller = request.caller!;
    const fileName = path.basename(rawName || '').normalize('NFC');
    if (!fileName) throw badRequest('FILE_NAME_MISSING', '파일 이름이 없습니다');
    checkSpreadsheet(fileName, mimeType, buffer);
    const batchId = await request.db.transaction().execute(async (trx) => {
      if (replaces) {
        const old = await trx.selectFrom('itemUploadBatch').select(['status', 'version']).where('batchId', '=', replaces).forUpdate().executeTakeFirst();
        if (!old) throw missing('UPLOAD_NOT_FOUND', `업로드 묶음이 없습니다: ${replaces}`);
        if (old.status !== 'CHECKED' && old.status !== 'FAILED') throw refused('INVALID_STATE', '검사가 끝났고 반영하지 않은 묶음만 다시 올릴 수 있습니다', { status: old.status });
        await trx.updateTable('itemUploadBatch').set({ status: 'REPLACED', version: old.version + 1 }).where('batchId', '=', replaces).execute();
      }
      const id = await nextDocumentNumber(trx, 'IU', todayKst());
      await trx.insertInto('itemUploadBatch').values({ batchId: id, fileName, sizeBytes: buffer.length, status: 'RECEIVED', replaces, createdBy: caller.userId }).execute();
      await writeAudit(trx, { entity: 'item_upload_batch', entityKey: id, action: 'UPLOAD', actor: caller.userId, after: { fileName, sizeBytes: buffer.length, replaces } });
      return id;
    });
    // The answer goes now; the worker reads the file meanwhile and the screen follows the progress.
    track(processUpload(app.dbh.db, request.log, batchId, buffer).catch((e: unknown) => request.log.error({ err: e, batchId }, 'item upload failed')));
    return batchView(request.db, batchId);
  }

  app.post('/api/v1/item/uploads/:batchId/apply', {
    config: write,
    schema: { operationId: 'applyItemUpload', tags, summary: 'Apply the batch\'s new and changed rows (error and unchanged rows are skipped), once, in one transaction; answers at once with APPLYING', params: BatchParams, body: Type.Object(VersionBody, { additionalProperties: false }), response: { 200: Batch, 409: Type.Ref('ErrorBody'), ...commonErrors } },
  }, async (request) => {
    const { batchId } = request.params;
    const caller = request.caller!;
    await request.db.transaction().execute(async (trx) => {
      const b = await trx.selectFrom('itemUploadBatch').select(['status', 'version', 'countNew', 'countUpdate']).where('batchId', '=', batchId).forUpdate().executeTakeFirst();
      if (!b) throw missing('UPLOAD_NOT_FOUND', `업로드 묶음이 없습니다: ${batchId}`);
      if (b.status === 'APPLIED' || b.status === 'APPLYING') throw refused('UPLOAD_ALREADY_APPLIED', '이미 반영한 묶음입니다', { status: b.status });
      checkVersion(request.body.version, b.version);
      if (b.status !== 'CHECKED') throw refused('INVALID_STATE', '검사가 끝난 묶음만 반영할 수 있습니다', { status: b.status });
      if (b.countNew + b.countUpdate === 0) throw refused('UPLOAD_NOTHING_TO_APPLY', '반영할 신규·변경 행이 없습니다');
      await trx.updateTable('itemUploadBatch').set({ status: 'APPLYING', version: b.version + 1 }).where('batchId', '=', batchId).execute();
    });
    track(applyUpload(app.dbh.db, batchId, caller.userId).catch(async (e: unknown) => {
      request.log.error({ err: e, batchId }, 'item upload apply failed');
      await app.dbh.db.updateTable('itemUploadBatch').set((eb) => ({ status: 'CHECKED' as const, failCode: 'UPLOAD_APPLY_FAILED', failMessage: `반영하지 못했습니다 (아무것도 바뀌지 않았습니다): ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`, version: eb('version', '+', 1) }))
        .where('batchId', '=', batchId).where('status', '=', 'APPLYING').execute();
    }));
    return batchView(request.db, batchId);
  });
};

/** Batches a stopped server left half-done: reading → FAILED (upload again), applying → CHECKED (its transaction rolled back). */
export const recoverUploadsJob: JobDefinition = {
  name: 'items.recoverUploads',
  everySeconds: 300,
  run: async ({ db, now }) => {
    const stale = new Date(now.getTime() - 30 * 60_000);
    const failed = await db.updateTable('itemUploadBatch').set((eb) => ({ status: 'FAILED' as const, failCode: 'UPLOAD_INTERRUPTED', failMessage: '서버가 파일을 읽는 중에 중단되었습니다. 다시 올리세요', version: eb('version', '+', 1) }))
      .where('status', 'in', ['RECEIVED', 'PARSING']).where('createdAt', '<', stale).executeTakeFirst();
    const reset = await db.updateTable('itemUploadBatch').set((eb) => ({ status: 'CHECKED' as const, failCode: 'UPLOAD_APPLY_INTERRUPTED', failMessage: '반영이 중단되었습니다 (아무것도 바뀌지 않았습니다). 다시 반영하세요', version: eb('version', '+', 1) }))
      .where('status', '=', 'APPLYING').where('createdAt', '<', stale).executeTakeFirst();
    return { failed: Number(failed.numUpdatedRows), reset: Number(reset.numUpdatedRows) };
  },
};
