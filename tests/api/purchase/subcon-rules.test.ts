import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, insertAcknowledgedPo } from '../fulfilment/helpers.js';
import { client, logins, ok, refused, type Who } from './helpers.js';

const DAY = 86_400_000;

/**
 * The 하도급 maintenance and views (docs/subcontracting.md): the rules kept by a purchasing manager (Korean 400s,
 * 409 on a duplicate and a stale version, an audit row, the operators read only), an order's payment terms
 * (the term only in a draft, the 발주자 지급일 any time), and the compliance list and its gauge on the business day.
 */
describe('하도급 rules, terms and the compliance view', () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['tfadmin', 'operator', 'supplier1']);
  });
  afterAll(() => t.close());

  const audits = (key: string) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['action'])
      .where('entity', '=', 'subcon_rule')
      .where('entityKey', '=', key)
      .orderBy('id')
      .execute();

  it('adds, changes and removes a rule with Korean refusals, versions and audit; operators only read', async () => {
    const bad = refused(
      await f.post('/api/v1/subcon/rules', u.tfadmin, { matchKind: 'ITEM', matchValue: 'X', subconKind: 'MAKE' }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path).sort()).toEqual(['body/matchKind', 'body/subconKind']);
    const unknown = refused(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C99999',
        subconKind: 'NONE',
      }),
      400,
    );
    expect(unknown.msg).toBe('협력사 C99999를 찾을 수 없습니다');
    refused(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'PO_TYPE',
        matchValue: 'LOI',
        subconKind: 'SERVICE',
      }),
      400,
    );
    refused(
      await f.post('/api/v1/subcon/rules', u.operator, {
        matchKind: 'COMP_NO',
        matchValue: 'C00002',
        subconKind: 'NONE',
      }),
      403,
    );

    const made = ok(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00002',
        subconKind: 'NONE',
        remark: '중소기업 아님',
      }),
    );
    expect(made).toMatchObject({ matchKind: 'COMP_NO', matchValue: 'C00002', subconKind: 'NONE', version: 1 });
    expect(made.matchName).toBeTruthy();
    expect(made.updatedByName).toBe('최유진');
    refused(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00002',
        subconKind: 'REPAIR',
      }),
      409,
      'SUBCON_RULE_DUPLICATE',
    );

    const list = ok(await f.get('/api/v1/subcon/rules?matchKind=COMP_NO', u.operator));
    expect(list.contractGate).toBe('Y');
    expect(list.rows.map((r: { ruleId: number }) => r.ruleId)).toContain(made.ruleId);

    const changed = ok(
      await f.put(`/api/v1/subcon/rules/${made.ruleId}`, u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00002',
        subconKind: 'REPAIR',
        version: 1,
      }),
    );
    expect(changed).toMatchObject({ subconKind: 'REPAIR', version: 2 });
    refused(
      await f.put(`/api/v1/subcon/rules/${made.ruleId}`, u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00002',
        subconKind: 'SERVICE',
        version: 1,
      }),
      409,
      'VERSION_CONFLICT',
    );
    refused(await f.del(`/api/v1/subcon/rules/${made.ruleId}?version=1`, u.tfadmin), 409, 'VERSION_CONFLICT');
    ok(await f.del(`/api/v1/subcon/rules/${made.ruleId}?version=2`, u.tfadmin));
    refused(await f.get(`/api/v1/subcon/rules/${made.ruleId}`, u.tfadmin), 404, 'SUBCON_RULE_NOT_FOUND');
    expect((await audits(String(made.ruleId))).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('sets the payment term on a draft only, and the 발주자 지급일 at any time but not in the future', async () => {
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '1', unitPrice: '1000' }]);
    const plain = ok(await f.get(`/api/v1/pos/${poNo}`, u.tfadmin));
    refused(
      await f.put(`/api/v1/pos/${poNo}/subcon-terms`, u.tfadmin, { version: plain.version, paymentTermDays: 30 }),
      409,
      'SUBCON_NOT_APPLICABLE',
    );
    await t.db.db.updateTable('poHeader').set({ subconKind: 'MANUFACTURE' }).where('poNo', '=', poNo).execute();
    const po = ok(await f.get(`/api/v1/pos/${poNo}`, u.tfadmin));
    expect(po.actions).toEqual(expect.arrayContaining(['paperContract', 'subconTerms']));
    refused(
      await f.put(`/api/v1/pos/${poNo}/subcon-terms`, u.tfadmin, { version: po.version, paymentTermDays: 30 }),
      409,
      'INVALID_STATE',
    );
    const today = todayKst(t.app.clock.now());
    const future = todayKst(new Date(t.app.clock.now().getTime() + DAY));
    const late = refused(
      await f.put(`/api/v1/pos/${poNo}/subcon-terms`, u.tfadmin, { version: po.version, ownerPaidDate: future }),
      400,
    );
    expect(late.msg).toBe('발주자 지급일은 오늘 이후일 수 없습니다');
    const set = ok(
      await f.put(`/api/v1/pos/${poNo}/subcon-terms`, u.tfadmin, { version: po.version, ownerPaidDate: today }),
    );
    expect(set).toMatchObject({ ownerPaidDate: today, version: po.version + 1 });
    refused(
      await f.put(`/api/v1/pos/${poNo}/subcon-terms`, u.tfadmin, { version: po.version, ownerPaidDate: null }),
      409,
      'VERSION_CONFLICT',
    );

    await t.db.db.updateTable('poHeader').set({ status: 'DRAFT' }).where('poNo', '=', poNo).execute();
    const draft = ok(
      await f.put(`/api/v1/pos/${poNo}/subcon-terms`, u.tfadmin, { version: set.version, paymentTermDays: 30 }),
    );
    expect(draft).toMatchObject({ paymentTermDays: 30, ownerPaidDate: today });
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'po_header')
      .where('entityKey', '=', poNo)
      .where('action', '=', 'SUBCON_TERMS')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('lists a line past its 검사 기한 from day 11, an unpaid line from 7 days before its 지급 기한, an order sent before its contract; the same counts on /metrics', async () => {
    const http = api(t.app);
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '2', unitPrice: '500' }]);
    // Sent without a written contract (as while the gate was off): the order the view must name.
    await t.db.db.updateTable('poHeader').set({ subconKind: 'SERVICE' }).where('poNo', '=', poNo).execute();
    const now = todayKst(t.app.clock.now());
    const d = await http.post('/api/v1/cyber/deliveries', u.supplier1, {
      poNo,
      deliveryDate: now,
      lines: [{ poLineNo: 1, quantity: '2' }],
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const r = await http.post(`/api/v1/deliveries/${d.body.delivery.deliveryNo}/receive`, u.operator, {
      version: d.body.delivery.version,
      expenses: 'MATERIAL',
      whReqDate: now,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const whReqNo = r.body.whReqNo as string;
    const mine = async () => {
      const all = ok(await f.get('/api/v1/subcon/compliance?size=500', u.operator));
      return all.rows
        .filter((x: { poNo: string }) => x.poNo === poNo)
        .map((x: { kind: string }) => x.kind)
        .sort();
    };
    expect(await mine()).toEqual(['SENT_BEFORE_CONTRACT']);

    t.app.clock.advance(10 * DAY);
    expect(await mine()).toEqual(['SENT_BEFORE_CONTRACT']);
    t.app.clock.advance(DAY);
    expect(await mine()).toEqual(['DEEMED_PASS', 'SENT_BEFORE_CONTRACT']);
    const deemed = ok(await f.get('/api/v1/subcon/compliance?kind=DEEMED_PASS&size=500', u.operator));
    expect(deemed.rows.find((x: { whReqNo: string }) => x.whReqNo === whReqNo)).toMatchObject({
      lineNo: 1,
      daysPast: 1,
      dueDate: todayKst(new Date(Date.parse(`${now}T00:00:00Z`) + 10 * DAY)),
    });

    t.app.clock.advance(41 * DAY); // day 52: eight days left
    expect(await mine()).toEqual(['DEEMED_PASS', 'SENT_BEFORE_CONTRACT']);
    t.app.clock.advance(DAY); // day 53: seven days left
    expect(await mine()).toEqual(['DEEMED_PASS', 'PAYMENT_NEAR', 'SENT_BEFORE_CONTRACT']);
    t.app.clock.advance(8 * DAY); // day 61
    expect(await mine()).toEqual(['DEEMED_PASS', 'PAYMENT_OVERDUE', 'SENT_BEFORE_CONTRACT']);

    const counts = ok(await f.get('/api/v1/subcon/compliance?size=1', u.operator)).counts;
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    for (const kind of ['DEEMED_PASS', 'PAYMENT_OVERDUE', 'SENT_BEFORE_CONTRACT'])
      expect(metrics.body).toContain(`gpms_subcon_findings{kind="${kind}"} ${counts[kind]}`);
    refused(await f.get('/api/v1/subcon/compliance', u.supplier1), 403);
  });
});
