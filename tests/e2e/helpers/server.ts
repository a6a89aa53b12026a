import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIST_DIR, REPO_ROOT } from './paths';
import { buildServer } from '../../../scripts/build-server.mjs';
import { freePort } from '../../../scripts/free-port.mjs';
import { TEST_BID_MASTER_KEY } from '../../helpers/bid-key';

export type SeedMode = 'demo' | 'none';

export interface StartServerOptions {
  /** Demo company (default) or an empty database. */
  seed?: SeedMode;
  /** A fixed port; by default a free one is picked. */
  port?: number;
  /** A data directory to reuse; by default a fresh temporary one, removed on stop. */
  dataDir?: string;
  nodeEnv?: 'development' | 'production' | 'test';
  /** Extra environment (LOGIN_MODE, DATABASE_URL, …). */
  env?: Record<string, string>;
  /** The first start migrates and seeds; give it time. */
  readyTimeoutMs?: number;
  /**
   * Another checkout to run (the rolling-upgrade test's previous release): built with its own
   * scripts/build-server.mjs and started from there. Default: this checkout.
   */
  repoRoot?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Fails early, with the fix, when the SPA has not been built: the server serves dist/. */
export function requireBuild(distDir = DIST_DIR): void {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      `The browser tests need the built app, and ${path.relative(REPO_ROOT, distDir) || distDir}/index.html is missing. Run \`npx vite build\` first.`,
    );
  }
}

function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n');
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready. Its output:\n${tail(output())}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The server did not answer 200 on /readyz within ${timeoutMs / 1000} s. Its output:\n${tail(output())}`,
  );
}

/** Stops the server's whole process group, politely first. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Builds another checkout's server with that checkout's own build script. */
function buildOther(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`building the server in ${root} failed (${code}): ${err.slice(-2000)}`)),
    );
  });
}

/**
 * Starts the real server (compiled, `node dist-server/main.mjs`, as `npm start` runs it) on a free port with its own data directory,
 * and resolves once GET /readyz answers 200. The caller must call stop().
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let printed = '';

  // The compiled server, as `npm start` runs it (scripts/build-server.mjs; about a second). npm test builds it once
  // before its browser runs start side by side (SERVER_BUILT=1): three of them building dist-server/ at once
  // could start a server on a file another is rewriting.
  const root = options.repoRoot ?? REPO_ROOT;
  if (options.repoRoot) await buildOther(options.repoRoot);
  else if (process.env.SERVER_BUILT !== '1') await buildServer();
  else if (!fs.existsSync(path.join(root, 'dist-server', 'main.mjs')))
    throw new Error('SERVER_BUILT=1 but dist-server/main.mjs is missing: run `npm run build:server` first.');
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The browser tests read suppliers' one-time codes from the development outbox (loopback only).
      DEV_OUTBOX: 'on',
      DATA_DIR: dataDir,
      NODE_ENV: options.nodeEnv ?? 'test',
      SEED: options.seed ?? 'demo',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DIST_DIR,
      // Required with DATABASE_URL or in production (server/config.ts).
      BID_MASTER_KEY: process.env.BID_MASTER_KEY ?? TEST_BID_MASTER_KEY,
      // A test server on PostgreSQL seals with a throw-away certificate and the local time-stamping
      // authority (server/config-contracts.ts); production refuses it, so a production start brings its own.
      ...((options.nodeEnv ?? 'test') === 'production' ? {} : { CONTRACT_SEAL_THROWAWAY: 'on' }),
      ...options.env,
    },
    // Its own process group, so stop() reaches whatever the server starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed;

  const stop = async () => {
    await stopProcess(child);
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, output, options.readyTimeoutMs ?? 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, dataDir, output, stop };
}
