import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessNumberCheckDigit } from '../../../lib/business-number.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

/** A business number with a right check digit that the seed does not use. */
function freshTaxNo(n: number): string {
  const first9 = `999${String(80 + (n % 10)).padStart(2, '0')}${String(1000 + n).padStart(4, '0')}`;
  return `${first9}${businessNumberCheckDigit(first9)}`;
}

/** The supplier master (/CompManageList, /CompManageEdit) and one supplier at a glance (/compStatusView). */
describe('supplier master', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['admin', 'tfadmin', 'operator', 'monitor', 'buyer', 'supplier1', 'supplier1adm']),
    };
  });
  afterAll(() => t.close());

  it('lists the seeded suppliers with filters, sorting and categories', async () => {
    const all = ok(await f.get('/api/v1/suppliers?size=500', f.u.tfadmin));
    expect(all.total).toBe(120);
    expect(all.rows[0]).toMatchObject({ compNo: 'C00001', status: 'ACTIVE', forwardYn: 'Y' });
    expect(all.rows[0].categories).not.toBe('');
    expect(all.rows[0].corpNo).toMatch(/^\d{6}-\d{7}$/);
    const suspended = ok(await f.get('/api/v1/suppliers?status=SUSPENDED&status=CLOSED', f.u.tfadmin));
    expect(suspended.total).toBeGreaterThan(0);
    expect(
      suspended.rows.every(
        (r: { status: string; statusReason: string | null }) => r.status !== 'ACTIVE' && r.statusReason,
      ),
    ).toBe(true);
    const byName = ok(
      await f.get(
        `/api/v1/suppliers?compNameKr=${encodeURIComponent(all.rows[1].compNameKr.slice(0, 3))}`,
        f.u.operator,
      ),
    );
    expect(byName.rows.map((r: { compNo: string }) => r.compNo)).toContain('C00002');
    const byTax = ok(await f.get(`/api/v1/suppliers?taxNo=${all.rows[0].taxNo2}`, f.u.monitor));
    expect(byTax.rows.map((r: { compNo: string }) => r.compNo)).toEqual(['C00001']);
    const sorted = ok(await f.get('/api/v1/suppliers?sort=compNameKr:desc&size=5', f.u.tfadmin));
    expect(sorted.rows.length).toBe(5);
    refused(await f.get('/api/v1/suppliers?sort=bankAccount:asc', f.u.tfadmin), 400);
    // Staff without the menu and supplier users are refused.
    refused(await f.get('/api/v1/suppliers', f.u.buyer), 403);
    refused(await f.get('/api/v1/suppliers', f.u.supplier1), 403);
    refused(await f.get('/api/v1/suppliers/C00002', f.u.supplier1adm), 403);
  });

  it('masks bank accounts except for those who keep the master', async () => {
    const full = ok(await f.get('/api/v1/suppliers/C00001', f.u.tfadmin));
    expect(full.bankVisible).toBe('Y');
    expect(full.bankAccount).toMatch(/^\d[\d-]+\d$/);
    expect(full.actions).toContain('update');
    for (const who of [f.u.operator, f.u.monitor]) {
      const masked = ok(await f.get('/api/v1/suppliers/C00001', who));
      expect(masked.bankVisible).toBe('N');
      expect(masked.bankAccount).toContain('*');
      expect(masked.bankAccount.slice(-3)).toBe(full.bankAccount.slice(-3));
      expect(masked.actions).not.toContain('update');
    }
    refused(await f.get('/api/v1/suppliers/C09999', f.u.tfadmin), 404, 'SUPPLIER_NOT_FOUND');
  });

  it('registers a supplier: check digits, duplicates, byte lengths, codes; nothing half-written', async () => {
    const taxNo = freshTaxNo(1);
    const body = {
      taxNo2: taxNo,
      compNameKr: '㈜시험공급',
      ceoName: '홍길동',
      corpNo: '110111-1234569',
      catCodes: ['MRO'],
      contacts: [{ name: '김담당', email: 'kim@example.com', mainYn: 'Y' }],
      bankCode: '004',
      bankAccount: '123-456789-01-234',
    };
    const wrongDigit = `${taxNo.slice(0, 9)}${(Number(taxNo[9]) + 1) % 10}`;
    const bad = refused(
      await f.post('/api/v1/suppliers', f.u.tfadmin, { ...body, taxNo2: wrongDigit }),
      400,
      'VALIDATION',
    );
    expect(bad.details![0].path).toBe('body/taxNo2');
    const corp = refused(
      await f.post('/api/v1/suppliers', f.u.tfadmin, { ...body, corpNo: '110111-1234560' }),
      400,
      'VALIDATION',
    );
    expect(corp.msg).toContain('법인등록번호');
    const long = refused(
      await f.post('/api/v1/suppliers', f.u.tfadmin, { ...body, compNameKr: '가'.repeat(34) }),
      400,
      'VALIDATION',
    );
    expect(long.msg).toContain('100바이트');
    const codes = refused(
      await f.post('/api/v1/suppliers', f.u.tfadmin, {
        ...body,
        catCodes: ['NOPE'],
        sgCodes: ['NOPE'],
        bankCode: 'ZZZ',
      }),
      400,
      'VALIDATION',
    );
    expect(codes.details!.map((d) => d.path).sort()).toEqual(['body/bankCode', 'body/catCodes/0', 'body/sgCodes/0']);
    const seeded = ok(await f.get('/api/v1/suppliers/C00002', f.u.tfadmin));
    const dup = refused(
      await f.post('/api/v1/suppliers', f.u.tfadmin, { ...body, taxNo2: seeded.taxNo2 }),
      409,
      'DUPLICATE_TAX_NO',
    );
    expect(dup.msg).toContain('C00002');
    refused(await f.post('/api/v1/suppliers', f.u.operator, body), 403);
    expect(await t.db.db.selectFrom('company').select('compNo').where('taxNo', '=', taxNo).execute()).toEqual([]);

    const created = ok(await f.post('/api/v1/suppliers', f.u.tfadmin, body));
    expect(created).toMatchObject({
      compNo: 'C00121',
      status: 'ACTIVE',
      taxNo2: `${taxNo.slice(0, 3)}-${taxNo.slice(3, 5)}-${taxNo.slice(5)}`,
      corpNo: '110111-1234569',
      catCodes: ['MRO'],
      version: 1,
    });
    expect(created.contacts).toEqual([expect.objectContaining({ seq: 1, name: '김담당', mainYn: 'Y' })]);
    expect(created.history.map((h: { action: string }) => h.action)).toEqual(['CREATE']);
    // The audit row never holds the full account number.
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('afterData')
      .where('entity', '=', 'company')
      .where('entityKey', '=', 'C00121')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.afterData)).not.toContain('456789');
  });

  it('updates with the version read, keeps a masked account, and refuses bank changes to those who may not see it', async () => {
    const c = ok(await f.get('/api/v1/suppliers/C00003', f.u.tfadmin));
    const { compNameKr, ceoName } = c;
    const upd = ok(
      await f.put('/api/v1/suppliers/C00003', f.u.admin, {
        compNameKr,
        ceoName,
        forwardYn: c.forwardYn === 'Y' ? 'N' : 'Y',
        bankAccount: '***-masked',
        sgCodes: c.sgCodes,
        version: c.version,
      }),
    );
    expect(upd.version).toBe(c.version + 1);
    expect(upd.forwardYn).not.toBe(c.forwardYn);
    expect(upd.bankAccount).toBe(c.bankAccount);
    refused(
      await f.put('/api/v1/suppliers/C00003', f.u.tfadmin, { compNameKr, ceoName, version: c.version }),
      409,
      'VERSION_CONFLICT',
    );
    const changed = ok(
      await f.put('/api/v1/suppliers/C00003', f.u.tfadmin, {
        compNameKr,
        ceoName,
        bankAccount: '111-222-333444',
        bankHolder: compNameKr,
        version: upd.version,
      }),
    );
    expect(changed.bankAccount).toBe('111-222-333444');
    expect(changed.history.map((h: { action: string }) => h.action).slice(-2)).toEqual(['UPDATE', 'UPDATE']);
    refused(
      await f.put('/api/v1/suppliers/C00003', f.u.operator, { compNameKr, ceoName, version: changed.version }),
      403,
    );
  });

  it('shows one supplier at a glance: figures, spend by month, users', async () => {
    const o = ok(await f.get('/api/v1/suppliers/C00001/overview', f.u.monitor));
    const byMetric = Object.fromEntries(o.rows.map((r: { metric: string; value: string }) => [r.metric, r.value]));
    expect(byMetric.status).toBe('거래중 (ACTIVE)');
    expect(byMetric.compName).toContain('C00001');
    expect(Number(byMetric.users)).toBeGreaterThanOrEqual(3);
    expect(byMetric.onTimeRate).toMatch(/%|-/);
    const spend = ok(await f.get('/api/v1/suppliers/C00001/spend', f.u.monitor));
    expect(spend.rows).toHaveLength(12);
    expect(spend.rows.some((r: { amountKrw: number }) => r.amountKrw > 0)).toBe(true);
    const users = ok(await f.get('/api/v1/suppliers/C00001/users', f.u.tfadmin));
    expect(users.rows.map((u: { userId: string }) => u.userId)).toEqual(
      expect.arrayContaining(['supplier1', 'supplier1adm']),
    );
    refused(await f.get('/api/v1/suppliers/C09999/spend', f.u.tfadmin), 404);
    refused(await f.get('/api/v1/suppliers/C00001/overview', f.u.supplier1), 403);
  });
});
