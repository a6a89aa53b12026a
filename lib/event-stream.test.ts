// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySse, { type SSEReplyInterface } from '@fastify/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamError, type StreamEvent, type StreamState } from './event-stream';

/**
 * The reader against a real Fastify server with @fastify/sse (the plugin the API's feeds use), over
 * real HTTP: the Authorization header goes through, a drop reconnects with Last-Event-ID and gets
 * exactly the events after it, a 4xx stops the reader, an abort ends it and the server sees the close.
 */

interface Feed {
  log: Array<{ id: string; event: string; data: unknown }>;
  /** Connections still open, to push new events to. */
  live: Set<SSEReplyInterface>;
  /** The Last-Event-ID each connection sent (null: none). */
  seen: Array<string | null>;
  /** Close each connection after its backlog (a server restart, a proxy cutting the stream). */
  dropAfterBacklog: number;
  closed: number;
}

const feed: Feed = { log: [], live: new Set(), seen: [], dropAfterBacklog: 0, closed: 0 };
let app: FastifyInstance;
let base = '';

function push(event: string, data: unknown) {
  const e = { id: String(feed.log.length + 1), event, data };
  feed.log.push(e);
  return Promise.all([...feed.live].map((sse) => sse.send(e)));
}

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifySse, { heartbeatInterval: 60_000 });
  app.get('/events', { sse: { kind: 'only' } } as never, async (request, reply) => {
    if (request.headers.authorization !== 'Bearer token-1')
      return reply.code(401).send({ code: 'AUTH001', message: '로그인이 필요합니다' });
    const header = request.headers['last-event-id'];
    const after = typeof header === 'string' ? header : null;
    feed.seen.push(after);
    const sse = (reply as unknown as { sse: SSEReplyInterface }).sse;
    sse.keepAlive();
    // A short retry: the reconnect comes at once.
    await sse.send({ event: 'hello', data: { after }, retry: 20 });
    for (const e of feed.log.filter((x) => Number(x.id) > Number(after ?? 0))) await sse.send(e);
    if (feed.dropAfterBacklog > 0) {
      feed.dropAfterBacklog--;
      sse.close();
      return;
    }
    feed.live.add(sse);
    sse.onClose(() => {
      feed.live.delete(sse);
      feed.closed++;
    });
  });
  app.get('/missing', async (_request, reply) =>
    reply.code(404).send({ code: 'AUCTION_NOT_FOUND', message: '역경매를 찾을 수 없습니다' }),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const sse of feed.live) sse.close();
  await app.close();
});

const openWith = (path: string) => (init: { lastEventId: string | null; signal: AbortSignal }) =>
  fetch(`${base}${path}`, {
    headers: {
      Authorization: 'Bearer token-1',
      Accept: 'text/event-stream',
      ...(init.lastEventId ? { 'Last-Event-ID': init.lastEventId } : {}),
    },
    signal: init.signal,
  });

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('openEventStream', () => {
  it('reconnects after a drop with Last-Event-ID and gets each event once, in order', async () => {
    feed.log = [];
    feed.seen = [];
    await push('bid', { seq: 1 });
    await push('bid', { seq: 2 });
    await push('bid', { seq: 3 });
    feed.dropAfterBacklog = 1;
    const events: StreamEvent[] = [];
    const states: StreamState[] = [];
    const errors: Array<[EventStreamError, boolean]> = [];
    const stream = openEventStream({
      open: openWith('/events'),
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      onError: (e, final) => errors.push([e, final]),
    });
    // The first connection delivers 1–3 and is dropped; the second sends Last-Event-ID 3.
    await until(() => feed.live.size === 1, 'the second connection');
    expect(feed.seen).toEqual([null, '3']);
    await push('bid', { seq: 4 });
    await push('extend', { endAt: '2026-12-01T01:05:00.000Z' });
    await until(() => events.filter((e) => e.event !== 'hello').length === 5, 'five events');
    expect(events.filter((e) => e.event !== 'hello').map((e) => [e.id, e.event, JSON.parse(e.data)])).toEqual([
      ['1', 'bid', { seq: 1 }],
      ['2', 'bid', { seq: 2 }],
      ['3', 'bid', { seq: 3 }],
      ['4', 'bid', { seq: 4 }],
      ['5', 'extend', { endAt: '2026-12-01T01:05:00.000Z' }],
    ]);
    expect(events.filter((e) => e.event === 'hello').map((e) => JSON.parse(e.data))).toEqual([
      { after: null },
      { after: '3' },
    ]);
    expect(stream.lastEventId).toBe('5');
    expect(errors.map(([e, final]) => [e.status, final])).toEqual([[null, false]]);
    expect(states).toEqual(['connecting', 'open', 'retrying', 'open']);

    const closedBefore = feed.closed;
    stream.close();
    await stream.done;
    expect(states.at(-1)).toBe('closed');
    await until(() => feed.closed === closedBefore + 1, 'the server to see the close');
  });

  it('starts after the id it is given (a detail just read) and stops on its signal', async () => {
    feed.seen = [];
    const events: StreamEvent[] = [];
    const abort = new AbortController();
    const stream = openEventStream({
      open: openWith('/events'),
      lastEventId: '4',
      onEvent: (e) => events.push(e),
      signal: abort.signal,
    });
    await until(() => events.some((e) => e.id === '5'), 'event 5');
    expect(feed.seen).toEqual(['4']);
    expect(events.filter((e) => e.id !== null).map((e) => e.id)).toEqual(['5']);
    abort.abort();
    await stream.done;
    await until(() => feed.live.size === 0, 'the server to drop the watcher');
  });

  it('gives up on a 4xx answer with its status and body, without retrying', async () => {
    let calls = 0;
    const errors: Array<[EventStreamError, boolean]> = [];
    const stream = openEventStream({
      open: (init) => {
        calls++;
        return openWith('/missing')(init);
      },
      onEvent: () => undefined,
      onError: (e, final) => errors.push([e, final]),
      retryMs: 10,
    });
    await stream.done;
    expect(calls).toBe(1);
    expect(errors.map(([e, final]) => [e.status, e.body, final])).toEqual([
      [404, { code: 'AUCTION_NOT_FOUND', message: '역경매를 찾을 수 없습니다' }, true],
    ]);
  });

  it('without the token the server refuses (401) and the reader stops', async () => {
    const errors: number[] = [];
    const stream = openEventStream({
      open: (init) => fetch(`${base}/events`, { signal: init.signal }),
      onEvent: () => undefined,
      onError: (e) => errors.push(e.status ?? 0),
    });
    await stream.done;
    expect(errors).toEqual([401]);
  });
});
