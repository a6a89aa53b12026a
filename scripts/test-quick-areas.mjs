// Which API test files cover a change (scripts/test-quick.mjs): a changed test file itself; for a
// changed server file, the tests/api folder of its area and every API test that imports it.
import fs from 'node:fs';
import path from 'node:path';

/** Server folders whose API tests live under another name. */
const AREA_TESTS = {
  'server/auth': ['auth', 'login', 'security'],
  'server/db': ['db'],
  'server/jobs': ['jobs'],
  'server/ops': ['operations'],
  'server/http': ['system'],
  'server/plugins': ['system', 'security'],
  'server/modules/items': ['item', 'items'],
  'server/modules/password-change': ['auth'],
  'server/modules/tax-invoices': ['fulfilment'],
};

function testFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The area a server file belongs to: `server/modules/<name>` or `server/<folder>`. */
export function areaOf(file) {
  const m = /^server\/modules\/([^/]+)\//.exec(file) ?? /^server\/([^/]+)\//.exec(file);
  if (!m) return null;
  return file.startsWith('server/modules/') ? `server/modules/${m[1]}` : `server/${m[1]}`;
}

/** Test folders (under tests/api) of an area: its own name, or the names listed above. */
export function testFoldersOf(area) {
  if (Object.hasOwn(AREA_TESTS, area)) return AREA_TESTS[area];
  return [path.basename(area)];
}

export function apiFilesForChange(changed, root) {
  const apiDir = path.join(root, 'tests/api');
  const all = testFiles(apiDir).map((f) => path.relative(root, f).split(path.sep).join('/'));
  const picked = new Set(changed.filter((f) => f.startsWith('tests/api/') && f.endsWith('.test.ts')));
  const serverFiles = changed.filter((f) => f.startsWith('server/') && /\.ts$/.test(f));
  for (const area of new Set(serverFiles.map(areaOf).filter(Boolean))) {
    for (const folder of testFoldersOf(area))
      for (const f of all) if (f.startsWith(`tests/api/${folder}/`)) picked.add(f);
  }
  // A test that imports a changed server file names it by its path without the extension.
  const stems = serverFiles.map((f) => f.replace(/\.ts$/, ''));
  if (stems.length) {
    for (const f of all) {
      if (picked.has(f)) continue;
      const src = fs.readFileSync(path.join(root, f), 'utf8');
      if (stems.some((stem) => src.includes(`${stem.slice('server/'.length)}.js`))) picked.add(f);
    }
  }
  return [...picked].sort();
}
