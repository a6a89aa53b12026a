import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testCompiles, type TestApp } from '../../helpers/app.js';
import { sessionAs } from '../../helpers/session.js';
import { afterBid, obeysRule, rankOf } from '../../../server/modules/bidding/auctions/workflow.js';
import { client, day, logins, ok, receivedPr, refused, type Flow, type Who } from '../purchase/helpers.js';
import {
  OWN_COMPANIES,
  auctionTerms,
  createDraft,
  inMinutes,
  moveWindow,
  ownSuppliers,
  placeBid,
  publish,
} from './auction-helpers.js';

/** An SSE client over real HTTP: collects events; `close` ends it. */
async function watch(base: string, url: string, who: Who, lastEventId?: number) {
  const events: Array<{ id?: string; event?: string; data: Record<string, unknown> }> = [];
  const controller = new AbortController();
  const res = await fetch(`${base}${url}`, {
    headers: {
      ...who.headers,
      accept: 'text/event-stream',
      ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
    },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const parser = createParser({ onEvent: (e) => events.push({ id: e.id, event: e.event, data: JSON.parse(e.data) }) });
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      /* aborted */
    }
  })();
  return {
    events,
    async until(pred: (e: (typeof events)[number]) => boolean, ms = 5000) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no such event in ${JSON.stringify(events)}`);
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

/**
 * Reverse auctions (issue 30 item 2–3): draft → publish → live bids under the one rule (under the
 * start price, at least the decrement under the company's own last bid; ties to the earlier bid)
 * with soft close → award through the PO flow; every refusal of "Bad input and fairness" that
 * applies; 50 concurrent bids from 10 suppliers in the last second; the live feed (SSE) with
 * catch-up from Last-Event-ID. The clock is moved by writing the auction's window in the database.
 */
describe('reverse auctions', () => {
  let t: TestApp;
  let f: Flow;
  /** Ten bidders, one per company (supplier1 of C00001, supplier2 of C00002, eight made here). */
  const bidders: Array<{ compNo: string; who: Who }> = [];
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'operator', 'opadmin', 'admin', 'supplier1', 'supplier2']),
    };
    bidders.push({ compNo: 'C00001', who: f.u.supplier1 }, { compNo: 'C00002', who: f.u.supplier2 });
    bidders.push(...(await ownSuppliers(t, OWN_COMPANIES.auctions, (i) => `aucbid${i + 3}`)));
    expect(bidders).toHaveLength(10);
  }, 120_000);
  afterAll(() => t?.close());

  const ago = (ms: number) => new Date(Date.now() - ms);
  const later = (ms: number) => new Date(Date.now() + ms);
  /** Moves the window: opened `openedMs` ago, ending in `endsInMs` (planned end with it). */
  const setWindow = (auctionNo: string, openedMs: number, endsInMs: number) =>
    moveWindow(t, auctionNo, { startAt: ago(openedMs), endAt: later(endsInMs) });
  const bid = (auctionNo: string, who: Who, amount: string) => placeBid(f, auctionNo, who, amount);
  const auditCount = async (entityKey: string, action: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('entityKey', '=', entityKey)
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const bidLog = (auctionNo: string) =>
    t.db.db.selectFrom('auctionBid').selectAll().where('auctionNo', '=', auctionNo).orderBy('seq').execute();

  /** A published auction on the buyer's own lines (operator is the buyer), not yet open. */
  async function publishedAuction(body: Record<string, unknown> = {}) {
    const draft = await createDraft(
      f,
      f.u.operator,
      auctionTerms({
        title: '강판 역경매',
        lines: [
          { itemName: '냉연강판 1.2t', unitCode: 'EA', quantity: '100', refUnitPrice: '9000' },
          { itemName: '절단 가공', unitCode: 'EA', quantity: '10', refUnitPrice: '10000' },
        ],
        startPrice: '1000000',
        decrementValue: '1000',
        softCloseMinutes: 2,
        maxExtensions: 3,
        suppliers: ['C00001', 'C00002'],
        ...body,
      }),
    );
    expect(draft).toMatchObject({ status: 'DRAFT', actions: ['update', 'publish', 'cancel'] });
    return publish(f, f.u.operator, draft);
  }

  it('runs an auction from a PR: bids under the rule, ranks without others’ prices, soft close, award to a PO', async () => {
    const pr = await receivedPr(f);
    const draft = ok(
      await f.post('/api/v1/bid/auctions', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        startPrice: '50000',
        decrementKind: 'PERCENT',
        decrementValue: '2',
        startAt: inMinutes(60),
        endAt: inMinutes(120),
        softCloseMinutes: 5,
        maxExtensions: 1,
        suppliers: ['C00001', 'C00002'],
      }),
    );
    expect(draft.auctionNo).toMatch(/^RA\d{4}-\d{6}$/);
    expect(draft).toMatchObject({ prNo: pr.prNo, buyerId: 'E000004', status: 'DRAFT' });
    expect(draft.lines.map((l: { refUnitPrice: string }) => l.refUnitPrice)).toEqual(['1500.00', '12000.50']);
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('QUOT_REQUESTED');
    // A draft is not the supplier's to see.
    refused(await f.get(`/api/v1/cyber/bid/auctions/${draft.auctionNo}`, f.u.supplier1), 404, 'AUCTION_NOT_FOUND');
    const a = await publish(f, f.u.operator, draft);
    const no = a.auctionNo;

    // Not yet open.
    const s1 = ok(await f.get(`/api/v1/cyber/bid/auctions/${no}`, f.u.supplier1));
    expect(s1).toMatchObject({
      status: 'PUBLISHED',
      canBid: false,
      myBest: null,
      myRank: null,
      nextLimit: '50000.00',
      nextLimitInclusive: false,
      invitedCount: 2,
    });
    refused(await bid(no, f.u.supplier1, '49000'), 409, 'AUCTION_NOT_OPEN');

    await setWindow(no, 60_000, 3_600_000);
    // The sentence the room shows as it is: amounts in the money format; the details exact.
    const above = refused(await bid(no, f.u.supplier1, '50000'), 409, 'BID_ABOVE_START');
    expect(above.msg).toBe('입찰가는 시작가(50,000)보다 낮아야 합니다');
    expect(above.details).toEqual({ startPrice: '50000.00' });
    const b1 = ok(await bid(no, f.u.supplier1, '49000'));
    expect(b1).toMatchObject({ seq: 1, myRank: 1, extended: false, nextLimit: '48020.00' });
    // 2% of its own 49000 is 980: 48500 is not enough, 48020 is.
    expect(refused(await bid(no, f.u.supplier1, '48500'), 409, 'BID_DECREMENT').msg).toBe(
      '직전 입찰가(49,000)보다 최소 인하폭 이상 낮아야 합니다. 48,020 이하로 입찰하세요',
    );
    const b2 = ok(await bid(no, f.u.supplier2, '48500'));
    expect(b2.myRank).toBe(1);
    expect(ok(await f.get(`/api/v1/cyber/bid/auctions/${no}`, f.u.supplier1)).myRank).toBe(2);
    ok(await bid(no, f.u.supplier1, '48020'));

    // The supplier sees its own best and rank, never the other's name or price.
    const view = ok(await f.get(`/api/v1/cyber/bid/auctions/${no}`, f.u.supplier2));
    expect(view).toMatchObject({ myBest: '48500.00', myRank: 2, myBidCount: 1, canBid: true });
    const text = JSON.stringify(view);
    for (const secret of ['C00001', '48020', '49000']) expect(text).not.toContain(secret);
    // The buyer's monitor sees everything.
    const monitor = ok(await f.get(`/api/v1/bid/auctions/${no}`, f.u.operator));
    expect(
      monitor.ranking.map((r: { compNo: string; rank: number; bestAmount: string }) => [
        r.compNo,
        r.rank,
        r.bestAmount,
      ]),
    ).toEqual([
      ['C00001', 1, '48020.00'],
      ['C00002', 2, '48500.00'],
    ]);
    expect(monitor.bids.map((b: { seq: number }) => b.seq)).toEqual([1, 2, 3]);

    // Soft close: a bid in the last 5 minutes moves the end by 5 minutes, once (maxExtensions 1).
    await setWindow(no, 3_600_000, 60_000);
    const before = (
      await t.db.db.selectFrom('auction').select('endAt').where('auctionNo', '=', no).executeTakeFirstOrThrow()
    ).endAt;
    const late = ok(await bid(no, f.u.supplier2, '47000'));
    expect(late.extended).toBe(true);
    expect(new Date(late.endAt).getTime()).toBe(Date.parse(before) + 5 * 60_000);
    const again = ok(await bid(no, f.u.supplier1, '46000'));
    expect(again.extended).toBe(false);
    // A bid at the same price as another's ranks after it (the earlier bid wins the tie).
    ok(await bid(no, f.u.supplier2, '46000'));
    const tie = ok(await f.get(`/api/v1/bid/auctions/${no}`, f.u.operator));
    expect(tie.ranking.map((r: { compNo: string; rank: number }) => [r.compNo, r.rank])).toEqual([
      ['C00001', 1],
      ['C00002', 2],
    ]);

    // Closed: refused, audited; the award makes the PO at the lot price split by the estimates.
    refused(
      await f.post(`/api/v1/bid/auctions/${no}/award`, f.u.operator, { version: tie.version, dueDate: day(30) }),
      409,
      'AUCTION_NOT_CLOSED',
    );
    await setWindow(no, 7_200_000, -1000);
    const refusedBefore = await auditCount(`${no}/C00001`, 'BID_REFUSED');
    refused(await bid(no, f.u.supplier1, '1000'), 409, 'AUCTION_CLOSED');
    expect(await auditCount(`${no}/C00001`, 'BID_REFUSED')).toBe(refusedBefore + 1);
    const closed = ok(await f.get(`/api/v1/bid/auctions/${no}`, f.u.operator));
    expect(closed.status).toBe('CLOSED');
    expect(closed.actions).toContain('award');
    const awarded = ok(
      await f.post(`/api/v1/bid/auctions/${no}/award`, f.u.operator, { version: closed.version, dueDate: day(30) }),
    );
    expect(awarded).toMatchObject({ status: 'AWARDED', winnerCompNo: 'C00001', winningAmount: '46000.00' });
    // Awarded: a framework agreement may be made from it (단가계약 작성 on the monitor).
    expect(awarded.actions).toContain('agreement');
    const po = ok(await f.get(`/api/v1/pos/${awarded.poNo}`, f.u.operator));
    expect(po).toMatchObject({ compNo: 'C00001', status: 'DRAFT', prNo: pr.prNo });
    // 10 × 1500 + 2.5 × 12000.50 = 45001.25 of estimates; × 46000 / 45001.25 per unit, whole won.
    expect(po.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['1533.00', '12267.00']);
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('ORDERED');
    expect(ok(await f.get(`/api/v1/cyber/bid/auctions/${no}`, f.u.supplier2)).result).toBe('LOST');
    expect(ok(await f.get(`/api/v1/cyber/bid/auctions/${no}`, f.u.supplier1)).result).toBe('WON');
  });

  it('refuses the uninvited, another company, a blocked supplier, staff bidding and suppliers on staff operations — nothing changed, audited', async () => {
    const a = await publishedAuction();
    const no = a.auctionNo;
    await setWindow(no, 60_000, 3_600_000);
    const outsider = bidders[2];
    refused(await bid(no, outsider.who, '900000'), 404, 'AUCTION_NOT_FOUND');
    refused(await f.get(`/api/v1/cyber/bid/auctions/${no}`, outsider.who), 404, 'AUCTION_NOT_FOUND');
    expect(await auditCount(`${no}/${outsider.compNo}`, 'BID_REFUSED')).toBe(1);
    // A suspended supplier may not bid.
    await t.db.db.updateTable('company').set({ status: 'SUSPENDED' }).where('compNo', '=', 'C00002').execute();
    try {
      refused(await bid(no, f.u.supplier2, '900000'), 400, 'SUPPLIER_NOT_ELIGIBLE');
    } finally {
      await t.db.db.updateTable('company').set({ status: 'ACTIVE' }).where('compNo', '=', 'C00002').execute();
    }
    refused(await f.post(`/api/v1/cyber/bid/auctions/${no}/bids`, f.u.operator, { amount: '900000' }), 403);
    refused(await f.post(`/api/v1/bid/auctions/${no}/cancel`, f.u.supplier1, { version: 1, reason: 'x' }), 403);
    refused(await f.get(`/api/v1/bid/auctions/${no}`, f.u.supplier1), 403);
    expect(await bidLog(no)).toEqual([]);
    // Bad terms.
    const bad = refused(
      await f.post('/api/v1/bid/auctions', f.u.operator, {
        title: 'x',
        lines: [{ itemName: 'x', unitCode: 'EA', quantity: '1', refUnitPrice: '1' }],
        startPrice: '1000',
        decrementKind: 'PERCENT',
        decrementValue: '100',
        startAt: inMinutes(60),
        endAt: inMinutes(30),
        softCloseMinutes: 1,
        maxExtensions: 1,
        suppliers: ['C00001', 'C00001', 'ZZZZZ'],
      }),
      400,
    );
    expect(bad.details!.map((d) => d.path).sort()).toEqual([
      'body/decrementValue',
      'body/endAt',
      'body/suppliers/1',
      'body/suppliers/2',
    ]);
    // Cancel: the feed says so and bidding ends.
    const cancelled = ok(
      await f.post(`/api/v1/bid/auctions/${no}/cancel`, f.u.operator, { version: a.version, reason: '사양 변경' }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    refused(await bid(no, f.u.supplier1, '900000'), 409, 'AUCTION_CLOSED');
  });

  it('takes 50 concurrent bids from 10 suppliers in the last second: every accepted bid obeys the rule, the ranking is the bid log’s, soft close as the log says', async () => {
    const a = await publishedAuction({
      suppliers: bidders.map((b) => b.compNo),
      startPrice: '10000000',
      decrementValue: '1000',
      softCloseMinutes: 2,
      maxExtensions: 3,
    });
    const no = a.auctionNo;
    await setWindow(no, 600_000, 1000);
    const start = await t.db.db.selectFrom('auction').selectAll().where('auctionNo', '=', no).executeTakeFirstOrThrow();
    // Each supplier fires five bids at once; some cannot all pass whatever their order
    // (500 apart, one above the start price, a repeat), and two companies bid the same prices.
    const amounts = (i: number) => {
      const base = 9_000_000 - (i % 5) * 10_000;
      return [base, base - 500, base - 5000, 10_000_000, base - 5000].map(String);
    };
    const calls = bidders.flatMap((b, i) =>
      amounts(i).map((amount) => ({ compNo: b.compNo, amount, res: bid(no, b.who, amount) })),
    );
    const answers = await Promise.all(calls.map(async (c) => ({ ...c, res: await c.res })));
    expect(answers).toHaveLength(50);
    for (const x of answers) expect([200, 409], x.res.body).toContain(x.res.statusCode);
    const accepted = answers.filter((x) => x.res.statusCode === 200);
    for (const x of answers.filter((y) => y.res.statusCode === 409))
      expect(['BID_DECREMENT', 'BID_ABOVE_START']).toContain(x.res.json().code);
    expect(accepted.length).toBeGreaterThanOrEqual(10);

    const log = await bidLog(no);
    expect(log.map((b) => b.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log).toHaveLength(accepted.length);
    // Every accepted bid obeys the rule against the same company's previous accepted bid, in server-time order.
    // Each was made before the end in force at the time (the first bid's extension let the later ones in).
    const last = new Map<string, string>();
    let endInForce = start.endAt;
    for (const b of log) {
      expect(obeysRule(start, last.get(b.compNo) ?? null, String(b.amount)), `seq ${b.seq}`).toBe(true);
      last.set(b.compNo, String(b.amount));
      expect(Date.parse(b.bidAt)).toBeLessThan(Date.parse(endInForce));
      endInForce = b.endAtAfter;
    }
    for (let i = 1; i < log.length; i++)
      expect(Date.parse(log[i].bidAt)).toBeGreaterThanOrEqual(Date.parse(log[i - 1].bidAt));
    // The ranking equals a recomputation from the log.
    const standings = [...last.entries()].map(([compNo, amount]) => ({
      compNo,
      bestAmount: amount,
      bestSeq: Math.max(...log.filter((b) => b.compNo === compNo).map((b) => b.seq)),
    }));
    const expected = rankOf(standings).map((r) => [r.compNo, r.rank, Number(r.bestAmount).toFixed(2)]);
    const monitor = ok(await f.get(`/api/v1/bid/auctions/${no}`, f.u.operator));
    expect(
      monitor.ranking
        .filter((r: { rank: number | null }) => r.rank !== null)
        .map((r: { compNo: string; rank: number; bestAmount: string }) => [r.compNo, r.rank, r.bestAmount]),
    ).toEqual(expected);
    // Each supplier's own rank says the same.
    for (const b of bidders.slice(0, 3))
      expect(ok(await f.get(`/api/v1/cyber/bid/auctions/${no}`, b.who)).myRank).toBe(
        expected.find((e) => e[0] === b.compNo)![1],
      );
    // Soft close, recomputed from the log: the first bid (in the last two minutes) moved the end by two minutes; later ones only if they fell in the new last two minutes.
    let soft = { endAt: start.endAt, softCloseMinutes: 2, maxExtensions: 3, extensions: 0 };
    for (const b of log) {
      const next = afterBid(soft, b.bidAt);
      soft = { ...soft, endAt: next.endAt, extensions: next.extensions };
      expect(Date.parse(b.endAtAfter)).toBe(Date.parse(soft.endAt));
    }
    const after = await t.db.db
      .selectFrom('auction')
      .select(['endAt', 'extensions'])
      .where('auctionNo', '=', no)
      .executeTakeFirstOrThrow();
    // At least the first bid extended; a bid that (under load) came after the original end was in the new last two minutes and extended again.
    expect(after.extensions).toBeGreaterThanOrEqual(1);
    expect(after).toEqual({ endAt: soft.endAt, extensions: soft.extensions });
    expect(Date.parse(after.endAt)).toBe(Date.parse(start.endAt) + after.extensions * 2 * 60_000);
    // One feed event per accepted bid, in order.
    const events = await t.db.db
      .selectFrom('auctionEvent')
      .select(['kind', 'payload'])
      .where('auctionNo', '=', no)
      .where('kind', '=', 'BID')
      .orderBy('id')
      .execute();
    expect(events.map((e) => (e.payload as { seq: number }).seq)).toEqual(log.map((b) => b.seq));
    // Each event's ranking (written by the bid's one statement) is the log's up to that bid.
    const seen = new Map<string, { compNo: string; bestAmount: string; bestSeq: number; bidCount: number }>();
    for (const [i, b] of log.entries()) {
      seen.set(b.compNo, {
        compNo: b.compNo,
        bestAmount: String(b.amount),
        bestSeq: b.seq,
        bidCount: (seen.get(b.compNo)?.bidCount ?? 0) + 1,
      });
      const ranking = (
        events[i].payload as { ranking: Array<{ compNo: string; rank: number; bestAmount: string; bidCount: number }> }
      ).ranking;
      expect(
        ranking.map((r) => [r.compNo, r.rank, r.bestAmount, r.bidCount]),
        `seq ${b.seq}`,
      ).toEqual(rankOf([...seen.values()]).map((r) => [r.compNo, r.rank, Number(r.bestAmount).toFixed(2), r.bidCount]));
    }
    // One audit row per accepted bid, written in its statement.
    expect(
      await t.db.db
        .selectFrom('auditLog')
        .select('afterData')
        .where('entityKey', 'like', `${no}/%`)
        .where('action', '=', 'BID')
        .execute(),
    ).toHaveLength(log.length);
  }, 120_000);

  it('streams rank and clock updates: the monitor sees all, a supplier only its own; a reconnect catches up from Last-Event-ID', async () => {
    const a = await publishedAuction();
    const no = a.auctionNo;
    await setWindow(no, 60_000, 3_600_000);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const monitor = await watch(base, `/api/v1/bid/auctions/${no}/events`, f.u.operator);
    const s1 = await watch(base, `/api/v1/cyber/bid/auctions/${no}/events`, f.u.supplier1);
    const s2 = await watch(base, `/api/v1/cyber/bid/auctions/${no}/events`, f.u.supplier2);
    try {
      await s1.until((e) => e.event === 'hello');
      await s2.until((e) => e.event === 'hello');
      await monitor.until((e) => e.event === 'hello');
      ok(await bid(no, f.u.supplier1, '990000'));
      ok(await bid(no, f.u.supplier2, '980000'));
      const m = await monitor.until((e) => e.event === 'bid' && e.data.seq === 2);
      expect((m.data.ranking as Array<{ compNo: string }>).map((r) => r.compNo)).toEqual(['C00002', 'C00001']);
      const mine = await s1.until((e) => e.event === 'bid' && e.id === m.id);
      expect(mine.data).toMatchObject({
        mine: false,
        myRank: 2,
        myBest: '990000.00',
        bidders: 2,
        extensions: m.data.extensions,
      });
      const theirs = await s2.until((e) => e.event === 'bid' && e.id === m.id);
      expect(theirs.data).toMatchObject({ mine: true, myRank: 1, myBest: '980000.00' });
      const s1text = JSON.stringify(s1.events);
      for (const secret of ['C00002', '980000']) expect(s1text).not.toContain(secret);
      // Nothing twice.
      expect(new Set(s1.events.filter((e) => e.id).map((e) => e.id)).size).toBe(s1.events.filter((e) => e.id).length);

      // The supplier drops; a bid meanwhile; it reconnects with its last id and gets exactly what it missed.
      const lastSeen = Number(mine.id);
      await s1.close();
      ok(await bid(no, f.u.supplier2, '970000'));
      const back = await watch(base, `/api/v1/cyber/bid/auctions/${no}/events`, f.u.supplier1, lastSeen);
      try {
        const missed = await back.until((e) => e.event === 'bid');
        expect(Number(missed.id)).toBeGreaterThan(lastSeen);
        expect(missed.data).toMatchObject({ mine: false, myRank: 2 });
        // The sentinel: a bid after the reconnection comes next; the missed one must not have come twice before it.
        ok(await bid(no, f.u.supplier2, '960000'));
        const next = await back.until((e) => e.event === 'bid' && Number(e.id) > Number(missed.id));
        expect(back.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual([missed.id, next.id]);
      } finally {
        await back.close();
      }
      // Another company's feed, or a supplier on the monitor's: refused.
      const outsider = await fetch(`${base}/api/v1/cyber/bid/auctions/${no}/events`, {
        headers: { ...bidders[2].who.headers, accept: 'text/event-stream' },
      });
      expect(outsider.status).toBe(404);
      const onMonitor = await fetch(`${base}/api/v1/bid/auctions/${no}/events`, {
        headers: { ...f.u.supplier1.headers, accept: 'text/event-stream' },
      });
      expect(onMonitor.status).toBe(403);
    } finally {
      await s1.close();
      await s2.close();
      await monitor.close();
    }
  }, 60_000);

  it('tells the feed when an auction is published and when it is cancelled: a monitor open on the draft sees both live, a supplier the cancel', async () => {
    const draft = await createDraft(f, f.u.operator, auctionTerms({ title: '공고 피드', suppliers: ['C00001'] }));
    const no = draft.auctionNo;
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const monitor = await watch(base, `/api/v1/bid/auctions/${no}/events`, f.u.operator);
    try {
      await monitor.until((e) => e.event === 'hello');
      const published = await publish(f, f.u.operator, draft);
      const p = await monitor.until((e) => e.event === 'publish');
      expect(p.data).toMatchObject({ auctionNo: no, status: 'PUBLISHED', endAt: published.endAt });
      expect(Number(p.id)).toBe(published.lastEventId);
      // The invited supplier, watching once it may, reads the publish from the feed's start, then the cancel live.
      const s1 = await watch(base, `/api/v1/cyber/bid/auctions/${no}/events`, f.u.supplier1);
      try {
        expect((await s1.until((e) => e.event === 'publish')).data).toEqual({
          auctionNo: no,
          status: 'PUBLISHED',
          endAt: published.endAt,
        });
        ok(
          await f.post(`/api/v1/bid/auctions/${no}/cancel`, f.u.operator, {
            version: published.version,
            reason: '사양 변경',
          }),
        );
        expect((await s1.until((e) => e.event === 'cancel')).data).toMatchObject({
          auctionNo: no,
          status: 'CANCELLED',
        });
        expect((await monitor.until((e) => e.event === 'cancel')).data).toMatchObject({ status: 'CANCELLED' });
      } finally {
        await s1.close();
      }
      expect(monitor.events.filter((e) => e.id).map((e) => e.event)).toEqual(['publish', 'cancel']);
    } finally {
      await monitor.close();
    }
  }, 60_000);

  it('opens and closes auctions on time once, whichever server’s job runs', async () => {
    const a = await publishedAuction();
    const no = a.auctionNo;
    await setWindow(no, 1000, 3_600_000);
    const { moveAuctionsByClock } = await import('../../../server/modules/bidding/auctions/service.js');
    const runs = await Promise.all([
      moveAuctionsByClock(t.db.db, new Date(), null),
      moveAuctionsByClock(t.db.db, new Date(), null),
    ]);
    expect(runs.reduce((n, r) => n + r.opened, 0)).toBeGreaterThanOrEqual(1);
    const opened = await t.db.db
      .selectFrom('auctionEvent')
      .select('kind')
      .where('auctionNo', '=', no)
      .where('kind', '=', 'OPEN')
      .execute();
    expect(opened).toHaveLength(1);
    await setWindow(no, 7_200_000, -1000);
    await Promise.all([moveAuctionsByClock(t.db.db, new Date(), null), moveAuctionsByClock(t.db.db, new Date(), null)]);
    const kinds = (
      await t.db.db.selectFrom('auctionEvent').select('kind').where('auctionNo', '=', no).orderBy('id').execute()
    ).map((e) => e.kind);
    expect(kinds).toEqual(['PUBLISH', 'OPEN', 'CLOSE']);
    expect(
      (await t.db.db.selectFrom('auction').select('status').where('auctionNo', '=', no).executeTakeFirstOrThrow())
        .status,
    ).toBe('CLOSED');
  });
});

/**
 * Two servers on one database (as two processes behind a load balancer): a bid taken by server A
 * reaches a watcher connected to server B — on PostgreSQL through NOTIFY/LISTEN (each app has its
 * own pool and its own LISTEN connection), on PGlite through the one process's emitter.
 */
describe('reverse auction feed across two servers', () => {
  let t: TestDb;
  let secondHandle: DbHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-auction-two-'));

  beforeAll(async () => {
    t = await createSeededTestDb();
    secondHandle = t.url ? await connect({ databaseUrl: t.url, pgliteDir: null }) : t;
    const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: t.url });
    a = await buildApp({ config, dbh: t, ...testCompiles });
    b = await buildApp({ config, dbh: { ...secondHandle, close: async () => undefined }, ...testCompiles });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (secondHandle !== t) await secondHandle.close();
    await t.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a bid on server A reaches a supplier and the monitor watching on server B', async () => {
    const operator = await sessionAs(a, 'operator');
    const supplier1 = await sessionAs(a, 'supplier1');
    const supplier2 = await sessionAs(a, 'supplier2');
    const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
      a.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const draft = ok(
      await call(
        'POST',
        '/api/v1/bid/auctions',
        operator,
        auctionTerms({
          title: '두 서버',
          startPrice: '100000',
          softCloseMinutes: 1,
          maxExtensions: 1,
          suppliers: ['C00001', 'C00002'],
        }),
      ),
    );
    ok(await call('POST', `/api/v1/bid/auctions/${draft.auctionNo}/publish`, operator, { version: draft.version }));
    await a.dbh.db
      .updateTable('auction')
      .set({ startAt: new Date(Date.now() - 60_000) })
      .where('auctionNo', '=', draft.auctionNo)
      .execute();
    await b.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    const watcher = await watch(base, `/api/v1/cyber/bid/auctions/${draft.auctionNo}/events`, supplier1);
    const monitor = await watch(base, `/api/v1/bid/auctions/${draft.auctionNo}/events`, operator);
    try {
      await watcher.until((e) => e.event === 'hello');
      await monitor.until((e) => e.event === 'hello');
      // No wait for server B's LISTEN connection (opened with its first watcher): once it listens it re-reads what it missed.
      ok(await call('POST', `/api/v1/cyber/bid/auctions/${draft.auctionNo}/bids`, supplier2, { amount: '90000' }));
      const seen = await watcher.until((e) => e.event === 'bid');
      expect(seen.data).toMatchObject({ mine: false, myRank: null, bidders: 1 });
      const all = await monitor.until((e) => e.event === 'bid');
      expect(all.data).toMatchObject({ compNo: 'C00002', amount: '90000' });
      ok(await call('POST', `/api/v1/cyber/bid/auctions/${draft.auctionNo}/bids`, supplier1, { amount: '89000' }));
      const own = await watcher.until((e) => e.event === 'bid' && e.data.mine === true);
      expect(own.data).toMatchObject({ myRank: 1, myBest: '89000.00', bidders: 2 });
    } finally {
      await watcher.close();
      await monitor.close();
    }
  }, 60_000);
});
