// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { deferredCompilers, SchemaWarmUp } from '../../../server/http/schema-compile.js';
import { SchemaCodeCache } from '../../../server/http/schema-code-cache.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-schema-cache-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const Shared = { $id: 'Qty', type: 'integer', minimum: 1 } as const;
const Failure = { type: 'object', properties: { code: { type: 'string' } } } as const;

/**
 * An app as the server builds it (after-listen schemas with a code cache in `dir`): a shared schema, a body with
 * a format, a default and a coerced number, answers stripped to their schema. `minimum` is the changed schema's.
 */
function serverApp(dir: string | null, minimum = 1) {
  const warmUp = new SchemaWarmUp(dir ? new SchemaCodeCache(dir) : undefined);
  const app = Fastify(
    dir === null
      ? { ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false } } }
      : {
          ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false } },
          schemaController: { compilersFactory: deferredCompilers(warmUp) },
        },
  );
  app.addSchema({ ...Shared });
  app.post(
    '/lines',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            qty: { $ref: 'Qty#' },
            due: { type: 'string', format: 'date' },
            at: { type: 'string', format: 'date-time' },
            price: { type: 'number', minimum },
            unit: { type: 'string', default: 'EA' },
          },
          required: ['qty', 'due'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              qty: { type: 'integer' },
              due: { type: 'string' },
              unit: { type: 'string' },
              lines: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
            },
          },
          400: Failure,
        },
      },
    },
    async (req) => ({ ...(req.body as object), secret: 'never sent', lines: ['a', 2] }),
  );
  return { app, warmUp };
}

const calls = [
  { qty: 2, due: '2026-11-29' },
  { qty: '3', due: '2026-11-29', price: '7' },
  { qty: 0, due: '2026-11-29' },
  { qty: 1, due: '29.11.2026' },
  { qty: 1, due: '2026-11-29', at: 'yesterday' },
  { qty: 1, due: '2026-11-29', at: '2026-11-29T08:00:00Z', extra: true },
  { qty: 1, due: '2026-11-29', price: 1.5 },
];

async function answers(app: ReturnType<typeof serverApp>['app']) {
  const out = [];
  for (const payload of calls) {
    const r = await app.inject({ method: 'POST', url: '/lines', payload });
    out.push({ status: r.statusCode, body: r.json() as unknown });
  }
  return out;
}

describe('compiled schemas kept on disk between starts', () => {
  it('a second start loads every function the first compiled, and answers exactly as fastify’s own compilers', async () => {
    const dir = path.join(tmp, 'same');
    const expected = await answers(serverApp(null).app);

    const first = serverApp(dir);
    await first.app.ready();
    const r1 = await first.warmUp.run();
    expect(r1.cache).toMatchObject({ restored: 0, written: true });
    expect(r1.cache!.compiled).toBe(r1.compiled);
    expect(await answers(first.app)).toEqual(expected);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1);

    const second = serverApp(dir);
    await second.app.ready();
    const r2 = await second.warmUp.run();
    // Nothing compiled, nothing to write again.
    expect(r2.cache).toEqual({ restored: r1.compiled, compiled: 0, written: false });
    expect(await answers(second.app)).toEqual(expected);
  });

  it('a changed schema is compiled anew, never served from the file, and the file then holds the new one only', async () => {
    const dir = path.join(tmp, 'changed');
    const before = serverApp(dir);
    await before.app.ready();
    await before.warmUp.run();

    const changed = serverApp(dir, 5);
    await changed.app.ready();
    const r = await changed.warmUp.run();
    // The body's validator changed; the serializers did not.
    expect(r.cache).toMatchObject({ compiled: 1, written: true });
    expect(r.cache!.restored).toBe(r.compiled - 1);
    const refused = await changed.app.inject({
      method: 'POST',
      url: '/lines',
      payload: { qty: 1, due: '2026-11-29', price: 3 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await answers(changed.app)).toEqual(await answers(serverApp(null, 5).app));

    // The old validator is gone from the file: a start of the old schema compiles it again.
    const old = serverApp(dir);
    await old.app.ready();
    expect((await old.warmUp.run()).cache).toMatchObject({ compiled: 1 });
    expect(
      (await old.app.inject({ method: 'POST', url: '/lines', payload: { qty: 1, due: '2026-11-29', price: 3 } }))
        .statusCode,
    ).toBe(200);
  });

  it('a file cut short is as none: every schema is compiled and the file written whole again', async () => {
    const dir = path.join(tmp, 'cut');
    const first = serverApp(dir);
    await first.app.ready();
    const made = await first.warmUp.run();
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    const text = fs.readFileSync(path.join(dir, file!), 'utf8');
    fs.writeFileSync(path.join(dir, file!), text.slice(0, Math.floor(text.length / 2)));

    const again = serverApp(dir);
    await again.app.ready();
    expect((await again.warmUp.run()).cache).toEqual({ restored: 0, compiled: made.compiled, written: true });
    expect(await answers(again.app)).toEqual(await answers(serverApp(null).app));
    const third = serverApp(dir);
    await third.app.ready();
    expect((await third.warmUp.run()).cache).toMatchObject({ restored: made.compiled, compiled: 0 });
  });

  it('a schema a compiler refuses still fails the warm-up with a cache, and nothing is written', async () => {
    const dir = path.join(tmp, 'refused');
    const warmUp = new SchemaWarmUp(new SchemaCodeCache(dir));
    const app = Fastify({ schemaController: { compilersFactory: deferredCompilers(warmUp) } });
    app.post(
      '/x',
      { schema: { body: { type: 'object', properties: { qty: { type: 'integer', minimum: 'one' } } } } },
      async () => ({}),
    );
    await app.ready();
    await expect(warmUp.run()).rejects.toThrow(/POST \/x \(body\).*minimum/);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
