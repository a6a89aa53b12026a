// @vitest-environment node
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { onFirstUseCompilers } from '../../../server/http/schema-compile.js';

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

function appWith(compilers?: ReturnType<typeof onFirstUseCompilers>) {
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
});
