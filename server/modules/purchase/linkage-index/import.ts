/**
 * Index values from a file (docs/subcontracting.md "The 기준 지표"): the rows of an .xlsx or .csv already sent to the
 * file API (import-file.ts reads it), each checked as a value entered by hand is (service.ts: a known index, a real
 * day not after the business day, above 0 with at most 4 decimals) and once only in the file. Any wrong row refuses
 * the whole file with every row's errors and nothing written; otherwise every row is written and audited as one
 * entered by hand (writeIndexValues: a day entered again replaces it), in one transaction. The template names the columns and lists
 * the indexes in use. The import is recorded (linkage_index_import) in the same transaction and holds its file from
 * then on, which is what lets write on the index screen alone send the file (files/owners.ts LINKAGE_INDEX_IMPORT).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Caller } from '../../../auth/plugin.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { internalActor } from '../../../domain/actor.js';
import { todayKst } from '../../../domain/dates.js';
import { loadAttachments } from '../../../domain/documents.js';
import { missing, type FieldError } from '../../../domain/errors.js';
import { josa } from '../../../domain/values.js';
import { badRequest } from '../../../http/errors.js';
import { documentsHolding } from '../../files/owners.js';
import type { FileStore } from '../../files/storage.js';
import { readValueRows, templateWorkbook, type ValueCells } from './import-file.js';
import { indexesInUse, insertFileOfOne, insertImport, knownIndexCodes, newestOwnUpload } from './queries-import.js';
import { checkIndexValue, writeIndexValues } from './service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LABEL: Record<keyof ValueCells, string> = { indexCode: '지표 코드', valueDate: '기준일', value: '지표값' };

/** One file row's problem, as the refusal lists it. */
interface RowProblem {
  rowNo: number;
  column: keyof ValueCells;
  message: string;
}

/** A value a person sees as 1,234.5 in a CSV written from Excel is the number 1234.5. */
const plainNumber = (v: string) => (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(v) ? v.replace(/,/g, '') : v);
/** 2026/10/31 and 2026.10.31, as a Korean spreadsheet often writes a day, are 2026-10-31. */
const isoDay = (v: string) => (/^\d{4}[./]\d{2}[./]\d{2}$/.test(v) ? v.replace(/[./]/g, '-') : v);

/** Every row checked; the problems of all of them, or the values to write. */
async function checkRows(db: Db, rows: ReadonlyArray<{ rowNo: number; cells: ValueCells }>, today: string) {
  const codes = rows.map((r) => r.cells.indexCode.toUpperCase());
  const known = await knownIndexCodes(db, [...new Set(codes.filter(Boolean))]);
  const problems: RowProblem[] = [];
  const values: Array<{ indexCode: string; valueDate: string; value: string }> = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((r, i) => {
    const errors: FieldError[] = [];
    const indexCode = codes[i];
    if (!indexCode) errors.push({ path: 'indexCode', message: `${josa(LABEL.indexCode, '을/를')} 입력하세요` });
    else if (!known.has(indexCode))
      errors.push({ path: 'indexCode', message: `등록되지 않은 기준 지표입니다: ${indexCode}` });
    const cells = { valueDate: isoDay(r.cells.valueDate), value: plainNumber(r.cells.value) };
    const valueDate = checkIndexValue(errors, { valueDate: 'valueDate', value: 'value' }, cells, today);
    if (indexCode && valueDate) {
      const key = `${indexCode}:${valueDate}`;
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, r.rowNo);
      else errors.push({ path: 'valueDate', message: `같은 지표·기준일이 ${first}행에도 있습니다` });
    }
    for (const e of errors) {
      const column = e.path as keyof ValueCells;
      problems.push({ rowNo: r.rowNo, column, message: `${r.rowNo}행 ${LABEL[column]}: ${e.message}` });
    }
    if (errors.length === 0) values.push({ indexCode, valueDate: valueDate!, value: cells.value.trim() });
  });
  return { problems, values };
}

/**
 * Imports the values of the newest file of the caller's upload group `fileId`: all or nothing. Answers how many rows
 * were written, how many days were new and how many replaced a value; 400 LINKAGE_INDEX_FILE_INVALID with
 * `details.problems` (a row number, its column and the Korean message each) when a row is wrong.
 */
export async function importLinkageIndexValues(
  deps: { store: FileStore },
  db: Db,
  caller: Caller | null,
  fileId: string,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  // A group a document holds (an earlier import's, an order's) is not a fresh upload to read.
  const f = (await documentsHolding(db, fileId)).length === 0 ? await newestOwnUpload(db, fileId, actor.userId) : null;
  const buffer = f ? await deps.store.readAll(f.storedName) : null;
  if (!f || !buffer) throw missing('FILE_NOT_FOUND', '올린 파일을 찾을 수 없습니다. 파일을 먼저 올리세요');
  const rows = await readValueRows(path.basename(f.originalName).normalize('NFC'), f.mimeType, buffer);
  const { problems, values } = await checkRows(db, rows, todayKst(now));
  if (problems.length) {
    const wrongRows = new Set(problems.map((p) => p.rowNo)).size;
    throw badRequest('LINKAGE_INDEX_FILE_INVALID', `${wrongRows}개 행에 오류가 있어 아무것도 반영하지 않았습니다`, {
      problems,
    });
  }
  const today = todayKst(now);
  return db.transaction().execute(async (trx) => {
    const written = await writeIndexValues(trx, values, actor.userId, now);
    const created = written.filter((o) => o === 'CREATED').length;
    const counts = { rows: written.length, created, replaced: written.length - created };
    // The import holds its file from now on: the index screen's readers read it, and it is no longer an orphan.
    await insertImport(trx, {
      importNo: await nextDocumentNumber(trx, 'LX', today),
      fileId,
      rowCount: counts.rows,
      created,
      replaced: counts.replaced,
      importedBy: actor.userId,
      importedAt: now,
    });
    return counts;
  });
}

/** The template as an attachment list (the dialog's download link), made afresh: the indexes in use change. */
export async function templateFiles(deps: { store: FileStore }, db: Db, caller: Caller | null) {
  const actor = await internalActor(db, caller);
  const content = await templateWorkbook(await indexesInUse(db));
  const saved = await deps.store.write(Readable.from(content));
  const fileId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertFileOfOne(trx, {
      fileId,
      seq: 1,
      originalName: '연동지표값_양식.xlsx',
      storedName: saved.storedName,
      sizeBytes: saved.size,
      mimeType: XLSX_TYPE,
      checksum: saved.sha256,
      createdBy: actor.userId,
    });
  });
  return { files: await loadAttachments(db, fileId) };
}
