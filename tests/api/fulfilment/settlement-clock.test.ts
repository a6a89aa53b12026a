import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { periodOf, todayKst } from '../../../server/domain/dates.js';
import { api, expectError } from './helpers.js';

/**
 * One business clock (docs/architecture.md "Time"): settlement refuses a future month by the
 * app's clock, not the real day — moving the clock a month on makes next month settleable.
 */
describe('settlement by the business clock', () => {
  let t: TestApp;
  let operator: LoggedIn;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    operator = await sessionAs(t.app, 'operator');
  });
  afterAll(() => t.close());

  it('next month is refused until the clock reaches it', async () => {
    const today = todayKst(t.app.clock.now());
    const next = periodOf(todayKst(new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00+09:00`) + 40 * 86_400_000)));
    const early = await http.post('/api/v1/settlements/build', operator, { period: next, compNo: 'C00001' });
    expectError(early, 400, 'VALIDATION');
    expect(JSON.stringify(early.body)).toContain('미래 월은 정산할 수 없습니다');

    t.app.clock.advance(45 * 86_400_000);
    const later = await http.post('/api/v1/settlements/build', operator, { period: next, compNo: 'C00001' });
    expect(later.status).toBe(200);
  });

  it('an adjustment is requested on the clock’s day (the clock moved above), not the database’s', async () => {
    const s = await t.db.db
      .selectFrom('settlement')
      .select('settleNo')
      .where('status', 'in', ['DRAFT', 'DISPUTED'])
      .executeTakeFirstOrThrow();
    const r = await http.post(`/api/v1/settlements/${s.settleNo}/adjustments`, operator, {
      amount: '1000',
      reason: '운반비',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await t.db.db
      .selectFrom('settlementAdjustment')
      .select('requestedAt')
      .where('settleNo', '=', s.settleNo)
      .orderBy('adjNo', 'desc')
      .executeTakeFirstOrThrow();
    expect(todayKst(new Date(row.requestedAt))).toBe(todayKst(t.app.clock.now()));
  });
});
