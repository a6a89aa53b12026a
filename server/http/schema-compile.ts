import ValidatorSelector, { AjvReference } from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { SchemaCodeCache } from './schema-code-cache.js';

/**
 * When the app compiles its routes' schemas: `at-start` (fastify's default: every one as its route is
 * added, before the app is ready), `on-first-use` (each the first time its route is used), or
 * `after-listen` (on first use, and every one in the background once the server listens: SchemaWarmUp).
 */
export type SchemaCompile = 'at-start' | 'on-first-use' | 'after-listen';

type ValidatorFactory = ReturnType<typeof ValidatorSelector>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Validate = ReturnType<ReturnType<ValidatorFactory>>;

/**
 * The compiles a server has deferred, done in small slices once it listens (server/main.ts), so a
 * restart answers its first page without waiting ≈ 3 s for every schema (bench/results/log.md, "Start-up
 * and the seed dump"). Until they are all done /readyz answers 503 `warming`: a load balancer sends
 * traffic only to a fully compiled server, and a schema a compiler refuses still stops the server
 * before it gets any (run() rejects, main.ts logs it as fatal and exits non-zero).
 *
 * Its routes' compiles are kept by content (`kept`): of the ≈ 4,200 compiles of the server's routes
 * only ≈ 900 are distinct schemas (the same error answers, pages and keys on many routes), so the
 * warm-up — most of a restart's time to /readyz — compiles each once (bench/results/log.md, "A restart's
 * schema warm-up, kept by content").
 */
export class SchemaWarmUp {
  readonly #compiles: Array<{ what: string; compile: () => void }> = [];
  #done = false;
  #running: Promise<WarmUpResult> | null = null;
  /** The functions compiled so far, by what they were compiled from: one per distinct schema. */
  readonly kept = new KeptCompiles();

  /** With `codeCache`, compiled functions come from and go to the disk (schema-code-cache.ts). */
  constructor(readonly codeCache?: SchemaCodeCache) {}

  /** Every deferred compile of the app, compiled or not. */
  get total(): number {
    return this.#compiles.length;
  }

  get done(): boolean {
    return this.#done;
  }

  add(what: string, compile: () => void): void {
    this.#compiles.push({ what, compile });
  }

