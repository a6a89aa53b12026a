import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { FileStore } from '../../files/storage.js';
import { checkSpreadsheet } from '../../items/upload/file-checks.js';
import { loadAttachments } from '../../../domain/documents.js';
import { missing } from '../../../domain/errors.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { todayKst } from '../../../domain/dates.js';
import { knownAccounts, knownDepartments } from '../lines/queries.js';
import { checkRows } from './check.js';
import { budgetWorkbook, readBudgetRows, type RowData, type RowError } from './workbook.js';
import {
  batchByImportKey,
  batchWithCreator,
  listBatches,
  errorRows,
  insertBatch,
  insertFileOfOne,
  insertLines,
  insertRows,
  listRows,
  newestFile,
  setErrorFile,
  updateLines,
  workbookRows,
  yearLines,
} from './queries.js';

/**
 * Excel upload and download of a year's budget (docs/budget.md › Excel upload). The upload is all or
 * nothing: it reads the workbook, locks the year's lines, checks every row against them and the
 * masters, and in the same transaction either writes every new and changed line (APPLIED) or, when a
 * row is wrong, writes none (REJECTED). Either way the batch and each row's result and errors are
 * kept, for the screen and the error workbook.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UploadDeps {
  store: FileStore;
}

/** A workbook to download: its name and its bytes. */
export interface Download {
  fileName: string;
  content: Buffer;
}

const parse = (raw: unknown) => (raw == null ? null : typeof raw === 'string' ? JSON.parse(raw) : raw);

/** The year's budget as the upload's template: every key with its amount and version. */
export async function yearWorkbook(db: Db, fiscalYear: number): Promise<Download> {
  const rows = await workbookRows(db, fiscalYear);
  const content = await budgetWorkbook(
    rows.map((r) => ({
      data: {
        fiscalYear: String(fiscalYear),
        month: String(r.month),
        deptcd: r.deptcd,
        deptnm: r.deptnm,
        accountCode: r.accountCode,
        accountName: r.accountName,
        amount: r.amount ?? '',
        version: r.version == null ? '' : String(r.version),
      },
    })),
  );
  return { fileName: `예산_${fiscalYear}.xlsx`, content };
}

/** Keeps a generated workbook as a file group, so the screens' file links download it. */
async function keep(deps: UploadDeps, db: Db, d: Download, actor: string): Promise<string> {
  const saved = await deps.store.write(Readable.from(d.content));
  const fileId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertFileOfOne(trx, {
      fileId,
      seq: 1,
      originalName: d.fileName,
      storedName: saved.storedName,
      sizeBytes: saved.size,
      mimeType: XLSX_TYPE,
      checksum: saved.sha256,
      createdBy: actor,
    });
  });
  return fileId;
}

/** The year's workbook as an attachment list (the screen shows it as a download link); made afresh each time, as the lines change. */
export async function yearWorkbookFiles(deps: UploadDeps, db: Db, fiscalYear: number, actor: string) {
  return { files: await loadAttachments(db, await keep(deps, db, await yearWorkbook(db, fiscalYear), actor)) };
}

export async function batchView(db: Db, batchId: string) {
  const b = await batchWithCreator(db, batchId);
  if (!b) throw missing('UPLOAD_NOT_FOUND', `예산 업로드가 없습니다: ${batchId}`);
  return present(b);
}

function present<T extends { errorFileId: string | null; payloadHash: string | null; createdAt: Date | string }>(b: T) {
  const { errorFileId: _e, payloadHash: _p, ...rest } = b;
  return { ...rest, createdAt: new Date(b.createdAt).toISOString() };
}

/** The uploads and imports (the screen /budget/budgetImport), newest first. */
export async function batchList(db: Db, f: Parameters<typeof listBatches>[1], w: { limit: number; offset: number }) {
  const { rows, total } = await listBatches(db, f, w);
  return { rows: rows.map(present), total };
}

