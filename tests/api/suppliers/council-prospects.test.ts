import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

/** The supplier council (/CompCouncilList) and prospective suppliers (/compExcavationList). */
describe('supplier council and prospects', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['tfadmin', 'operator', 'monitor', 'buyer', 'supplier1']) };
  });
  afterAll(() => t.close());

  it('lists council terms; appoints without overlap; removal with the version; the master flag follows', async () => {
    const all = ok(await f.get('/api/v1/supplier-council?size=500', f.u.monitor));
    expect(all.rows.some((r: { role: string; current: string }) => r.role === 'CHAIR' && r.current === 'Y')).toBe(true);
    expect(all.rows.some((r: { current: string }) => r.current === 'N')).toBe(true);
    refused(await f.get('/api/v1/supplier-council', f.u.buyer), 403);
    refused(await f.get('/api/v1/supplier-council', f.u.supplier1), 403);

    const target = ok(await f.get('/api/v1/suppliers?status=ACTIVE&councilYn=N&size=1', f.u.tfadmin)).rows[0].compNo;
    const year = new Date().getUTCFullYear();
    const body = { compNo: target, role: 'MEMBER', termFrom: `${year - 1}-01-01`, termTo: `${year + 1}-12-31` };
    refused(
      await f.post('/api/v1/supplier-council', f.u.tfadmin, { ...body, termTo: `${year - 2}-01-01` }),
      400,
      'VALIDATION',
    );
    refused(await f.post('/api/v1/supplier-council', f.u.operator, body), 403);
    const suspended = ok(await f.get('/api/v1/suppliers?status=SUSPENDED&size=1', f.u.tfadmin)).rows[0].compNo;
    refused(await f.post('/api/v1/supplier-council', f.u.tfadmin, { ...body, compNo: suspended }), 400, 'VALIDATION');
    const added = ok(await f.post('/api/v1/supplier-council', f.u.tfadmin, body));
    expect(added).toMatchObject({ compNo: target, current: 'Y', version: 1 });
    expect(ok(await f.get(`/api/v1/suppliers/${target}`, f.u.tfadmin)).councilYn).toBe('Y');
    const overlap = refused(
      await f.post('/api/v1/supplier-council', f.u.tfadmin, { ...body, termFrom: `${year}-06-01` }),
      400,
      'VALIDATION',
    );
    expect(overlap.msg).toContain('겹칩니다');
    refused(await f.del(`/api/v1/supplier-council/${added.councilId}?version=2`, f.u.tfadmin), 409, 'VERSION_CONFLICT');
    ok(await f.del(`/api/v1/supplier-council/${added.councilId}?version=1`, f.u.tfadmin));
    expect(ok(await f.get(`/api/v1/suppliers/${target}`, f.u.tfadmin)).councilYn).toBe('N');
    refused(await f.del(`/api/v1/supplier-council/${added.councilId}?version=1`, f.u.tfadmin), 404);
  });

  it('records prospects with checked numbers, invites one by e-mail, drops another with a reason', async () => {
    const seeded = ok(await f.get('/api/v1/supplier-prospects?size=100', f.u.monitor));
    expect(new Set(seeded.rows.map((r: { status: string }) => r.status))).toEqual(
      new Set(['FOUND', 'INVITED', 'DROPPED']),
    );
    refused(await f.get('/api/v1/supplier-prospects', f.u.supplier1), 403);
    refused(
      await f.post('/api/v1/supplier-prospects', f.u.tfadmin, {
        compName: '㈜오류',
        taxNo2: '123-45-67890',
        email: 'x@example.com',
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/supplier-prospects', f.u.tfadmin, { compName: '㈜오류', email: 'not-an-email' }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/supplier-prospects', f.u.tfadmin, { compName: '가'.repeat(34), email: 'x@example.com' }),
      400,
      'VALIDATION',
    );
    const c1 = ok(await f.get('/api/v1/suppliers/C00001', f.u.tfadmin));
    const p = ok(
      await f.post('/api/v1/supplier-prospects', f.u.tfadmin, {
        compName: '㈜시험발굴',
        taxNo2: c1.taxNo2,
        email: 'hello@prospect.example.com',
        items: '볼트',
      }),
    );
    expect(p).toMatchObject({ status: 'FOUND', registeredCompNo: 'C00001', actions: ['invite', 'drop'] });
    const invited = ok(await f.post(`/api/v1/supplier-prospects/${p.prospectNo}/invite`, f.u.tfadmin, { version: 1 }));
    expect(invited).toMatchObject({ status: 'INVITED', version: 2, actions: ['invite'] });
    const mail = await t.db.db.selectFrom('devOutbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ recipient: 'hello@prospect.example.com', channel: 'EMAIL' });
    refused(
      await f.post(`/api/v1/supplier-prospects/${p.prospectNo}/drop`, f.u.tfadmin, { version: 2, reason: '늦음' }),
      409,
      'INVALID_STATE',
    );
    const q = ok(
      await f.post('/api/v1/supplier-prospects', f.u.tfadmin, {
        compName: '㈜제외대상',
        email: 'drop@prospect.example.com',
      }),
    );
    refused(
      await f.post(`/api/v1/supplier-prospects/${q.prospectNo}/drop`, f.u.tfadmin, { version: 1, reason: ' ' }),
      400,
      'VALIDATION',
    );
    const dropped = ok(
      await f.post(`/api/v1/supplier-prospects/${q.prospectNo}/drop`, f.u.tfadmin, {
        version: 1,
        reason: '취급 품목 없음',
      }),
    );
    expect(dropped).toMatchObject({ status: 'DROPPED', dropReason: '취급 품목 없음', actions: [] });
    refused(
      await f.post(`/api/v1/supplier-prospects/${q.prospectNo}/invite`, f.u.tfadmin, { version: 2 }),
      409,
      'INVALID_STATE',
    );
    refused(await f.post(`/api/v1/supplier-prospects/${q.prospectNo}/invite`, f.u.operator, { version: 2 }), 403);
  });
});
