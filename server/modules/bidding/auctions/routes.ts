import { Type } from 'typebox';
import fastifySse, { type SSEReplyInterface } from '@fastify/sse';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { ReasonBody, VersionBody, actionErrors } from '../../../domain/schemas.js';
import { createGate } from './gate.js';
import { createAuctionBus, createFanOut } from './live.js';
import {
  AuctionAwardBody,
  AuctionBidAck,
  AuctionBidBody,
  AuctionCreateBody,
  AuctionDetail,
  AuctionListQuery,
  AuctionNoParams,
  AuctionRow,
  EventsQuery,
  SupplierAuction,
  SupplierAuctionListQuery,
  SupplierAuctionRow,
} from './schemas.js';
import {
  AUCTION_SCREENS,
  awardAuction,
  cancelAuction,
  checkWatcher,
  createAuction,
  getAuction,
  getSupplierAuction,
  listAuctionRows,
  listSupplierAuctions,
  placeBid,
  project,
  publishAuction,
  readFeed,
} from './service.js';
import { AuctionUpdateBody } from './schemas.js';
import { updateAuctionDraft } from './service.js';

const READ = [AUCTION_SCREENS.list, AUCTION_SCREENS.monitor];
/** The supplier's screen (menus store it without /cyber). */
const SUPPLIER = ['/bid/auctionRoom'];

/** How often an open feed says it is alive (and carries the server's time), ms. */
const HEARTBEAT_MS = 15_000;

