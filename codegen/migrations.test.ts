// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexModule, INDEX_FILE, listMigrations, migrationsDir, staleIndex, writeIndex } from './migrations';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A migrations folder of its own with these (empty) files. */
function folder(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const f of files) fs.writeFileSync(path.join(dir, f), 'export async function up() {}\n');
  return dir;
}

describe('npm run codegen:migrations', () => {
  it('the repository’s index lists every migration in the folder', () => {
    expect(staleIndex(migrationsDir)).toBeNull();
  });

  it('orders the migrations by their number, not by when they were written', () => {
    const dir = folder(['0230-export-jobs.ts', '0002-orders.ts', '0140-applications.ts', '0010-auth.ts']);
    expect(listMigrations(dir).map((m) => m.name)).toEqual([
      '0002-orders',
      '0010-auth',
      '0140-applications',
      '0230-export-jobs',
    ]);
    const index = indexModule(listMigrations(dir));
    const keys = [...index.matchAll(/^ {2}'([^']+)'/gm)].map((m) => m[1]);
    expect(keys).toEqual(['0002-orders', '0010-auth', '0140-applications', '0230-export-jobs']);
  });

  it('a migration file that is not in the index fails the check', () => {
    const dir = folder(['0001-master.ts', '0010-auth.ts']);
    writeIndex(dir);
    expect(staleIndex(dir)).toBeNull();
    fs.writeFileSync(path.join(dir, '0305-budgets.ts'), 'export async function up() {}\n');
    expect(staleIndex(dir)).toMatch(/does not list the migrations/);
    writeIndex(dir);
    expect(fs.readFileSync(path.join(dir, INDEX_FILE), 'utf8')).toContain("'0305-budgets': m0305");
    expect(staleIndex(dir)).toBeNull();
  });

  it('a hand edit of the index fails the check', () => {
    const dir = folder(['0001-master.ts', '0010-auth.ts']);
    writeIndex(dir);
    const file = path.join(dir, INDEX_FILE);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("  '0010-auth': m0010,\n", ''));
    expect(staleIndex(dir)).toMatch(/does not list/);
  });

  it('refuses a misnamed file and a number used twice', () => {
    expect(() => listMigrations(folder(['0001-master.ts', '12-auth.ts']))).toThrow(
      /12-auth\.ts: a migration is named NNNN-words/,
    );
    expect(() => listMigrations(folder(['0300-budgets.ts', '0300-metrics.ts']))).toThrow(/share the number 0300/);
  });
});
