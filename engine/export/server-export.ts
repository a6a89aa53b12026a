/**
 * The server-side export: for a result too large for the browser, the server writes the
 * .xlsx as a job (POST /api/v1/exports); the screen follows its progress, can cancel it, and
 * downloads the file when it is done. Same columns (headers, code texts, formats) as the browser path.
 */
import type { ExportColumn } from '../../lib/export-cell';
import type { CallInit, OperationInput } from '../services';
import { ExportCancelled, type ExportProgress } from './run-export';

type Call = (operation: string, input: OperationInput, init?: CallInit) => Promise<unknown>;

interface ExportState {
  exportId: string;
  status: 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
  rowsTotal: number;
  rowsDone: number;
  error: string | null;
}

/**
 * A pivot screen's file laid out as its pivot (the server's exports/pivot-workbook.ts): the axes' and
 * measures' row fields and the screen's words for them (engine/list/pivot-export.ts builds it).
 */
export interface PivotExportLayout {
  row: { key: string; label: string; title: string };
  column?: { key: string; label: string };
  measures: Array<{ field: string; previous?: string; header: string }>;
  texts: { total: string; previous: string; change: string; rows: string };
  limit: number;
}

export interface ServerExportJob {
  call: Call;
  /** The list operation and its inputs, as the grid sends them (page and size are the server's). */
  operation: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  columns: ExportColumn[];
  sheetName: string;
  /** Why, when the list holds personal data (engine/export/download-reason.ts): recorded with the export. */
  reason?: { code: string; text: string } | null;
  /** Written as the screen's pivot, a sheet a measure, with the rows after them. */
  pivot?: PivotExportLayout | null;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
  pollMs?: number;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export async function runServerExport(job: ServerExportJob): Promise<Blob> {
  const quiet = { quiet: true };
  const body = {
    operation: job.operation,
    path: job.path,
    query: job.query,
    columns: job.columns,
    sheetName: job.sheetName,
    tzOffsetMinutes: new Date().getTimezoneOffset(),
    ...(job.reason ? { reason: job.reason } : {}),
    ...(job.pivot ? { pivot: job.pivot } : {}),
  };
  let state = (await job.call('startExport', { body }, quiet)) as ExportState;
  const id = { path: { exportId: state.exportId } };
  let cancelAsked = false;
  while (state.status === 'RUNNING') {
    job.onProgress?.({
      phase: state.rowsDone >= state.rowsTotal && state.rowsTotal > 0 ? 'writing' : 'fetching',
      done: state.rowsDone,
      total: state.rowsTotal,
    });
    if (job.signal?.aborted && !cancelAsked) {
      cancelAsked = true;
      state = (await job.call('cancelExport', id, quiet)) as ExportState;
      continue;
    }
    await wait(job.pollMs ?? 1000, cancelAsked ? undefined : job.signal);
    state = (await job.call('getExport', id, quiet)) as ExportState;
  }
  if (state.status === 'CANCELLED' || job.signal?.aborted) throw new ExportCancelled();
  if (state.status === 'FAILED') throw new Error(state.error ?? 'export failed');
  job.onProgress?.({ phase: 'writing', done: state.rowsDone, total: state.rowsTotal });
  return (await job.call('downloadExport', id, { ...quiet, parseAs: 'blob' })) as Blob;
}
