import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { checkItem, loadMasters, normaliseItem, type Masters } from '../item-master.js';
import { isValidDate } from '../../../domain/dates.js';
import { parseAmount } from '../../../domain/money.js';
import {
  analyzeUploadRows,
  attributesOfItems,
  countRowsToUpdate,
  deleteReplacedAttributes,
  failBatch,
  insertNewItems,
  insertUploadedAttributes,
  insertUploadRowsJson,
  itemsNamed,
  itemsWithCodes,
  lockBatchToApply,
  markBatchChecked,
  numberNewRows,
  updateBatch,
  updateChangedItems,
} from './queries.js';
import { lockItemCodeAllocation } from '../queries.js';
import {
  ATTRIBUTE_COLUMNS,
  COLUMN_KEYS,
  ERROR_COLUMN,
  headerText,
  type ColumnKey,
  type WorkerMessage,
} from './columns.js';

/**
 * An upload batch's life after the request answered: a worker thread reads the workbook and
 * posts rows in chunks; each chunk is checked against the masters (and the rows before it, for
 * duplicates) and stored as upload rows, and the batch's progress advances. Applying writes the
 * good rows in one transaction, once.
 */
export type RowData = Record<ColumnKey, string>;
export interface RowError {
  column: string;
  message: string;
}

const CHUNK = 2000;
/**
 * The worker streams the sheet (xlsx-rows.ts): it holds the compressed file, the shared strings and a
 * couple of chunks, not the sheet's cells. A file past this (shared strings of hundreds of MB) fails
 * as UPLOAD_TOO_LARGE instead of taking the server's memory.
 */
const WORKER_HEAP_MB = 256;
/**
 * The worker's young generation: parsing makes short-lived garbage at a high rate, and V8's default
 * lets the young generation grow to ~48 MB; 8 MB keeps the worker ~40 MB smaller at no measured cost in
 * time (100,000 rows: 3.0 s to read with 8 MB, 3.6 s with the default).
 */
const WORKER_YOUNG_MB = 8;

/**
 * The worker gets the file's bytes moved to it, not copied, when `buffer` owns its whole ArrayBuffer.
 * Compiled (dist-server/, scripts/build-server.mjs) the worker is parse-worker.mjs beside this code;
 * under tsx it is the TypeScript module, loaded through worker-boot.mjs, which registers tsx first.
 */
