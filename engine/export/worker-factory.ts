import type { ExportWorkerLike } from './run-export';

/** The real export worker in a browser; null where there is none (jsdom), so the runner works inline. */
export function createExportWorker(): ExportWorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./export.worker.ts', import.meta.url), {
    type: 'module',
    name: 'gpms-excel-export',
  }) as unknown as ExportWorkerLike;
}
