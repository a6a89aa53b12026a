import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { api } from '../fulfilment/helpers.js';
import { addDays } from '../../../server/modules/tax-invoices/deadlines.js';

/**
 * One business clock (docs/testing.md "The business clock"): the deadline view judges an unissued
 * invoice against the 10th of the next month (부가가치세법 시행령 §68⑦, moved past holidays) on the
 * app's clock's day. An invoice written today is not late today; with the clock moved to the day
 * after its deadline the same invoice is LATE, and on the deadline itself it is not yet.
 */
describe('tax-invoice deadlines by the business clock', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ config: { taxInvoiceGate: true } });
    http = api(t.app);
    operator = await loginAs(t.app, 'operator');
  }, 120_000);
  afterAll(() => t?.close());

  const rowOf = async (mgtKey: string) => {
    const view = await http.get('/api/v1/tax-invoice-deadlines', operator);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const row = view.body.rows.find((r: { mgtKey: string | null }) => r.mgtKey === mgtKey);
    expect(row).toBeDefined();
    return row as { issueDeadline: string; deadlineState: string; writeDate: string };
  };
  /** Moves the app's clock to noon (KST) of `day`. */
  const moveTo = (day: string) => t.app.clock.advance(Date.parse(`${day}T03:00:00Z`) - t.app.clock.now().getTime());

  it('an invoice written today is late only once the clock passes its deadline', async () => {
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo'])
      .where('status', '=', 'CONFIRMED')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    const made = await http.post(`/api/v1/settlements/${s.settleNo}/tax-invoices`, operator);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const mgtKey = (made.body.rows[0] as { mgtKey: string }).mgtKey;
    // The arrangement: an invoice written on the clock's day (the seed's settlements are of past months).
    const today = todayKst(t.app.clock.now());
    await t.db.db.updateTable('taxInvoice').set({ writeDate: today }).where('mgtKey', '=', mgtKey).execute();

    const now = await rowOf(mgtKey);
    expect(now.writeDate).toBe(today);
    expect(now.issueDeadline > today).toBe(true);
    expect(now.deadlineState).not.toBe('LATE');

    moveTo(now.issueDeadline);
    expect((await rowOf(mgtKey)).deadlineState).toBe('DUE_SOON');

    moveTo(addDays(now.issueDeadline, 1));
    expect((await rowOf(mgtKey)).deadlineState).toBe('LATE');
  });
});