export async function batchRows(
  db: Db,
  batchId: string,
  result: string | undefined,
  w: { limit: number; offset: number },
) {
  await batchView(db, batchId);
  const { rows, total } = await listRows(db, batchId, result, w);
  return {
    rows: rows.map((r) => {
      const d = parse(r.data) as RowData;
      const errs = (parse(r.errors) ?? []) as RowError[];
      return {
        rowNo: r.rowNo,
        result: r.result,
        fiscalYear: d.fiscalYear ?? '',
        month: d.month ?? '',
        deptcd: d.deptcd ?? '',
        accountCode: d.accountCode ?? '',
        amount: d.amount ?? '',
        version: d.version ?? '',
        errorColumns: [...new Set(errs.map((e) => e.column))].join(', '),
        errorText: errs.map((e) => e.message).join(' / '),
      };
    }),
    total,
  };
}

/** The error rows in the template's columns with the reasons beside them, as an attachment list (made once per batch). */
export async function errorFiles(deps: UploadDeps, db: Db, batchId: string, actor: string) {
  const b = await batchWithCreator(db, batchId);
  if (!b) throw missing('UPLOAD_NOT_FOUND', `예산 업로드가 없습니다: ${batchId}`);
  if (b.countError === 0) return { files: [] };
  let fileId = b.errorFileId;
  if (!fileId) {
    const rows = await errorRows(db, batchId);
    const content = await budgetWorkbook(
      rows.map((r) => ({
        data: parse(r.data) as RowData,
        reason: `${r.rowNo}행: ${((parse(r.errors) ?? []) as RowError[]).map((e) => `[${e.column}] ${e.message}`).join(' / ')}`,
      })),
      true,
    );
    fileId = await keep(deps, db, { fileName: `${path.parse(b.fileName).name}_오류.xlsx`, content }, actor);
    await setErrorFile(db, batchId, fileId);
  }
  return { files: await loadAttachments(db, fileId) };
}

/** Uploads a year's budget workbook already sent to the file API (its newest file). */
export async function uploadFromFile(
  deps: UploadDeps,
  db: Db,
  fiscalYear: number,
  fileId: string,
  actor: string,
  now: Date,
) {
  const f = await newestFile(db, fileId);
  const buffer = f ? await deps.store.readAll(f.storedName) : null;
  if (!f || !buffer) throw missing('FILE_NOT_FOUND', '올린 파일을 찾을 수 없습니다. 파일을 먼저 올리세요');
  const fileName = path.basename(f.originalName || '').normalize('NFC');
  if (!fileName) throw badRequest('FILE_NAME_MISSING', '파일 이름이 없습니다');
  checkSpreadsheet(fileName, f.mimeType, buffer);
  const read = readBudgetRows(buffer);
  const { batchId } = await applyBudgetRows(db, { fiscalYear, rows: read, fileName, source: 'EXCEL', actor }, now);
  return batchView(db, batchId);
}

export interface ApplyInput {
  fiscalYear: number;
  rows: ReadonlyArray<{ rowNo: number; data: RowData }>;
  fileName: string;
  source: 'EXCEL' | 'ERP_HTTP' | 'ERP_FILE';
  actor: string;
  /** The ERP's import: its key (unique) and the content's hash; versions are not required of its rows. */
  erp?: { importKey: string; payloadHash: string };
}

/**
 * Checks and applies a year's rows, all or nothing, in one transaction: locks the year's lines, checks
 * every row against them and the masters (`checkRows`), stores the batch and its rows, and writes the
 * lines only when no row is wrong (APPLIED, one audit row) — else REJECTED, nothing changed.
 *
 * With `erp`, the import key makes it idempotent: under the lock a batch of the same key is looked for
 * and, found, answered as it is (`replayed`, nothing written) — whatever its outcome; the same key with
 * other content is 409 IMPORT_KEY_REUSED. Two imports of one key at once: the second waits for the
 * first's lock of the year's lines and finds its batch; when the year has no line to lock, the unique
 * index on the key refuses the second's batch and its transaction rolls back, then it answers the first's.
 */
