import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { testCompiles } from '../../helpers/app.js';

type Answer = { rows: Array<Record<string, unknown>>; total: number; totals?: unknown; nextCursor?: string | null };

/**
 * The statements a list request sends, as the server counts them (`gpms_db_statements_per_request`,
 * server/db/statement-count.ts): the PO, warehousing, deliveries, settlements, pending-approvals,
 * agreements and agreement-consumption lists carry their count (and totals) in the page's own
 * statement, so a kept caller's request sends one statement. A page found empty past the first sends one more for its count, which stays the
 * list's; a page by cursor carries the whole list's count too (not only the rows past the cursor).
 */
describe('a list’s page and its count in one statement', () => {
  let t: { app: FastifyInstance; db: TestDb };
  const sessions = new Map<string, LoggedIn>();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-list-statements-'));
  // The statements' texts while a request is counted (for the failure's message).
  let recorded: string[] | null = null;
  beforeAll(async () => {
    const db = await createSeededTestDb(undefined, undefined, (e: LogEvent) => void recorded?.push(e.query.sql));
    const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: db.url });
    t = { app: await buildApp({ config, dbh: db, ...testCompiles }), db };
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every request's statements so far, and how many requests were counted. */
  async function counted(): Promise<{ sum: number; count: number }> {
    const values = (await t.app.metrics.dbStatements.get()).values;
    const total = (name: string) =>
      values.filter((v) => v.metricName === `gpms_db_statements_per_request${name}`).reduce((n, v) => n + v.value, 0);
    return { sum: total('_sum'), count: total('_count') };
  }

  /** The answer of a GET as `user` and the statements it sent, the second time it is sent (the caller kept). */
  async function statementsOf(
    user: string,
    url: string,
  ): Promise<{ answer: Answer; statements: number; texts: string[] }> {
    let s = sessions.get(user);
    if (!s) sessions.set(user, (s = await sessionAs(t.app, user)));
    // The same request first: the caller's check for the route, and what else the first asks, kept.
    expect((await t.app.inject({ method: 'GET', url, headers: s.headers })).statusCode).toBe(200);
    // Until the server's listening connection is up, each request reads the authority version (one
    // statement more); a kept caller on a running server sends none (docs/auth.md).
    for (let i = 0; i < 200 && t.db.authority.known() === null; i++)
      await t.app.inject({ method: 'GET', url, headers: s.headers });
    expect(t.db.authority.known(), 'the authority version known without a read').not.toBe(null);
    // Once more under the version known: what the caller may do (menu authority) is kept only when
    // read under a known version (docs/auth.md), so a first request before it was known kept nothing.
    expect((await t.app.inject({ method: 'GET', url, headers: s.headers })).statusCode).toBe(200);
    const before = await counted();
    recorded = [];
    const res = await t.app.inject({ method: 'GET', url, headers: s.headers });
    expect(res.statusCode, res.body).toBe(200);
    // The count is observed as the answer goes out (onResponse): yield until it has been.
    let after = await counted();
    for (let i = 0; i < 100 && after.count === before.count; i++) {
      await new Promise((r) => setImmediate(r));
      after = await counted();
    }
    const texts = recorded;
    recorded = null;
    if (process.env.SHOW_STATEMENTS)
      console.log(
        url,
        after.sum - before.sum,
        texts.map((x) => x.slice(0, 200)),
      );
    expect(after.count, 'one request counted').toBe(before.count + 1);
    return { answer: res.json() as Answer, statements: after.sum - before.sum, texts };
  }

  /**
   * The first page: one statement, the list's count; the page by cursor after it: one, the same count;
   * a page past the end by offset: no rows, the same count (and totals), from a second statement.
   */
  async function pinned(user: string, path: string, size: number, expected: number) {
    const first = await statementsOf(user, `${path}page=1&size=${size}`);
    expect(first.statements, `${path} first page`).toBe(1);
    expect(first.answer.total).toBe(expected);
    expect(first.answer.rows.length).toBe(Math.min(size, expected));
    if (first.answer.nextCursor) {
      const next = await statementsOf(user, `${path}size=${size}&after=${encodeURIComponent(first.answer.nextCursor)}`);
      expect(next.statements, `${path} by cursor`).toBe(1);
      expect(next.answer.total).toBe(expected);
      expect(next.answer.totals).toEqual(first.answer.totals);
    }
    const beyond = await statementsOf(user, `${path}page=${Math.ceil(expected / size) + 2}&size=${size}`);
    expect(beyond.answer.rows).toEqual([]);
    expect(beyond.answer.total, `${path} past the end`).toBe(expected);
    expect(beyond.answer.totals).toEqual(first.answer.totals);
    expect(beyond.statements, `${path} past the end`).toBe(2);
    return first.answer;
  }

  const n = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(t.db.db)).rows[0].n);

  it('PO list', async () => {
    const expected = await n(sql`select count(*) as n from po_header`);
    const first = await pinned('operator', '/api/v1/pos?', 7, expected);
    const krw = await sql<{ n: string; amount: string }>`
      select count(*) as n, cast(sum(total_amount) as text) as amount from po_header where currency = 'KRW'`.execute(
      t.db.db,
    );
    expect(first.totals).toContainEqual({
      currency: 'KRW',
      count: Number(krw.rows[0].n),
      totalAmount: krw.rows[0].amount,
    });
    // A filter that keeps nothing: no rows, a count of none, one statement.
    const none = await statementsOf('operator', '/api/v1/pos?page=1&size=7&poNo=no-such-order');
    expect(none.answer).toMatchObject({ rows: [], total: 0, totals: [] });
    expect(none.statements).toBe(1);
    // The rows' line counts, now from the page's statement.
    const lines = await n(sql`select count(*) as n from po_line where po_no = ${String(first.rows[0].poNo)}`);
    expect(first.rows[0].lineCount).toBe(lines);
  });

  it('warehousing items', async () => {
    const expected = await n(sql`select count(*) as n from wh_receipt_line`);
    const first = await pinned('operator', '/api/v1/warehousing/items?', 9, expected);
    const krw = await sql<{ amount: string }>`
      select cast(sum(l.amount) as text) as amount from wh_receipt_line l
      join wh_receipt r on r.wh_req_no = l.wh_req_no where r.currency = 'KRW'`.execute(t.db.db);
    expect(Number((first.totals as { KRW: string }).KRW.replace(/,/g, ''))).toBe(Number(krw.rows[0].amount));
    const none = await statementsOf('operator', '/api/v1/warehousing/items?page=1&size=9&poNo=no-such-order');
    expect(none.answer).toMatchObject({ rows: [], total: 0 });
    expect(none.statements).toBe(1);
  });

  it('warehousing receipts', async () => {
    const expected = await n(sql`select count(*) as n from wh_receipt`);
    await pinned('operator', '/api/v1/warehousing?', 9, expected);
  });

  it('deliveries', async () => {
    const expected = await n(sql`select count(*) as n from delivery`);
    await pinned('operator', '/api/v1/deliveries?', 5, expected);
    const none = await statementsOf('operator', '/api/v1/deliveries?page=1&size=5&deliveryNo=no-such-delivery');
    expect(none.answer).toMatchObject({ rows: [], total: 0 });
    expect(none.statements).toBe(1);
  });

  it('settlements', async () => {
    const expected = await n(sql`select count(*) as n from settlement`);
    const first = await pinned('monitor', '/api/v1/settlements?', 2, expected);
    const sums = await sql<{ total: string }>`select cast(sum(total_amount) as text) as total from settlement`.execute(
      t.db.db,
    );
    expect(Number(String((first.totals as { totalAmount: string }).totalAmount).replace(/,/g, ''))).toBe(
      Number(sums.rows[0].total),
    );
  });

  it('PO changes: the list, and an order’s detail reading its changes in one statement', async () => {
    const expected = await n(sql`select count(*) as n from po_change`);
    expect(expected, 'the seed has changes to orders').toBeGreaterThan(3);
    await pinned('operator', '/api/v1/po-changes?', 3, expected);
    // The most changed order of a company with a supplier account (its supplier reads it below).
    const changed = await sql<{ poNo: string; userId: string; n: number }>`
      select x.po_no, min(u.user_id) as user_id, count(distinct x.change_id)::int as n
      from po_change x join po_header h on h.po_no = x.po_no
      join app_user u on u.comp_no = h.comp_no and u.portal = 'X'
      group by x.po_no order by 3 desc, x.po_no limit 1`.execute(t.db.db);
    const order = changed.rows[0];
    const detail = await statementsOf('operator', `/api/v1/pos/${order.poNo}`);
    expect((detail.answer as unknown as { changes: unknown[] }).changes).toHaveLength(order.n);
    expect(detail.texts.filter((x) => /"po_change"/.test(x))).toHaveLength(1);
    // The same through a supplier's scoped handle (its own order), inside its one transaction.
    const theirs = await statementsOf(order.userId, `/api/v1/cyber/pos/${order.poNo}`);
    expect((theirs.answer as unknown as { changes: unknown[] }).changes).toHaveLength(order.n);
    expect(theirs.texts.filter((x) => /"po_change"/.test(x))).toHaveLength(1);
    // The whole order in one statement, in the supplier's one transaction (begin, role and company, commit).
    expect(theirs.statements, theirs.texts.join(' | ').slice(0, 400)).toBe(4);
    // An order without changes: one statement finds none.
    const plain = await sql<{ poNo: string }>`
      select po_no from po_header h where not exists (select 1 from po_change x where x.po_no = h.po_no)
      order by po_no limit 1`.execute(t.db.db);
    const none = await statementsOf('operator', `/api/v1/pos/${plain.rows[0].poNo}`);
    expect((none.answer as unknown as { changes: unknown[] }).changes).toEqual([]);
    expect(none.texts.filter((x) => /"po_change"/.test(x))).toHaveLength(1);
  });

  it('an order’s approval rounds and their steps in one statement', async () => {
    // An order with two rounds or more when the seed has one, its steps in order.
    const doc = await sql<{ poNo: string; rounds: number; steps: number }>`
      select a.doc_no as po_no, count(distinct a.approval_id)::int as rounds, count(st.step_no)::int as steps
      from approval a join po_header h on h.po_no = a.doc_no
      left join approval_step st on st.approval_id = a.approval_id
      where a.doc_type in ('PO', 'SIMPLE') group by a.doc_no order by 2 desc, 3 desc, 1 limit 1`.execute(t.db.db);
    const order = doc.rows[0];
    expect(order.steps, 'the seed has an order with approval steps').toBeGreaterThan(1);
    const detail = await statementsOf('operator', `/api/v1/pos/${order.poNo}`);
    const approvals = (detail.answer as unknown as { approvals: Array<{ steps: Array<{ stepNo: number }> }> })
      .approvals;
    expect(approvals).toHaveLength(order.rounds);
    expect(approvals.flatMap((a) => a.steps)).toHaveLength(order.steps);
    for (const a of approvals) expect(a.steps.map((x) => x.stepNo)).toEqual([...a.steps.map((x) => x.stepNo)].sort());
    expect(detail.texts.filter((x) => /"approval(_step)?" as/.test(x))).toHaveLength(1);
  });

  it('a PR’s requests for quotation and its current one’s summary from one read of rfq_header', async () => {
    // A PR with a request not cancelled (its latest such is the current one), and a PR without any.
    const withRfq = await sql<{ prNo: string; rfqNo: string; n: number }>`
      select pr_no, max(rfq_no) filter (where status <> 'CANCELLED') as rfq_no, count(*)::int as n
      from rfq_header group by pr_no having count(*) filter (where status <> 'CANCELLED') > 0
      order by count(*) desc, pr_no limit 1`.execute(t.db.db);
    const withNone = await sql<{ prNo: string }>`
      select pr_no from pr_header p where not exists (select 1 from rfq_header r where r.pr_no = p.pr_no)
      order by pr_no limit 1`.execute(t.db.db);
    for (const [prNo, rfqNo, n] of [
      [withRfq.rows[0].prNo, withRfq.rows[0].rfqNo, withRfq.rows[0].n],
      [withNone.rows[0].prNo, null, 0],
    ] as const) {
      const detail = await statementsOf('admin', `/api/v1/prs/${prNo}`);
      const answer = detail.answer as unknown as { rfqNo: string | null; rfqs: unknown[] };
      expect(answer.rfqNo, prNo).toBe(rfqNo);
      expect(answer.rfqs).toHaveLength(n);
      expect(detail.texts.filter((x) => /from "rfq_header"/.test(x))).toHaveLength(1);
    }
  });

  it('opening a PR or an order: one statement, whatever the document holds', async () => {
    const some = async (query: ReturnType<typeof sql<{ no: string }>>) =>
      (await query.execute(t.db.db)).rows.map((r) => r.no);
    // PRs with a current request for quotation (its quotations, questions, order), with approval
    // rounds, with files, with orders, and plain ones.
    const kinds = {
      quoted: await some(sql`
        select r.pr_no as no from rfq_header r join quotation q on q.rfq_no = r.rfq_no
        where r.status <> 'CANCELLED' order by 1 limit 2`),
      asked: await some(
        sql`select distinct r.pr_no as no from rfq_header r join rfq_question q using (rfq_no) limit 2`,
      ),
      approved: await some(sql`select distinct doc_no as no from approval where doc_type = 'PR' order by 1 limit 2`),
      filed: await some(sql`select pr_no as no from pr_header where file_id is not null order by 1 limit 2`),
      ordered: await some(sql`select distinct pr_no as no from po_header where pr_no is not null order by 1 limit 2`),
      latest: await some(sql`select pr_no as no from pr_header order by pr_no desc limit 2`),
    };
    for (const kind of ['quoted', 'approved', 'ordered', 'latest'] as const)
      expect(kinds[kind].length, `the seed has PRs ${kind}`).toBeGreaterThan(0);
    const prs = new Set(Object.values(kinds).flat());
    for (const prNo of prs) {
      const d = await statementsOf('admin', `/api/v1/prs/${prNo}`);
      expect(d.statements, `open ${prNo}: ${d.texts.join(' | ').slice(0, 400)}`).toBe(1);
      expect((d.answer as unknown as { prNo: string }).prNo).toBe(prNo);
    }
    // An approver reading PRs they approve (outside their own scope, as the approvals' screen opens them).
    const approved = await some(sql`
      select distinct a.doc_no as no from approval a join approval_step st on st.approval_id = a.approval_id
      where a.doc_type = 'PR' and st.approver_id = (select singleid from app_user where user_id = 'uadmin1')
      order by 1 limit 3`);
    expect(approved.length, 'the seed has PRs uadmin1 approves').toBeGreaterThan(0);
    for (const prNo of approved) {
      const d = await statementsOf('uadmin1', `/api/v1/prs/${prNo}`);
      expect(d.statements, `uadmin1 opens ${prNo}: ${d.texts.join(' | ').slice(0, 400)}`).toBe(1);
    }
    // Orders with changes, revisions (a change order's approval among its rounds), approvals, files.
    const orders = {
      changed: await some(sql`select distinct po_no as no from po_change order by 1 limit 2`),
      revised: await some(sql`select distinct po_no as no from po_revision order by 1 limit 2`),
      changeApproved: await some(sql`
        select distinct split_part(doc_no, '-', 1) as no from approval where doc_type = 'PO_CHANGE' order by 1 limit 2`),
      approved: await some(sql`
        select distinct doc_no as no from approval where doc_type in ('PO', 'SIMPLE') order by 1 limit 2`),
      filed: await some(sql`select po_no as no from po_header where file_id is not null order by 1 limit 2`),
      latest: await some(sql`select po_no as no from po_header order by po_no desc limit 2`),
    };
    for (const kind of ['changed', 'approved', 'latest'] as const)
      expect(orders[kind].length, `the seed has orders ${kind}`).toBeGreaterThan(0);
    const pos = new Set(Object.values(orders).flat());
    for (const poNo of pos) {
      const d = await statementsOf('operator', `/api/v1/pos/${poNo}`);
      expect(d.statements, `open ${poNo}: ${d.texts.join(' | ').slice(0, 400)}`).toBe(1);
      expect((d.answer as unknown as { poNo: string }).poNo).toBe(poNo);
    }
  });

  /** A request as `user` that must answer 200; its JSON. */
  async function sent(user: string, method: 'POST' | 'GET', url: string, payload?: object) {
    let s = sessions.get(user);
    if (!s) sessions.set(user, (s = await sessionAs(t.app, user)));
    const res = await t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown> & { approvals: Array<{ approvalId: number; version: number }> };
  }

  it('agreements and their consumption report', async () => {
    // Beside the seed's two agreements (docs/seed.md): three drafts, two of them approved (the report shows approved ones).
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 3; i++) {
      const draft = await sent('operator', 'POST', '/api/v1/agreements', {
        compNo: 'C00001',
        title: `문장 수 단가계약 ${i}`,
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        ceilingAmount: '200000',
        lines: [
          { itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' },
          { itemName: '비규격 브래킷', unitCode: 'EA', unitPrice: '500' },
        ],
      });
      if (i === 0) continue;
      const url = `/api/v1/agreements/${String(draft.agreementNo)}`;
      const submitted = await sent('operator', 'POST', `${url}/submit`, { version: draft.version });
      const a = submitted.approvals.at(-1)!;
      await sent('opadmin', 'POST', `/api/v1/approvals/${a.approvalId}/approve`, { version: a.version });
    }
    const agreements = await n(sql`select count(*) as n from agreement`);
    expect(agreements).toBeGreaterThanOrEqual(3);
    await pinned('operator', '/api/v1/agreements?', 2, agreements);
    const none = await statementsOf('operator', '/api/v1/agreements?page=1&size=2&agreementNo=no-such-agreement');
    expect(none.answer).toMatchObject({ rows: [], total: 0 });
    expect(none.statements).toBe(1);

    const lines = await n(sql`
      select count(*) as n from agreement_line l join agreement a on a.agreement_no = l.agreement_no
      where a.status in ('ACTIVE', 'EXPIRED', 'TERMINATED')`);
    expect(lines, 'approved agreements’ lines').toBeGreaterThanOrEqual(4);
    await pinned('operator', '/api/v1/agreements/consumption?', 3, lines);
    const nothing = await statementsOf('operator', '/api/v1/agreements/consumption?page=1&size=3&itemCode=NO-SUCH');
    expect(nothing.answer).toMatchObject({ rows: [], total: 0 });
    expect(nothing.statements).toBe(1);
  });

  it('pending approvals', async () => {
    const expected = await n(sql`
      select count(*) as n from approval_step st join approval a on a.approval_id = st.approval_id
      where st.approver_id = (select singleid from app_user where user_id = 'uadmin1')
        and st.status = 'PENDING' and a.status in ('PENDING', 'IN_PROGRESS')`);
    expect(expected, 'the seed leaves uadmin1 more than one wait').toBeGreaterThan(1);
    await pinned('uadmin1', '/api/v1/home/approvals?', 1, expected);
  });
});
