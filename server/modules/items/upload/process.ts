import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { allocateItemCodes, checkItem, loadMasters, normaliseItem, type Masters } from '../item-master.js';
import { isDate, money } from '../shared.js';
import { ATTRIBUTE_COLUMNS, COLUMN_KEYS, ERROR_COLUMN, headerText, type ColumnKey, type WorkerMessage } from './columns.js';

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
const WORKER_HEAP_MB = 768;

function startWorker(buffer: Uint8Array): Worker {
  const entry = new URL(`./parse-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
  return new Worker(new URL('./worker-boot.mjs', import.meta.url), {
    workerData: { buffer, chunkSize: CHUNK, entry },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
}

const keyOf = (d: RowData) => [d.itemName, d.spec, d.catCode, d.maker].map((v) => v.trim().toLowerCase()).join('\u0001');

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
export async function checkRows(
  db: Db,
  masters: Masters,
  rows: ReadonlyArray<{ rowNo: number; data: RowData }>,
  seen: { codes: Map<string, number>; keys: Map<string, number> },
): Promise<Array<{ rowNo: number; result: 'NEW' | 'UPDATE' | 'UNCHANGED' | 'ERROR'; itemCode: string | null; data: RowData; errors: RowError[] }>> {
  const codes = [...new Set(rows.map((r) => r.data.itemCode.trim().toUpperCase()).filter(Boolean))];
  const names = [...new Set(rows.filter((r) => !r.data.itemCode.trim()).map((r) => r.data.itemName.trim()).filter(Boolean))];
  const existing = new Map<string, Existing>();
  const byKey = new Map<string, string>();
  if (codes.length) {
    const found = await db.selectFrom('item').select(['itemCode', 'itemName', 'itemNameEn', 'spec', 'catCode', 'sgCode', 'unitCode', 'refPrice', 'currency', 'maker', 'useYn']).where('itemCode', 'in', codes).execute();
    const attrs = await db.selectFrom('itemAttr').select(['itemCode', 'attrCode', 'valueCode']).where('itemCode', 'in', codes).execute();
    for (const f of found) existing.set(f.itemCode, { ...f, refPrice: String(f.refPrice), attrs: new Map() });
    for (const a of attrs) existing.get(a.itemCode)?.attrs.set(a.attrCode, a.valueCode);
  }
  if (names.length) {
    const same = await db.selectFrom('item').select(['itemCode', 'itemName', 'spec', 'catCode', 'maker']).where('itemName', 'in', names).execute();
    for (const s of same) byKey.set([s.itemName, s.spec ?? '', s.catCode, s.maker ?? ''].map((v) => v.trim().toLowerCase()).join('\u0001'), s.itemCode);
  }
  return rows.map(({ rowNo, data }) => {
    const d: RowData = { ...data };
    for (const k of ['itemCode', 'catCode', 'sgCode', 'unitCode', 'currency', 'useYn', ...ATTRIBUTE_COLUMNS] as const) d[k] = d[k].trim().toUpperCase();
    const attributes = ATTRIBUTE_COLUMNS.filter((a) => d[a] !== '').map((a) => ({ attrCode: a, valueCode: d[a] }));
    const errors: RowError[] = checkItem(
      masters,
      { itemName: d.itemName, itemNameEn: d.itemNameEn, spec: d.spec, catCode: d.catCode, sgCode: d.sgCode, unitCode: d.unitCode, refPrice: d.refPrice.replace(/,/g, ''), currency: d.currency as 'KRW', maker: d.maker, useYn: (d.useYn || 'Y') as 'Y', attributes },
      (f) => f,
    ).map((e) => ({ column: e.path.startsWith('attributes/') ? attributes[Number(e.path.split('/')[1])].attrCode : e.path, message: e.message }));
    if (d.priceDate && !isDate(d.priceDate)) errors.push({ column: 'priceDate', message: `날짜가 올바르지 않습니다 (YYYY-MM-DD): ${d.priceDate}` });
    let result: 'NEW' | 'UPDATE' | 'UNCHANGED' | 'ERROR' = 'NEW';
    let itemCode: string | null = null;
    if (d.itemCode) {
      itemCode = d.itemCode;
      const first = seen.codes.get(d.itemCode);
      if (first !== undefined) errors.push({ column: 'itemCode', message: `파일 안에서 품목코드가 중복되었습니다 (${first}행)` });
      else seen.codes.set(d.itemCode, rowNo);
      const cur = existing.get(d.itemCode);
      if (!cur) errors.push({ column: 'itemCode', message: `등록되지 않은 품목코드입니다: ${d.itemCode}` });
      else if (errors.length === 0) {
        const norm = normaliseItem({ ...d, refPrice: money(d.refPrice.replace(/,/g, '')) ?? d.refPrice, currency: d.currency as 'KRW', useYn: (d.useYn || 'Y') as 'Y' });
        const same =
          norm.itemName === cur.itemName && (norm.itemNameEn ?? null) === cur.itemNameEn && (norm.spec ?? null) === cur.spec && norm.catCode === cur.catCode && norm.sgCode === cur.sgCode &&
          norm.unitCode === cur.unitCode && Number(norm.refPrice) === Number(cur.refPrice) && norm.currency === cur.currency && (norm.maker ?? null) === cur.maker && norm.useYn === cur.useYn &&
          ATTRIBUTE_COLUMNS.every((a) => (cur.attrs.get(a) ?? '') === d[a]);
        result = same ? 'UNCHANGED' : 'UPDATE';
      }
    } else if (errors.length === 0) {
      const k = keyOf(d);
      const first = seen.keys.get(k);
      if (first !== undefined) errors.push({ column: 'itemName', message: `파일 안에서 같은 품목(품목명·규격·분류·제조사)이 중복되었습니다 (${first}행)` });
      else seen.keys.set(k, rowNo);
      const dup = byKey.get(k);
      if (dup) errors.push({ column: 'itemName', message: `이미 등록된 품목입니다: ${dup}` });
    }
    if (errors.length) result = 'ERROR';
    return { rowNo, result, itemCode, data: d, errors };
  });
}

/** Reads and checks a batch's workbook in a worker; resolves when the batch is CHECKED or FAILED. */
export async function processUpload(db: Db, log: FastifyBaseLogger, batchId: string, buffer: Uint8Array): Promise<void> {
  const fail = async (code: string, message: string) => {
    await db.updateTable('itemUploadBatch').set((eb) => ({ status: 'FAILED' as const, failCode: code, failMessage: message.slice(0, 1000), version: eb('version', '+', 1) })).where('batchId', '=', batchId).execute();
  };
  await db.updateTable('itemUploadBatch').set({ status: 'PARSING' }).where('batchId', '=', batchId).execute();
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
  const handle = async (m: WorkerMessage): Promise<void> => {
    if (failed) return;
    if (m.type === 'fail') {
      failed = true;
      await fail(m.code, m.message);
      return;
    }
    if (m.type === 'header') {
      header = m.header;
      const missingCols = COLUMN_KEYS.filter((k) => !header.includes(k));
      const unknown = header.filter((h) => h && h !== ERROR_COLUMN && !(COLUMN_KEYS as readonly string[]).includes(h));
      if (missingCols.length || unknown.length) {
        failed = true;
        const parts = [missingCols.length ? `빠진 열: ${missingCols.map((k) => headerText(k)).join(', ')}` : '', unknown.length ? `알 수 없는 열: ${unknown.join(', ')}` : ''].filter(Boolean);
        await fail('UPLOAD_COLUMNS', `양식의 열이 맞지 않습니다. ${parts.join(' / ')}`);
        return;
      }
      if (m.total === 0) {
        failed = true;
        await fail('UPLOAD_EMPTY', '품목 행이 없습니다');
        return;
      }
      await db.updateTable('itemUploadBatch').set({ rowsTotal: m.total }).where('batchId', '=', batchId).execute();
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
      for (let i = 0; i < results.length; i += 1000) {
        await db.insertInto('itemUploadRow').values(results.slice(i, i + 1000).map((r) => ({
          batchId, rowNo: r.rowNo, result: r.result, itemCode: r.itemCode, data: JSON.stringify(r.data), errors: r.errors.length ? JSON.stringify(r.errors) : null,
        }))).execute();
      }
      await db.updateTable('itemUploadBatch').set({ rowsRead: read, rowsChecked: checked, countNew: counts.NEW, countUpdate: counts.UPDATE, countUnchanged: counts.UNCHANGED, countError: counts.ERROR }).where('batchId', '=', batchId).execute();
      return;
    }
    await db.updateTable('itemUploadBatch').set((eb) => ({ status: 'CHECKED' as const, rowsRead: read, rowsChecked: checked, checkedAt: new Date(), version: eb('version', '+', 1) })).where('batchId', '=', batchId).where('status', '=', 'PARSING').execute();
  };
  await new Promise<void>((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      void queue.then(resolve, resolve);
    };
    worker.on('message', (m: WorkerMessage) => {
      queue = queue.then(() => handle(m)).catch(async (e: unknown) => {
        log.error({ err: e, batchId }, 'item upload check failed');
        failed = true;
        await fail('UPLOAD_CHECK_FAILED', `검사 중 오류가 발생했습니다: ${e instanceof Error ? e.message : String(e)}`).catch(() => undefined);
      });
      if (m.type === 'done' || m.type === 'fail') finish();
    });
    worker.on('error', (e) => {
      queue = queue.then(async () => {
        failed = true;
        const heap = /memory|heap/i.test(e.message);
        await fail(heap ? 'UPLOAD_TOO_LARGE' : 'UPLOAD_UNREADABLE', heap ? '파일을 읽는 데 메모리 한도를 넘었습니다. 파일을 나누어 올리세요' : `엑셀 파일을 읽을 수 없습니다: ${e.message}`);
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

/** Applies a batch's NEW and UPDATE rows in one transaction; the batch must be APPLYING (set by the request). */
export async function applyUpload(db: Db, batchId: string, actor: string): Promise<{ created: number; updated: number }> {
  return db.transaction().execute(async (trx) => {
    const batch = await trx.selectFrom('itemUploadBatch').selectAll().where('batchId', '=', batchId).forUpdate().executeTakeFirstOrThrow();
    if (batch.status !== 'APPLYING') throw new Error(`batch ${batchId} is ${batch.status}`);
    const rows = await trx.selectFrom('itemUploadRow').select(['rowNo', 'result', 'itemCode', 'data']).where('batchId', '=', batchId).where('result', 'in', ['NEW', 'UPDATE']).orderBy('rowNo').execute();
    const parsed = rows.map((r) => ({ ...r, data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as RowData }));
    const news = parsed.filter((r) => r.result === 'NEW');
    const codes = await allocateItemCodes(trx, news.map((r) => r.data.catCode));
    const toItem = (d: RowData) => normaliseItem({ ...d, refPrice: d.refPrice.replace(/,/g, ''), currency: d.currency as 'KRW', useYn: (d.useYn || 'Y') as 'Y' });
    const now = new Date();
    for (let i = 0; i < news.length; i += 1000) {
      const part = news.slice(i, i + 1000);
      await trx.insertInto('item').values(part.map((r, j) => ({ itemCode: codes[i + j], ...toItem(r.data), updatedBy: actor, createdAt: now, updatedAt: now }))).execute();
      const attrs = part.flatMap((r, j) => ATTRIBUTE_COLUMNS.filter((a) => r.data[a]).map((a) => ({ itemCode: codes[i + j], attrCode: a, valueCode: r.data[a] })));
      if (attrs.length) await trx.insertInto('itemAttr').values(attrs).execute();
      // The rows learn their new codes in one statement per chunk.
      await sql`update item_upload_row u set item_code = x.code
        from unnest(${part.map((r) => r.rowNo)}::int[], ${codes.slice(i, i + part.length)}::text[]) as x(row_no, code)
        where u.batch_id = ${batchId} and u.row_no = x.row_no`.execute(trx);
    }
    const updates = parsed.filter((r) => r.result === 'UPDATE');
    for (const r of updates) {
      const res = await trx.updateTable('item').set((eb) => ({ ...toItem(r.data), updatedBy: actor, updatedAt: now, version: eb('version', '+', 1) })).where('itemCode', '=', r.itemCode!).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new Error(`item ${r.itemCode} disappeared`);
      await trx.deleteFrom('itemAttr').where('itemCode', '=', r.itemCode!).where('attrCode', 'in', [...ATTRIBUTE_COLUMNS]).execute();
      const attrs = ATTRIBUTE_COLUMNS.filter((a) => r.data[a]).map((a) => ({ itemCode: r.itemCode!, attrCode: a, valueCode: r.data[a] }));
      if (attrs.length) await trx.insertInto('itemAttr').values(attrs).execute();
    }
    await trx.updateTable('itemUploadBatch').set({ status: 'APPLIED', appliedBy: actor, appliedAt: now, failCode: null, failMessage: null, version: batch.version + 1 }).where('batchId', '=', batchId).execute();
    await writeAudit(trx, { entity: 'item_upload_batch', entityKey: batchId, action: 'APPLY', actor, after: { created: news.length, updated: updates.length } });
    return { created: news.length, updated: updates.length };
  });
}
