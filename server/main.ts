import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { gracefulShutdown } from './lifecycle.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { prepareFirstStart, type FirstStart } from './modules/first-start/service.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/accounts.js';
import { restoreSeededDataDir, seedSourcesAt } from './db/seed-dump.js';
import { schemaCodeCacheDir } from './http/schema-code-cache.js';

/** The repository: server/main.ts and the compiled dist-server/main.mjs both sit one level below it. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const started = Date.now();
  // The first start (demo seed, or the first administrator of a production database) runs before the
  // app exists (see openDatabase); its lines are logged once it does.
  const seedLog: string[] = [];
  let first: FirstStart = { kind: 'nothing' };
  let restored: string | null = null;
  const {
    dbh,
    applied,
    beside: app,
  } = await openDatabase(config, {
    // A new embedded database outside production starts as a copy of the seeded demo company, kept
    // by a hash of the migrations and the seed (server/db/seed-dump.ts): the same rows and passwords
    // as seeding, in seconds. Production's demo gets its random passwords from a seed of its own.
    restoreNew:
      config.seed === 'demo' && config.nodeEnv !== 'production' && seedSourcesAt(root)
        ? async (pgliteDir) => {
            const r = await restoreSeededDataDir(root, pgliteDir, (msg) => seedLog.push(msg));
            restored = `demo company restored from the seed dump ${r.hash} in ${r.seconds.toFixed(1)} s${r.made ? ' (dump made now)' : ''}`;
            return true;
          }
        : undefined,
    prepare: async (db) => {
      if (config.seed === 'demo' && config.logLevel !== 'silent')
        console.error('first start: seeding the demo company (if the database is empty) …');
      first = await prepareFirstStart(db, config, (msg) => seedLog.push(msg));
    },
    // The app is built, and its schemas' warm-up begun, while PGlite's thread opens the database (on a
    // first start, while the seeded copy is still being made): the server listens once the database is
    // open. Every route's schema is compiled in slices that yield (http/schema-compile.ts), kept on disk
    // by content for the next start (http/schema-code-cache.ts); /readyz answers 200 once they all are.
    beside: async (dbh) => {
      const built = await buildApp({ config, dbh, schemas: 'after-listen', schemaCodeCache: schemaCodeCacheDir(root) });
      // Its failure is told below, once the server listens (a fatal log and exit 1).
      built.schemaWarmUp?.run().catch(() => undefined);
      return built;
    },
  });
  app.log.info({ database: dbh.description, migrations: applied }, 'database ready');
  const done = first as FirstStart;
  if (done.kind === 'demo') {
    for (const line of seedLog) app.log.info(line);
    app.log.info({ rows: done.rows, mustChangePassword: done.mustChange }, 'demo seed done');
  }
  const restoredNote = restored as string | null;
  if (restoredNote) {
    for (const line of seedLog) app.log.info(line);
    app.log.info(restoredNote);
  }

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The drain, then 10 s for requests in flight, the job running and the exports' release.
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    try {
      await gracefulShutdown(app, { drainMs: config.shutdownDrainMs, closeDatabase: () => dbh.close() });
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const listening = (Date.now() - started) / 1000;
  const warmUp = app.schemaWarmUp;
  if (warmUp) {
    warmUp.run().then(
      (r) =>
        app.log.info(
          { schemas: r.schemas, compiled: r.compiled, seconds: Number(r.seconds.toFixed(1)), codeCache: r.cache },
          `schemas compiled: ready for traffic ${((Date.now() - started) / 1000).toFixed(1)} s after the start`,
        ),
      (err: unknown) => {
        // A schema a compiler refuses stops the server, as it did when every one compiled before listening.
        app.log.fatal({ err }, 'a route schema does not compile: stopping');
        console.error('GPMS failed to start:', err instanceof Error ? err.message : err);
        void shutdown('schema', 1);
      },
    );
  }
  if (config.jobsPollMs > 0) await app.jobs.start();
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  GPMS (internal)  ${url}/`,
    `  OGPMS (external) ${url}/cyber`,
    config.nodeEnv !== 'production' ? `  API docs         ${url}/docs` : '',
    `  database         ${dbh.description}`,
    config.seed === 'demo' && config.nodeEnv !== 'production'
      ? `  demo accounts    ${DEMO_ACCOUNTS.map((a) => a.userId).join(', ')} (password ${DEMO_PASSWORD})`
      : '',
    warmUp
      ? `  serving in ${listening.toFixed(1)} s (${address}); /readyz answers 200 once every schema is compiled`
      : `  ready in ${listening.toFixed(1)} s (${address})`,
    '',
  ].filter((l) => l !== '');
  console.log(lines.join('\n'));
  printFirstAdmin(done);
  printDemoPasswords(done);
  if (config.devOutbox) {
    console.log(
      [
        '',
        '  ************************************************************************',
        '  *  DEV_OUTBOX=on: GET /api/dev/outbox shows every one-time and reset   *',
        '  *  code to anyone who can reach this server. Demo use on loopback only. *',
        '  ************************************************************************',
        '',
      ].join('\n'),
    );
    app.log.warn({ devOutbox: true }, 'development outbox is ON: one-time codes are readable at /api/dev/outbox');
  } else if (config.nodeEnv !== 'production') {
    console.log(
      '  one-time codes   printed in this log (DEV_OUTBOX=on with HOST=127.0.0.1 also lists them at /api/dev/outbox)',
    );
  }
}

main().catch((err) => {
  console.error('GPMS failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

/**
 * The first administrator of an empty production database (server/modules/first-start): the setup
 * code goes to the console only — never to the structured log, which is often shipped elsewhere.
 */
function printFirstAdmin(first: FirstStart): void {
  if (first.kind === 'adminPassword') {
    console.log(
      `\n  first administrator: '${first.userId}' with ADMIN_INITIAL_PASSWORD; a new password is asked at the first login.\n`,
    );
  }
  if (first.kind !== 'setupCode') return;
  console.log(
    [
      '',
      '  ************************************************************************',
      `  First administrator: log in at / as '${first.userId}' with this one-time setup code`,
      `  as the password, then choose a password:   ${first.code}`,
      `  It works once, until ${first.expiresAt.toISOString()}; a restart prints a new one.`,
      '  ************************************************************************',
      '',
    ].join('\n'),
  );
}

/**
 * A production start with SEED=demo: each demo account's random password, once, to the console only
 * (never the structured log). A later start has them no more: an administrator resets a lost one.
 */
function printDemoPasswords(first: FirstStart): void {
  if (first.kind !== 'demo' || first.passwords.length === 0) return;
  console.log(
    [
      '',
      '  ************************************************************************',
      '  SEED=demo in production: each demo account has this random password,',
      '  shown only now; each must choose its own at its first login.',
      ...first.passwords.map((p) => `    ${p.userId.padEnd(16)} ${p.password}`),
      '  ************************************************************************',
      '',
    ].join('\n'),
  );
}
