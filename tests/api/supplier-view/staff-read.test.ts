import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api, expectError } from '../fulfilment/helpers.js';

/**
 * The supplier screens at their internal address. Staff whose group holds the internal
 * 협력사 화면 menu read what suppliers read, across suppliers (or one, exactly as its users see
 * it); every supplier write is refused to them; suppliers see what they saw before, whatever
 * company they name.
 */

/** The supplier read operations behind the list screens, with the field that names a row. */
const LISTS = [
  { op: 'listSupplierRfqs', url: '/api/v1/cyber/rfqs', key: 'rfqNo' },
  { op: 'listSupplierQuotations', url: '/api/v1/cyber/quotations', key: 'rfqNo' },
  { op: 'listSupplierPos', url: '/api/v1/cyber/pos', key: 'poNo' },
  { op: 'listMyDeliveries', url: '/api/v1/cyber/deliveries', key: 'deliveryNo' },
  { op: 'listMyNoneOrderDeliveries', url: '/api/v1/cyber/deliveries/none-order', key: 'deliveryNo' },
  { op: 'listMySettlements', url: '/api/v1/cyber/settlements', key: 'settleNo' },
  { op: 'listMyItems', url: '/api/v1/cyber/items', key: 'itemCode' },
  { op: 'listMyEvaTotals', url: '/api/v1/cyber/evaluation/totals', key: 'totalId' },
  { op: 'listMySurveys', url: '/api/v1/cyber/surveys', key: 'surveyId' },
] as const;

type Row = Record<string, unknown> & { compNo: string };
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

