import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { isSeeded, seedDemo } from './db/seed/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/accounts.js';

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
  // The demo seed runs before the app exists (see openDatabase); its lines are logged once it does.
  const seedLog: string[] = [];
  let seeded: Awaited<ReturnType<typeof seedDemo>> | null = null;
  const { dbh, applied } = await openDatabase(config, {
    prepare: async (db) => {
      if (config.seed !== 'demo' || (await isSeeded(db))) return;
      if (config.logLevel !== 'silent') console.error('first start: seeding the demo company …');
      seeded = await seedDemo(db, { log: (msg) => seedLog.push(msg) });
    },
  });
  const app = await buildApp({ config, dbh });
  app.log.info({ database: dbh.description, migrations: applied }, 'database ready');
  if (seeded) {
    for (const line of seedLog) app.log.info(line);
    app.log.info({ rows: seeded }, 'demo seed done');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await dbh.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (config.jobsPollMs > 0) await app.jobs.start();
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  GPMS (internal)  ${url}/`,
    `  OGPMS (external) ${url}/cyber`,
    config.nodeEnv !== 'production' ? `  API docs         ${url}/docs` : '',
    `  database         ${dbh.description}`,
    config.seed === 'demo' ? `  demo accounts    ${DEMO_ACCOUNTS.map((a) => a.userId).join(', ')} (password ${DEMO_PASSWORD})` : '',
    `  ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${address})`,
    '',
  ].filter((l) => l !== '');
  console.log(lines.join('\n'));
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
    console.log('  one-time codes   printed in this log (DEV_OUTBOX=on with HOST=127.0.0.1 also lists them at /api/dev/outbox)');
  }
}

main().catch((err) => {
  console.error('GPMS failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
