import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { getPage, walkByCursor, type Row } from '../../helpers/keyset-walk.js';

/**
 * The lists moved to keyset paging after the first twelve: each walked to its
 * end by cursor, both ways, under sorts with ties and NULLs, equal to one page of all rows.
 */
describe('keyset paging of the larger lists', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await sessionAs(t.app, 'tfadmin');
  });
  afterAll(() => t.close());

  it('items: by code, name, specification (NULLs), category, price and time', { timeout: 120_000 }, async () => {
    const itemCode = (r: Row) => r.itemCode as string;
    const { body } = await getPage(t, admin, '/api/v1/items', { size: '1' });
    expect(body.total).toBeGreaterThan(20);
    // A prefix of a few pages when the seed has many items.
    const query: Record<string, string> = body.total > 300 ? { itemCode: itemCode(body.rows[0]).slice(0, -2) } : {};
    for (const sort of [
      'itemCode:asc',
      'itemCode:desc',
      'itemName:asc',
      'spec:asc',
      'spec:desc',
      'catCode:desc',
      'refPrice:desc',
      'updatedAt:asc',
    ]) {
      const rows = await walkByCursor(t, admin, '/api/v1/items', { ...query, sort }, itemCode, 7);
      if (sort === 'catCode:desc')
        expect(new Set(rows.map((r) => r.catCode)).size, 'ties on the category').toBeLessThan(rows.length);
    }
  });

  it('budget lines: the sort column, then the line key', { timeout: 120_000 }, async () => {
    const key = (r: Row) => r.key as string;
    const { body } = await getPage(t, admin, '/api/v1/budget/lines', { size: '1' });
    expect(body.total).toBeGreaterThan(20);
    const query: Record<string, string> =
      body.total > 300 ? { fiscalYear: String(body.rows[0].fiscalYear), month: String(body.rows[0].month) } : {};
    for (const sort of ['fiscalYear:desc', 'month:asc', 'deptcd:desc', 'accountCode:asc', 'amount:desc'])
      await walkByCursor(t, admin, '/api/v1/budget/lines', { ...query, sort }, key, 7);
  });

  it('suppliers: by number, name, status (ties), registration date and time', { timeout: 120_000 }, async () => {
    const compNo = (r: Row) => r.compNo as string;
    const { body } = await getPage(t, admin, '/api/v1/suppliers', { size: '1' });
    expect(body.total).toBeGreaterThan(20);
    const query: Record<string, string> = body.total > 300 ? { compNo: 'C000' } : {};
    for (const sort of [
      'compNo:asc',
      'compNo:desc',
      'compNameKr:asc',
      'status:desc',
      'forwardYn:asc',
      'regDate:desc',
      'updatedAt:asc',
    ])
      await walkByCursor(t, admin, '/api/v1/suppliers', { ...query, sort }, compNo, 9);
  });

  it('the administration change log: by time, entity (ties) and actor (NULLs)', { timeout: 120_000 }, async () => {
    // A few changes of our own, one without an actor (as a job writes), so that the log has ties and a NULL.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      entity: i % 2 ? 'menu' : 'boardPost',
      entityKey: `KS-${i}`,
      action: 'UPDATE',
      actor: i % 5 ? 'tfadmin' : null,
      at: new Date(Date.UTC(2026, 0, 1 + (i % 4))).toISOString(),
    }));
    await t.db.db.insertInto('auditLog').values(rows).execute();
    const id = (r: Row) => String(r.id);
    const sysadmin = await sessionAs(t.app, 'admin');
    for (const sort of ['at:desc', 'at:asc', 'entity:asc', 'actor:asc', 'actor:desc', 'entityKey:desc']) {
      const all = await walkByCursor(t, sysadmin, '/api/v1/portal/admin/audit', { entityKey: 'KS-', sort }, id, 4);
      expect(all).toHaveLength(23);
      if (sort.startsWith('actor')) expect(all.some((r) => r.actor === null)).toBe(true);
    }
  });

  it('PO changes: by time, order (ties) and the person (a left join: NULLs)', { timeout: 120_000 }, async () => {
    const { body } = await getPage(t, admin, '/api/v1/po-changes', { size: '1' });
    expect(body.total).toBeGreaterThan(10);
    const query: Record<string, string> = body.total > 300 ? { compNo: body.rows[0].compNo as string } : {};
    for (const sort of [
      'changedAt:desc',
      'changedAt:asc',
      'poNo:asc',
      'field:desc',
      'changedByName:asc',
      'changedByName:desc',
    ])
      await walkByCursor(t, admin, '/api/v1/po-changes', { ...query, sort }, (r) => String(r.changeId), 5);
  });

  it(
    'a supplier’s orders: its own only, walked by cursor; a cursor of another company’s row shows none of that company',
    { timeout: 120_000 },
    async () => {
      const supplier1 = await sessionAs(t.app, 'supplier1');
      const poNo = (r: Row) => r.poNo as string;
      for (const sort of ['poNo:desc', 'poDate:asc', 'status:asc', 'dueDate:asc', 'dueDate:desc', 'totalAmount:desc']) {
        const mine = await walkByCursor(t, supplier1, '/api/v1/cyber/pos', { sort }, poNo, 23);
        expect(mine.length).toBeGreaterThan(23);
        expect(new Set(mine.map((r) => r.compNo)).size).toBe(1);
      }
      const own = (await getPage(t, supplier1, '/api/v1/cyber/pos', { size: '1' })).body.rows[0].compNo as string;
      // Staff's cursor at another supplier's order: the supplier's page after it is still its own rows only.
      const staff = await getPage(t, await sessionAs(t.app, 'operator'), '/api/v1/cyber/pos', {
        sort: 'poNo:desc',
        size: '1',
      });
      expect(staff.status, JSON.stringify(staff.body)).toBe(200);
      const other = staff.body.rows[0];
      const res = await getPage(t, supplier1, '/api/v1/cyber/pos', {
        sort: 'poNo:desc',
        size: '5000',
        after: staff.body.nextCursor!,
      });
      expect(res.status).toBe(200);
      expect(res.body.rows.every((r) => r.compNo === own)).toBe(true);
      if (other.compNo !== own) expect(res.body.rows.map(poNo)).not.toContain(other.poNo);
    },
  );

  it(
    'ERP vouchers and posting errors: by number, period (ties), amount, posting time (NULLs)',
    { timeout: 120_000 },
    async () => {
      const operator = await sessionAs(t.app, 'operator');
      const vouchers = await getPage(t, operator, '/api/v1/vouchers', { size: '1' });
      expect(vouchers.status, JSON.stringify(vouchers.body)).toBe(200);
      expect(vouchers.body.total).toBeGreaterThan(10);
      const query: Record<string, string> =
        vouchers.body.total > 300 ? { compNo: vouchers.body.rows[0].compNo as string } : {};
      for (const sort of ['voucherNo:desc', 'period:asc', 'amount:desc', 'status:asc', 'postedAt:asc', 'postedAt:desc'])
        await walkByCursor(t, operator, '/api/v1/vouchers', { ...query, sort }, (r) => r.voucherNo as string, 5);
      const errors = await getPage(t, operator, '/api/v1/posting-errors', { size: '1' });
      expect(errors.status, JSON.stringify(errors.body)).toBe(200);
      expect(errors.body.total, 'the demo data has posting errors').toBeGreaterThan(3);
      for (const sort of ['errorId:asc', 'occurredAt:desc', 'compName:asc', 'status:desc'])
        await walkByCursor(t, operator, '/api/v1/posting-errors', { sort }, (r) => String(r.errorId), 3);
    },
  );
});
