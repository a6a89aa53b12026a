import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { JOBS } from '../../../server/jobs/registry.js';
import type { JobContext } from '../../../server/jobs/types.js';
import { client, day, logins, ok, openRfq, type Flow } from './helpers.js';

/** Purchasing's time rules as jobs, called through run(ctx) as the runner will: LOI expiry and RFQ deadline closing, each run audited. */
describe('purchasing jobs', () => {
  let t: TestApp;
  let f: Flow;
  let ctx: (now: Date) => JobContext;
  const job = (name: string) => {
    const found = JOBS.find((j) => j.name === name);
    if (!found) throw new Error(`job ${name} is not registered`);
    return found;
  };
  const runs = (name: string) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['afterData'])
      .where('entity', '=', 'job_run')
      .where('entityKey', '=', name)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1', 'supplier2']) };
    ctx = (now) => ({ db: t.db.db, log: t.app.log, config: t.config, now });
  });
  afterAll(() => t.close());

  it('are listed in the registry with unique dotted names', () => {
    const names = JOBS.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(['loi.expireOverdue', 'rfq.closePastDeadline']));
    expect(new Set(names).size).toBe(names.length);
    for (const j of JOBS) expect(j.everySeconds).toBeGreaterThan(0);
  });

  it('loi.expireOverdue stores the expiry of issued LOIs past validity, once; each run is audited', async () => {
    const loi = await t.db.db.selectFrom('loi').select(['loiNo', 'version']).orderBy('loiNo').executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('loi')
      .set({ status: 'ISSUED', validFrom: day(-30), validUntil: day(-1) })
      .where('loiNo', '=', loi.loiNo)
      .execute();
    const valid = await t.db.db
      .selectFrom('loi')
      .select(['loiNo'])
      .where('loiNo', '<>', loi.loiNo)
      .orderBy('loiNo', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('loi')
      .set({ status: 'ISSUED', validFrom: day(-1), validUntil: day(0) })
      .where('loiNo', '=', valid.loiNo)
      .execute();
    const before = (await runs('loi.expireOverdue')).length;

    const first = await job('loi.expireOverdue').run(ctx(new Date()));
    expect(first).toMatchObject({ expired: expect.any(Number) });
    expect((first as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    const row = await t.db.db
      .selectFrom('loi')
      .select(['status', 'expiredAt', 'version'])
      .where('loiNo', '=', loi.loiNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('EXPIRED');
    expect(row.expiredAt).not.toBeNull();
    expect(
      (await t.db.db.selectFrom('loi').select('status').where('loiNo', '=', valid.loiNo).executeTakeFirstOrThrow())
        .status,
    ).toBe('ISSUED');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'loi')
      .where('entityKey', '=', loi.loiNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'EXPIRE', actor: 'system:job' });

    expect(await job('loi.expireOverdue').run(ctx(new Date()))).toEqual({ expired: 0 });
    const after = await runs('loi.expireOverdue');
    expect(after.length).toBe(before + 2);
    expect(JSON.stringify(after.at(-2)!.afterData)).toContain(loi.loiNo);
  });

  it('rfq.closePastDeadline closes requests past their deadline to quotations: those not submitted lapse; selection goes on', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const q = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    ok(
      await f.put(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(60),
        lines: q.lines.map((l: { lineNo: number }) => ({ lineNo: l.lineNo, unitPrice: '1000' })),
      }),
    );
    const open = await openRfq(f, ['C00001']);

    // Before the deadline nothing closes.
    const early = await job('rfq.closePastDeadline').run(ctx(new Date()));
    expect(
      (
        await t.db.db.selectFrom('rfqHeader').select('closedAt').where('rfqNo', 'in', [rfq.rfqNo, open.rfqNo]).execute()
      ).every((r) => r.closedAt === null),
    ).toBe(true);
    expect(early).toMatchObject({ closed: expect.any(Number) });

    await t.db.db
      .updateTable('rfqHeader')
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where('rfqNo', '=', rfq.rfqNo)
      .execute();
    const now = new Date();
    const result = (await job('rfq.closePastDeadline').run(ctx(now))) as { closed: number; lapsedQuotations: number };
    expect(result.closed).toBeGreaterThanOrEqual(1);
    const header = await t.db.db
      .selectFrom('rfqHeader')
      .select(['status', 'closedAt'])
      .where('rfqNo', '=', rfq.rfqNo)
      .executeTakeFirstOrThrow();
    expect(header.status).toBe('OPEN');
    expect(header.closedAt).toBe(now.toISOString());
    const quotes = await t.db.db
      .selectFrom('quotation')
      .select(['compNo', 'status'])
      .where('rfqNo', '=', rfq.rfqNo)
      .orderBy('compNo')
      .execute();
    expect(quotes).toEqual([
      { compNo: 'C00001', status: 'SUBMITTED' },
      { compNo: 'C00002', status: 'NOT_SELECTED' },
    ]);
    expect(
      (
        await t.db.db
          .selectFrom('rfqHeader')
          .select('closedAt')
          .where('rfqNo', '=', open.rfqNo)
          .executeTakeFirstOrThrow()
      ).closedAt,
    ).toBeNull();
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor', 'afterData'])
      .where('entity', '=', 'rfq_header')
      .where('entityKey', '=', rfq.rfqNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'DEADLINE_CLOSED', actor: 'system:job' });
    expect(JSON.stringify(audit.afterData)).toContain('C00002');

    // A second run leaves it alone; the buyer still selects the submitted quotation.
    await job('rfq.closePastDeadline').run(ctx(new Date()));
    expect(
      (
        await t.db.db
          .selectFrom('rfqHeader')
          .select('closedAt')
          .where('rfqNo', '=', rfq.rfqNo)
          .executeTakeFirstOrThrow()
      ).closedAt,
    ).toBe(now.toISOString());
    const fresh = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}`, f.u.operator));
    const selected = ok(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: fresh.version, compNo: 'C00001' }),
    );
    expect(selected.status).toBe('AWARDED');
    expect((await runs('rfq.closePastDeadline')).length).toBeGreaterThanOrEqual(3);
  });
});
