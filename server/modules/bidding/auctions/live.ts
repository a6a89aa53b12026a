import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect.js';
import { pgNotify } from './queries.js';

/**
 * The auctions' live feed across servers (issue 30 item 3). Every change participants see is a
 * row of auction_event written in the change's own transaction; after the commit the server says
 * "auction X has news" to every server:
 * - PostgreSQL: NOTIFY on the channel gpms_auction; each server LISTENs on one connection of its
 *   own (a pg.Client beside the pool) and, told, reads the rows after the last one it delivered;
 * - PGlite (one process by nature): an in-process emitter shared by every app on the same
 *   embedded database (tests run two apps over one).
 * The notice carries only the auction number: the rows are the truth, so a notice lost (a
 * dropped LISTEN connection) costs only latency — the next notice, or the reconnect's catch-up,
 * reads everything after the last id delivered. Hand-written: a LISTEN client and a fan-out map.
 */
const AUCTION_CHANNEL = 'gpms_auction';

export interface AuctionBus {
  /** Tells every server (this one included) that the auction has new events; after the commit. */
  notify(auctionNo: string): Promise<void>;
  /** Calls `fn` with the auction number of every notice, from any server. */
  subscribe(fn: (auctionNo: string) => void): () => void;
  close(): Promise<void>;
}

const emitters = new WeakMap<object, EventEmitter>();

function inProcessBus(db: Db): AuctionBus {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    emitters.set(db, emitter);
  }
  const e = emitter;
  const mine = new Set<(n: string) => void>();
  return {
    notify: async (auctionNo) => void e.emit('news', auctionNo),
    subscribe(fn) {
      e.on('news', fn);
      mine.add(fn);
      return () => {
        e.off('news', fn);
        mine.delete(fn);
      };
    },
    close: async () => {
      for (const fn of mine) e.off('news', fn);
      mine.clear();
    },
  };
}

function postgresBus(db: Db, databaseUrl: string, log: FastifyBaseLogger): AuctionBus {
  const listeners = new Set<(n: string) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const deliver = (auctionNo: string) => {
    for (const fn of listeners) fn(auctionNo);
  };

  async function connectListener(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel === AUCTION_CHANNEL && msg.payload) deliver(msg.payload);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'auction LISTEN connection lost; reconnecting');
      if (client === c) client = null;
      c.end().catch(() => undefined);
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`listen ${AUCTION_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    // Whatever was said while nobody listened: every subscriber re-reads after its last id.
    deliver('*');
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connecting = connectListener().catch((err) => {
        log.warn({ err }, 'auction LISTEN reconnect failed');
        scheduleReconnect();
      });
    }, 1000);
  }

  function ensure(): Promise<void> {
    if (!connecting) connecting = connectListener();
    return connecting;
  }

  return {
    async notify(auctionNo) {
      await pgNotify(db, AUCTION_CHANNEL, auctionNo);
    },
    subscribe(fn) {
      listeners.add(fn);
      ensure().catch((err) => {
        log.warn({ err }, 'auction LISTEN connection failed');
        connecting = null;
        scheduleReconnect();
      });
      return () => void listeners.delete(fn);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await connecting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

export function createAuctionBus(db: Db, databaseUrl: string | null | undefined, log: FastifyBaseLogger): AuctionBus {
  return databaseUrl ? postgresBus(db, databaseUrl, log) : inProcessBus(db);
}

export interface FeedRow {
  id: number;
  auctionNo: string;
  kind: string;
  payload: unknown;
}

export interface Subscriber {
  auctionNo: string;
  /** The last event id this subscriber got. */
  lastId: number;
  deliver(rows: readonly FeedRow[]): Promise<void>;
}

/**
 * This server's watchers, by auction. A notice makes one read of the auction's new rows (not one
 * per watcher), handed to each watcher from its own last id; reads of one auction run one after
 * another so no row is handed twice or skipped.
 */
export function createFanOut(
  bus: AuctionBus,
  read: (auctionNo: string, afterId: number) => Promise<FeedRow[]>,
  log: FastifyBaseLogger,
) {
  const watchers = new Map<string, Set<Subscriber>>();
  const chains = new Map<string, Promise<void>>();

  async function pump(auctionNo: string) {
    const set = watchers.get(auctionNo);
    if (!set || set.size === 0) return;
    const from = Math.min(...[...set].map((s) => s.lastId));
    const rows = await read(auctionNo, from);
    if (rows.length === 0) return;
    await Promise.all(
      [...set].map(async (s) => {
        const fresh = rows.filter((r) => r.id > s.lastId);
        if (fresh.length === 0) return;
        s.lastId = fresh[fresh.length - 1].id;
        await s.deliver(fresh).catch((err) => log.debug({ err }, 'auction watcher gone'));
      }),
    );
  }

  function kick(auctionNo: string) {
    const targets = auctionNo === '*' ? [...watchers.keys()] : [auctionNo];
    for (const no of targets) {
      if (!watchers.has(no)) continue;
      const next = (chains.get(no) ?? Promise.resolve())
        .then(() => pump(no))
        .catch((err) => log.warn({ err, auctionNo: no }, 'auction feed read failed'));
      chains.set(no, next);
    }
  }

  const unsubscribe = bus.subscribe(kick);
  return {
    add(s: Subscriber) {
      const set = watchers.get(s.auctionNo) ?? new Set();
      set.add(s);
      watchers.set(s.auctionNo, set);
      // Rows written between the caller's catch-up read and now.
      kick(s.auctionNo);
      return () => {
        set.delete(s);
        if (set.size === 0) watchers.delete(s.auctionNo);
      };
    },
    watching: () => [...watchers.values()].reduce((n, s) => n + s.size, 0),
    close: () => unsubscribe(),
  };
}
