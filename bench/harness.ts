/**
 * Builds the benchmark page with Vite, serves it with a 100,000-row list API (the list
 * convention: page, size, sort → { rows, total, totals }) and opens it in headless Chromium.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { benchPage } from './rows';

const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface BenchSession {
  /** The engine's list screen (mode engine) or the bare DataGrid over in-memory rows (mode bare). */
  page: Page;
  browser: Browser;
  /** Another page of the same browser and server. */
  openPage(mode: 'engine' | 'bare'): Promise<Page>;
  /** Requests the list API answered, and the bytes it sent. */
  served: { requests: number; bytes: number };
  close(): Promise<void>;
}

export async function openBench(mode: 'engine' | 'bare' = 'engine'): Promise<BenchSession> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-'));
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench/app'),
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
  });
  const served = { requests: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    if (url.pathname === '/bench-api/rows') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Math.min(Number(url.searchParams.get('size') ?? 100), 5000);
      const body = JSON.stringify(benchPage(page, size, url.searchParams.get('sort') === 'lineNo:desc'));
      served.requests++;
      served.bytes += Buffer.byteLength(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(outDir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  const openPage = async (m: 'engine' | 'bare') => {
    const p = await context.newPage();
    p.on('pageerror', (e) => console.error('page error:', e.message));
    await p.goto(`http://127.0.0.1:${port}/?mode=${m}`);
    await p.getByTestId('list-total').waitFor({ timeout: 30_000 });
    return p;
  };
  const page = await openPage(mode);
  return {
    page,
    browser,
    openPage,
    served,
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name: string, result: object): string {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ ...result, measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model }, null, 2)}\n`,
  );
  return path.relative(ROOT, file);
}
