import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { ownItemWithoutWaitingProposal } from './own-item.js';

/**
 * One business clock (docs/testing.md "The business clock"): a proposal's review date is the document
 * date its supplier reads, so rejecting or approving it on a moved clock dates it on the clock. Before,
 * reviewedAt was the real time while the approval's own date checks already read the clock.
 */
describe('an item proposal reviewed on the business clock', () => {
  let t: TestApp;
  let staff: LoggedIn;
  let s1: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    [staff, s1] = [await sessionAs(t.app, 'tfadmin'), await sessionAs(t.app, 'supplier1')];
  });
  afterAll(() => t.close());

  const call = (who: LoggedIn, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  it('dates a rejection on the clock’s moved day', async () => {
    const own = await ownItemWithoutWaitingProposal(t);
    const validFrom = new Date(t.app.clock.now().getTime() + 9 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await call(s1, '/api/v1/item-proposals', {
      kind: 'PRICE',
      itemCode: own,
      proposedPrice: '1',
      validFrom,
      reason: '인상',
    });
    expect(created.statusCode, created.body).toBe(200);
    t.app.clock.advance(40 * 86_400_000);
    const rejected = await call(staff, `/api/v1/item-proposals/${created.json().proposalNo}/reject`, {
      version: created.json().version,
      reason: '근거 부족',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(Math.abs(Date.parse(rejected.json().reviewedAt) - t.app.clock.now().getTime())).toBeLessThan(60_000);
  });
});