/** Reverse auctions (역경매): buyers create, publish, watch, award; invited suppliers bid live. */
export const auctionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['bidding'];
  // The server's own Db: ranking needs every company's best; only a company's own figures leave.
  const server = app.dbh.db;
  const bus = createAuctionBus(server, app.config.databaseListenUrl ?? app.config.databaseUrl, app.log);
  const fanOut = createFanOut(bus, (auctionNo, afterId) => readFeed(server, auctionNo, afterId), app.log);
  const notify = (auctionNo: string) =>
    bus.notify(auctionNo).catch((err) => app.log.warn({ err, auctionNo }, 'auction notice failed'));
  // Of one auction's bids, one holds the lock and one waits behind it at the database; the rest wait here without a connection.
  const bidGate = createGate(2);
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => {
    fanOut.close();
    await bus.close();
  });
  await app.register(fastifySse, { heartbeatInterval: HEARTBEAT_MS });

  app.get(
    '/api/v1/bid/auctions',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'listAuctions',
        tags,
        summary: 'Reverse auctions with their invited and bid counts and best price',
        querystring: AuctionListQuery,
        response: { 200: Type.Object({ rows: Type.Array(AuctionRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listAuctionRows(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'auctionNo', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/bid/auctions/:auctionNo',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'getAuction',
        tags,
        summary:
          'One auction as the buyer’s monitor sees it: terms, the ranking with names and prices, the bid log, history',
        params: AuctionNoParams,
        response: { 200: AuctionDetail, ...commonErrors },
      },
    },
    async (request) => getAuction(request.db, request.caller, request.params.auctionNo, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/auctions',
    {
      config: { access: access.login([AUCTION_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createAuction',
        tags,
        summary: 'A draft auction from a received PR (it moves to quotation requested) or from the buyer’s own lines',
        body: AuctionCreateBody,
        response: { 200: AuctionDetail, ...actionErrors },
      },
    },
    async (request) => createAuction(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/bid/auctions/:auctionNo',
    {
      config: { access: access.login([AUCTION_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updateAuction',
        tags,
        summary:
          'Change a draft (terms, lines, times, decrement, soft close, invited suppliers) at the version read; a published auction is refused (409)',
        params: AuctionNoParams,
        body: AuctionUpdateBody,
        response: { 200: AuctionDetail, ...actionErrors },
      },
    },
    async (request) =>
      updateAuctionDraft(request.db, request.caller, request.params.auctionNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/auctions/:auctionNo/publish',
    {
      config: { access: access.login([AUCTION_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'publishAuction',
        tags,
        summary: 'Publish a draft: the invited suppliers see it; bidding opens at its start',
        params: AuctionNoParams,
        body: VersionBody,
        response: { 200: AuctionDetail, ...actionErrors },
      },
    },
    async (request) =>
      publishAuction(request.db, request.caller, request.params.auctionNo, request.body, notify, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/auctions/:auctionNo/cancel',
    {
      config: { access: access.login([AUCTION_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelAuction',
        tags,
        summary: 'Cancel before the award with a reason; the PR is given back and the participants told',
        params: AuctionNoParams,
        body: ReasonBody,
        response: { 200: AuctionDetail, ...actionErrors },
      },
    },
    async (request) =>
      cancelAuction(request.db, request.caller, request.params.auctionNo, request.body, notify, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/auctions/:auctionNo/award',
    {
      config: { access: access.login([AUCTION_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'awardAuction',
        tags,
        summary: 'Award a closed auction to its rank 1: a draft PO through the PO flow at the lot price',
        params: AuctionNoParams,
        body: AuctionAwardBody,
        response: { 200: AuctionDetail, ...actionErrors },
      },
    },
    async (request) =>
      awardAuction(request.db, request.caller, request.params.auctionNo, request.body, notify, app.clock.now()),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/bid/auctions',
    {
      config: { access: access.login(SUPPLIER, 'read', ['X']) },
      schema: {
        operationId: 'listSupplierAuctions',
        tags,
        summary: 'Published auctions my company is invited to, with my own best',
        querystring: SupplierAuctionListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(SupplierAuctionRow), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      listSupplierAuctions(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'endAt', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/cyber/bid/auctions/:auctionNo',
    {
      config: { access: access.login(SUPPLIER, 'read', ['X']) },
      schema: {
        operationId: 'getSupplierAuction',
        tags,
        summary:
          'An auction my company is invited to: terms, my best, my rank, my bids, the time left — never another company’s name or price. Another company’s answers 404',
        params: AuctionNoParams,
        response: { 200: SupplierAuction, ...commonErrors },
      },
    },
    async (request) =>
      getSupplierAuction(request.db, server, request.caller, request.params.auctionNo, app.clock.now()),
  );

  app.post(
    '/api/v1/cyber/bid/auctions/:auctionNo/bids',
    {
      config: { access: access.login(SUPPLIER, 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'placeAuctionBid',
        tags,
        summary:
          'Bid a lot price: under the start price and at least the decrement under my own last bid, while the auction is open (a bid in the last minutes extends it)',
        params: AuctionNoParams,
        body: AuctionBidBody,
        response: { 200: AuctionBidAck, ...actionErrors },
      },
    },
    // Server-Timing: how long the bid held the auction's lock (bench/auction-load.ts reads it).
    async (request, reply) =>
      placeBid(server, request.caller, request.params.auctionNo, request.body, {
        notify,
        gate: bidGate,
        clockOffsetMs: app.clock.offsetMs(),
        timing: (t) => void reply.header('server-timing', `lock;dur=${t.lockMs.toFixed(1)}`),
      }),
  );

  /* ------------------------------ the live feed (Server-Sent Events) ------------------------------ */

  const feed = async (
    request: {
      db: typeof server;
      caller: Parameters<typeof checkWatcher>[2];
      params: { auctionNo: string };
      query: { lastEventId?: number };
      headers: Record<string, unknown>;
    },
    reply: { sse: SSEReplyInterface },
  ) => {
    const { auctionNo } = request.params;
    const viewer = await checkWatcher(request.db, server, request.caller, auctionNo);
    const header = Number(request.headers['last-event-id']);
    const from = Number.isInteger(header) && header >= 0 ? header : (request.query.lastEventId ?? 0);
    reply.sse.keepAlive();
    const send = async (rows: Awaited<ReturnType<typeof readFeed>>) => {
      for (const r of rows) if (reply.sse.isConnected) await reply.sse.send(project(r, viewer));
    };
    // First the catch-up after the client's last id, then whatever the notices bring.
    const backlog = await readFeed(server, auctionNo, from);
    await reply.sse.send({
      event: 'hello',
      data: { auctionNo, serverTime: app.clock.now().toISOString(), after: from },
    });
    await send(backlog);
    const remove = fanOut.add({
      auctionNo,
      lastId: backlog.length ? backlog[backlog.length - 1].id : from,
      deliver: send,
    });
    const end = () => {
      remove();
      streams.delete(end);
      if (reply.sse.isConnected) reply.sse.close();
    };
    streams.add(end);
    reply.sse.onClose(() => {
      remove();
      streams.delete(end);
    });
  };

  app.get(
    '/api/v1/bid/auctions/:auctionNo/events',
    {
      sse: { kind: 'only' },
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'watchAuction',
        tags,
        summary:
          'The monitor’s live feed (text/event-stream): every bid with the ranking, extensions, open, close, award. Last-Event-ID (or lastEventId) catches up',
        params: AuctionNoParams,
        querystring: EventsQuery,
        response: { 200: Type.String({ description: 'text/event-stream' }), ...commonErrors },
      },
    },
    feed,
  );

  app.get(
    '/api/v1/cyber/bid/auctions/:auctionNo/events',
    {
      sse: { kind: 'only' },
      config: { access: access.login(SUPPLIER, 'read', ['X']) },
      schema: {
        operationId: 'watchSupplierAuction',
        tags,
        summary:
          'My live feed (text/event-stream): my rank and best after every bid, the end time; never another company’s name or price. Last-Event-ID catches up',
        params: AuctionNoParams,
        querystring: EventsQuery,
        response: { 200: Type.String({ description: 'text/event-stream' }), ...commonErrors },
      },
    },
    feed,
  );
};
