// The seeded demo company's cache key, and the inputs' fingerprints `npm start` keeps to skip a build.
// Plain JavaScript on Node built-ins only: scripts/start.mjs uses it before anything is installed or
// compiled, the server and the tests through seed-dump.ts (docs/seed.md "The seed dump").
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the seeded database is made by: the migrations (through the migrator), the seed and the
 * report summaries it leaves built, each with every module they import from this repository —
 * the seed draws on lib/ and the modules' workflows, so a change there changes its rows too.
 */
const SEED_ENTRIES = ['server/db/migrate.ts', 'server/db/seed/index.ts', 'server/modules/reports/summary.ts'];
/** The engine and the libraries that write the rows and the data directory's format. */
const SEED_EXTRA_INPUTS = ['package-lock.json'];

// Type-only imports change no row: left out, so a type's move does not throw the dump away.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?!type\s)[^'"`]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The file a relative specifier names: `./x.js` is `./x.ts` (or .tsx) in the sources. */
function resolveSpecifier(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = /\.js$/.test(base)
    ? [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base]
    : /\.mjs$/.test(base)
      ? [base, base.replace(/\.mjs$/, '.mts')]
      : [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** Every repository file the entries import, directly or not (relative imports only: packages are in the lock file). */
function importClosure(root, entries) {
  const seen = new Set();
  const queue = entries.map((e) => path.resolve(root, e));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const target = resolveSpecifier(file, spec);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].map((f) => path.relative(root, f).split(path.sep).join('/')).sort();
}

/** sha256 over the files' paths and contents, in path order. */
export function hashFiles(root, files) {
  const h = createHash('sha256');
  for (const rel of [...files].sort()) {
    h.update(rel);
    h.update('\0');
    h.update(fs.readFileSync(path.join(root, rel)));
    h.update('\0');
  }
  return h.digest('hex');
}

/** The seed's cache key: a change to a migration, the seed, anything they import or a package gives a new one. */
export function seedHash(root) {
  const files = [
    ...importClosure(root, SEED_ENTRIES),
    ...SEED_EXTRA_INPUTS.filter((f) => fs.existsSync(path.join(root, f))),
  ];
  return { hash: hashFiles(root, files).slice(0, 24), files };
}

/** Every file under the entries (files or folders), skipping node_modules and the given pattern. */
export function listFiles(root, entries, skip = null) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    let st;
    try {
      st = fs.statSync(abs);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort())
        if (name !== 'node_modules') walk(rel === '' ? name : `${rel}/${name}`);
    } else if (!skip || !skip.test(rel)) out.push(rel);
  };
  for (const e of entries) walk(e);
  return out;
}

/**
 * A cheap fingerprint of files: path, size and modification time. When it matches the one kept
 * beside a build, the build's inputs are unchanged without reading them; when it does not, the
 * contents' hash decides (a checkout that touched files without changing them rebuilds nothing).
 */
export function statFingerprint(root, files) {
  const h = createHash('sha256');
  for (const rel of files) {
    const st = fs.statSync(path.join(root, rel));
    h.update(`${rel}\0${st.size}\0${st.mtimeMs}\0`);
  }
  return h.digest('hex');
}
