import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPgDatabase, dropPgDatabase } from '../../helpers/test-db.js';

const root = path.resolve(import.meta.dirname, '../../..');

function seedCli(url: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/db/seed-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

// The command a user runs (`npm run seed`), as a process on a database of its own: PostgreSQL only (one
// seed there takes seconds; the same code on PGlite is what the server's first start runs).
const onPostgres = describe.skipIf(process.env.TEST_DB !== 'postgres');

onPostgres('npm run seed', () => {
  const name = `gpms_t_seedcli_${randomBytes(4).toString('hex')}`;
  afterAll(() => dropPgDatabase(name));

  // The database starts as a copy of the run's seeded template (what `npm run seed` makes on a fresh database, made
  // by the same seedDemo: tests/api/seed.test.ts compares a fresh seed with it row by row), so the command seeds for
  // real once, in --reset: a first seed through the command as well cost the run a whole seed more.
  it('refuses a seeded database, and --reset seeds it again keeping the consent terms', async () => {
    const url = await createPgDatabase(name, inject('seededPgTemplate' as never) as string);
    const lines = await count(url, 'po_line');
    expect(lines).toBeGreaterThan(0);
    const terms = await count(url, 'apply_terms');
    expect(terms).toBeGreaterThan(0);

    const again = await seedCli(url, []);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds data \(.*po_line.*\); run with --reset/);

    const reset = await seedCli(url, ['--reset']);
    expect(reset.output).toContain('kept: apply_terms');
    expect(reset.code).toBe(0);
    expect(await count(url, 'po_line')).toBe(lines);
    expect(await count(url, 'apply_terms')).toBe(terms);
    // The reset switched the evidence log's TRUNCATE guard off for itself only: it stands again after.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await expect(client.query('truncate table econtract_event')).rejects.toThrow(/append-only/);
    } finally {
      await client.end();
    }
    expect(reset.output).toContain('seeded in');
    // A hang guard: a real seed through the command (tsx) with its argon2 hash; two took past 180 s on a clean clone
    // with the browser runs beside the API files.
  }, 300_000);
});
