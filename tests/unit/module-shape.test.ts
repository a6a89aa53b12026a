// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One shape for every server module (docs/api.md "Shape of a module"):
 * `routes.ts` declares each route (schema, access) and makes one call; `service.ts` holds the
 * checks and the transactions; `queries.ts` (or `queries/*.ts`) the SQL. So:
 * - only a `routes.ts` registers routes;
 * - a `routes.ts` runs no SQL and opens no transaction;
 * - only a queries file — `queries.ts`, `queries-*.ts` or a file under a `queries/` folder — runs SQL:
 *   a `service.ts`, a `jobs.ts` or any other file of a module (its rules, notices, workers…) calls
 *   the module's queries, passing the database or the transaction.
 * A file that breaks a rule fails here naming the rule. KNOWN lists what is not moved yet, with
 * why; an entry that no longer breaks its rule fails too, so the list only shrinks.
 */
const KNOWN: Record<string, string> = {};

const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const REGISTERS_ROUTES = /\b(?:app|instance|fastify|server|f)\.(?:get|post|put|patch|delete|route)\(\s*['"`{]/;
const RUNS_SQL =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|table|id|lit|join)\(/;
const OPENS_TRANSACTION = /\.transaction\(\)/;

/** Comments say what the code does; only code counts. */
const code = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** `queries.ts`, `queries-<part>.ts`, or any file below a `queries/` folder. */
const isQueriesFile = (rel: string) => /(^|\/)queries(?:-[\w-]+)?\.ts$/.test(rel) || /(^|\/)queries\//.test(rel);

/** Every broken rule as `<file>: <rule>`. */
export function shapeProblems(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const name = path.basename(file);
    const src = code(fs.readFileSync(file, 'utf8'));
    if (name !== 'routes.ts' && REGISTERS_ROUTES.test(src))
      problems.push(`${rel}: registers routes outside a routes.ts`);
    if (!isQueriesFile(rel) && RUNS_SQL.test(src))
      problems.push(`${rel}: runs SQL outside a queries file (move it to queries.ts or queries/*.ts)`);
    if (name === 'routes.ts' && OPENS_TRANSACTION.test(src))
      problems.push(`${rel}: opens a transaction in routes.ts (move it to service.ts)`);
  }
  return problems.sort();
}

describe('server module shape', () => {
  const problems = shapeProblems(sourceFiles(modulesDir));
  const fileOf = (p: string) => p.slice(0, p.indexOf(': '));

  it('every module has the shape: routes declare, services decide, queries hold the SQL', () => {
    expect(problems.filter((p) => !Object.hasOwn(KNOWN, fileOf(p)))).toEqual([]);
  });

  it('the list of files not moved yet only shrinks', () => {
    const stillBroken = new Set(problems.map(fileOf));
    expect(Object.keys(KNOWN).filter((f) => !stillBroken.has(f))).toEqual([]);
  });

  it('the rules see what they look for', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-shape-'));
    try {
      fs.mkdirSync(path.join(dir, 'm'));
      const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, 'm', name), text);
      write(
        'routes.ts',
        "app.get('/x', {}, async (r) => r.db.transaction().execute(async (t) => t.selectFrom('a').execute()));",
      );
      write(
        'service.ts',
        "export const f = (db) => db.updateTable('a').set({ b: 1 }).execute(); // selectFrom in a comment",
      );
      write('feature.ts', "export default async (app) => { app.post('/y', {}, async () => 1); };");
      write('jobs.ts', "export const run = (db) => db.deleteFrom('a').execute();");
      write('queries.ts', "export const q = (db) => db.selectFrom('a').where(sql`true`).execute();");
      write('rules.ts', 'export const lock = (trx) => sql`select pg_advisory_xact_lock(1)`.execute(trx);');
      write('notices.ts', "export const order = sql.raw('a desc');");
      write(
        'workflow.ts',
        "export const next = (s) => (s === 'DRAFT' ? 'OPEN' : s); // db.selectFrom('a') only in a comment",
      );
      fs.mkdirSync(path.join(dir, 'm', 'queries'));
      write('queries/lists.ts', "export const l = (db) => db.insertInto('a').values({}).execute();");
      expect(shapeProblems(sourceFiles(dir)).map((p) => p.replace(/^.*\/m\//, ''))).toEqual([
        'feature.ts: registers routes outside a routes.ts',
        'jobs.ts: runs SQL outside a queries file (move it to queries.ts or queries/*.ts)',
        'notices.ts: runs SQL outside a queries file (move it to queries.ts or queries/*.ts)',
        'routes.ts: opens a transaction in routes.ts (move it to service.ts)',
        'routes.ts: runs SQL outside a queries file (move it to queries.ts or queries/*.ts)',
        'rules.ts: runs SQL outside a queries file (move it to queries.ts or queries/*.ts)',
        'service.ts: runs SQL outside a queries file (move it to queries.ts or queries/*.ts)',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
