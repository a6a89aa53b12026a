import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, refused, snapshot, type Flow } from './helpers.js';

const loiBody = (overrides: Record<string, unknown> = {}) => ({
  compNo: 'C00001',
  title: '금형 제작 LOI',
  scope: '신규 모델 금형 2벌 제작',
  currency: 'KRW',
  amount: '30000000',
  validFrom: day(0),
  validUntil: day(90),
  ...overrides,
});

/** Letters of intent: draft → approval → issued → accepted by the supplier, or expired; cancellation. */
describe('letters of intent', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, [
        'buyer',
        'opadmin',
        'operator',
        'tfadmin',
        'uadmin1',
        'supplier1',
        'supplier1adm',
        'supplier2',
      ]),
    };
  });
  afterAll(() => t.close());

  async function issued(body = loiBody()) {
    const loi = ok(await f.post('/api/v1/lois', f.u.operator, body));
    const sent = ok(await f.post(`/api/v1/lois/${loi.loiNo}/submit`, f.u.operator, { version: loi.version }));
    const a = sent.approvals[0];
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    return ok(await f.get(`/api/v1/lois/${loi.loiNo}`, f.u.operator));
  }

  it('creates and edits a draft with validation; refusals change nothing', async () => {
    const snap = await snapshot(t, 'loi');
    const bad = refused(
      await f.post(
        '/api/v1/lois',
        f.u.operator,
        loiBody({ amount: '100.5', validFrom: day(-3), validUntil: day(-5), scope: ' ', compNo: 'C99999' }),
      ),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual(['body/scope', 'body/amount', 'body/validFrom', 'body/compNo']);
    refused(await f.post('/api/v1/lois', f.u.operator, loiBody({ validUntil: day(-1) })), 400, 'VALIDATION');
    refused(await f.post('/api/v1/lois', f.u.operator, loiBody({ amount: '0' })), 400, 'VALIDATION');
    refused(await f.post('/api/v1/lois', f.u.buyer, loiBody()), 403, 'GPMS006');
    expect(await snapshot(t, 'loi')).toEqual(snap);
    const loi = ok(await f.post('/api/v1/lois', f.u.operator, loiBody()));
    expect(loi.loiNo).toMatch(/^LOI\d{4}-\d{6}$/);
    expect(loi).toMatchObject({
      status: 'DRAFT',
      buyerId: 'E000004',
      amount: '30000000.00',
      actions: ['update', 'submit', 'cancel'],
    });
    const edited = ok(
      await f.put(`/api/v1/lois/${loi.loiNo}`, f.u.operator, {
        ...loiBody({ amount: '35000000' }),
        version: loi.version,
      }),
    );
    expect(edited).toMatchObject({ amount: '35000000.00', version: 2 });
    refused(
      await f.put(`/api/v1/lois/${loi.loiNo}`, f.u.operator, { ...loiBody(), version: 1 }),
      409,
      'VERSION_CONFLICT',
    );
    refused(await f.get(`/api/v1/cyber/lois/${loi.loiNo}`, f.u.supplier1), 404, 'LOI_NOT_FOUND');
  });

  it('shows the open approval round to the approver whose turn it is (approve / reject), and the steps flat', async () => {
    const loi = ok(await f.post('/api/v1/lois', f.u.operator, loiBody()));
    const sent = ok(await f.post(`/api/v1/lois/${loi.loiNo}/submit`, f.u.operator, { version: loi.version }));
    expect(sent).toMatchObject({
      pendingApprovalId: sent.approvals[0].approvalId,
      pendingApprovalVersion: sent.approvals[0].version,
      currentApproverName: '박성호',
      actions: ['cancel'],
    });
    expect(sent.approvalSteps).toEqual([
      expect.objectContaining({ round: 1, stepNo: 1, approverName: '박성호', status: 'PENDING' }),
    ]);
    const mine = ok(await f.get(`/api/v1/lois/${loi.loiNo}`, f.u.opadmin));
    expect(mine.actions).toEqual(['cancel', 'approve', 'reject']);
    ok(
      await f.post(`/api/v1/approvals/${mine.pendingApprovalId}/approve`, f.u.opadmin, {
        version: mine.pendingApprovalVersion,
        comment: '승인합니다',
      }),
    );
    const done = ok(await f.get(`/api/v1/lois/${loi.loiNo}`, f.u.opadmin));
    expect(done).toMatchObject({ status: 'ISSUED', pendingApprovalId: null, actions: ['cancel'] });
    expect(done.approvalSteps).toEqual([expect.objectContaining({ status: 'APPROVED', comment: '승인합니다' })]);
    expect(done.history.map((h: { no: number }) => h.no)).toEqual([1, 2, 3]);
  });

  it('the last approval issues it; the supplier accepts once; another company learns nothing', async () => {
    const loi = await issued();
    expect(loi).toMatchObject({ status: 'ISSUED', approvalStatus: 'APPROVED' });
    expect(loi.issuedAt).not.toBeNull();
    refused(
      await f.put(`/api/v1/lois/${loi.loiNo}`, f.u.operator, { ...loiBody(), version: loi.version }),
      409,
      'INVALID_STATE',
    );
    const list = ok(await f.get('/api/v1/cyber/lois?size=500', f.u.supplier1));
    expect(list.rows.some((r: { loiNo: string }) => r.loiNo === loi.loiNo)).toBe(true);
    expect(
      ok(await f.get('/api/v1/cyber/lois?size=500', f.u.supplier2)).rows.some(
        (r: { loiNo: string }) => r.loiNo === loi.loiNo,
      ),
    ).toBe(false);
    const theirs = await f.get(`/api/v1/cyber/lois/${loi.loiNo}`, f.u.supplier2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await f.get('/api/v1/cyber/lois/LOI2099-000001', f.u.supplier2)).json());
    refused(
      await f.post(`/api/v1/cyber/lois/${loi.loiNo}/accept`, f.u.supplier2, { version: loi.version }),
      404,
      'LOI_NOT_FOUND',
    );
    const seen = ok(await f.get(`/api/v1/cyber/lois/${loi.loiNo}`, f.u.supplier1));
    expect(seen).toMatchObject({ status: 'ISSUED', actions: ['accept'] });
    refused(
      await f.post(`/api/v1/cyber/lois/${loi.loiNo}/accept`, f.u.supplier1, { version: seen.version + 1 }),
      409,
      'VERSION_CONFLICT',
    );
    const accepted = ok(
      await f.post(`/api/v1/cyber/lois/${loi.loiNo}/accept`, f.u.supplier1adm, { version: seen.version }),
    );
    expect(accepted).toMatchObject({ status: 'ACCEPTED', actions: [] });
    refused(
      await f.post(`/api/v1/cyber/lois/${loi.loiNo}/accept`, f.u.supplier1, { version: accepted.version }),
      409,
      'INVALID_STATE',
    );
    const detail = ok(await f.get(`/api/v1/lois/${loi.loiNo}`, f.u.operator));
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['CREATE', 'SUBMIT', 'ISSUED', 'ACCEPT']);
    expect(detail.actions).toEqual([]);
    refused(
      await f.post(`/api/v1/lois/${loi.loiNo}/cancel`, f.u.operator, { version: detail.version, reason: '취소' }),
      409,
      'INVALID_STATE',
    );
  });

  it('an accepted LOI may be linked to the same supplier’s order', async () => {
    const loi = await issued();
    const seen = ok(await f.get(`/api/v1/cyber/lois/${loi.loiNo}`, f.u.supplier1));
    ok(await f.post(`/api/v1/cyber/lois/${loi.loiNo}/accept`, f.u.supplier1, { version: seen.version }));
    const other = await issued(loiBody({ compNo: 'C00002' }));
    const rfq = await awardedRfq(f, 'C00001');
    refused(
      await f.post('/api/v1/pos', f.u.operator, {
        rfqNo: rfq.rfqNo,
        rfqVersion: rfq.version,
        dueDate: day(20),
        loiNo: other.loiNo,
      }),
      400,
      'VALIDATION',
    );
    const po = ok(
      await f.post('/api/v1/pos', f.u.operator, {
        rfqNo: rfq.rfqNo,
        rfqVersion: rfq.version,
        dueDate: day(20),
        loiNo: loi.loiNo,
      }),
    );
    expect(po.loiNo).toBe(loi.loiNo);
    expect(ok(await f.get(`/api/v1/lois/${loi.loiNo}`, f.u.operator)).orders).toEqual([
      { poNo: po.poNo, status: 'DRAFT', totalAmount: po.totalAmount },
    ]);
  });

  it('expires: past its validity it reads expired, cannot be accepted, and the sweep stores it', async () => {
    const loi = await issued();
    await t.db.db
      .updateTable('loi')
      .set({ validFrom: day(-30), validUntil: day(-1) })
      .where('loiNo', '=', loi.loiNo)
      .execute();
    const seen = ok(await f.get(`/api/v1/cyber/lois/${loi.loiNo}`, f.u.supplier1));
    expect(seen).toMatchObject({ status: 'EXPIRED', actions: [] });
    const late = refused(
      await f.post(`/api/v1/cyber/lois/${loi.loiNo}/accept`, f.u.supplier1, { version: seen.version }),
      409,
      'LOI_EXPIRED',
    );
    expect(late.msg).toContain(day(-1));
    expect(ok(await f.get(`/api/v1/lois?status=EXPIRED&loiNo=${loi.loiNo}`, f.u.operator)).rows).toHaveLength(1);
    expect(
      (await t.db.db.selectFrom('loi').select('status').where('loiNo', '=', loi.loiNo).executeTakeFirstOrThrow())
        .status,
    ).toBe('ISSUED');
    const swept = ok(await f.post('/api/v1/lois/expire', f.u.operator, {}));
    expect(swept.expired).toContain(loi.loiNo);
    expect(
      (
        await t.db.db
          .selectFrom('loi')
          .select(['status', 'expiredAt'])
          .where('loiNo', '=', loi.loiNo)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('EXPIRED');
    expect(ok(await f.post('/api/v1/lois/expire', f.u.operator, {})).expired).toEqual([]);
    refused(await f.post('/api/v1/lois/expire', f.u.buyer, {}), 403, 'GPMS006');
  });

  it('cancels with a reason (withdrawing an open approval); only the buyer or a manager', async () => {
    const loi = ok(await f.post('/api/v1/lois', f.u.operator, loiBody()));
    const sent = ok(await f.post(`/api/v1/lois/${loi.loiNo}/submit`, f.u.operator, { version: loi.version }));
    refused(
      await f.post(`/api/v1/lois/${loi.loiNo}/cancel`, f.u.operator, { version: sent.version, reason: '' }),
      400,
      'VALIDATION',
    );
    const cancelled = ok(
      await f.post(`/api/v1/lois/${loi.loiNo}/cancel`, f.u.tfadmin, {
        version: sent.version,
        reason: '사업 계획 변경',
      }),
    );
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      approvalStatus: 'WITHDRAWN',
      cancelReason: '사업 계획 변경',
    });
    const a = cancelled.approvals[0];
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/lois/${loi.loiNo}/submit`, f.u.operator, { version: cancelled.version }),
      409,
      'INVALID_STATE',
    );
  });

  it('lists LOIs in every state with filters', async () => {
    const all = ok(await f.get('/api/v1/lois?size=500&sort=amount:desc', f.u.operator));
    const states = new Set(all.rows.map((r: { status: string }) => r.status));
    for (const s of ['DRAFT', 'IN_APPROVAL', 'ISSUED', 'ACCEPTED', 'EXPIRED', 'CANCELLED'])
      expect(states.has(s), s).toBe(true);
    const c2 = ok(await f.get('/api/v1/lois?compNo=C00002&size=500', f.u.operator));
    expect(c2.rows.every((r: { compNo: string }) => r.compNo === 'C00002')).toBe(true);
    const supplier = ok(await f.get('/api/v1/cyber/lois?size=500', f.u.supplier2));
    expect(supplier.rows.every((r: { status: string }) => ['ISSUED', 'ACCEPTED', 'EXPIRED'].includes(r.status))).toBe(
      true,
    );
    expect(supplier.total).toBe(
      c2.rows.filter((r: { status: string }) => ['ISSUED', 'ACCEPTED', 'EXPIRED'].includes(r.status)).length,
    );
  });
});
