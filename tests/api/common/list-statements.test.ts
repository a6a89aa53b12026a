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

type Answer = { rows: Array<Record<string, unknown>>; total: number; totals?: unknown; nextCursor?: string | null };

/**
 * The statements a list request sends, as the server counts them (`gpms_db_statements_per_request`,
 * server/db/statement-count.ts): the PO, warehousing, deliveries, settlements and pending-approvals
 * lists carry their count (and totals) in the page's own statement, so a kept caller's request sends
 * one statement. A page found empty past the first sends one more for its count, which stays the
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
    t = { app: await buildApp({ config, dbh: db }), db };
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

  it('pending approvals', async () => {
    const expected = await n(sql`
      select count(*) as n from approval_step st join approval a on a.approval_id = st.approval_id
      where st.approver_id = (select singleid from app_user where user_id = 'uadmin1')
        and st.status = 'PENDING' and a.status in ('PENDING', 'IN_PROGRESS')`);
    expect(expected, 'the seed leaves uadmin1 more than one wait').toBeGreaterThan(1);
    await pinned('uadmin1', '/api/v1/home/approvals?', 1, expected);
  });
});
