import path from 'node:path';
import { passwordProblem } from './auth/password-policy.js';
import { loadIntegrationConfig, type IntegrationConfig } from './config-integrations.js';
import { loadOperationsConfig, type OperationsConfig } from './config-operations.js';
import { loadTaxInvoiceConfig, type TaxInvoiceConfig } from './config-tax-invoices.js';
import { checkContractSealRequired, loadContractConfig, type ContractConfig } from './config-contracts.js';
import { loadFileStoreConfig, type FileStoreConfig } from './config-file-store.js';

/**
 * Configuration comes only from the environment and is validated once at start-up.
 * Every bad variable is collected so the operator fixes them all in one go.
 */
type NodeEnv = 'development' | 'production' | 'test';
type LoginMode = 'AD' | 'SSO' | 'SSO_AD';
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
type SeedMode = 'demo' | 'none';

export interface Config extends IntegrationConfig, OperationsConfig, TaxInvoiceConfig, ContractConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL (DATABASE_REPLICA_URL): reports and export pages read
   * there while its replay lag is within databaseReplicaMaxLagMs (server/db/replica.ts); null: every read
   * goes to the primary.
   */
  databaseReplicaUrl: string | null;
  /**
   * Where this server's LISTEN connections go (DATABASE_LISTEN_URL; null: DATABASE_URL): straight to the primary
   * when DATABASE_URL is a pooler in transaction mode (PgBouncer), which does not carry a session's LISTEN.
   */
  databaseListenUrl: string | null;
  /** The replay lag beyond which the replica's reads go to the primary (DATABASE_REPLICA_MAX_LAG_MS). */
  databaseReplicaMaxLagMs: number;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  loginMode: LoginMode;
  uploadLimitMb: number;
  accessTokenTtlSec: number;
  sessionTtlSec: number;
  /** The absolute limit from login (SESSION_MAX_TTL) that extending a session never passes. */
  sessionMaxTtlSec: number;
  internalHost: string | null;
  externalHost: string | null;
  /** Demo company on an empty database: SEED=demo; production defaults to none. */
  seed: SeedMode;
  /**
   * The first administrator's password on an empty production database (ADMIN_INITIAL_PASSWORD),
   * to be changed at first login; null: a one-time setup code is printed instead.
   */
  adminInitialPassword: string | null;
  /** Seconds a server keeps the token signing keys it read before reading them again (TOKEN_KEY_CACHE_SEC). */
  tokenKeyCacheSec: number;
  /** Login, one-time-code and reset attempts allowed per client address and minute. */
  authRateLimitPerMinute: number;
  /** Where the built SPA lives; the server serves it when present. */
  distDir: string;
  /** ERP posting endpoint (vouchers are POSTed here); null: vouchers are written under DATA_DIR/erp-vouchers. */
  erpUrl: string | null;
  /** Time allowed for one ERP request, milliseconds. */
  erpTimeoutMs: number;
  /** Retries after a failed ERP request (network error, timeout, 408, 429, 5xx). */
  erpRetries: number;
  /** First retry delay, milliseconds; doubled for each further retry. */
  erpBackoffMs: number;
  /** How often this server looks for due background jobs, ms; 0: it runs none (a web-only server). */
  jobsPollMs: number;
  /** Where the ERP drops budget imports (JSON files) for the job budget.importDrop; null: no file drop. */
  budgetImportDir: string | null;
  /** ERP vendor-master endpoint (new suppliers are POSTed here once); null: vendor records are written under DATA_DIR/erp-vendors. */
  erpVendorUrl: string | null;
  /**
   * Development outbox (GET /api/dev/outbox shows every one-time code): only when DEV_OUTBOX=on,
   * never in production, never when listening beyond loopback (both refused at start-up).
   */
  devOutbox: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges). Empty: the socket
   * address is the client, whatever headers say.
   */
  trustedProxies: string[];
  /** Concurrent heavy requests (exports, reports) one user may have running; more answer 429. */
  heavyPerUser: number;
  /**
   * PostgreSQL only: repeated statements sent as named prepared statements (server/db/lists/prepared-statements.ts).
   * Off for a connection pooler in transaction mode that does not carry them (PgBouncer before 1.21).
   */
  databasePreparedStatements: boolean;
  /**
   * API requests at work at once in this server; more wait their turn in arrival order
   * (server/http/admission.ts). Bounds the JavaScript one event-loop turn does, so new connections
   * are accepted promptly under load. 0: by the database (8 on PGlite, 16 on PostgreSQL).
   */
  activeRequests: number;
  /**
   * PGlite in its worker thread: how long one transaction may hold the database (every other
   * statement waits meanwhile) before it is rolled back and its owner fails (PGLITE_TRANSACTION_LIMIT_MS).
   */
  pgliteTransactionLimitMs: number;
  /** Where written files go: DATA_DIR (disk, the default) or an S3-compatible bucket (FILE_STORE=s3://…). */
  fileStore: FileStoreConfig;
  /** Rows a server-side export reads a page (server/modules/exports); smaller pages let other requests in more often on PGlite. */
  exportPageSize: number;
  /**
   * The master key that wraps each tender's data key (BID_MASTER_KEY: 32 bytes as 64 hex digits or
   * base64); null: a key file generated under DATA_DIR/keys (one server; docs/bidding.md).
   */
  bidMasterKey: Buffer | null;
  /**
   * A file outside DATA_DIR, on storage the database's account cannot write, where the personal-data
   * access log's head is written after each append (docs/privacy.md); null: the end of the chain
   * is not anchored and `audit:verify` says so.
   */
  accessLogAnchor: string | null;
  /**
   * Hours before an auction's end at which an invited supplier that has not bid is reminded
   * (AUCTION_REMINDER_HOURS, e.g. "24,1"; "off": none), longest first (docs/bidding.md).
   */
  auctionReminderHours: number[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name}="${raw}" must be one of ${allowed.join(', ')}`);
  return fallback;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    problems.push(`${name}="${raw}" must be a whole number between ${min} and ${max}`);
    return fallback;
  }
  const value = Number(raw);
  if (value < min || value > max) {
    problems.push(`${name}=${raw} must be between ${min} and ${max}`);
    return fallback;
  }
  return value;
}

/** A list of distinct whole hours (1–720), e.g. "24,1"; "off" (or "none") for none. Answered longest first. */
function hourList(env: Env, name: string, fallback: number[], problems: string[]): number[] {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'off' || raw === 'none') return [];
  const parts = raw.split(',').map((p) => p.trim());
  if (
    !parts.every((p) => /^\d+$/.test(p) && Number(p) >= 1 && Number(p) <= 720) ||
    new Set(parts.map(Number)).size !== parts.length
  ) {
    problems.push(
      `${name}="${raw}" must be distinct whole hours between 1 and 720 separated by commas (e.g. 24,1), or off`,
    );
    return fallback;
  }
  return parts.map(Number).sort((a, b) => b - a);
}

/** BID_MASTER_KEY: exactly 32 bytes, written as 64 hex digits or as base64. The value is never echoed. */
function masterKey(env: Env, name: string, problems: string[]): Buffer | null {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return null;
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(raw)) {
    const key = Buffer.from(raw, 'base64');
    if (key.length === 32) return key;
  }
  problems.push(`${name} must be 32 bytes written as 64 hex digits or base64 (openssl rand -hex 32)`);
  return null;
}

/** A directory the server reads and moves files in (resolved against the working directory); it need not exist yet. */
function optionalDir(env: Env, name: string, cwd: string, problems: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.includes('\0') || /^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim())) {
    problems.push(
      `${name}="${raw.replace(/\0/g, '')}" must be a directory path (absolute, or relative to the working directory)`,
    );
    return null;
  }
  const dir = path.resolve(cwd, raw.trim());
  if (dir === path.parse(dir).root) {
    problems.push(`${name} must not be the file system's root`);
    return null;
  }
  return dir;
}

