// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runServerExport } from './server-export';
import type { ExportProgress } from './run-export';

/** A stand-in for the server's export operations: a job that advances one step per status read. */
function fakeServer(steps: Array<{ status: string; rowsDone: number; error?: string }>) {
  const calls: Array<{ op: string; input: unknown; init?: unknown }> = [];
  let i = 0;
  let cancelled = false;
  const state = () => ({
    exportId: 'e1',
    rowsTotal: 300_000,
    error: null,
    ...(cancelled
      ? { status: 'CANCELLED', rowsDone: steps[Math.min(i, steps.length - 1)].rowsDone }
      : steps[Math.min(i, steps.length - 1)]),
  });
  const call = async (op: string, input: unknown, init?: unknown) => {
    calls.push({ op, input, init });
    if (op === 'startExport') return state();
    if (op === 'getExport') return (i++, state());
    if (op === 'cancelExport') return ((cancelled = true), state());
    if (op === 'downloadExport') return new Blob(['xlsx']);
    throw new Error(`unexpected ${op}`);
  };
  return { call, calls };
}

const job = {
  operation: 'listPos',
  path: {},
  query: { compNo: 'C00001', sort: 'poNo:asc' },
  columns: [{ field: 'poNo', header: 'PO', type: 'text' as const, width: 12 }],
  sheetName: '발주',
  pollMs: 1,
};

describe('server-side export from the screen', () => {
  it('starts the job with the list’s inputs, reports progress, and downloads the file when done', async () => {
    const server = fakeServer([
      { status: 'RUNNING', rowsDone: 0 },
      { status: 'RUNNING', rowsDone: 150_000 },
      { status: 'DONE', rowsDone: 300_000 },
    ]);
    const progress: ExportProgress[] = [];
    const blob = await runServerExport({ ...job, call: server.call, onProgress: (p) => progress.push(p) });
    expect(await blob.text()).toBe('xlsx');
    expect(server.calls[0]).toMatchObject({
      op: 'startExport',
      input: { body: { operation: 'listPos', query: { compNo: 'C00001', sort: 'poNo:asc' }, sheetName: '발주' } },
    });
    expect(server.calls.at(-1)).toMatchObject({
      op: 'downloadExport',
      input: { path: { exportId: 'e1' } },
      init: { parseAs: 'blob' },
    });
    expect(progress.map((p) => p.done)).toContain(150_000);
    expect(progress.at(-1)).toEqual({ phase: 'writing', done: 300_000, total: 300_000 });
  });

  it('a cancel asks the server to stop and ends as cancelled, with nothing downloaded', async () => {
    const server = fakeServer([{ status: 'RUNNING', rowsDone: 0 }]);
    const controller = new AbortController();
    const running = runServerExport({
      ...job,
      call: server.call,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.calls.map((c) => c.op)).toContain('cancelExport');
    expect(server.calls.map((c) => c.op)).not.toContain('downloadExport');
  });

  it('a failed job shows the server’s reason', async () => {
    const server = fakeServer([
      { status: 'RUNNING', rowsDone: 0 },
      { status: 'FAILED', rowsDone: 10, error: '조회가 403 오류로 끝났습니다' },
    ]);
    await expect(runServerExport({ ...job, call: server.call })).rejects.toThrow('조회가 403 오류로 끝났습니다');
  });
});
