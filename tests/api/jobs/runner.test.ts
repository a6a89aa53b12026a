import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { testConfig } from '../../../server/config.js';
import { checkJobNames, createJobRunner } from '../../../server/jobs/runner.js';
import { createClock } from '../../../server/clock.js';
import type { JobDefinition } from '../../../server/jobs/types.js';
import { createEmptyTestDb, type TestDb } from '../../helpers/test-db.js';

const log = pino({ level: 'silent' });

describe('background jobs: each due run happens once, however many servers look', () => {
  let t: TestDb;
  /** A second connection to the same database, as a second server has (PGlite: the one in-process database). */
  let second: DbHandle;
  beforeAll(async () => {
    t = await createEmptyTestDb();
    second = t.url ? await connect({ databaseUrl: t.url, pgliteDir: null }) : t;
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.drop();
  });

  it('two servers polling at the same moment run a due job once, and record the run', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'test.once',
      everySeconds: 3600,
      run: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 50));
        return { touched: 1 };
      },
    };
    const a = createJobRunner({ db: t.db, log, config: testConfig(), jobs: [job], pollMs: 0, serverId: 'server-a' });
    const b = createJobRunner({
      db: second.db,
      log,
      config: testConfig(),
      jobs: [job],
      pollMs: 0,
      serverId: 'server-b',
    });
    await a.register();
    await b.register();
    const ran = (await Promise.all([a.runDue(), b.runDue()])).flat();
    expect(ran).toEqual(['test.once']);
    expect(runs).toBe(1);
    // Both look again: nothing is due for an hour.
    expect((await Promise.all([a.runDue(), b.runDue()])).flat()).toEqual([]);
    const history = await t.db.selectFrom('jobRun').selectAll().where('name', '=', 'test.once').execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'OK', summary: { touched: 1 } });
    const state = await t.db
      .selectFrom('jobState')
      .selectAll()
      .where('name', '=', 'test.once')
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({ runningBy: null, lastStatus: 'OK', failures: 0 });
    expect(Date.parse(state.nextRunAt)).toBeGreaterThan(Date.now() + 3500 * 1000);
  });

  it('a poke makes a job due now; racing servers still run it once', async () => {
    let runs = 0;
    const job: JobDefinition = { name: 'test.poked', everySeconds: 3600, run: async () => void (runs += 1) };
    const a = createJobRunner({ db: t.db, log, config: testConfig(), jobs: [job], pollMs: 0, serverId: 'server-a' });
    const b = createJobRunner({
      db: second.db,
      log,
      config: testConfig(),
      jobs: [job],
      pollMs: 0,
      serverId: 'server-b',
    });
    await a.register();
    await b.register();
    await a.runDue();
    expect(runs).toBe(1);
    a.poke('test.poked');
    await expect
      .poll(
        async () =>
          Date.parse(
            (
              await t.db
                .selectFrom('jobState')
                .select('nextRunAt')
                .where('name', '=', 'test.poked')
                .executeTakeFirstOrThrow()
            ).nextRunAt,
          ) <= Date.now(),
      )
      .toBe(true);
    const ran = (await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()])).flat();
    expect(ran).toEqual(['test.poked']);
    expect(runs).toBe(2);
    expect(() => a.poke('test.nobody')).toThrow('No background job is named "test.nobody"');
  });

  it('runs and schedules by the app’s clock: moved past a period, the job is due again and runs in the moved time', async () => {
    const seen: Date[] = [];
    const job: JobDefinition = {
      name: 'test.clocked',
      everySeconds: 3600,
      run: async (ctx) => void seen.push(ctx.now),
    };
    const clock = createClock();
    const a = createJobRunner({
      db: t.db,
      log,
      config: testConfig(),
      jobs: [job],
      pollMs: 0,
      serverId: 'server-a',
      clock,
    });
    await a.register();
    expect(await a.runDue()).toEqual(['test.clocked']);
    expect(await a.runDue()).toEqual([]);
    clock.advance(3601 * 1000);
    expect(await a.runDue()).toEqual(['test.clocked']);
    expect(seen).toHaveLength(2);
    expect(seen[1].getTime() - Date.now()).toBeGreaterThan(3600 * 1000);
    const state = await t.db
      .selectFrom('jobState')
      .selectAll()
      .where('name', '=', 'test.clocked')
      .executeTakeFirstOrThrow();
    expect(Date.parse(state.nextRunAt)).toBeGreaterThan(Date.now() + 7000 * 1000);
    expect(() => clock.advance(-1)).toThrow('only moves forward');
  });

  it('a failed run is recorded with its error and retried after a backoff', async () => {
    let attempts = 0;
    const job: JobDefinition = {
      name: 'test.failing',
      everySeconds: 600,
      run: async () => {
        attempts += 1;
        throw new Error('ERP가 응답하지 않습니다');
      },
    };
    const a = createJobRunner({ db: t.db, log, config: testConfig(), jobs: [job], pollMs: 0, serverId: 'server-a' });
    await a.register();
    await a.runDue();
    expect(attempts).toBe(1);
    const state = await t.db
      .selectFrom('jobState')
      .selectAll()
      .where('name', '=', 'test.failing')
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({
      lastStatus: 'FAILED',
      lastError: 'ERP가 응답하지 않습니다',
      failures: 1,
      runningBy: null,
    });
    // The first retry comes after 30 s, not after the job's 10 minutes.
    const delay = (Date.parse(state.nextRunAt) - Date.parse(state.lastFinishedAt!)) / 1000;
    expect(delay).toBeCloseTo(30, 0);
    expect(await a.runDue(new Date(Date.now() + 31_000))).toEqual(['test.failing']);
    const again = await t.db
      .selectFrom('jobState')
      .selectAll()
      .where('name', '=', 'test.failing')
      .executeTakeFirstOrThrow();
    expect(again.failures).toBe(2);
    expect((Date.parse(again.nextRunAt) - Date.parse(again.lastFinishedAt!)) / 1000).toBeCloseTo(60, 0);
  });

  it('a claim left by a server that died is taken over after its lease, not before', async () => {
    let runs = 0;
    const job: JobDefinition = { name: 'test.orphaned', everySeconds: 60, run: async () => void (runs += 1) };
    await t.db
      .insertInto('jobState')
      .values({
        name: 'test.orphaned',
        everySeconds: 60,
        nextRunAt: new Date(Date.now() - 1000),
        runningBy: 'dead-server',
        runningSince: new Date(),
      })
      .execute();
    const a = createJobRunner({
      db: t.db,
      log,
      config: testConfig(),
      jobs: [job],
      pollMs: 0,
      leaseSeconds: 120,
      serverId: 'server-a',
    });
    expect(await a.runDue()).toEqual([]);
    expect(await a.runDue(new Date(Date.now() + 121_000))).toEqual(['test.orphaned']);
    expect(runs).toBe(1);
  });

  it('a started server runs what is due by itself, and stops cleanly', async () => {
    let runs = 0;
    const job: JobDefinition = { name: 'test.loop', everySeconds: 3600, run: async () => void (runs += 1) };
    const a = createJobRunner({ db: t.db, log, config: testConfig(), jobs: [job], pollMs: 20, serverId: 'server-a' });
    await a.start();
    await expect.poll(() => runs).toBe(1);
    await a.stop();
  });

  it('refuses two jobs of one name at start-up', () => {
    const job: JobDefinition = { name: 'test.twice', everySeconds: 1, run: async () => undefined };
    expect(() => checkJobNames([job, job])).toThrow('Two background jobs are named "test.twice"');
  });
});
