// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { PGLITE_FILES } from '../api-projects.js';

const root = path.resolve(import.meta.dirname, '../..');

function apiFiles(dir = 'tests/api'): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return apiFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

function project(name: string) {
  const found = (config.test?.projects ?? []).find(
    (p) => typeof p === 'object' && 'test' in p && p.test?.name === name,
  );
  if (!found || typeof found !== 'object' || !('test' in found) || !found.test)
    throw new Error(`no project ${name} in vitest.config.ts`);
  return found.test;
}

/** Whether vitest's include glob (`**` and `*` only, as the config uses them) takes the file. */
function included(globs: string[], file: string): boolean {
  return globs.some((g) =>
    new RegExp(
      `^${g
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*/g, '[^/]*')}$`,
    ).test(file),
  );
}

describe('which API files run on which database (tests/api-projects.ts)', () => {
  const files = apiFiles();

  it('runs every tests/api file on PostgreSQL', () => {
    const pg = project('api-postgres');
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => !included(pg.include ?? [], f))).toEqual([]);
    expect(pg.exclude ?? []).toEqual([]);
  });

  it('runs exactly the listed files on PGlite, through its worker thread, each with its reason', () => {
    const pglite = project('api-pglite');
    expect(Object.keys(PGLITE_FILES).filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
    expect(files.filter((f) => included(pglite.include ?? [], f)).sort()).toEqual(Object.keys(PGLITE_FILES).sort());
    expect(pglite.env).toMatchObject({
      TEST_DB: 'pglite',
      PGLITE_THREAD: process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker',
    });
    for (const [file, why] of Object.entries(PGLITE_FILES)) expect(why.length, file).toBeGreaterThan(20);
  });

  it('lists every file that skips itself on PostgreSQL, or it would run nowhere', () => {
    const pgliteOnly = files.filter((f) =>
      /skipIf\(process\.env\.TEST_DB === 'postgres'\)|skipIf\(testDbKind\(\) === 'postgres'\)|runIf\(testDbKind\(\) === 'pglite'\)/.test(
        fs.readFileSync(path.join(root, f), 'utf8'),
      ),
    );
    expect(pgliteOnly.length).toBeGreaterThan(0);
    expect(pgliteOnly.filter((f) => !(f in PGLITE_FILES))).toEqual([]);
  });
});
