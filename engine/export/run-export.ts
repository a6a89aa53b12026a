/**
 * Excel export of the whole filtered result: pages are fetched (up to 5000 rows each) while a Web
 * Worker turns them into cells and finally writes the .xlsx with SheetJS. A list paged by key
 * (its answer carries `nextCursor`, docs/api.md "Lists") is walked by cursor, one page after the
 * other — each page starts after the row the previous one ended on, so a deep page costs what the
 * first does; another list by page number, two pages in flight. Progress is reported per page; the
 * signal cancels the fetches and ends the worker at once.
 */
import type { ExportColumn } from '../registry/columns';
import type { WorkerAnswer, WorkerRequest } from './workbook';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_EXPORT_PAGE_SIZE = 5000;

export interface ExportPage {
  rows: Array<Record<string, unknown>>;
  total: number;
  /** A list paged by key: where the next page starts, null on the last page. Absent: a list paged by number. */
  nextCursor?: string | null;
}

export interface ExportProgress {
  phase: 'fetching' | 'writing';
  done: number;
  total: number;
}

export interface ExportJob {
  columns: ExportColumn[];
  sheetName: string;
  /** One page: by number, or (a list paged by key) after the previous page's cursor, `page` then only shown. */
  fetchPage: (page: number, size: number, signal: AbortSignal, cursor?: { after: string }) => Promise<ExportPage>;
  pageSize?: number;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
  /** Where cells are built and the file written: a Worker (browser) or inline (tests). */
  createWorker?: () => ExportWorkerLike | null;
}

/** The part of a Worker the runner uses (a test can pass its own). */
export interface ExportWorkerLike {
  postMessage(message: WorkerRequest): void;
  onmessage: ((event: MessageEvent<WorkerAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export class ExportCancelled extends Error {
  constructor() {
    super('export cancelled');
    this.name = 'AbortError';
  }
}

/**
 * Runs the worker's handler on this thread (no Worker available: tests, old runtimes). SheetJS is
 * loaded on first use, so the page's own bundle never carries it.
 */
function inlineWorker(): ExportWorkerLike {
  const ready = import('./workbook').then(({ createExportHandler }) =>
    createExportHandler((answer) =>
      queueMicrotask(() => w.onmessage?.({ data: answer } as MessageEvent<WorkerAnswer>)),
    ),
  );
  let queue = Promise.resolve();
  const w: ExportWorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      queue = queue.then(() => ready).then((handle) => handle(message));
    },
    terminate() {},
  };
  return w;
}

export async function runExport(job: ExportJob): Promise<Blob> {
  const size = Math.min(Math.max(job.pageSize ?? MAX_EXPORT_PAGE_SIZE, 1), MAX_EXPORT_PAGE_SIZE);
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  job.signal?.addEventListener('abort', onAbort);
  const worker = job.createWorker?.() ?? inlineWorker();
  let settle: { resolve: (b: Uint8Array) => void; reject: (e: unknown) => void } | null = null;
  const done = new Promise<Uint8Array>((resolve, reject) => (settle = { resolve, reject }));
  // An unobserved rejection (cancel before finish) must not surface as unhandled.
  done.catch(() => undefined);
  worker.onmessage = (event) => {
    const a = event.data;
    if (a.type === 'done') settle?.resolve(a.bytes);
    else if (a.type === 'error') settle?.reject(new Error(a.message));
  };
  worker.onerror = (event) => settle?.reject(new Error(event.message || 'export worker failed'));
  const cancelled = () => controller.signal.aborted;
  try {
    if (cancelled()) throw new ExportCancelled();
    worker.postMessage({ type: 'start', columns: job.columns });
    const first = await job.fetchPage(1, size, controller.signal);
    const total = first.total;
    const pages = Math.max(1, Math.ceil(total / size));
    let received = 0;
    const take = (page: ExportPage) => {
      worker.postMessage({ type: 'rows', rows: page.rows });
      received += page.rows.length;
      job.onProgress?.({ phase: 'fetching', done: received, total });
    };
    take(first);
    if (first.nextCursor !== undefined) await pagesByCursor(job, size, controller.signal, first, take);
    else await pagesByNumber(job, size, controller.signal, pages, take);
    if (cancelled()) throw new ExportCancelled();
    job.onProgress?.({ phase: 'writing', done: received, total });
    worker.postMessage({ type: 'finish', sheetName: job.sheetName });
    const abortWait = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(new ExportCancelled()), { once: true }),
    );
    abortWait.catch(() => undefined);
    const bytes = await Promise.race([done, abortWait]);
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_MIME });
  } catch (e) {
    if (cancelled() || (e instanceof Error && e.name === 'AbortError')) throw new ExportCancelled();
    throw e;
  } finally {
    job.signal?.removeEventListener('abort', onAbort);
    worker.terminate();
  }
}

/**
 * The pages after the first of a list paged by key, one after the other (a page's cursor is known
 * only once the page before it has come). The walk ends on the page the server says is the last
 * (`nextCursor` null) — no empty request after a result of whole pages — or on a short page.
 */
async function pagesByCursor(
  job: ExportJob,
  size: number,
  signal: AbortSignal,
  first: ExportPage,
  take: (page: ExportPage) => void,
): Promise<void> {
  let after = first.rows.length < size ? null : (first.nextCursor ?? null);
  for (let p = 2; after; p++) {
    if (signal.aborted) throw new ExportCancelled();
    const page = await job.fetchPage(p, size, signal, { after });
    take(page);
    after = page.rows.length < size ? null : (page.nextCursor ?? null);
  }
}

/** The pages after the first of a list paged by number: two in flight, so the network and the server overlap with the worker's cell building. */
async function pagesByNumber(
  job: ExportJob,
  size: number,
  signal: AbortSignal,
  pages: number,
  take: (page: ExportPage) => void,
): Promise<void> {
  const inFlight = new Map<number, Promise<ExportPage>>();
  const request = (p: number) => {
    if (p > pages || inFlight.has(p)) return;
    const page = job.fetchPage(p, size, signal);
    // A page fetched ahead and never awaited (cancel, error) must not be an unhandled rejection.
    page.catch(() => undefined);
    inFlight.set(p, page);
  };
  request(2);
  request(3);
  for (let p = 2; p <= pages; p++) {
    if (signal.aborted) throw new ExportCancelled();
    const page = await inFlight.get(p)!;
    inFlight.delete(p);
    request(p + 2);
    take(page);
    if (page.rows.length < size) break;
  }
}

/** Offers the file to the user (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
