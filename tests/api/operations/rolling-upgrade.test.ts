import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { createPgDatabase, dropPgDatabase, PG_ADMIN_URL, testDbKind } from '../../helpers/test-db.js';
import { startServer, type RunningServer } from '../../e2e/helpers/server.js';
import { REPO_ROOT } from '../../e2e/helpers/paths.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';

/**
 * A new release rolls out server by server. The previous release — the code just
 * before the newest change to server/db/migrations — runs on a PostgreSQL database; the current
 * release starts beside it on the same database and migrates it; both then serve one logged-in
 * user, each accepting the other's token, and the old one keeps serving on the migrated schema
 * (expand/contract, docs/operations.md "Upgrades"). PostgreSQL only: PGlite is one process.
 * Needs the git history: in a shallow clone it skips, saying so (CI runs on a full clone).
 */
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    .toString()
    .trim();

function previousRelease(): { commit: string; newest: string } | { skip: string } {
  try {
    if (git('rev-parse', '--is-shallow-repository') === 'true')
      return { skip: 'a shallow clone: the previous release is not in the git history' };
    // The newest commit of this line (first parents: merges count as the release they made) whose
    // parent had fewer migration files, all of them this release's. They need not be the first in
    // order: a release may bring a migration numbered below one the previous release ran (the
    // migrator allows unordered migrations, server/db/migrate.ts). A commit that only regenerated the
    // index or edited a migration's comments is passed over.
    const migrations = (rev: string) =>
      git('ls-tree', '--name-only', `${rev}:server/db/migrations`)
        .split('\n')
        .filter((f) => /^\d{4}-.*\.ts$/.test(f))
        .sort();
    const current = migrations('HEAD');
    const appendedTo = (rev: string) => {
      const before = migrations(rev);
      return before.length < current.length && before.every((f) => current.includes(f));
    };
    const candidates = git('log', '--first-parent', '--format=%H', '--', 'server/db/migrations')
      .split('\n')
      .filter(Boolean);
    const newest = candidates.find(
      (c) => git('rev-list', '--parents', '-n', '1', c).split(' ').length > 1 && appendedTo(`${c}^`),
    );
    if (!newest) return { skip: 'no commit added a migration' };
    const commit = git('rev-parse', '--verify', '--quiet', `${newest}^`);
    return { commit, newest };
  } catch (err) {
    return { skip: `no git history here (${(err as Error).message.split('\n')[0]})` };
  }
}

/**
 * The previous release's seeded demo company, made by that release's own code (its
 * server/db/seed-dump.ts, the same seed its server runs on an empty database) and kept on the server
 * as its `gpms_seed_<hash>` template, as every run keeps the current release's: seeding it again on
 * each run was most of this file's time. Null for a release without the dump: its server seeds at start.
 */
async function previousSeedTemplate(checkout: string, dir: string): Promise<string | null> {
  const dump = path.join(checkout, 'server/db/seed-dump.ts');
  if (!fs.existsSync(dump) || !fs.readFileSync(dump, 'utf8').includes('export async function postgresSeedTemplate('))
    return null;
  const script = path.join(dir, 'previous-seed.mts');
  fs.writeFileSync(
    script,
    [
      `import { postgresSeedTemplate } from ${JSON.stringify(dump)};`,
      'const made = await postgresSeedTemplate(process.cwd(), process.env.PG_ADMIN_URL);',
      'process.stdout.write(made.where);',
    ].join('\n'),
  );
  const { stdout } = await promisify(execFile)(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [script], {
    cwd: checkout,
    env: { ...process.env, PG_ADMIN_URL },
  });
  return stdout.trim();
}

const release = testDbKind() === 'postgres' ? previousRelease() : { skip: 'PostgreSQL only' };
if ('skip' in release && testDbKind() === 'postgres') console.warn(`rolling-upgrade test skipped: ${release.skip}`);

describe.skipIf('skip' in release)(
  'rolling upgrade: the previous release and this one on one PostgreSQL database',
  () => {
    const { commit, newest } = release as { commit: string; newest: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-previous-'));
    const checkout = path.join(dir, 'previous');
    const dbName = `gpms_up_${crypto.randomBytes(5).toString('hex')}`;
    const servers: RunningServer[] = [];
    afterAll(async () => {
      for (const s of servers) await s.stop();
      await dropPgDatabase(dbName).catch(() => undefined);
      try {
        git('worktree', 'remove', '--force', checkout);
      } catch {
        // never added
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const login = async (base: string) => {
      const res = await fetch(`${base}/auth/api/login/idpw`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          systemId: 'GPMS',
          grantType: 'idpw',
          username: 'operator',
          password: DEMO_PASSWORD,
        }).toString(),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { accessToken: string }).accessToken;
    };
    const read = async (base: string, token: string) => {
      const res = await fetch(`${base}/api/v1/pos?size=3&sort=poNo:asc`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as { rows?: Array<{ poNo: string }>; total?: number } };
    };

    it(
      'the old server runs, the new one migrates beside it, and both serve the same user',
      { timeout: 900_000 },
      async () => {
        const started = Date.now();
        // The previous release, checked out beside this one and sharing its node_modules.
        git('worktree', 'add', '--detach', checkout, commit);
        fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
        const url = await createPgDatabase(dbName, (await previousSeedTemplate(checkout, dir)) ?? undefined);
        const env = { DATABASE_URL: url, JOBS_POLL_MS: '0', AUTH_RATE_LIMIT: '1000' };
        const old = await startServer({ repoRoot: checkout, env, readyTimeoutMs: 600_000 });
        servers.push(old);
        const migrationsBefore = await migrationNames(url);
        const oldToken = await login(old.url);
        const before = await read(old.url, oldToken);
        expect(before.status).toBe(200);

        // This release starts on the same database while the old one serves: it applies what is new.
        const current = await startServer({ env, readyTimeoutMs: 600_000 });
        servers.push(current);
        const migrationsAfter = await migrationNames(url);
        expect(
          migrationsAfter.length,
          `the previous release ${commit.slice(0, 10)} lacks the migrations of ${newest.slice(0, 10)}`,
        ).toBeGreaterThan(migrationsBefore.length);

        // One user, two servers: each server's token works on the other; the old one still serves after the migration.
        const newToken = await login(current.url);
        for (const [base, token] of [
          [old.url, oldToken],
          [old.url, newToken],
          [current.url, oldToken],
          [current.url, newToken],
        ] as const) {
          const r = await read(base, token);
          expect(r.status, `${base} with a token of ${token === oldToken ? 'the old' : 'the new'} server`).toBe(200);
          expect(r.body.rows?.map((row) => row.poNo)).toEqual(before.body.rows?.map((row) => row.poNo));
        }
        console.log(
          `rolling upgrade: ${commit.slice(0, 10)} → HEAD, ${migrationsAfter.length - migrationsBefore.length} migration(s) applied beside the old server, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    );
  },
);

async function migrationNames(url: string): Promise<string[]> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
      (r) => r.name,
    );
  } finally {
    await client.end();
  }
}
