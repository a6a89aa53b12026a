import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';
import { insertFixtures, periodBody } from './fixtures.js';

/**
 * One business clock (docs/testing.md "The business clock"): a period's due date is judged on the
 * clock's day, and a total's finalization and publication (the dates its supplier reads, as a
 * tender's publication) are the clock's instants. Before, both read the real time: with the clock
 * past the due date a period still opened, and a total published on the moved day carried the real one.
 */
describe('evaluation by the business clock', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    await insertFixtures(t);
    f = { ...client(t), u: await logins(t, ['tfadmin']) };
  });
  afterAll(() => t.close());

  const moveTo = (iso: string) => t.app.clock.advance(Date.parse(iso) - t.app.clock.now().getTime());
  const nearClock = (iso: string | null) =>
    expect(Math.abs(Date.parse(iso ?? '') - t.app.clock.now().getTime())).toBeLessThan(60_000);

  it('dates a total’s finalization and publication from the clock', async () => {
    const created = ok(await f.post('/api/v1/evaluation/periods', f.u.tfadmin, periodBody()));
    const opened = ok(
      await f.post(`/api/v1/evaluation/periods/${created.periodId}/open`, f.u.tfadmin, { version: created.version }),
    );
    ok(await f.post(`/api/v1/evaluation/periods/${created.periodId}/close`, f.u.tfadmin, { version: opened.version }));
    const totals = ok(await f.get(`/api/v1/evaluation/totals?periodId=${created.periodId}`, f.u.tfadmin));
    // A year and a day past the period's due date (2031-07-15), noon in Korea.
    moveTo('2032-07-16T03:00:00Z');
    let x = ok(await f.get(`/api/v1/evaluation/totals/${totals.rows[0].totalId}`, f.u.tfadmin));
    x = ok(await f.post(`/api/v1/evaluation/totals/${x.totalId}/finalize`, f.u.tfadmin, { version: x.version }));
    nearClock(x.finalizedAt);
    x = ok(await f.post(`/api/v1/evaluation/totals/${x.totalId}/publish`, f.u.tfadmin, { version: x.version }));
    nearClock(x.publishedAt);
  });

  it('refuses to open a period whose due date is past on the clock’s day', async () => {
    const body = periodBody({ startDate: '2032-08-01', endDate: '2032-12-31', dueDate: '2033-01-15' });
    const p = ok(await f.post('/api/v1/evaluation/periods', f.u.tfadmin, body));
    moveTo('2033-01-16T03:00:00Z');
    const late = refused(
      await f.post(`/api/v1/evaluation/periods/${p.periodId}/open`, f.u.tfadmin, { version: p.version }),
      409,
      'EVA_PAST_DUE',
    );
    expect(late.msg).toContain('2033-01-15');
  });
});
