import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { EFFECTS, type Effect, type OperationInfo } from './http/access.js';
import { operationWords } from './http/operation-words.js';
import { operationTitleKo } from './http/operation-titles.js';
import type { DbHandle } from './db/connect.js';
import rateLimit from '@fastify/rate-limit';
import { accountRateLimit } from './auth/account-rate-limit.js';
import { sharedSchemas } from './http/shared-schemas.js';
import { errorHandler } from './plugins/error-handler.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { inputGuard } from './http/input-guard.js';
import { heavyLimit } from './http/heavy.js';
import { lightFirst } from './http/light-first.js';
import { admission } from './http/admission.js';
import { noCache } from './plugins/no-cache.js';
import { HELMET_OPTIONS, securityHeaders } from './plugins/security-headers.js';
import { spa } from './plugins/spa.js';
import { assetHeaders } from './plugins/asset-headers.js';
import { externalHost } from './plugins/external-host.js';
import { routes } from './routes.js';
import { authPlugin } from './auth/plugin.js';
import { readReplica } from './http/read-replica.js';
import { studioMarks } from './http/studio-marks.js';
import { statementTally } from './http/statement-tally.js';
import { createJobRunner, type RunningJobRunner } from './jobs/runner.js';
import { createClock, type Clock } from './clock.js';
import { JOBS } from './jobs/registry.js';
import { Metrics } from './metrics/registry.js';
import { metricsPlugin } from './metrics/plugin.js';
import { lifecyclePlugin } from './lifecycle.js';
import { loggedFields, personalOperation } from './modules/privacy/registry.js';
import { answersBesideAuthCheck } from './auth/check-beside.js';
import { deferredCompilers, SchemaWarmUp, type KeptCompiles, type SchemaCompile } from './http/schema-compile.js';
import { SchemaCodeCache } from './http/schema-code-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbh: DbHandle;
    /** Background jobs: routes poke them; server/main.ts starts them (tests call runDue). */
    jobs: RunningJobRunner;
    /** The time of business rules: bidding windows and jobs (server/clock.ts). */
    clock: Clock;
    /** With `after-listen` schemas, the compiles left for after the server listens; else null. */
    schemaWarmUp: SchemaWarmUp | null;
  }
}

export interface AppDeps {
  config: Config;
  dbh: DbHandle;
  /**
   * Default `at-start`; the API tests build an app per file and use `on-first-use`, the server
   * `after-listen` (http/schema-compile.ts).
   */
  schemas?: SchemaCompile;
  /** With `on-first-use` schemas: functions other apps of this process compiled, reused (tests). */
  keptCompiles?: KeptCompiles;
  /**
   * With `after-listen` schemas: the directory where compiled schemas are kept as code between starts
   * (http/schema-code-cache.ts; the server's `.cache/schemas`).
   */
  schemaCodeCache?: string;
}

/** The gpms plugin's options: with `after-listen` schemas, the warm-up fastifyOptions' compilers fill. */
export type GpmsOptions = AppDeps & { warmUp?: SchemaWarmUp };

export function fastifyOptions(
  config: Config,
  schemas: SchemaCompile = 'at-start',
  warmUp?: SchemaWarmUp,
  kept?: KeptCompiles,
): FastifyServerOptions {
  if (schemas === 'after-listen' && !warmUp) throw new Error('after-listen schemas need the SchemaWarmUp to fill');
  if (kept && schemas !== 'on-first-use')
    throw new Error('compiles are kept across apps only with on-first-use schemas');
  return {
    ...(schemas === 'at-start'
      ? {}
      : {
          schemaController: {
            compilersFactory: deferredCompilers(schemas === 'after-listen' ? warmUp : undefined, kept),
          },
        }),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["access-token"]', 'req.headers["refresh-token"]'],
          },
    // Only the configured proxies' X-Forwarded-For is believed; otherwise the socket address is the client.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 2 * 1024 * 1024,
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        // Ajv's optimisation passes over the code it generates (dropping unused names) were a third of
        // a restart's warm-up and change no answer: the code validates the same (bench/schema-warmup.ts).
        code: { optimize: false },
      },
    },
    routerOptions: { ignoreTrailingSlash: true },
    // The product is one plugin that registers ≈ 500 routes and compiles their schemas: on a slow or
    // busy machine that takes longer than Fastify's 10 s default for a plugin (a restart at load 28
    // failed with "Plugin did not start in time: 'gpms'"). A start that is merely slow must not fail.
    pluginTimeout: 120_000,
  };
}

/**
 * The whole product as one plugin: infrastructure plugins first, then routes. Each of our plugins is
 * a named function: fastify-plugin names an anonymous one from a stack trace, and the process's first
 * stack trace parses the server's whole source map (`--enable-source-maps`), ≈ 0.2 s of a start.
 */