function optionalHttpUrl(env: Env, name: string, problems: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  // The value is not echoed: it may carry credentials.
  problems.push(`${name} must be an http:// or https:// URL (such as https://erp.example.co.kr/api/vouchers)`);
  return null;
}

function optionalHost(env: Env, name: string, problems: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(raw)) {
    problems.push(`${name}="${raw}" must be a host name such as partner.example.co.kr (optionally with :port)`);
    return null;
  }
  return raw.toLowerCase();
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

/** True when the server listens on the machine itself only. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
function proxyList(env: Env, problems: string[]): string[] {
  const raw = env.TRUSTED_PROXIES;
  if (raw === undefined || raw.trim() === '') return [];
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const item of items) {
    const [addr, bits, extra] = item.split('/');
    const v4 = IPV4.test(addr) && addr.split('.').every((o) => Number(o) <= 255);
    const v6 = !v4 && /^[0-9a-fA-F:]+$/.test(addr) && addr.includes(':');
    const maxBits = v4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!(v4 || v6) || !bitsOk || extra !== undefined)
      problems.push(`TRUSTED_PROXIES: "${item}" is not an IP address or CIDR range (such as 10.0.0.1 or 10.0.0.0/8)`);
  }
  return items;
}

function initialPassword(env: Env, problems: string[]): string | null {
  const raw = env.ADMIN_INITIAL_PASSWORD;
  if (raw === undefined || raw === '') return null;
  // The value is not echoed: it is a password.
  const problem = passwordProblem(raw, 'admin');
  const why = {
    length: '8–64 characters',
    variety: 'three of upper case, lower case, digits and symbols',
    containsId: 'must not contain the login id admin',
  };
  if (problem)
    problems.push(
      `ADMIN_INITIAL_PASSWORD does not meet the password policy (${why[problem as keyof typeof why] ?? problem})`,
    );
  return problem ? null : raw;
}

/**
 * What the configuration is read for: a server start (the default), or a command-line tool
 * (backup, seed, keys, audit verification) that seals and opens no bid and so needs no master key.
 */