function startWorker(buffer: Uint8Array): Worker {
  const compiled = !import.meta.url.endsWith('.ts');
  const entry = new URL(compiled ? './parse-worker.mjs' : './parse-worker.ts', import.meta.url).href;
  const owned =
    buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength && buffer.buffer instanceof ArrayBuffer;
  return new Worker(compiled ? new URL(entry) : new URL('./worker-boot.mjs', import.meta.url), {
    workerData: { buffer, chunkSize: CHUNK, entry },
    transferList: owned ? [buffer.buffer as ArrayBuffer] : [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
  });
}

const keyOf = (d: RowData) =>
  [d.itemName, d.spec, d.catCode, d.maker].map((v) => v.trim().toLowerCase()).join('\u0001');

interface Existing {
  itemCode: string;
  itemName: string;
  itemNameEn: string | null;
  spec: string | null;
  catCode: string;
  sgCode: string;
  unitCode: string;
  refPrice: string;
  currency: string;
  maker: string | null;
  useYn: string;
  attrs: Map<string, string>;
}

/** Checks a chunk of rows; `seen` carries the file's codes and new-item keys across chunks. */
async function checkRows(
  db: Db,
  masters: Masters,
  rows: ReadonlyArray<{ rowNo: number; data: RowData }>,
  seen: { codes: Map<string, number>; keys: Map<string, number> },
): Promise<
  Array<{
    rowNo: number;
    result: 'NEW' | 'UPDATE' | 'UNCHANGED' | 'ERROR';
    itemCode: string | null;
    data: RowData;
    errors: RowError[];
  }>
> {
  const codes = [...new Set(rows.map((r) => r.data.itemCode.trim().toUpperCase()).filter(Boolean))];
  const names = [
    ...new Set(
      rows
        .filter((r) => !r.data.itemCode.trim())
        .map((r) => r.data.itemName.trim())
        .filter(Boolean),
    ),
  ];
  const existing = new Map<string, Existing>();
  const byKey = new Map<string, string>();
  if (codes.length) {
    const found = await itemsWithCodes(db, codes);
    const attrs = await attributesOfItems(db, codes);
    for (const f of found) existing.set(f.itemCode, { ...f, refPrice: String(f.refPrice), attrs: new Map() });
    for (const a of attrs) existing.get(a.itemCode)?.attrs.set(a.attrCode, a.valueCode);
  }
  if (names.length) {
    const same = await itemsNamed(db, names);
    for (const s of same)
      byKey.set(
        [s.itemName, s.spec ?? '', s.catCode, s.maker ?? ''].map((v) => v.trim().toLowerCase()).join('\u0001'),
        s.itemCode,
      );
  }
  return rows.map(({ rowNo, data }) => {
    const d: RowData = { ...data };
    for (const k of ['itemCode', 'catCode', 'sgCode', 'unitCode', 'currency', 'useYn', ...ATTRIBUTE_COLUMNS] as const)
      d[k] = d[k].trim().toUpperCase();
    const attributes = ATTRIBUTE_COLUMNS.filter((a) => d[a] !== '').map((a) => ({ attrCode: a, valueCode: d[a] }));
    const errors: RowError[] = checkItem(
      masters,
      {
        itemName: d.itemName,
        itemNameEn: d.itemNameEn,
        spec: d.spec,
        catCode: d.catCode,
        sgCode: d.sgCode,
        unitCode: d.unitCode,
        refPrice: d.refPrice.replace(/,/g, ''),
        currency: d.currency as 'KRW',
        maker: d.maker,
        useYn: (d.useYn || 'Y') as 'Y',
        attributes,
      },
      (f) => f,
    ).map((e) => ({
      column: e.path.startsWith('attributes/') ? attributes[Number(e.path.split('/')[1])].attrCode : e.path,
      message: e.message,
    }));
    if (d.priceDate && !isValidDate(d.priceDate))
      errors.push({ column: 'priceDate', message: `날짜가 올바르지 않습니다 (YYYY-MM-DD): ${d.priceDate}` });
    let result: 'NEW' | 'UPDATE' | 'UNCHANGED' | 'ERROR' = 'NEW';
    let itemCode: string | null = null;
    if (d.itemCode) {
      itemCode = d.itemCode;
      const first = seen.codes.get(d.itemCode);
      if (first !== undefined)
        errors.push({ column: 'itemCode', message: `파일 안에서 품목코드가 중복되었습니다 (${first}행)` });
      else seen.codes.set(d.itemCode, rowNo);
      const cur = existing.get(d.itemCode);
      if (!cur) errors.push({ column: 'itemCode', message: `등록되지 않은 품목코드입니다: ${d.itemCode}` });
      else if (errors.length === 0) {
        const norm = normaliseItem({
          ...d,
          refPrice: parseAmount(d.refPrice.replace(/,/g, '')) ?? d.refPrice,
          currency: d.currency as 'KRW',
          useYn: (d.useYn || 'Y') as 'Y',
        });
        const same =
          norm.itemName === cur.itemName &&
          (norm.itemNameEn ?? null) === cur.itemNameEn &&
          (norm.spec ?? null) === cur.spec &&
          norm.catCode === cur.catCode &&
          norm.sgCode === cur.sgCode &&
          norm.unitCode === cur.unitCode &&
          Number(norm.refPrice) === Number(cur.refPrice) &&
          norm.currency === cur.currency &&
          (norm.maker ?? null) === cur.maker &&
          norm.useYn === cur.useYn &&
          ATTRIBUTE_COLUMNS.every((a) => (cur.attrs.get(a) ?? '') === d[a]);
        result = same ? 'UNCHANGED' : 'UPDATE';
      }
    } else if (errors.length === 0) {
      const k = keyOf(d);
      const first = seen.keys.get(k);
      if (first !== undefined)
        errors.push({
          column: 'itemName',
          message: `파일 안에서 같은 품목(품목명·규격·분류·제조사)이 중복되었습니다 (${first}행)`,
        });
      else seen.keys.set(k, rowNo);
      const dup = byKey.get(k);
      if (dup) errors.push({ column: 'itemName', message: `이미 등록된 품목입니다: ${dup}` });
    }
    if (errors.length) result = 'ERROR';
    return { rowNo, result, itemCode, data: d, errors };
  });
}

/**
 * Reads and checks a batch's workbook in a worker; resolves when the batch is CHECKED or FAILED. Each
 * chunk is acknowledged to the worker once checked and stored (the worker reads on only while fewer
 * than two chunks wait); a failure stops the worker. The file's bytes are moved to the worker: the
 * caller must not use `buffer` afterwards.
 */
export async function processUpload(
  db: Db,
  log: FastifyBaseLogger,
  batchId: string,
  buffer: Uint8Array,
): Promise<void> {
  const fail = async (code: string, message: string) => {
    await failBatch(db, batchId, code, message.slice(0, 1000));
  };
  await updateBatch(db, batchId, { status: 'PARSING' });
  const masters = await loadMasters(db);
  const seen = { codes: new Map<string, number>(), keys: new Map<string, number>() };
  const counts = { NEW: 0, UPDATE: 0, UNCHANGED: 0, ERROR: 0 };
  let header: string[] = [];
  let read = 0;
  let checked = 0;
  const worker = startWorker(buffer);
  // Chunks are checked one after another, in the order the worker posts them.
  let queue: Promise<void> = Promise.resolve();
  let failed = false;
  const stop = () => {
    failed = true;
    void worker.terminate();
  };
  const handle = async (m: WorkerMessage): Promise<void> => {
    if (failed) return;
    if (m.type === 'fail') {
      stop();
      await fail(m.code, m.message);
      return;
    }
    if (m.type === 'header') {
      header = m.header;
      const missingCols = COLUMN_KEYS.filter((k) => !header.includes(k));
      const unknown = header.filter((h) => h && h !== ERROR_COLUMN && !(COLUMN_KEYS as readonly string[]).includes(h));
      if (missingCols.length || unknown.length) {
        stop();
        const parts = [
          missingCols.length ? `빠진 열: ${missingCols.map((k) => headerText(k)).join(', ')}` : '',
          unknown.length ? `알 수 없는 열: ${unknown.join(', ')}` : '',
        ].filter(Boolean);
        await fail('UPLOAD_COLUMNS', `양식의 열이 맞지 않습니다. ${parts.join(' / ')}`);
        return;
      }
      await updateBatch(db, batchId, { rowsTotal: m.total });
      return;
    }
    if (m.type === 'rows') {
      read += m.rows.length;
      const rows = m.rows.map((r) => {
        const data = {} as RowData;
        for (const k of COLUMN_KEYS) data[k] = r.cells[header.indexOf(k)] ?? '';
        return { rowNo: r.rowNo, data };
      });
      const results = await checkRows(db, masters, rows, seen);
      for (const r of results) counts[r.result]++;
      checked += results.length;
      // One statement and one parameter per chunk: the rows travel as one JSON document that the
      // database unpacks, instead of a multi-row VALUES of 2,000 × 6 parameters.
      const doc = JSON.stringify(
        results.map((r) => ({
          row_no: r.rowNo,
          result: r.result,
          item_code: r.itemCode,
          data: r.data,
          errors: r.errors.length ? r.errors : null,
        })),
      );
      await insertUploadRowsJson(db, batchId, doc);
      await updateBatch(db, batchId, {
        rowsRead: read,
        rowsChecked: checked,
        countNew: counts.NEW,
        countUpdate: counts.UPDATE,
        countUnchanged: counts.UNCHANGED,
        countError: counts.ERROR,
      });
      worker.postMessage({ type: 'ack' });
      return;
    }
    // Done: the rows' count is known only now (the header carried the sheet's estimate).
    if (read === 0) {
      failed = true;
      await fail('UPLOAD_EMPTY', '품목 행이 없습니다');
      return;
    }
    await markBatchChecked(db, batchId, {
      rowsTotal: read,
      rowsRead: read,
      rowsChecked: checked,
      // real time: an upload batch’s processing stamps are technical
      checkedAt: new Date(),
    });
  };
  await new Promise<void>((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      void queue.then(resolve, resolve);
    };
    worker.on('message', (m: WorkerMessage) => {
      queue = queue
        .then(() => handle(m))
        .catch(async (e: unknown) => {
          log.error({ err: e, batchId }, 'item upload check failed');
          stop();
          await fail(
            'UPLOAD_CHECK_FAILED',
            `검사 중 오류가 발생했습니다: ${e instanceof Error ? e.message : String(e)}`,
          ).catch(() => undefined);
        });
      if (m.type === 'done' || m.type === 'fail') finish();
    });
    worker.on('error', (e) => {
      queue = queue.then(async () => {
        failed = true;
        const heap = /memory|heap/i.test(e.message);
        await fail(
          heap ? 'UPLOAD_TOO_LARGE' : 'UPLOAD_UNREADABLE',
          heap
            ? '파일을 읽는 데 메모리 한도를 넘었습니다. 파일을 나누어 올리세요'
            : `엑셀 파일을 읽을 수 없습니다: ${e.message}`,
        );
      });
      finish();
    });
    worker.on('exit', () => {
      if (!settled) {
        queue = queue.then(async () => {
          if (!failed) await fail('UPLOAD_UNREADABLE', '엑셀 파일을 읽다가 중단되었습니다');
        });
        finish();
      }
    });
  });
  await worker.terminate();
}