async function gpmsPlugin(app: FastifyInstance, { config, dbh, warmUp }: GpmsOptions): Promise<void> {
  app.decorate('config', config);
  app.decorate('dbh', dbh);
  app.decorate('schemaWarmUp', warmUp ?? null);
  // One registry per app instance (GET /metrics): tests build several apps in one process.
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  const clock = createClock();
  app.decorate('clock', clock);
  app.decorate(
    'jobs',
    createJobRunner({ db: dbh.db, log: app.log, config, jobs: JOBS, pollMs: config.jobsPollMs, metrics, clock }),
  );
  app.addHook('onClose', async () => app.jobs.stop());
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(errorHandler);
  await app.register(lifecyclePlugin);
  // Before any route, so its request hooks count every one.
  await app.register(metricsPlugin, { metrics });
  await app.register(statementTally);
  // The read replica (DATABASE_REPLICA_URL): before the auth plugin, which picks each request's reader.
  await app.register(readReplica);
  // Then a bounded number of API requests at work at once, the rest in arrival order: on
  // PGlite the server's thread does all the work (answers kept in the database thread come back at
  // once), so fewer; on PostgreSQL requests also wait for the pool (10 connections).
  await app.register(admission, { active: config.activeRequests || (dbh.kind === 'pglite' ? 8 : 16) });
  // Before any route is added: control characters refused and numbers bounded for every route.
  await app.register(inputGuard);
  await app.register(securityHeaders, { options: HELMET_OPTIONS });
  await app.register(noCache);
  await app.register(assetHeaders);
  await app.register(externalHost, { host: config.externalHost });
  // Limits are set per route (login, one-time code, reset) with config.rateLimit; counted in the
  // database, so every server on it counts a client together.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(dbh.db) });
  // …and per account named in the request (config.accountLimit), whatever the address.
  await app.register(accountRateLimit, { max: config.authRateLimitPerMinute });
  // Exports and reports: a few at a time per user (config.heavy or an export path).
  await app.register(heavyLimit, { perUser: config.heavyPerUser });
  // …which step aside between pages for light requests where the database is one connection.
  await app.register(lightFirst, { maxWaitMs: dbh.kind === 'pglite' ? 1000 : 0 });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitMb * 1048576, files: 20, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GPMS / OGPMS API',
        version: '1.0.0',
        description: 'Procurement portal API (internal GPMS and external OGPMS).',
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  if (config.nodeEnv !== 'production') {
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }
  const operations = new Map<string, OperationInfo>();
  app.decorate('operations', operations);
  app.addHook('onRoute', (route) => {
    const url = route.url;
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    const effects = effectsOf(String(route.method), route.config?.effects, operationId);
    if (typeof operationId === 'string' && route.method !== 'HEAD')
      operations.set(operationId, {
        method: String(route.method),
        url,
        access: route.config?.access,
        identityBound: route.config?.identityBound,
        readOnlyList: route.config?.readOnlyList === true,
        effects,
      });
    // The contract says what a call leaves behind, so the studio's check and the engine hold a GET
    // with an effect to a person's click (docs/studio.md "Effects").
    if (route.schema && effects.length > 0) {
      (route.schema as Record<string, unknown>)['x-effects'] = effects;
      // …and in its own Korean words, which a stored screen's button shows and confirms (operation-words.ts).
      const words = typeof operationId === 'string' ? operationWords(operationId) : null;
      if (words) (route.schema as Record<string, unknown>)['x-action-ko'] = words;
    }
    // A read is named in Korean too (operation-titles.ts): the studio names operations to analysts by it.
    if (route.schema && typeof operationId === 'string' && !(route.schema as Record<string, unknown>)['x-action-ko']) {
      const title = operationTitleKo(operationId);
      if (title) (route.schema as Record<string, unknown>)['x-title-ko'] = title;
    }
    if ((url.startsWith('/api/') || url.startsWith('/properties/')) && !route.config?.access) {
      throw new Error(
        `Route ${route.method} ${url} declares no access (config.access): every API route must say who may call it`,
      );
    }
    // The contract says which operations answer personal data, so that a screen asks why before
    // downloading such a list (docs/privacy.md); the registry is the one source.
    const personal = personalOperation(route.schema?.operationId as string | undefined);
    if (personal && route.schema) {
      const schema = route.schema as Record<string, unknown>;
      schema['x-personal-data'] = personal.kind;
      // …and what a download's record names: the subject's key and the fields that reach or identify a person.
      if (personal.kind === 'list')
        schema['x-personal-download'] = { key: personal.key, fields: loggedFields(personal) };
    }
    // Every personal-data answer writes (a list keeps the row count it answered the session, the bound of a
    // later download record; a whole answer logs a view): such a route waits for its confirmed caller.
    const gate = personal ? 'logs-or-asks' : 'none';
    if (answersBesideAuthCheck(route, gate)) route.config = { ...route.config, authBeside: true };
  });
  await app.register(studioMarks);
  await app.register(authPlugin);
  await app.register(routes);
  await app.register(spa, { distDir: config.distDir });
}

/** An operation's effects: declared, `writes` by any method but GET, a personal-data view by the privacy registry. */
function effectsOf(method: string, declared: readonly Effect[] | undefined, operationId: unknown): Effect[] {
  const out = new Set<Effect>(declared ?? []);
  if (method !== 'GET' && method !== 'HEAD') out.add('writes');
  if (typeof operationId === 'string' && personalOperation(operationId)) out.add('personal-data-log');
  return EFFECTS.filter((e) => out.has(e));
}

/** Not encapsulated, so a host server sees its decorators (config, dbh, swagger). */
export const gpms = fp(gpmsPlugin, { name: 'gpms', fastify: '5.x' });

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const warmUp =
    deps.schemas === 'after-listen'
      ? new SchemaWarmUp(deps.schemaCodeCache ? new SchemaCodeCache(deps.schemaCodeCache) : undefined)
      : undefined;
  const app = Fastify(
    fastifyOptions(deps.config, deps.schemas, warmUp, deps.keptCompiles),
  ).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(gpms, { ...deps, warmUp });
  await app.ready();
  return app;
}
