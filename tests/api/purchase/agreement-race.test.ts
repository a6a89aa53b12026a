import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, type Flow } from './helpers.js';

/**
 * Change orders racing call-offs on the same agreement lines (docs/agreements.md "Lock order"), on
 * PostgreSQL where the requests run on connections of their own. Each round two sent orders hold
 * lines of agreements A and B; concurrently one order's change raises its B line and removes its A
 * line, the other's raises A and removes B, and two call-offs take from A and two from B. Every answer is
 * 200, 409 (the agreement refuses) or 503 (the database rolled a transaction back), never 500; no
 * agreement line ends above its agreed quantity or apart from the live order lines against it.
 * The test holds both agreements' rows for a moment while the four requests start, so that all of
 * them queue on the locks and run at once when they are let go: the worst interleaving, every
 * round. With the agreements locked in two calls (consumption, then what is given back) the two
 * changes took A and B in opposite orders and PostgreSQL's deadlock detector answered one 500.
 */
describe('change orders racing call-offs on one agreement', { timeout: 240_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator', 'opadmin', 'uadmin1']) };
  });
  afterAll(() => t.close());

  async function activeAgreement(title: string) {
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title,
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        ceilingAmount: null,
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '30' }],
      }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, f.u.operator, { version: draft.version }),
    );
    const a = submitted.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    return draft.agreementNo as string;
  }

  /** A simple order of two lines (agreement A, then B), approved and sent; answers its detail. */
  async function sentOrder(a: string, qtyA: string, b: string, qtyB: string) {
    const line = (agreementNo: string, quantity: string) => ({
      agreementNo,
      agreementLineNo: 1,
      quantity,
      unitPrice: '1000',
    });
    const po = ok(
      await f.post('/api/v1/simple-orders', f.u.operator, {
        compNo: 'C00001',
        title: '경합 시험 발주',
        currency: 'KRW',
        dueDate: day(10),
        lines: [line(a, qtyA), line(b, qtyB)],
      }),
    );
    let detail = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    let approval = detail.approvals.at(-1);
    while (approval.status === 'PENDING' || approval.status === 'IN_PROGRESS') {
      const step = approval.steps.find((s: { status: string }) => s.status === 'PENDING');
      const who = step.approverId === 'E000006' ? f.u.uadmin1 : f.u.opadmin;
      approval = ok(
        await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, who, { version: approval.version }),
      ).approval;
    }
    detail = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    if (detail.status === 'APPROVED')
      detail = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: detail.version }));
    expect(detail.status).toBe('SENT');
    return detail as { poNo: string; version: number; lines: Array<{ lineNo: number; agreementNo: string }> };
  }

  const lineOn = (po: Awaited<ReturnType<typeof sentOrder>>, agreementNo: string) =>
    po.lines.find((l) => l.agreementNo === agreementNo)!.lineNo;

  /** The agreement line's counters against the order lines not cancelled that name it. */
  async function standing(agreementNo: string) {
    const line = await t.db.db
      .selectFrom('agreementLine')
      .select(['agreedQty', 'orderedQty', 'orderedAmount'])
      .where('agreementNo', '=', agreementNo)
      .where('lineNo', '=', 1)
      .executeTakeFirstOrThrow();
    const live = await t.db.db
      .selectFrom('poLine as l')
      .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('l.quantity'), eb.val('0')).as('qty'),
        eb.fn.coalesce(eb.fn.sum<string>('l.amount'), eb.val('0')).as('amount'),
      ])
      .where('l.agreementNo', '=', agreementNo)
      .where('h.status', '!=', 'CANCELLED')
      .executeTakeFirstOrThrow();
    return {
      agreed: Number(line.agreedQty),
      ordered: Number(line.orderedQty),
      orderedAmount: Number(line.orderedAmount),
      liveQty: Number(live.qty),
      liveAmount: Number(live.amount),
    };
  }

  /** Waits (at most 15 s) until `n` sessions of this database wait for a lock. */
  async function waitForLockWaiters(n: number) {
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db.db);
      if (Number(rows[0].n) >= n) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('answers only 200, 409 or 503 — never 500 — and never overruns an agreement line', async () => {
    const seen: number[] = [];
    for (let round = 0; round < 4; round++) {
      const a = await activeAgreement(`경합 A ${round}`);
      const b = await activeAgreement(`경합 B ${round}`);
      const one = await sentOrder(a, '10', b, '5');
      const two = await sentOrder(a, '5', b, '10');
      const change = (po: typeof one, raise: string, remove: string) =>
        f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
          version: po.version,
          reason: '경합 시험',
          lines: [{ lineNo: lineOn(po, raise), quantity: '10' }],
          removeLines: [lineOn(po, remove)],
        });
      const callOff = (agreementNo: string, quantity: string) =>
        f.post(`/api/v1/agreements/${agreementNo}/call-offs`, f.u.operator, {
          dueDate: day(10),
          lines: [{ agreementLineNo: 1, quantity }],
        });
      let started!: Promise<Awaited<ReturnType<typeof change>>[]>;
      await t.db.db.transaction().execute(async (trx) => {
        await sql`select agreement_no from agreement where agreement_no in (${a}, ${b}) order by agreement_no for update`.execute(
          trx,
        );
        // 15 ordered of 30: 8 and 10 more cannot both be called off, whichever change comes first.
        started = Promise.all([
          change(one, b, a),
          change(two, a, b),
          callOff(a, '8'),
          callOff(b, '8'),
          callOff(a, '10'),
          callOff(b, '10'),
        ]);
        await waitForLockWaiters(6);
      });
      const answers = await started;
      for (const r of answers) {
        expect([200, 409, 503], r.body).toContain(r.statusCode);
        if (r.statusCode === 503) expect(r.headers['retry-after']).toBeDefined();
        seen.push(r.statusCode);
      }
      for (const agreementNo of [a, b]) {
        const s = await standing(agreementNo);
        expect(s.ordered, agreementNo).toBeLessThanOrEqual(s.agreed);
        expect(s.ordered, agreementNo).toBe(s.liveQty);
        expect(s.orderedAmount, agreementNo).toBe(s.liveAmount);
      }
    }
    expect(seen).toContain(200);
    expect(seen).toContain(409);
  });
});
