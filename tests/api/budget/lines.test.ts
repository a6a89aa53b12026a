import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

/** Budget lines: bad input is refused whole, a stale version is a conflict, suppliers are refused everything. */
describe('budget lines', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['admin', 'operator', 'monitor', 'buyer', 'supplier1']) };
  });
  afterAll(() => t.close());

  const state = async () => {
    const lines = await t.db.db
      .selectFrom('budgetLine')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<string>('amount').as('sum')])
      .executeTakeFirstOrThrow();
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    return { n: Number(lines.n), sum: String(lines.sum), audit: Number(audit.id ?? 0) };
  };
  const line = (o: Record<string, unknown> = {}) => ({
    fiscalYear: 2030,
    month: 1,
    deptcd: 'D1100',
    accountCode: 'SUP',
    amount: '1000000',
    ...o,
  });

  it('the seed gives every department a budget for every account and month of this year and the last; RND is exhausted this year', async () => {
    const depts = Number(
      (
        await t.db.db
          .selectFrom('department')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const accounts = ok(await f.get('/api/v1/budget/accounts', f.u.operator)).rows;
    expect(accounts.map((a: { accountCode: string; policy: string }) => [a.accountCode, a.policy])).toEqual([
      ['RAW', 'WARN'],
      ['SUP', 'STOP'],
      ['EQP', 'STOP'],
      ['OUT', 'WARN'],
      ['PKG', 'IGNORE'],
      ['RND', 'STOP'],
    ]);
    const list = ok(await f.get('/api/v1/budget/lines?fiscalYear=2026&size=1', f.u.operator));
    expect(list.total).toBe(depts * 6 * 12);
    const rnd = ok(await f.get('/api/v1/budget/report?fiscalYear=2026&accountCode=RND&by=month', f.u.operator));
    expect(rnd.totals.budget).toBe('0');
    // Some lines are near their limit: no more than 10 % of what was consumed plus 5,000,000 won left.
    const detail = ok(await f.get('/api/v1/budget/report?fiscalYear=2026&by=detail&size=500', f.u.operator))
      .rows as Array<Record<string, string>>;
    const used = (r: Record<string, string>) => BigInt(r.preCommitted) + BigInt(r.committed) + BigInt(r.actual);
    const near = detail.filter(
      (r) => r.accountCode !== 'RND' && used(r) > 0n && BigInt(r.available) <= used(r) / 10n + 5_000_000n,
    );
    expect(near.length).toBeGreaterThan(0);
    // The budgets are sized to the consumption (the report's bars comparable): a month of all departments holds
    // less than 20 times what its documents consumed; seeded transfers leave the total as it was.
    const months = ok(await f.get('/api/v1/budget/report?fiscalYear=2026&by=month', f.u.operator));
    const busiest = (months.rows as Array<Record<string, string>>).sort((x, y) => Number(used(y) - used(x)))[0];
    expect(BigInt(busiest.budget)).toBeLessThan(used(busiest) * 20n);
    expect(months.totals.transferred).toBe('0');
    expect(
      ok(await f.get('/api/v1/budget/transfers?fiscalYear=2026', f.u.operator)).rows.map(
        (r: { status: string }) => r.status,
      ),
    ).toEqual(['APPROVED', 'APPROVED']);
  });

  it('refuses a negative or non-numeric amount, an unknown department or account, a key given twice, a wrong month: nothing changes', async () => {
    const dept = (
      await t.db.db
        .selectFrom('department')
        .select('deptcd')
        .where('useYn', '=', 'Y')
        .orderBy('deptcd')
        .executeTakeFirstOrThrow()
    ).deptcd;
    const before = await state();
    const bad = refused(
      await f.put('/api/v1/budget/lines', f.u.admin, {
        lines: [
          line({ deptcd: dept }),
          line({ deptcd: dept, month: 2, amount: '-5' }),
          line({ deptcd: dept, month: 3, amount: '백만' }),
          line({ deptcd: 'ZZ999', month: 4 }),
          line({ deptcd: dept, month: 5, accountCode: 'NOPE' }),
          line({ deptcd: dept }),
        ],
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual([
      'body/lines/1/amount',
      'body/lines/2/amount',
      'body/lines/3/deptcd',
      'body/lines/4/accountCode',
      'body/lines/5/month',
    ]);
    refused(await f.put('/api/v1/budget/lines', f.u.admin, { lines: [line({ deptcd: dept, month: 13 })] }), 400);
    expect(await state()).toEqual(before);

    ok(await f.put('/api/v1/budget/lines', f.u.admin, { lines: [line({ deptcd: dept, amount: '1,500,000' })] }));
    const saved = ok(await f.get(`/api/v1/budget/lines?fiscalYear=2030&deptcd=${dept}`, f.u.admin)).rows;
    expect(
      saved.map((r: Record<string, unknown>) => [r.month, r.accountCode, r.amount, r.available, r.version]),
    ).toEqual([[1, 'SUP', '1500000', '1500000', 1]]);
    // Existing: the version read is required and must be current.
    refused(
      await f.put('/api/v1/budget/lines', f.u.admin, { lines: [line({ deptcd: dept, amount: '2' })] }),
      409,
      'VERSION_CONFLICT',
    );
    ok(await f.put('/api/v1/budget/lines', f.u.admin, { lines: [line({ deptcd: dept, amount: '2', version: 1 })] }));
    refused(
      await f.put('/api/v1/budget/lines', f.u.admin, { lines: [line({ deptcd: dept, amount: '3', version: 1 })] }),
      409,
      'VERSION_CONFLICT',
    );
    // The screen's one-line form: the same rules.
    refused(
      await f.put('/api/v1/budget/line', f.u.admin, line({ deptcd: dept, amount: '-3', version: 2 })),
      400,
      'VALIDATION',
    );
    ok(await f.put('/api/v1/budget/line', f.u.admin, line({ deptcd: dept, amount: '3', version: 2 })));
    // Monitoring reads, does not write; a plain user neither.
    ok(await f.get('/api/v1/budget/lines?fiscalYear=2030', f.u.monitor));
    refused(
      await f.put('/api/v1/budget/lines', f.u.monitor, { lines: [line({ deptcd: dept, amount: '4', version: 3 })] }),
      403,
    );
    refused(await f.get('/api/v1/budget/lines?fiscalYear=2030', f.u.buyer), 403);
  });

  it('suppliers get 403 from every budget operation', async () => {
    const s = f.u.supplier1;
    for (const res of [
      await f.get('/api/v1/budget/lines', s),
      await f.put('/api/v1/budget/lines', s, { lines: [line()] }),
      await f.put('/api/v1/budget/line', s, line()),
      await f.get('/api/v1/budget/accounts', s),
      await f.put('/api/v1/budget/accounts/SUP/policy', s, { policy: 'IGNORE', version: 1 }),
      await f.get('/api/v1/budget/report?fiscalYear=2026', s),
      await f.get('/api/v1/budget/ledger', s),
      await f.get('/api/v1/budget/prs/PR2026-000001', s),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toMatch(/available|preCommitted/);
    }
  });
});
