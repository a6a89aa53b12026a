/**
 * npm run bench:export:server [-- --rows 1000000] — the server-side export's writer
 * against exceljs' streaming WorkbookWriter and SheetJS writing the same rows alone, each in a child
 * process of its own so its peak RSS is its own; then the whole server path (the list read page by
 * page through the app as the caller, cells, the file) on the demo data on PGlite.
 * Rows: bench/rows.ts (14 columns: text, codes, KRW/JPY money, quantities, dates, timestamps).
 * Results: bench/results/export-server.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportCell, type ExportColumn } from '../lib/export-cell';
import { benchRow, STATUS_TEXTS } from './rows';
import { writeResult } from './harness';

const COLUMNS: ExportColumn[] = [
  { field: 'lineNo', header: '순번', type: 'number', width: 8 },
  { field: 'poNo', header: '발주번호', type: 'text', width: 14 },
  { field: 'itemName', header: '품목', type: 'text', width: 18 },
  { field: 'vendor', header: '협력사', type: 'text', width: 14 },
  { field: 'dept', header: '부서', type: 'text', width: 12 },
  { field: 'status', header: '상태', type: 'code', codes: STATUS_TEXTS, width: 10 },
  { field: 'currency', header: '통화', type: 'text', width: 6 },
  { field: 'qty', header: '수량', type: 'number', width: 8 },
  { field: 'unitPrice', header: '단가', type: 'money', currencyField: 'currency', width: 12 },
  { field: 'amount', header: '금액', type: 'money', currencyField: 'currency', width: 14 },
  { field: 'poDate', header: '발주일', type: 'date', width: 11 },
  { field: 'dueDate', header: '납기일', type: 'date', width: 11 },
  { field: 'createdAt', header: '등록일시', type: 'datetime', width: 16 },
  { field: 'memo', header: '비고', type: 'text', width: 20 },
];
const zone = { offsetMinutes: -540 } as const;
const PAGE = 5000;

async function writeOurs(rows: number, file: string) {
  const { XlsxStream } = await import('../server/modules/exports/xlsx-stream');
  const { pipeline } = await import('node:stream/promises');
  const xlsx = new XlsxStream(
    'bench',
    COLUMNS.map((c) => ({ header: c.header, type: 'string' as const, width: c.width })),
  );
  const done = pipeline(xlsx.output, fs.createWriteStream(file));
  for (let start = 0; start < rows; start += PAGE) {
    const page = [];
    for (let i = start; i < Math.min(rows, start + PAGE); i++) page.push(benchRow(i));
    await xlsx.writeCells(page.map((r) => COLUMNS.map((c) => exportCell(c, r, zone))));
  }
  await xlsx.end();
  await done;
}

async function writeExceljs(rows: number, file: string) {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('bench', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  for (let i = 0; i < rows; i++) {
    const r = benchRow(i);
    const cells = COLUMNS.map((c) => exportCell(c, r, zone));
    const row = ws.addRow(cells.map((x) => (x ? x.v : null)));
    cells.forEach((x, j) => {
      if (x && x.t === 'n' && x.z) row.getCell(j + 1).numFmt = x.z;
    });
    row.commit();
  }
  await wb.commit();
}

async function writeSheetjs(rows: number, file: string) {
  const XLSX = await import('xlsx');
  const data: unknown[][] = [COLUMNS.map((c) => ({ t: 's', v: c.header }))];
  for (let i = 0; i < rows; i++) {
    const r = benchRow(i);
    data.push(COLUMNS.map((c) => exportCell(c, r, zone) ?? undefined));
  }
  const ws = {
    '!data': data,
    '!ref': XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows, c: COLUMNS.length - 1 } }),
  } as unknown as import('xlsx').WorkSheet;
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'bench');
  fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }));
}

const WRITERS = { ours: writeOurs, exceljs: writeExceljs, sheetjs: writeSheetjs } as const;
type WriterName = keyof typeof WRITERS;

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

if (arg('child')) {
  // One writer in this process: time, peak RSS, file size, as one JSON line.
  const name = arg('child') as WriterName;
  const rows = Number(arg('rows'));
  const file = path.join(os.tmpdir(), `gpms-bench-${name}-${process.pid}.xlsx`);
  const started = performance.now();
  await WRITERS[name](rows, file);
  const ms = Math.round(performance.now() - started);
  const bytes = fs.statSync(file).size;
  fs.rmSync(file);
  console.log(JSON.stringify({ name, rows, ms, bytes, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
} else {
  const rows = Number(arg('rows') ?? 1_000_000);
  const sheetjsRows = Number(arg('sheetjs-rows') ?? Math.min(rows, 200_000));
  const run = (name: WriterName, n: number, heapMb?: number) => {
    const heap = heapMb ? `--max-old-space-size=${heapMb}` : name === 'sheetjs' ? '--max-old-space-size=8192' : '';
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', name, '--rows', String(n)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20, // Only SheetJS gets a bigger heap (it holds the whole workbook); the streaming writers run with Node's default, so their peak RSS is what a server would see.
        env: { ...process.env, NODE_OPTIONS: heap },
      },
    );
    const result = { ...JSON.parse(out.trim().split('\n').at(-1)!), heap: heap || 'default' };
    console.log(result);
    return result;
  };
  const ours = run('ours', rows);
  // The same with V8's heap capped: what the writer holds, not what a lazy collector lets grow.
  const oursCapped = run('ours', rows, 128);
  const exceljs = run('exceljs', rows);
  const sheetjs = run('sheetjs', sheetjsRows);
  const result = {
    columns: COLUMNS.length,
    writers: { ours, oursCapped, exceljs, sheetjs },
    note:
      sheetjsRows < rows ? `SheetJS builds the whole workbook in memory; measured at ${sheetjsRows} rows` : undefined,
    ratios: {
      oursVsExceljsTime: Number((ours.ms / exceljs.ms).toFixed(2)),
      oursVsExceljsRss: Number((ours.peakRssMb / exceljs.peakRssMb).toFixed(2)),
      oursVsSheetjsMsPerRow: Number((ours.ms / ours.rows / (sheetjs.ms / sheetjs.rows)).toFixed(2)),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${writeResult('export-server', result)}`);
}