export type ConfigUse = 'server' | 'tool';

export function loadConfig(env: Env = process.env, cwd = process.cwd(), use: ConfigUse = 'server'): Config {
  const problems: string[] = [];
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development', problems);
  const port = integer(env, 'PORT', 8080, 0, 65535, problems);

  let databaseUrl: string | null = null;
  const rawDb = env.DATABASE_URL;
  if (rawDb !== undefined && rawDb !== '') {
    try {
      const url = new URL(rawDb);
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
        problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (got ${url.protocol}//)`);
      } else {
        databaseUrl = rawDb;
      }
    } catch {
      problems.push('DATABASE_URL is not a valid URL (expected postgres://user@host:5432/database)');
    }
  }

  let databaseReplicaUrl: string | null = null;
  const rawReplica = env.DATABASE_REPLICA_URL;
  if (rawReplica !== undefined && rawReplica !== '') {
    // The value is not echoed: it may carry a password.
    let protocol = '';
    try {
      protocol = new URL(rawReplica).protocol;
    } catch {
      problems.push('DATABASE_REPLICA_URL is not a valid URL (expected postgres://user@replica-host:5432/database)');
    }
    if (protocol !== '' && protocol !== 'postgres:' && protocol !== 'postgresql:')
      problems.push(`DATABASE_REPLICA_URL must start with postgres:// or postgresql:// (got ${protocol}//)`);
    else if (protocol !== '') databaseReplicaUrl = rawReplica;
    if (rawDb === undefined || rawDb === '')
      problems.push(
        'DATABASE_REPLICA_URL needs DATABASE_URL: a replica serves reads of a PostgreSQL primary (the embedded database has none)',
      );
  }

  let databaseListenUrl: string | null = null;
  const rawListen = env.DATABASE_LISTEN_URL;
  if (rawListen !== undefined && rawListen !== '') {
    let protocol = '';
    try {
      protocol = new URL(rawListen).protocol;
    } catch {
      problems.push('DATABASE_LISTEN_URL is not a valid URL (expected postgres://user@primary-host:5432/database)');
    }
    if (protocol !== '' && protocol !== 'postgres:' && protocol !== 'postgresql:')
      problems.push(`DATABASE_LISTEN_URL must start with postgres:// or postgresql:// (got ${protocol}//)`);
    else if (protocol !== '') databaseListenUrl = rawListen;
    if (rawDb === undefined || rawDb === '')
      problems.push('DATABASE_LISTEN_URL needs DATABASE_URL: it is the primary PostgreSQL reached past a pooler');
  }

  const sessionTtlSec = integer(env, 'SESSION_TTL', 43200, 300, 2592000, problems);
  const dataDirRaw = env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : './data';
  const config: Config = {
    port,
    host: env.HOST && env.HOST !== '' ? env.HOST : '0.0.0.0',
    dataDir: path.resolve(cwd, dataDirRaw),
    databaseUrl,
    databaseReplicaUrl: databaseUrl === null ? null : databaseReplicaUrl,
    databaseListenUrl: databaseUrl === null ? null : databaseListenUrl,
    databaseReplicaMaxLagMs: integer(env, 'DATABASE_REPLICA_MAX_LAG_MS', 2000, 100, 3600000, problems),
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
      problems,
    ),
    nodeEnv,
    loginMode: oneOf(env, 'LOGIN_MODE', ['AD', 'SSO', 'SSO_AD'] as const, 'AD', problems),
    uploadLimitMb: integer(env, 'UPLOAD_LIMIT_MB', 10, 1, 1024, problems),
    accessTokenTtlSec: integer(env, 'ACCESS_TOKEN_TTL', 900, 30, 86400, problems),
    sessionTtlSec,
    // Unset, it is 24 hours, or SESSION_TTL when that is longer (a setting made before it existed keeps working).
    sessionMaxTtlSec: integer(env, 'SESSION_MAX_TTL', Math.max(86400, sessionTtlSec), 300, 2592000, problems),
    internalHost: optionalHost(env, 'INTERNAL_HOST', problems),
    externalHost: optionalHost(env, 'EXTERNAL_HOST', problems),
    // In production a forgotten setting must not put the demo accounts on the internet: only an explicit SEED=demo seeds.
    seed: oneOf(env, 'SEED', ['demo', 'none'] as const, nodeEnv === 'production' ? 'none' : 'demo', problems),
    adminInitialPassword: initialPassword(env, problems),
    tokenKeyCacheSec: integer(env, 'TOKEN_KEY_CACHE_SEC', 30, 0, 3600, problems),
    authRateLimitPerMinute: integer(env, 'AUTH_RATE_LIMIT', 30, 1, 100000, problems),
    distDir: path.resolve(cwd, env.DIST_DIR && env.DIST_DIR !== '' ? env.DIST_DIR : './dist'),
    erpUrl: optionalHttpUrl(env, 'ERP_URL', problems),
    erpTimeoutMs: integer(env, 'ERP_TIMEOUT_MS', 10000, 100, 600000, problems),
    erpRetries: integer(env, 'ERP_RETRIES', 3, 0, 10, problems),
    erpBackoffMs: integer(env, 'ERP_BACKOFF_MS', 500, 0, 60000, problems),
    jobsPollMs: integer(env, 'JOBS_POLL_MS', 10000, 0, 3600000, problems),
    budgetImportDir: optionalDir(env, 'BUDGET_IMPORT_DIR', cwd, problems),
    erpVendorUrl: optionalHttpUrl(env, 'ERP_VENDOR_URL', problems),
    // LDAP, OIDC, SMTP, SMS gateway and notification delivery (server/config-integrations.ts).
    ...loadIntegrationConfig(env, nodeEnv, problems),
    // Metrics access and the shutdown drain (server/config-operations.ts).
    ...loadOperationsConfig(env, problems),
    // The tax-invoice provider, the buyer's business details and the posting gate (server/config-tax-invoices.ts).
    ...loadTaxInvoiceConfig(env, nodeEnv, problems),
    // Electronic contracts: the stamp-duty gate and split (server/config-contracts.ts).
    ...loadContractConfig(env, problems, cwd),
    devOutbox: oneOf(env, 'DEV_OUTBOX', ['on', 'off'] as const, 'off', problems) === 'on',
    trustedProxies: proxyList(env, problems),
    heavyPerUser: integer(env, 'HEAVY_PER_USER', 2, 1, 100, problems),
    databasePreparedStatements:
      oneOf(env, 'DATABASE_PREPARED_STATEMENTS', ['on', 'off'] as const, 'on', problems) === 'on',
    activeRequests: integer(env, 'ACTIVE_REQUESTS', 0, 0, 10000, problems),
    pgliteTransactionLimitMs: integer(env, 'PGLITE_TRANSACTION_LIMIT_MS', 30000, 10, 3600000, problems),
    exportPageSize: integer(env, 'EXPORT_PAGE_SIZE', 5000, 1, 5000, problems),
    fileStore: loadFileStoreConfig(env, problems),
    bidMasterKey: masterKey(env, 'BID_MASTER_KEY', problems),
    auctionReminderHours: hourList(env, 'AUCTION_REMINDER_HOURS', [24, 1], problems),
    accessLogAnchor:
      env.ACCESS_LOG_ANCHOR && env.ACCESS_LOG_ANCHOR !== '' ? path.resolve(cwd, env.ACCESS_LOG_ANCHOR) : null,
  };
  if (config.accessLogAnchor && !path.relative(config.dataDir, config.accessLogAnchor).startsWith('..')) {
    problems.push(
      `ACCESS_LOG_ANCHOR=${config.accessLogAnchor} is inside DATA_DIR: the anchor must be where the database's account cannot change it (another volume)`,
    );
  }
  if (config.contractChainAnchor && !path.relative(config.dataDir, config.contractChainAnchor).startsWith('..')) {
    problems.push(
      `CONTRACT_CHAIN_ANCHOR=${config.contractChainAnchor} is inside DATA_DIR: the anchor must be where the database's account cannot change it (another volume)`,
    );
  }
  if (config.sessionMaxTtlSec < config.sessionTtlSec)
    problems.push(
      `SESSION_MAX_TTL=${config.sessionMaxTtlSec} must not be below SESSION_TTL=${config.sessionTtlSec}: a session cannot be extended to less than it lasts from the start`,
    );
  // Several servers may share a PostgreSQL database, and each must open what another sealed: a key
  // file per data directory would give each its own key (and a bid on the other server no opening).
  if (
    use === 'server' &&
    (env.BID_MASTER_KEY ?? '').trim() === '' &&
    (databaseUrl !== null || nodeEnv === 'production')
  ) {
    problems.push(
      `BID_MASTER_KEY is required ${databaseUrl !== null ? 'with DATABASE_URL (several servers may share the database)' : 'with NODE_ENV=production'}: 32 bytes as 64 hex digits (openssl rand -hex 32), the same on every server; back it up (docs/operations.md)`,
    );
  }
  checkContractSealRequired(env, { nodeEnv, databaseUrl, use }, problems);
  if (config.devOutbox && nodeEnv === 'production')
    problems.push('DEV_OUTBOX=on is not allowed with NODE_ENV=production: it shows every one-time code to anyone');
  if (config.devOutbox && !isLoopbackHost(config.host))
    problems.push(
      `DEV_OUTBOX=on needs HOST=127.0.0.1 (got HOST=${config.host}): the outbox shows every one-time code to anyone who can reach the server`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** A configuration for tests and tools: defaults plus overrides, never reading process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests log in many times from one address; the rate-limit test sets its own limit.
  // They read one-time codes from the development outbox, as on a loopback demo server.
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    host: '127.0.0.1',
    devOutbox: true,
    authRateLimitPerMinute: 10000,
    ...overrides,
  };
}
