/**
 * JavaScript and CSS on the wire for a first visit to the login pages: headless Chromium
 * with an empty cache opens /login and /cyberLogin on a server of the built app and adds up the
 * encoded bytes of every script and style it received, and the same files' decoded size.
 *
 *   npx vite build && npx tsx bench/wire.ts [--url http://127.0.0.1:8080] [--gzip]
 *
 * --gzip asks for gzip alone (`Accept-Encoding: gzip, deflate`), as Chromium does over plain HTTP to a host that
 * is not this machine (brotli only over HTTPS or to localhost), and writes results/wire-gzip.json.
 *
 * Without --url it starts the server itself (SEED=none, a temporary DATA_DIR) and stops it after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/e2e/helpers/server';

const urlArg = process.argv.indexOf('--url');
const given = urlArg > 0 ? process.argv[urlArg + 1] : null;
const gzipOnly = process.argv.includes('--gzip');

async function main(): Promise<void> {
  const server = given
    ? null
    : await startServer({ seed: 'none', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-wire-')) });
  const base = given ?? server!.url;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const results: Record<
    string,
    {
      files: number;
      wireBytes: number;
      decodedBytes: number;
      encodings: string[];
      perFile: Array<{ path: string; wireBytes: number; encoding: string }>;
    }
  > = {};
  try {
    for (const page of ['/login', '/cyberLogin']) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      if (gzipOnly) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
      const sizes = new Map<string, { url: string; type: string; encoding: string }>();
      const wire = new Map<string, number>();
      const decoded = new Map<string, number>();
      cdp.on('Network.responseReceived', (e) =>
        sizes.set(e.requestId, {
          url: e.response.url,
          type: e.type,
          encoding: String(e.response.headers['content-encoding'] ?? 'identity'),
        }),
      );
      cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
      cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
      await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
      const assets = [...sizes.entries()].filter(([, r]) => r.type === 'Script' || r.type === 'Stylesheet');
      results[page] = {
        files: assets.length,
        wireBytes: assets.reduce((n, [id]) => n + (wire.get(id) ?? 0), 0),
        decodedBytes: assets.reduce((n, [id]) => n + (decoded.get(id) ?? 0), 0),
        encodings: [...new Set(assets.map(([, r]) => r.encoding))],
        // Which files: a regression names its chunk (the largest first).
        perFile: assets
          .map(([id, r]) => ({ path: new URL(r.url).pathname, wireBytes: wire.get(id) ?? 0, encoding: r.encoding }))
          .sort((a, b) => b.wireBytes - a.wireBytes),
      };
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  for (const [page, r] of Object.entries(results)) {
    console.log(
      `${page}: ${r.files} scripts and styles, ${(r.wireBytes / 1024).toFixed(1)} kB on the wire (${r.encodings.join(', ')}), ${(r.decodedBytes / 1024).toFixed(1)} kB decoded`,
    );
  }
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', gzipOnly ? 'wire-gzip.json' : 'wire.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