  /**
   * Compiles whatever no request compiled first, yielding to the event loop after each slice of
   * `sliceMs`; rejects with the first schema a compiler refuses, naming its route. Runs once: a second
   * call answers the first's outcome (the server begins it before listening and reports it after).
   * With a code cache, its file is written at the end (a failure to write is reported, not thrown).
   */
  run(options: { sliceMs?: number } = {}): Promise<WarmUpResult> {
    return (this.#running ??= this.#run(options.sliceMs ?? 10));
  }

  async #run(sliceMs: number): Promise<WarmUpResult> {
    const started = performance.now();
    let next = 0;
    while (next < this.#compiles.length) {
      const sliceEnd = performance.now() + sliceMs;
      do {
        const { what, compile } = this.#compiles[next++]!;
        try {
          compile();
        } catch (err) {
          throw new Error(
            `the schema of ${what} does not compile: ${err instanceof Error ? err.message : String(err)}`,
            {
              cause: err,
            },
          );
        }
      } while (next < this.#compiles.length && performance.now() < sliceEnd);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.#done = true;
    let cache: WarmUpResult['cache'];
    if (this.codeCache) {
      try {
        cache = { ...this.codeCache.counts, written: this.codeCache.save() };
      } catch (err) {
        cache = { ...this.codeCache.counts, written: false, error: err instanceof Error ? err.message : String(err) };
      }
    }
    return {
      schemas: this.#compiles.length,
      compiled: this.kept.counts.kept,
      seconds: (performance.now() - started) / 1000,
      ...(cache ? { cache } : {}),
    };
  }
}

export interface WarmUpResult {
  schemas: number;
  compiled: number;
  seconds: number;
  /** With a code cache: functions loaded from it, compiled anew, whether its file was written (or why not). */
  cache?: { restored: number; compiled: number; written: boolean; error?: string };
}

/**
 * Compiled validators and serializers kept by what they were compiled from, for processes that build
 * many apps of the same routes: an API test worker builds one per file, and each would compile the
 * same schemas to the same functions again (≈ 20 % of an API file's busy CPU, docs/testing.md).
 *
 * Keyed by content, not identity: fastify clones each shared schema into every app (its
 * `Schemas.prototype.add`), and many route schemas are literals built as their module registers.
 * A compiled function holds no state of its app: a validator's `errors` are read right after the call
 * that set them, and a serializer is a pure function of its document.
 */
export class KeptCompiles {
  readonly #compiled = new Map<string, unknown>();
  readonly #buckets = new Map<string, number>();
  #hits = 0;

  /** How many functions are kept, and how many compiles they spared. */
  get counts(): { kept: number; hits: number } {
    return { kept: this.#compiled.size, hits: this.#hits };
  }

  /** Each shared schema's and options object's JSON: fastify asks for a bucket once per plugin context. */
  readonly #json = new WeakMap<object, string>();

  #jsonOf(value: unknown): string {
    if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? '';
    let json = this.#json.get(value);
    if (json === undefined) this.#json.set(value, (json = JSON.stringify(value)));
    return json;
  }

  /** A short name for a set of shared schemas and compiler options, by their content. */
  bucket(externalSchemas: unknown, options: unknown): string {
    const content = [
      this.#jsonOf(options),
      ...Object.entries((externalSchemas ?? {}) as Record<string, unknown>).map(
        ([id, schema]) => `${id}\u0001${this.#jsonOf(schema)}`,
      ),
    ].join('\u0002');
    let id = this.#buckets.get(content);
    if (id === undefined) this.#buckets.set(content, (id = this.#buckets.size));
    return String(id);
  }

  keep<T>(
    what: 'validator' | 'serializer',
    bucket: string,
    route: RouteOf & { schema?: unknown },
    compile: () => T,
  ): T {
    const key = [
      what,
      bucket,
      route.httpPart ?? '',
      route.httpStatus ?? '',
      route.contentType ?? '',
      JSON.stringify(route.schema),
    ].join('\0');
    if (this.#compiled.has(key)) {
      this.#hits++;
      return this.#compiled.get(key) as T;
    }
    const compiled = compile();
    this.#compiled.set(key, compiled);
    return compiled;
  }
}

interface RouteOf {
  method?: string;
  url?: string;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}

const describe = (r: RouteOf) =>
  `${r.method} ${r.url} (${r.httpPart ?? `response ${r.httpStatus ?? ''}`}${r.contentType ? ` ${r.contentType}` : ''})`;

/**
 * fastify's own compilers (ajv for requests, fast-json-stringify for responses), each route's
 * validator or serializer compiled the first time it is used instead of when the route is added;
 * with a SchemaWarmUp, each deferred compile is also handed to it.
 *
 * Why: compiling the schemas of ≈ 450 operations is most of an app's start — 3.5 s of CPU, of which
 * fast-json-stringify ≈ 2.5 s and ajv ≈ 0.6 s (docs/testing.md) — and the API tests build an app per
 * file, twice for each of ≈ 120 files, while a file calls a handful of operations. The authorization
 * matrix's app and production-start's first app keep `at-start`; the server (`after-listen`) compiles
 * every schema before /readyz answers 200, which the start-up tests and the browser tests' server
 * wait for, so every schema is still compiled in every test run.
 *
 * The HEAD route fastify adds beside each GET compiles the GET's schemas again: it is left to its first
 * use (the GET's compile already proved them).
 *
 * fastify treats a validator factory given in its options as "custom" and then leaves a `headers`
 * schema's property names as written instead of lower-casing them: ours are written in lower case
 * (`x-apply-secret`), so the two validate the same.
 */
export function deferredCompilers(
  warmUp?: SchemaWarmUp,
  kept?: KeptCompiles,
): {
  buildValidator: ValidatorFactory;
  buildSerializer: SerializerFactory;
} {
  // A server's warm-up keeps its compiles by content (SchemaWarmUp.kept); the tests' apps pass theirs.
  kept ??= warmUp?.kept;
  const codeCache = warmUp?.codeCache;
  const validators = ValidatorSelector();
  const serializers = SerializerSelector();
  const later = (route: RouteOf, compile: () => void) => {
    if (warmUp && route.method !== 'HEAD') warmUp.add(describe(route), compile);
  };
  return {
    buildValidator: (externalSchemas, options) => {
      // An ajv instance per set of shared schemas, made on its first compile too: each takes
      // 40 ms or more (its meta-schemas and formats), and the modules' schemas make several.
      let compile: ReturnType<ValidatorFactory> | undefined;
      let compileSource: ReturnType<ValidatorFactory> | undefined;
      const bucket = kept?.bucket(externalSchemas, options) ?? '';
      const disk = codeCache?.bucket(externalSchemas, options) ?? '';
      /** Compiled by ajv keeping its code, which the cache writes as a standalone module when it saves. */
      const withCode = (route: Parameters<ReturnType<ValidatorFactory>>[0], key: string): Validate => {
        compileSource ??= validators(externalSchemas, keepingCode(options));
        const fresh = compileSource(route);
        const ajv = (compileSource as unknown as Record<symbol, { ajv: Parameters<typeof standaloneCode>[0] }>)[
          AjvReference as unknown as symbol
        ]!.ajv;
        codeCache!.store(key, () => standaloneCode(ajv, fresh as Parameters<typeof standaloneCode>[1]));
        return fresh;
      };
      return (route) => {
        let validate: Validate | undefined;
        const compiled = (): Validate => {
          if (!codeCache) return (compile ??= validators(externalSchemas, options))(route);
          const key = codeCache.key('validator', disk, route);
          return (codeCache.restore(key) as Validate | undefined) ?? withCode(route, key);
        };
        const ensure = () => (validate ??= kept ? kept.keep('validator', bucket, route, compiled) : compiled());
        later(route, ensure);
        // fastify reads a failed validation's `errors` from the function it was given.
        const first = ((...args: Parameters<Validate>) => {
          const valid = ensure()(...args);
          first.errors = validate!.errors;
          return valid;
        }) as Validate;
        return first;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = serializers(externalSchemas, options);
      // fast-json-stringify's standalone mode answers the module's code instead of the function.
      const compileSource = codeCache ? serializers(externalSchemas, { ...options, mode: 'standalone' }) : undefined;
      const bucket = kept?.bucket(externalSchemas, options) ?? '';
      const disk = codeCache?.bucket(externalSchemas, options) ?? '';
      const compiled = (route: Parameters<typeof compile>[0]): ((doc: unknown) => string) => {
        if (!codeCache) return compile(route);
        const key = codeCache.key('serializer', disk, route);
        const restored = codeCache.restore(key) as ((doc: unknown) => string) | undefined;
        if (restored) return restored;
        const code = compileSource!(route) as unknown as string;
        codeCache.store(key, () => code);
        return SchemaCodeCache.evaluate(code) as (doc: unknown) => string;
      };
      return (route) => {
        let serialize: ((doc: unknown) => string) | undefined;
        const ensure = () =>
          (serialize ??= kept ? kept.keep('serializer', bucket, route, () => compiled(route)) : compiled(route));
        later(route, ensure);
        return (doc: unknown) => ensure()(doc);
      };
    },
  };
}

/**
 * Each route's schemas compiled on its first use only (the API tests' apps); with `kept`, a schema
 * another app of the process compiled is not compiled again.
 */
export const onFirstUseCompilers = (kept?: KeptCompiles) => deferredCompilers(undefined, kept);

/**
 * ajv's options with its generated code kept for a standalone module: `source` keeps it, and `formats`
 * names where the module finds the formats ajv-formats added (its full set, as @fastify/ajv-compiler adds
 * them). The validation is the same.
 */
function keepingCode<O>(options: O): O {
  const given = (options ?? {}) as { customOptions?: { code?: object } };
  const custom = given.customOptions ?? {};
  return {
    ...given,
    customOptions: {
      ...custom,
      code: { ...custom.code, source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
    },
  } as O;
}