describe('supplier screens at the internal address', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let operator: LoggedIn;
  let monitor: LoggedIn;
  let admin: LoggedIn;
  let buyer: LoggedIn;
  let tfadmin: LoggedIn;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [operator, monitor, admin, buyer, tfadmin] = await Promise.all(
      ['operator', 'monitor', 'admin', 'buyer', 'tfadmin'].map((u) => sessionAs(t.app, u)),
    );
    supplier1 = await sessionAs(t.app, 'supplier1');
    supplier2 = await sessionAs(t.app, 'supplier2');
  });
  afterAll(() => t.close());

  const rows = async (url: string, who: LoggedIn) => {
    const r = await http.get(withQuery(url, 'page=1&size=500'), who);
    expect(r.status, `${url} ${who.userId}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
    return r.body as { rows: Row[]; total: number };
  };

  it('staff holding the menu read every supplier’s rows with the company named; one supplier reads exactly as its users see it', async () => {
    for (const list of LISTS) {
      const mine1 = await rows(list.url, supplier1);
      const mine2 = await rows(list.url, supplier2);
      const all = await rows(list.url, operator);
      expect(mine1.total, `${list.op}: the seed gives supplier1 rows`).toBeGreaterThan(0);
      // Every supplier: at least both demo suppliers' rows, each row naming its company.
      expect(all.total, list.op).toBeGreaterThanOrEqual(mine1.total + mine2.total);
      for (const r of all.rows)
        expect(typeof r.compName === 'string' || typeof r.compNameKr === 'string', `${list.op} names the company`).toBe(
          true,
        );
      const companies = new Set(all.rows.map((r) => r.compNo));
      if (mine2.total > 0 && all.total <= 500)
        expect([...companies], list.op).toEqual(expect.arrayContaining(['C00001', 'C00002']));
      expect(companies.size, list.op).toBeGreaterThan(1);
      // One supplier: the same rows, in the same order, as that supplier's own answer.
      const one = await rows(withQuery(list.url, 'compNo=C00001'), operator);
      expect(one.total, list.op).toBe(mine1.total);
      expect(
        one.rows.map((r) => r[list.key]),
        list.op,
      ).toEqual(mine1.rows.map((r) => r[list.key]));
      expect(new Set(one.rows.map((r) => r.compNo)), list.op).toEqual(new Set(['C00001']));
      // Monitoring and the administrators read them too.
      expect((await rows(list.url, monitor)).total, list.op).toBe(all.total);
      expect((await rows(list.url, admin)).total, list.op).toBe(all.total);
    }
  });

  it('staff whose group does not hold the menu are refused (user, TF admin)', async () => {
    for (const list of LISTS) {
      for (const who of [buyer, tfadmin]) expectError(await http.get(list.url, who), 403, 'GPMS006');
    }
  });

  it('a supplier is unchanged: naming another company reads its own rows only', async () => {
    for (const list of LISTS) {
      const mine = await rows(list.url, supplier1);
      const other = await rows(withQuery(list.url, 'compNo=C00002'), supplier1);
      expect(other.total, list.op).toBe(mine.total);
      expect(new Set(other.rows.map((r) => r.compNo)), list.op).toEqual(new Set(['C00001']));
    }
  });

  it('a quotation request: staff read one supplier’s answer (compNo required), a look marks nothing; the supplier’s own opening still does', async () => {
    const q = await t.db.db
      .selectFrom('quotation')
      .select(['rfqNo', 'compNo', 'status', 'version'])
      .where('status', '=', 'REQUESTED')
      .where('compNo', '=', 'C00001')
      .orderBy('rfqNo')
      .executeTakeFirstOrThrow();
    expectError(await http.get(`/api/v1/cyber/rfqs/${q.rfqNo}`, operator), 400, 'COMPANY_REQUIRED');
    const seen = await http.get(`/api/v1/cyber/rfqs/${q.rfqNo}?compNo=C00001`, operator);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ rfqNo: q.rfqNo, compNo: 'C00001', status: 'REQUESTED', editable: false });
    expect((seen.body as { compName: string }).compName).toMatch(/\S/);
    const after = await t.db.db
      .selectFrom('quotation')
      .select(['status', 'version', 'checkedAt'])
      .where('rfqNo', '=', q.rfqNo)
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'REQUESTED', version: q.version, checkedAt: null });
    // A company that was not invited: missing, as for a supplier.
    const notInvited = await t.db.db
      .selectFrom('company')
      .select('compNo')
      .where('compNo', 'not in', t.db.db.selectFrom('quotation').select('compNo').where('rfqNo', '=', q.rfqNo))
      .orderBy('compNo')
      .executeTakeFirstOrThrow();
    expect((await http.get(`/api/v1/cyber/rfqs/${q.rfqNo}?compNo=${notInvited.compNo}`, operator)).status).toBe(404);
    // The supplier's own opening marks it checked, as before.
    const own = await http.get(`/api/v1/cyber/rfqs/${q.rfqNo}?compNo=C00002`, supplier1);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ compNo: 'C00001', status: 'CHECKED' });
  });

  it('a submitted quotation: staff see the supplier’s prices read only', async () => {
    const q = await t.db.db
      .selectFrom('quotation')
      .select(['rfqNo', 'compNo', 'totalAmount'])
      .where('quoteNo', 'is not', null)
      .where('compNo', '=', 'C00002')
      .orderBy('rfqNo')
      .executeTakeFirstOrThrow();
    expectError(await http.get(`/api/v1/cyber/quotations/${q.rfqNo}`, operator), 400, 'COMPANY_REQUIRED');
    const staff = await http.get(`/api/v1/cyber/quotations/${q.rfqNo}?compNo=C00002`, monitor);
    const own = await http.get(`/api/v1/cyber/quotations/${q.rfqNo}`, supplier2);
    expect(staff.status).toBe(200);
    const { editable: _e1, ...staffView } = staff.body as Record<string, unknown>;
    const { editable: _e2, ...supplierView } = own.body as Record<string, unknown>;
    expect(staffView).toEqual(supplierView);
    expect((staff.body as { editable: boolean }).editable).toBe(false);
    // supplier1 naming C00002 still reads nothing of C00002's.
    expect((await http.get(`/api/v1/cyber/quotations/${q.rfqNo}?compNo=C00002`, supplier1)).status).toBe(404);
  });

  it('single documents (order, delivery, settlement, statement, evaluation, survey, item) open for staff as their supplier sees them, with no actions', async () => {
    const po = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('compNo', '=', 'C00002')
      .where('status', '=', 'SENT')
      .where('forwardedAt', 'is not', null)
      .orderBy('poNo')
      .executeTakeFirstOrThrow();
    const supplierPo = await http.get(`/api/v1/cyber/pos/${po.poNo}`, supplier2);
    const staffPo = await http.get(`/api/v1/cyber/pos/${po.poNo}`, operator);
    expect(supplierPo.body).toMatchObject({ actions: ['acknowledge'] });
    expect(staffPo.status).toBe(200);
    expect(staffPo.body).toEqual({ ...(supplierPo.body as object), actions: [] });

    const d = await t.db.db
      .selectFrom('delivery')
      .select('deliveryNo')
      .where('compNo', '=', 'C00002')
      .orderBy('deliveryNo')
      .executeTakeFirstOrThrow();
    expect((await http.get(`/api/v1/cyber/deliveries/${d.deliveryNo}`, operator)).body).toEqual(
      (await http.get(`/api/v1/cyber/deliveries/${d.deliveryNo}`, supplier2)).body,
    );

    const s = await t.db.db
      .selectFrom('settlement')
      .select('settleNo')
      .where('compNo', '=', 'C00002')
      .where('status', '=', 'CONFIRM_REQUESTED')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    expect((await http.get(`/api/v1/cyber/settlements/${s.settleNo}`, monitor)).body).toEqual(
      (await http.get(`/api/v1/cyber/settlements/${s.settleNo}`, supplier2)).body,
    );
    const statement = await http.get(`/api/v1/cyber/statements/${s.settleNo}?format=html`, operator);
    expect(statement.status).toBe(200);
    // A settlement not yet put to the supplier stays hidden from staff here too (they have monthlyCalcAdmin for that).
    const draft = await t.db.db
      .selectFrom('settlement')
      .select('settleNo')
      .where('status', '=', 'DRAFT')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    expect((await http.get(`/api/v1/cyber/settlements/${draft.settleNo}`, operator)).status).toBe(404);

    const totals = await rows('/api/v1/cyber/evaluation/totals?compNo=C00001', operator);
    const totalId = totals.rows[0].totalId as number;
    expect((await http.get(`/api/v1/cyber/evaluation/totals/${totalId}`, operator)).body).toEqual(
      (await http.get(`/api/v1/cyber/evaluation/totals/${totalId}`, supplier1)).body,
    );
    expect((await http.get(`/api/v1/cyber/evaluation/totals/${totalId}`, supplier2)).status).toBe(404);

    const surveys = await rows('/api/v1/cyber/surveys?compNo=C00001', operator);
    const surveyId = surveys.rows[0].surveyId as number;
    expectError(await http.get(`/api/v1/cyber/surveys/${surveyId}`, operator), 400, 'COMPANY_REQUIRED');
    const staffSurvey = await http.get(`/api/v1/cyber/surveys/${surveyId}?compNo=C00001`, operator);
    const ownSurvey = await http.get(`/api/v1/cyber/surveys/${surveyId}`, supplier1);
    expect(staffSurvey.body).toEqual({ ...(ownSurvey.body as object), actions: [] });

    const items = await rows('/api/v1/cyber/items?compNo=C00001', operator);
    const itemCode = items.rows[0].itemCode as string;
    expectError(await http.get(`/api/v1/cyber/items/${itemCode}`, operator), 400, 'COMPANY_REQUIRED');
    expect((await http.get(`/api/v1/cyber/items/${itemCode}?compNo=C00001`, operator)).body).toEqual(
      (await http.get(`/api/v1/cyber/items/${itemCode}`, supplier1)).body,
    );
  });

  it('every supplier write is refused to staff, whatever their grant, and changes nothing', async () => {
    const q = await t.db.db
      .selectFrom('quotation')
      .select(['rfqNo', 'version'])
      .where('compNo', '=', 'C00001')
      .where('quoteNo', 'is', null)
      .orderBy('rfqNo')
      .executeTakeFirstOrThrow();
    const po = await t.db.db
      .selectFrom('poHeader')
      .select(['poNo', 'version', 'status'])
      .where('status', '=', 'SENT')
      .orderBy('poNo')
      .executeTakeFirstOrThrow();
    const d = await t.db.db
      .selectFrom('delivery')
      .select(['deliveryNo', 'version', 'status'])
      .where('status', '=', 'REGISTERED')
      .where('noPo', '=', 'N')
      .orderBy('deliveryNo')
      .executeTakeFirstOrThrow();
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'version', 'status'])
      .where('status', '=', 'CONFIRM_REQUESTED')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    const survey = await t.db.db
      .selectFrom('satResponse')
      .select(['surveyId', 'compNo', 'version'])
      .where('status', '=', 'REQUESTED')
      .orderBy('surveyId')
      .executeTakeFirst();
    const proposal = await t.db.db
      .selectFrom('itemProposal')
      .select(['proposalNo', 'version', 'status'])
      .where('status', '=', 'SUBMITTED')
      .orderBy('proposalNo')
      .executeTakeFirst();
    const loi = await t.db.db.selectFrom('loi').select(['loiNo', 'version']).orderBy('loiNo').executeTakeFirst();
    const writes: Array<{ name: string; method: 'POST' | 'PUT'; url: string; body: unknown }> = [
      {
        name: 'submitQuotation',
        method: 'PUT',
        url: `/api/v1/cyber/quotations/${q.rfqNo}`,
        body: {
          version: q.version,
          leadTimeDays: 5,
          validUntil: '2099-12-31',
          lines: [{ lineNo: 1, unitPrice: '1000' }],
        },
      },
      {
        name: 'askRfqQuestion',
        method: 'POST',
        url: `/api/v1/cyber/rfqs/${q.rfqNo}/questions`,
        body: { question: '납기 조정이 가능한가요?' },
      },
      {
        name: 'acknowledgePo',
        method: 'POST',
        url: `/api/v1/cyber/pos/${po.poNo}/acknowledge`,
        body: { version: po.version },
      },
      {
        name: 'createDelivery',
        method: 'POST',
        url: '/api/v1/cyber/deliveries',
        body: { poNo: po.poNo, deliveryDate: '2026-11-20', lines: [{ poLineNo: 1, quantity: '1' }] },
      },
      {
        name: 'updateDelivery',
        method: 'PUT',
        url: `/api/v1/cyber/deliveries/${d.deliveryNo}`,
        body: { version: d.version, deliveryDate: '2026-11-20', lines: [{ poLineNo: 1, quantity: '1' }] },
      },
      {
        name: 'cancelDelivery',
        method: 'POST',
        url: `/api/v1/cyber/deliveries/${d.deliveryNo}/cancel`,
        body: { version: d.version, reason: '대리 취소' },
      },
      {
        name: 'confirmSettlement',
        method: 'POST',
        url: `/api/v1/cyber/settlements/${s.settleNo}/confirm`,
        body: { version: s.version },
      },
      {
        name: 'disputeSettlement',
        method: 'POST',
        url: `/api/v1/cyber/settlements/${s.settleNo}/dispute`,
        body: { version: s.version, reason: '대리 이의' },
      },
      {
        name: 'createItemProposal',
        method: 'POST',
        url: '/api/v1/item-proposals',
        body: {
          kind: 'NEW',
          itemName: '대리 제안',
          unitCode: 'EA',
          proposedPrice: '1000',
          currency: 'KRW',
          validFrom: '2099-01-01',
          reason: '대리',
        },
      },
      ...(proposal
        ? [
            {
              name: 'withdrawItemProposal',
              method: 'POST' as const,
              url: `/api/v1/item-proposals/${proposal.proposalNo}/withdraw`,
              body: { version: proposal.version },
            },
          ]
        : []),
      ...(survey
        ? [
            {
              name: 'answerMySurvey',
              method: 'POST' as const,
              url: `/api/v1/cyber/surveys/${survey.surveyId}/answer`,
              body: { version: survey.version, answers: [{ qNo: 1, score: 5 }] },
            },
          ]
        : []),
      ...(loi
        ? [
            {
              name: 'acceptLoi',
              method: 'POST' as const,
              url: `/api/v1/cyber/lois/${loi.loiNo}/accept`,
              body: { version: loi.version },
            },
          ]
        : []),
    ];
    expect(writes.length).toBeGreaterThanOrEqual(11);
    // The administrators hold every internal menu with write: the refusal does not depend on the grant.
    for (const who of [operator, admin, monitor]) {
      for (const w of writes) {
        const r = await t.app.inject({ method: w.method, url: w.url, headers: who.headers, payload: w.body as object });
        expect(r.statusCode, `${w.name} by ${who.userId}: ${r.body}`).toBe(403);
        expect(r.json().code, w.name).toBe('GPMS006');
      }
    }
    const db = t.db.db;
    expect(
      await db
        .selectFrom('quotation')
        .select('version')
        .where('rfqNo', '=', q.rfqNo)
        .where('compNo', '=', 'C00001')
        .executeTakeFirstOrThrow(),
    ).toEqual({ version: q.version });
    expect(
      await db
        .selectFrom('poHeader')
        .select(['version', 'status'])
        .where('poNo', '=', po.poNo)
        .executeTakeFirstOrThrow(),
    ).toEqual({ version: po.version, status: po.status });
    expect(
      await db
        .selectFrom('delivery')
        .select(['version', 'status'])
        .where('deliveryNo', '=', d.deliveryNo)
        .executeTakeFirstOrThrow(),
    ).toEqual({ version: d.version, status: d.status });
    expect(
      await db
        .selectFrom('settlement')
        .select(['version', 'status'])
        .where('settleNo', '=', s.settleNo)
        .executeTakeFirstOrThrow(),
    ).toEqual({ version: s.version, status: s.status });
    expect(
      (
        await db
          .selectFrom('rfqQuestion')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('question', '=', '납기 조정이 가능한가요?')
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(0);
    expect(
      (
        await db
          .selectFrom('itemProposal')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('itemName', '=', '대리 제안')
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(0);
  });
});
