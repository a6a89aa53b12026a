import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { testDbKind } from '../../helpers/test-db.js';
import { describeReport, runFuzz } from '../../fuzz/runner.js';

/**
 * The short run: two fuzzed requests for every operation (one on PGlite) with a fixed seed
 * (`npm run fuzz` is the long run). No 5xx, no invalid input taken, no other company's data changed.
 */
describe('schema-guided fuzzing, short run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('every operation refuses bad input with a 4xx', async () => {
    // PGlite runs in this process and is slower: one case per operation there.
    const report = await runFuzz({
      app: t.app,
      db: t.db.db,
      seed: 20261122,
      perOperation: testDbKind() === 'postgres' ? 2 : 1,
      concurrency: 2,
    });
    console.log(`${describeReport(report)} [${testDbKind()}]`);
    const failures = [...report.serverErrors, ...report.acceptedInvalid].map(
      (f) => `${f.status} ${f.operationId} [${f.mutation}] ${f.request}\n    → ${f.answer}`,
    );
    expect(failures, describeReport(report)).toEqual([]);
    expect(report.otherCompanyChanged).toBeNull();
    expect(report.operations).toBeGreaterThan(300);
  }, 600_000);
});
