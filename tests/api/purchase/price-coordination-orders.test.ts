import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { todayKst } from '../../../server/domain/dates.js';
import { businessDay, client, logins, ok, refused, type Who } from './helpers.js';

const DAY = 86_400_000;

/**
 * 납품대금 조정협의 on orders (상생협력법 §22의2, 하도급법 §16의2; docs/subcontracting.md "납품대금 조정협의"): a supplier
 * asks on a 하도급 order sent to it and still running, with the order's written contract shown beside the request;
 * another company's order is 404, an order outside the Act 409 SUBCON_NOT_APPLICABLE, a cancelled or closed one 409
 * INVALID_STATE, a second open request 409 COORDINATION_OPEN. The order's buyer (or a purchasing manager) answers,
 * others 403; the order's notices go to its buyer; the compliance view names the request from day 11 and day 31 with
 * the order's number, and /metrics counts it.
 */
describe('납품대금 조정협의 on orders', { timeout: 180_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['tfadmin', 'operator', 'opadmin', 'uadmin1', 'monitor', 'supplier1', 'supplier2']);
    // C00001's orders are 제조위탁 하도급 from the day they are made; C00002's stay outside the Act.
    ok(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00001',
        subconKind: 'MANUFACTURE',
      }),
    );
  });
  afterAll(() => t.close());

  const day = (days: number) => businessDay(t, days);
  const today = () => todayKst(t.app.clock.now());

  /**
   * A simple order of `compNo` by operator (its buyer), marked approved (the approval flow is not under test), given
   * a paper contract when it is 하도급 (the written-contract gate) and sent.
   */
  async function sentOrder(compNo = 'C00001', title = '조정협의 시험 발주') {
    const created = ok(
      await f.post('/api/v1/simple-orders', u.operator, {
        compNo,
        title,
        currency: 'KRW',
        dueDate: day(20),
        lines: [{ itemName: '가공 부품', unitCode: 'EA', quantity: '10', unitPrice: '1000' }],
      }),
    );
    await t.db.db
      .updateTable('poHeader')
      .set({ status: 'APPROVED', approvalStatus: 'APPROVED', approvedAmount: created.totalAmount })
      .where('poNo', '=', created.poNo)
      .execute();
    let po = ok(await f.get(`/api/v1/pos/${created.poNo}`, u.operator));
    if (po.subconKind)
      po = ok(
        await f.post(`/api/v1/pos/${po.poNo}/paper-contract`, u.operator, {
          version: po.version,
          contractDate: today(),
          reference: `서면 계약 ${po.poNo} (문서고 2번)`,
        }),
      );
    po = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, u.operator, { version: po.version }));
    expect(po.status).toBe('SENT');
    return po as { poNo: string; version: number; subconKind: string | null };
  }

  const body = (poNo: string, overrides: Record<string, unknown> = {}) => ({
    targetKind: 'ORDER',
    poNo,
    reason: '알루미늄 소재 가격 상승',
    requestedChange: '단가 6% 인상',
    requestedAmount: '600',
    costBasis: '알루미늄 판재 구입가 kg당 4,000원 → 4,480원 (12% 상승), 재료비 비중 50%',
    ...overrides,
  });
  const request = (poNo: string, who = u.supplier1, overrides: Record<string, unknown> = {}) =>
    f.post('/api/v1/cyber/price-coordinations', who, body(poNo, overrides));
  const step = (
    c: { coordinationNo: string; version: number },
    name: 'start-talks' | 'agree' | 'fail',
    who: Who,
    extra: Record<string, unknown> = {},
  ) => f.post(`/api/v1/price-coordinations/${c.coordinationNo}/${name}`, who, { version: c.version, ...extra });
  const notices = (refKey: string, template: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['recipient', 'lang', 'subject', 'body'])
      .where('refKey', '=', refKey)
      .where('template', '=', template)
      .orderBy('id')
      .execute();
  const emailOf = async (userId: string) =>
    (await t.db.db.selectFrom('appUser').select('email').where('userId', '=', userId).executeTakeFirstOrThrow()).email!;

  it('a supplier asks on its own sent 하도급 order: the order and its written contract shown, another company’s 404, one open at a time', async () => {
    const po = await sentOrder();
    refused(await request(po.poNo, u.supplier2), 404, 'PO_NOT_FOUND');
    refused(await request(po.poNo, u.operator), 403);
    const blank = refused(await request('', u.supplier1), 400, 'VALIDATION');
    expect(blank.details!.map((d) => [d.path, d.message])).toEqual([['body/poNo', '발주 번호를 입력하세요']]);

    expect(
      (ok(await f.get('/api/v1/cyber/pos?subcon=Y&size=500', u.supplier1)).rows as Array<{ poNo: string }>).map(
        (r) => r.poNo,
      ),
    ).toContain(po.poNo);
    const c = ok(await request(po.poNo));
    expect(c).toMatchObject({
      targetKind: 'ORDER',
      poNo: po.poNo,
      agreementNo: null,
      targetTitle: '조정협의 시험 발주',
      paperContract: `서면 계약 ${po.poNo} (문서고 2번)`,
      contractNo: null,
      compNo: 'C00001',
      subconKind: 'MANUFACTURE',
      status: 'REQUESTED',
      requestedAmount: '600.00',
      requestedOn: day(0),
      talksDue: day(10),
      agreementDue: day(30),
      buyerName: '김민수',
      version: 1,
    });
    const again = refused(await request(po.poNo), 409, 'COORDINATION_OPEN');
    expect(again.msg).toBe(`이 발주에는 진행 중인 납품대금 조정협의(${c.coordinationNo})가 있습니다`);

    // The lists by target and by order; another supplier reads nothing of it.
    const mine = ok(await f.get(`/api/v1/cyber/price-coordinations?poNo=${po.poNo}`, u.supplier1));
    expect(mine.rows.map((r: { coordinationNo: string }) => r.coordinationNo)).toEqual([c.coordinationNo]);
    const orders = ok(await f.get('/api/v1/price-coordinations?targetKind=ORDER&size=500', u.operator));
    expect(orders.rows.every((r: { targetKind: string }) => r.targetKind === 'ORDER')).toBe(true);
    expect(orders.rows.map((r: { coordinationNo: string }) => r.coordinationNo)).toContain(c.coordinationNo);
    const agreements = ok(await f.get('/api/v1/price-coordinations?targetKind=AGREEMENT&size=500', u.operator));
    expect(agreements.rows.map((r: { coordinationNo: string }) => r.coordinationNo)).not.toContain(c.coordinationNo);
    expect(ok(await f.get(`/api/v1/cyber/price-coordinations?poNo=${po.poNo}`, u.supplier2)).rows).toEqual([]);

    // The order's screens show its requests, to staff and to its supplier.
    const staffView = ok(await f.get(`/api/v1/pos/${po.poNo}`, u.operator));
    expect(staffView.coordinations).toEqual([
      expect.objectContaining({ coordinationNo: c.coordinationNo, status: 'REQUESTED', talksDue: day(10) }),
    ]);
    const supplierView = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, u.supplier1));
    expect(supplierView.coordinations.map((r: { coordinationNo: string }) => r.coordinationNo)).toEqual([
      c.coordinationNo,
    ]);

    // Its buyer and the purchasing managers are told; the notice names the order.
    const asked = await notices(c.coordinationNo, 'coordination.requested');
    expect(asked.map((n) => n.recipient)).toEqual(expect.arrayContaining([await emailOf('operator')]));
    const ko = asked.find((n) => n.lang === 'ko')!;
    expect(ko.body).toContain(`발주 ${po.poNo} (조정협의 시험 발주)`);
    expect(ko.body).not.toMatch(/[을이은와]\((를|가|는|과)\)/);
  });

  it('the supplier’s order view answers the 하도급 kind fixed when the order was made, for its own orders only', async () => {
    const subcon = await sentOrder('C00001', '하도급 종류 발주');
    const plain = await sentOrder('C00002', '하도급 아닌 종류 발주');
    const view = (po: { poNo: string }, who: Who) => f.get(`/api/v1/cyber/pos/${po.poNo}`, who);
    expect(ok(await view(subcon, u.supplier1)).subconKind).toBe('MANUFACTURE');
    expect(ok(await view(plain, u.supplier2)).subconKind).toBeNull();
    // Another company's order: 404 as an order that does not exist, nothing of it answered.
    for (const [po, who] of [
      [subcon, u.supplier2],
      [plain, u.supplier1],
    ] as const) {
      const theirs = refused(await view(po, who), 404, 'PO_NOT_FOUND');
      expect(theirs).not.toHaveProperty('subconKind');
      expect(JSON.stringify(theirs)).not.toContain(po.poNo);
    }
    // A rule made later does not re-label the order: the view reads the kind it was made with.
    const rule = ok(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00002',
        subconKind: 'REPAIR',
      }),
    );
    try {
      expect(ok(await view(plain, u.supplier2)).subconKind).toBeNull();
    } finally {
      ok(await f.del(`/api/v1/subcon/rules/${rule.ruleId}?version=${rule.version}`, u.tfadmin));
    }
  });

  it('two requests on one order at once: one is made, the other answers COORDINATION_OPEN naming it', async () => {
    const po = await sentOrder('C00001', '동시 조정협의 발주');
    const [a, b] = await Promise.all([request(po.poNo), request(po.poNo)]);
    const made = [a, b].filter((r) => r.statusCode === 200);
    expect(made).toHaveLength(1);
    const other = refused(
      [a, b].find((r) => r.statusCode !== 200)!,
      409,
      'COORDINATION_OPEN',
    );
    expect(other.msg).toContain(made[0].json().coordinationNo);
  });

  it('an executed e-contract of the order is the contract shown', async () => {
    const po = await sentOrder('C00001', '전자계약 발주');
    const template = await t.db.db
      .selectFrom('econtractTemplate')
      .select(['templateNo', 'version'])
      .orderBy('templateNo')
      .executeTakeFirstOrThrow();
    const at = new Date();
    const contractNo = `EC-C-${po.poNo.slice(-6)}`;
    await t.db.db
      .insertInto('econtract')
      .values({
        contractNo,
        compNo: 'C00001',
        templateNo: template.templateNo,
        templateVersion: template.version,
        contractType: 'SUPPLY',
        signOrder: 'SUPPLIER_FIRST',
        title: '하도급 계약',
        sourceKind: 'PO',
        sourceNo: po.poNo,
        supplyAmount: '10000',
        vatAmount: '1000',
        totalAmount: '11000',
        contractDate: today(),
        signDeadline: today(),
        variables: JSON.stringify({}),
        status: 'EXECUTED',
        buyerSignerId: 'E000004',
        supplierSignedAt: at,
        buyerSignedAt: at,
        executedAt: at,
        createdBy: 'test',
      })
      .execute();
    const c = ok(await request(po.poNo));
    expect(c).toMatchObject({ poNo: po.poNo, contractNo, paperContract: null });
    const mine = ok(await f.get(`/api/v1/cyber/price-coordinations?coordinationNo=${c.coordinationNo}`, u.supplier1));
    expect(mine.rows[0]).toMatchObject({ contractNo, targetTitle: '전자계약 발주' });
  });

  it('refuses an order outside the Act, one not sent, a cancelled and a closed one', async () => {
    const plain = await sentOrder('C00002', '하도급 아닌 발주');
    expect(plain.subconKind).toBeNull();
    // The request dialog offers the supplier its 하도급 orders only (listSupplierPos?subcon=Y).
    const offered = async (who: Who, subcon: 'Y' | 'N') =>
      (ok(await f.get(`/api/v1/cyber/pos?subcon=${subcon}&size=500`, who)).rows as Array<{ poNo: string }>).map(
        (r) => r.poNo,
      );
    expect(await offered(u.supplier2, 'Y')).not.toContain(plain.poNo);
    expect(await offered(u.supplier2, 'N')).toContain(plain.poNo);
    const outside = refused(await request(plain.poNo, u.supplier2), 409, 'SUBCON_NOT_APPLICABLE');
    expect(outside.msg).toBe(
      '하도급 발주에만 납품대금 조정협의를 요청할 수 있습니다 (상생협력법 제22조의2, 하도급법 제16조의2)',
    );
    // Not yet sent: the supplier does not see it.
    const draft = ok(
      await f.post('/api/v1/simple-orders', u.operator, {
        compNo: 'C00001',
        title: '작성 중 발주',
        currency: 'KRW',
        dueDate: day(20),
        lines: [{ itemName: '가공 부품', unitCode: 'EA', quantity: '1', unitPrice: '1000' }],
      }),
    );
    refused(await request(draft.poNo), 404, 'PO_NOT_FOUND');

    for (const [status, label] of [
      ['CANCELLED', '취소'],
      ['CLOSED', '종결'],
    ]) {
      const po = await sentOrder();
      await t.db.db.updateTable('poHeader').set({ status }).where('poNo', '=', po.poNo).execute();
      const r = refused(await request(po.poNo), 409, 'INVALID_STATE');
      expect(r.msg).toBe(`진행 중인 발주에만 납품대금 조정협의를 요청할 수 있습니다(${label})`);
    }
    // Fully delivered, the price is still open: the request is taken.
    const delivered = await sentOrder();
    await t.db.db.updateTable('poHeader').set({ status: 'DELIVERED' }).where('poNo', '=', delivered.poNo).execute();
    expect(ok(await request(delivered.poNo)).status).toBe('REQUESTED');
  });

  it('the order’s buyer or a purchasing manager answers; others 403; the supplier withdraws and its buyer is told', async () => {
    const po = await sentOrder();
    let c = ok(await request(po.poNo));
    refused(await step(c, 'start-talks', u.monitor), 403);
    refused(await step(c, 'start-talks', u.uadmin1), 403);
    refused(await step(c, 'start-talks', u.supplier1), 403);
    c = ok(await step(c, 'start-talks', u.operator));
    expect(c).toMatchObject({ status: 'TALKS_STARTED', talksStartedOn: day(0) });
    c = ok(await step(c, 'agree', u.operator, { outcome: '다음 변경발주부터 단가 4% 인상' }));
    expect(c.status).toBe('AGREED');
    const answered = await notices(c.coordinationNo, 'coordination.answered');
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.find((n) => n.lang === 'ko' && n.subject.includes('합의'))!.body).toContain('발주의 변경발주');

    // Handed over to tfadmin: operator, who may write on the menu, is no longer the order's buyer.
    await t.db.db.updateTable('poHeader').set({ buyerId: 'E000003' }).where('poNo', '=', po.poNo).execute();
    const next = ok(await request(po.poNo));
    const notBuyer = refused(await step(next, 'start-talks', u.operator), 403, 'NOT_ALLOWED');
    expect(notBuyer.msg).toBe('발주의 담당 구매자 또는 구매 관리자만 납품대금 조정협의를 처리할 수 있습니다');
    ok(await step(next, 'fail', u.opadmin, { reason: '인상률 이견, 분쟁조정 신청' }));

    const third = ok(await request(po.poNo));
    refused(
      await f.post(`/api/v1/cyber/price-coordinations/${third.coordinationNo}/withdraw`, u.supplier2, {
        version: third.version,
      }),
      404,
      'COORDINATION_NOT_FOUND',
    );
    ok(
      await f.post(`/api/v1/cyber/price-coordinations/${third.coordinationNo}/withdraw`, u.supplier1, {
        version: third.version,
      }),
    );
    const told = await notices(third.coordinationNo, 'coordination.withdrawn');
    expect(told.map((n) => n.recipient)).toEqual([await emailOf('tfadmin')]);
    expect(told[0].body).toContain(`발주 ${po.poNo}`);
  });

  it('the compliance view: an order’s request from day 11 without talks and from day 31 without an outcome; /metrics counts it', async () => {
    const silentPo = await sentOrder();
    const talkingPo = await sentOrder();
    const silent = ok(await request(silentPo.poNo));
    const talking = ok(await step(ok(await request(talkingPo.poNo)), 'start-talks', u.operator));
    const requestedOn = day(0);
    const plus = (n: number) => new Date(Date.parse(`${requestedOn}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    type Finding = { kind: string; coordinationNo: string; dueDate: string; daysPast: number; poNo: string };
    const findings = async () => {
      const all = ok(await f.get('/api/v1/subcon/compliance?size=500', u.operator));
      return (all.rows as Array<Finding & { agreementNo: string | null }>)
        .filter((r) => [silent.coordinationNo, talking.coordinationNo].includes(r.coordinationNo))
        .map((r) => ({
          kind: r.kind,
          who: r.coordinationNo === silent.coordinationNo ? 'silent' : 'talking',
          dueDate: r.dueDate,
          daysPast: r.daysPast,
          poNo: r.poNo,
          agreementNo: r.agreementNo,
        }))
        .sort((x, y) => `${x.who}${x.kind}`.localeCompare(`${y.who}${y.kind}`));
    };
    const kinds = async () => (await findings()).map((r) => `${r.who}:${r.kind}`);

    expect(await kinds()).toEqual([]);
    t.app.clock.advance(9 * DAY); // day 9
    expect(await kinds()).toEqual([]);
    t.app.clock.advance(DAY); // day 10: talks may still start today
    expect(await kinds()).toEqual([]);
    t.app.clock.advance(DAY); // day 11
    expect(await findings()).toEqual([
      {
        kind: 'COORDINATION_TALKS_OVERDUE',
        who: 'silent',
        dueDate: plus(10),
        daysPast: 1,
        poNo: silentPo.poNo,
        agreementNo: null,
      },
    ]);
    t.app.clock.advance(18 * DAY); // day 29
    expect(await kinds()).toEqual(['silent:COORDINATION_TALKS_OVERDUE']);
    t.app.clock.advance(DAY); // day 30: an outcome may still come today
    expect(await kinds()).toEqual(['silent:COORDINATION_TALKS_OVERDUE']);
    t.app.clock.advance(DAY); // day 31
    expect(await findings()).toEqual([
      {
        kind: 'COORDINATION_OVERDUE',
        who: 'silent',
        dueDate: plus(30),
        daysPast: 1,
        poNo: silentPo.poNo,
        agreementNo: null,
      },
      {
        kind: 'COORDINATION_TALKS_OVERDUE',
        who: 'silent',
        dueDate: plus(10),
        daysPast: 21,
        poNo: silentPo.poNo,
        agreementNo: null,
      },
      {
        kind: 'COORDINATION_OVERDUE',
        who: 'talking',
        dueDate: plus(30),
        daysPast: 1,
        poNo: talkingPo.poNo,
        agreementNo: null,
      },
    ]);
    const mine = ok(await f.get(`/api/v1/cyber/price-coordinations?poNo=${silentPo.poNo}`, u.supplier1));
    expect(mine.rows[0]).toMatchObject({ talksLateDays: 21, agreementLateDays: 1 });

    const answer = ok(await f.get('/api/v1/subcon/compliance?size=1', u.operator));
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    for (const kind of ['COORDINATION_TALKS_OVERDUE', 'COORDINATION_OVERDUE']) {
      expect(answer.counts[kind]).toBeGreaterThanOrEqual(kind === 'COORDINATION_OVERDUE' ? 2 : 1);
      expect(metrics.body).toContain(`gpms_subcon_findings{kind="${kind}"} ${answer.counts[kind]}`);
    }

    // An outcome, late or not, closes the clocks.
    ok(await step(talking, 'agree', u.operator, { outcome: '단가 동결' }));
    ok(await step(silent, 'fail', u.operator, { reason: '협의 미개시, 분쟁조정 신청' }));
    expect(await kinds()).toEqual([]);
  });
});
