import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PGlite's PostgreSQL (its 9.9 MB pglite.wasm) compiled, for `ConnectOptions.pgliteWasm`. PGlite compiles it
 * again on every create, ≈ 0.9 s of CPU each; a process that opens many databases (a test worker: a seeded
 * copy per file) compiles it once and hands the module to each, across worker threads too (a compiled module
 * is shared, not copied).
 */
export async function compilePgliteWasm(): Promise<WebAssembly.Module> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return WebAssembly.compile(await fs.promises.readFile(path.join(path.dirname(entry), 'pglite.wasm')));
}
