import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { insertAcknowledgedPo, type api } from './helpers.js';

/** The people of the 하도급 settlement tests: C00001's and C00002's suppliers, the buyer's operator and admin. */
export async function subconParties(t: TestApp) {
  const [supplier1, supplier2, operator, admin] = [
    await sessionAs(t.app, 'supplier1'),
    await sessionAs(t.app, 'supplier2'),
    await sessionAs(t.app, 'operator'),
    await sessionAs(t.app, 'admin'),
  ];
  return { supplier1, supplier2, operator, admin };
}

interface Cast {
  t: TestApp;
  http: ReturnType<typeof api>;
  operator: LoggedIn;
  admin: LoggedIn;
}

/**
 * What the 하도급 settlement tests share (subcon-payment, subcon-charges), walked with the business clock: a 하도급
 * order received on a day, a month's settlements built, one put to its supplier and confirmed. `cast` is read at
 * each call, so the steps can be made before the suite's `beforeAll` has built its app.
 */
export function subconSteps(cast: () => Cast) {
  /** The business clock moved to 12:00 (KST) of `day`. */
  const moveTo = (day: string) => {
    const { t } = cast();
    t.app.clock.advance(Date.parse(`${day}T03:00:00Z`) - t.app.clock.now().getTime());
  };

  /** A 하도급 order of `compNo` for 10,000,000 won, delivered, received and decided on the clock's day: its receipt. */
  const receivedSubcon = (compNo: string, supplier: LoggedIn) => received(compNo, supplier, 'MANUFACTURE');

  /** The same order, not 하도급 (`subconKind` left null): what a settlement without 하도급 lines is built from. */
  const receivedPlain = (compNo: string, supplier: LoggedIn) => received(compNo, supplier, null);

  async function received(compNo: string, supplier: LoggedIn, subconKind: 'MANUFACTURE' | null) {
    const { t, http, operator, admin } = cast();
    const today = todayKst(t.app.clock.now());
    const poNo = await insertAcknowledgedPo(t, compNo, 'KRW', [{ quantity: '4', unitPrice: '2500000' }]);
    await t.db.db.updateTable('poHeader').set({ subconKind }).where('poNo', '=', poNo).execute();
    const d = await http.post('/api/v1/cyber/deliveries', supplier, {
      poNo,
      deliveryDate: today,
      lines: [{ poLineNo: 1, quantity: '4' }],
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    let r = (
      await http.post(`/api/v1/deliveries/${d.body.delivery.deliveryNo}/receive`, operator, {
        version: d.body.delivery.version,
        expenses: 'MATERIAL',
      })
    ).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/approve`, admin, { version: r.version })).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/decide`, operator, { version: r.version })).body.receipt;
    expect(r.status).toBe('DECIDED');
    return r.whReqNo as string;
  }

  /** A settlement's detail as `who` (the operator unless named) reads it. */
  const detail = async (settleNo: string, who?: LoggedIn) => {
    const { http, operator } = cast();
    const r = await http.get(`/api/v1/settlements/${settleNo}`, who ?? operator);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  /** Put to the supplier and confirmed by it. */
  async function confirmed(settleNo: string, supplier: LoggedIn) {
    const { http, operator } = cast();
    const asked = await http.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, {
      version: (await detail(settleNo)).settlement.version,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const c = await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier, {
      version: asked.body.settlement.version,
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
  }

  /** The month's settlements built: C00001's and C00002's numbers. */
  async function built(period: string) {
    const { t, http, operator } = cast();
    const b = await http.post('/api/v1/settlements/build', operator, { period });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const of = async (compNo: string) =>
      (
        await t.db.db
          .selectFrom('settlement')
          .select('settleNo')
          .where('compNo', '=', compNo)
          .where('period', '=', period)
          .executeTakeFirstOrThrow()
      ).settleNo;
    return [await of('C00001'), await of('C00002')];
  }

  return { moveTo, receivedSubcon, receivedPlain, detail, confirmed, built };
}