export async function applyBudgetRows(
  db: Db,
  input: ApplyInput,
  now: Date,
): Promise<{ batchId: string; replayed: boolean }> {
  const { fiscalYear, rows, fileName, source, actor, erp } = input;
  const codes = (k: 'deptcd' | 'accountCode') => [
    ...new Set(rows.map((r) => (r.data[k] ?? '').trim()).filter(Boolean)),
  ];
  const [departments, accounts] = await Promise.all([
    knownDepartments(db, codes('deptcd')),
    knownAccounts(db, codes('accountCode')),
  ]);
  const seen = async (trx: Db) => {
    if (!erp) return null;
    const b = await batchByImportKey(trx, erp.importKey);
    if (!b) return null;
    if (b.payloadHash !== erp.payloadHash)
      throw conflict(
        'IMPORT_KEY_REUSED',
        `같은 가져오기 키로 다른 내용이 이미 처리되었습니다: ${erp.importKey} (${b.batchId})`,
        { importKey: erp.importKey, batchId: b.batchId },
      );
    return { batchId: b.batchId, replayed: true };
  };
  try {
    return await db.transaction().execute(async (trx) => {
      const lines = new Map(
        (await yearLines(trx, fiscalYear, true)).map((l) => [
          `${l.month}|${l.deptcd}|${l.accountCode}`,
          { amount: String(l.amount), version: l.version },
        ]),
      );
      const before = await seen(trx);
      if (before) return before;
      const checked = checkRows(rows, { fiscalYear, departments, accounts, lines, versions: !erp });
      const count = (r: string) => checked.filter((c) => c.result === r).length;
      const errors = count('ERROR');
      const id = await nextDocumentNumber(trx, 'BU', todayKst(now));
      await insertBatch(trx, {
        batchId: id,
        fiscalYear,
        fileName,
        status: errors ? 'REJECTED' : 'APPLIED',
        rowsTotal: checked.length,
        countNew: count('NEW'),
        countUpdate: count('UPDATE'),
        countUnchanged: count('UNCHANGED'),
        countSkipped: count('SKIPPED'),
        countError: errors,
        failMessage: errors ? `${errors}개 행에 오류가 있어 아무것도 반영하지 않았습니다` : null,
        createdBy: actor,
        source,
        importKey: erp?.importKey ?? null,
        payloadHash: erp?.payloadHash ?? null,
      });
      await insertRows(
        trx,
        checked.map((c) => ({
          batchId: id,
          rowNo: c.rowNo,
          result: c.result,
          data: JSON.stringify(c.before === undefined ? c.data : { ...c.data, amountBefore: c.before }),
          errors: c.errors.length ? JSON.stringify(c.errors) : null,
        })),
      );
      if (errors === 0) {
        await insertLines(
          trx,
          fiscalYear,
          checked.filter((c) => c.result === 'NEW').map((c) => c.write!),
          actor,
        );
        await updateLines(
          trx,
          fiscalYear,
          checked.filter((c) => c.result === 'UPDATE').map((c) => c.write!),
          actor,
        );
        // A refused batch changed nothing and is its own record (the batch with its rows and errors).
        await writeAudit(trx, {
          entity: 'budget_upload',
          entityKey: id,
          action: 'APPLY',
          actor,
          after: {
            fiscalYear,
            fileName,
            source,
            importKey: erp?.importKey ?? null,
            countNew: count('NEW'),
            countUpdate: count('UPDATE'),
          },
        });
      }
      return { batchId: id, replayed: false };
    });
  } catch (err) {
    // The same key committed by another import while this one ran (nothing of this one stays).
    if (erp && (err as { code?: string }).code === '23505') {
      const b = await seen(db);
      if (b) return b;
    }
    throw err;
  }
}