/**
 * Applies a batch's NEW and UPDATE rows in one transaction; the batch must be APPLYING (set by the
 * request). Set-based: the rows never leave the database — new codes are numbered per category in
 * one statement (under the allocators' advisory lock), then one statement each inserts the items,
 * updates the changed ones and rewrites their attributes (100,000 rows: seconds, not a round trip
 * per thousand rows).
 */
export async function applyUpload(
  db: Db,
  batchId: string,
  actor: string,
): Promise<{ created: number; updated: number }> {
  return db.transaction().execute(async (trx) => {
    const batch = await lockBatchToApply(trx, batchId);
    if (batch.status !== 'APPLYING') throw new Error(`batch ${batchId} is ${batch.status}`);
    // real time: an upload batch’s processing stamps are technical
    const now = new Date();
    // The same lock and numbering as allocateItemCodes: <category>-NNNN after the category's highest.
    await lockItemCodeAllocation(trx);
    // The batch's rows were written moments ago: without fresh statistics the planner takes them
    // for a handful and joins the numbering below row by row (minutes for 100,000 rows).
    await analyzeUploadRows(trx);
    const created = await numberNewRows(trx, batchId);
    if (created) await insertNewItems(trx, batchId, actor, now);
    const updated = await updateChangedItems(trx, batchId, actor, now);
    const wanted = await countRowsToUpdate(trx, batchId);
    // An item deleted since the check: the whole batch rolls back and says so.
    if (updated !== wanted) throw new Error(`${wanted - updated} item(s) to update disappeared since the check`);
    if (updated) await deleteReplacedAttributes(trx, batchId);
    await insertUploadedAttributes(trx, batchId);
    await updateBatch(trx, batchId, {
      status: 'APPLIED',
      appliedBy: actor,
      appliedAt: now,
      failCode: null,
      failMessage: null,
      version: batch.version + 1,
    });
    await writeAudit(trx, {
      entity: 'item_upload_batch',
      entityKey: batchId,
      action: 'APPLY',
      actor,
      after: { created, updated },
    });
    return { created, updated };
  });
}
