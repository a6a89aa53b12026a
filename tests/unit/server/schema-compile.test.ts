// @vitest-environment node
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  deferredCompilers,
  KeptCompiles,
  onFirstUseCompilers,
  SchemaWarmUp,
} from '../../../server/http/schema-compile.js';

const Body = {
  type: 'object',
  properties: { qty: { type: 'integer', minimum: 1 } },
  required: ['qty'],
  additionalProperties: false,
} as const;
const Answer = { type: 'object', properties: { qty: { type: 'integer' }, note: { type: 'string' } } } as const;
const Headers = {
  type: 'object',
  properties: { 'x-apply-secret': { type: 'string', minLength: 3 } },
  required: ['x-apply-secret'],
} as const;

function appWith(compilers?: ReturnType<typeof deferredCompilers>) {
  const app = Fastify(compilers ? { schemaController: { compilersFactory: compilers } } : {});
  app.post('/lines', { schema: { body: Body, headers: Headers, response: { 200: Answer } } }, async (req) => ({
    ...(req.body as object),
    secret: 'never sent',
    note: 'kept',
  }));
  return app;
}

describe('schemas compiled on first use', () => {
  it('answer, refuse and strip exactly as fastify’s own compilers do', async () => {
    const calls = [
      { headers: { 'X-Apply-Secret': 'abcd' }, payload: { qty: 2 } },
      { headers: { 'x-apply-secret': 'abcd' }, payload: { qty: 0 } },
      { headers: { 'x-apply-secret': 'abcd' }, payload: { qty: 1, extra: true } },
      { headers: {}, payload: { qty: 1 } },
      { headers: { 'x-apply-secret': 'ab' }, payload: { qty: 1 } },
    ];
    const eager = appWith();
    const lazy = appWith(onFirstUseCompilers());
    for (const call of calls) {
      const [a, b] = await Promise.all(
        [eager, lazy].map((app) => app.inject({ method: 'POST', url: '/lines', ...call })),
      );
      expect({ status: b.statusCode, body: b.json() }).toEqual({ status: a.statusCode, body: a.json() });
    }
    expect(
      (
        await lazy.inject({ method: 'POST', url: '/lines', headers: { 'x-apply-secret': 'abcd' }, payload: { qty: 0 } })
      ).json().message,
    ).toMatch(/qty/);
    expect(
      (
        await lazy.inject({ method: 'POST', url: '/lines', headers: { 'x-apply-secret': 'abcd' }, payload: { qty: 3 } })
      ).json(),
    ).toEqual({ qty: 3, note: 'kept' });
  });

  it('compile nothing until a route is used: a schema the compiler refuses fails its first request, not the start', async () => {
    const broken = { type: 'object', properties: { qty: { type: 'integer', minimum: 'one' } } };
    const eager = Fastify();
    eager.post('/x', { schema: { body: broken } }, async () => ({}));
    await expect(eager.ready()).rejects.toThrow(/minimum/);

    const lazy = Fastify({ schemaController: { compilersFactory: onFirstUseCompilers() } });
    lazy.post('/x', { schema: { body: broken } }, async () => ({}));
    await lazy.ready();
    const res = await lazy.inject({ method: 'POST', url: '/x', payload: { qty: 1 } });
    expect(res.statusCode).toBe(500);
  });

  it('after listening, a warm-up compiles every schema of every route but the HEADs, in slices, and answers as fastify', async () => {
    const warmUp = new SchemaWarmUp();
    const app = appWith(deferredCompilers(warmUp));
    app.get(
      '/lines/:id',
      { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } },
      async (req) => ({
        qty: (req.params as { id: number }).id,
      }),
    );
    await app.ready();
    // POST /lines: body, headers, response 200; GET /lines/:id: params (its HEAD twin is left to its first use).
    expect(warmUp.total).toBe(4);
    expect(warmUp.done).toBe(false);
    // A request before the warm-up compiles what it needs on the spot.
    expect((await app.inject({ method: 'GET', url: '/lines/7' })).json()).toEqual({ qty: 7 });
    // A callback that queues itself again runs once per turn of the event loop.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const r = await warmUp.run({ sliceMs: 0 });
    ticking = false;
    expect(r.schemas).toBe(4);
    expect(warmUp.done).toBe(true);
    // sliceMs 0: one schema per slice, the event loop turning between them.
    expect(turns).toBeGreaterThanOrEqual(3);
    const eager = appWith();
    for (const call of [
      { headers: { 'x-apply-secret': 'abcd' }, payload: { qty: 0 } },
      { headers: { 'x-apply-secret': 'abcd' }, payload: { qty: 3, extra: 1 } },
    ]) {
      const [a, b] = await Promise.all([eager, app].map((x) => x.inject({ method: 'POST', url: '/lines', ...call })));
      expect({ status: b.statusCode, body: b.json() }).toEqual({ status: a.statusCode, body: a.json() });
    }
  });

  it('the warm-up compiles a schema many routes share once, and each route answers with it as fastify', async () => {
    const warmUp = new SchemaWarmUp();
    const app = Fastify({ schemaController: { compilersFactory: deferredCompilers(warmUp) } });
    const Failure = { type: 'object', properties: { code: { type: 'string' } } } as const;
    for (const name of ['a', 'b', 'c'])
      app.post(
        `/${name}`,
        // New literals per route, as the modules write them: kept by content, not by identity.
        { schema: { body: { ...Body }, response: { 200: { ...Answer }, 400: { ...Failure } } } },
        async (req) => ({ ...(req.body as object), note: name }),
      );
    await app.ready();
    const r = await warmUp.run();
    // Three routes × (body, 200, 400): one validator and two serializers.
    expect({ schemas: r.schemas, compiled: r.compiled }).toEqual({ schemas: 9, compiled: 3 });
    expect((await app.inject({ method: 'POST', url: '/b', payload: { qty: 0 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/c', payload: { qty: 2 } })).json()).toEqual({
      qty: 2,
      note: 'c',
    });
  });

  it('a schema a compiler refuses fails the warm-up, naming its route, and the warm-up is never done', async () => {
    const warmUp = new SchemaWarmUp();
    const app = Fastify({ schemaController: { compilersFactory: deferredCompilers(warmUp) } });
    app.get(
      '/fine',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
      async () => ({}),
    );
    app.post(
      '/x',
      { schema: { body: { type: 'object', properties: { qty: { type: 'integer', minimum: 'one' } } } } },
      async () => ({}),
    );
    app.get('/y', { schema: { response: { 200: { $ref: 'nowhere#' } } } }, async () => ({}));
    await app.ready();
    await expect(warmUp.run()).rejects.toThrow(/POST \/x \(body\).*minimum/);
    expect(warmUp.done).toBe(false);

    const second = new SchemaWarmUp();
    const other = Fastify({ schemaController: { compilersFactory: deferredCompilers(second) } });
    other.get('/y', { schema: { response: { 200: { $ref: 'nowhere#' } } } }, async () => ({}));
    await other.ready();
    await expect(second.run()).rejects.toThrow(/GET \/y \(response 200\)/);
  });
});

describe('compiles kept across the apps of a process', () => {
  const Shared = { $id: 'Qty', type: 'integer', minimum: 1 } as const;
  /** Each app as a test file builds it: the shared schema added (fastify clones it), route schemas as new literals. */
  function appKeeping(kept: KeptCompiles, maximum = 10) {
    const app = Fastify({ schemaController: { compilersFactory: onFirstUseCompilers(kept) } });
    app.addSchema({ ...Shared });
    const body = {
      type: 'object',
      properties: { qty: { $ref: 'Qty#' }, cap: { type: 'integer', maximum } },
      required: ['qty'],
    };
    app.post('/lines', { schema: { body, response: { 200: { ...Answer } } } }, async (req) => ({
      ...(req.body as object),
      note: 'kept',
    }));
    return app;
  }

  it('compile each schema once however many apps use it, and the kept functions answer as their own would', async () => {
    const kept = new KeptCompiles();
    const first = appKeeping(kept);
    expect((await first.inject({ method: 'POST', url: '/lines', payload: { qty: 2 } })).json()).toEqual({
      qty: 2,
      note: 'kept',
    });
    expect(kept.counts).toEqual({ kept: 2, hits: 0 });

    const second = appKeeping(kept);
    const refused = await second.inject({ method: 'POST', url: '/lines', payload: { qty: 0 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/qty/);
    expect((await second.inject({ method: 'POST', url: '/lines', payload: { qty: 3 } })).json()).toEqual({
      qty: 3,
      note: 'kept',
    });
    expect(kept.counts).toEqual({ kept: 2, hits: 2 });
  });

  it('compile a schema that differs in content anew', async () => {
    const kept = new KeptCompiles();
    await appKeeping(kept, 10).inject({ method: 'POST', url: '/lines', payload: { qty: 1, cap: 2 } });
    const other = appKeeping(kept, 3);
    expect((await other.inject({ method: 'POST', url: '/lines', payload: { qty: 1, cap: 2 } })).statusCode).toBe(200);
    expect((await other.inject({ method: 'POST', url: '/lines', payload: { qty: 1, cap: 5 } })).statusCode).toBe(400);
    // Its own validator; the answer's serializer, the same content, kept.
    expect(kept.counts).toEqual({ kept: 3, hits: 1 });
  });
});
