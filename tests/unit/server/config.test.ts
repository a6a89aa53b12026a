// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { testContractSealEnv } from '../../helpers/contract-seal.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/gpms');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/gpms/data');
    expect(c.databaseUrl).toBeNull();
    expect(c.nodeEnv).toBe('development');
    expect(c.loginMode).toBe('AD');
    expect(c.uploadLimitMb).toBe(10);
    expect(c.seed).toBe('demo');
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/gpms',
        DATABASE_URL: 'postgres://u@db:5432/gpms',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        LOGIN_MODE: 'SSO_AD',
        UPLOAD_LIMIT_MB: '20',
        EXTERNAL_HOST: 'Partner.Example.co.kr',
        SEED: 'none',
        BID_MASTER_KEY: 'cd'.repeat(32),
        ...testContractSealEnv(),
      },
      '/x',
    );
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/var/gpms',
      databaseUrl: 'postgres://u@db:5432/gpms',
      logLevel: 'warn',
      nodeEnv: 'production',
      loginMode: 'SSO_AD',
      uploadLimitMb: 20,
      externalHost: 'partner.example.co.kr',
      seed: 'none',
    });
  });

  it('BID_MASTER_KEY: 32 bytes as hex or base64, refused otherwise without echoing it; unset is null (a key file is used)', () => {
    expect(loadConfig({}).bidMasterKey).toBeNull();
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ BID_MASTER_KEY: hex }).bidMasterKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ BID_MASTER_KEY: b64 }).bidMasterKey).toEqual(Buffer.alloc(32, 7));
    for (const bad of ['abc', 'ab'.repeat(31), Buffer.alloc(16, 1).toString('base64')]) {
      let error: unknown;
      try {
        loadConfig({ BID_MASTER_KEY: bad });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).toMatch(/BID_MASTER_KEY must be 32 bytes/);
      expect(String((error as Error).message)).not.toContain(bad);
    }
  });

  it('BID_MASTER_KEY is required where several servers may share the database (DATABASE_URL) and in production, named with every other bad variable; tools need none', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    const url = 'postgres://u@db:5432/gpms';
    const seal = testContractSealEnv();
    expect(problemsOf({ DATABASE_URL: url, ...seal })).toEqual([
      expect.stringMatching(/^BID_MASTER_KEY is required with DATABASE_URL/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ...seal })).toEqual([
      expect.stringMatching(/^BID_MASTER_KEY is required with NODE_ENV=production/),
    ]);
    const both = problemsOf({ DATABASE_URL: url, PORT: 'abc', ...seal });
    expect(both).toHaveLength(2);
    expect(both.join('\n')).toMatch(/PORT="abc"/);
    expect(both.join('\n')).toMatch(/BID_MASTER_KEY is required/);
    // A malformed key is named once, as malformed.
    expect(problemsOf({ DATABASE_URL: url, BID_MASTER_KEY: 'abc', ...seal })).toEqual([
      expect.stringMatching(/BID_MASTER_KEY must be 32 bytes/),
    ]);
    expect(problemsOf({ DATABASE_URL: url, NODE_ENV: 'production', BID_MASTER_KEY: 'ab'.repeat(32), ...seal })).toEqual(
      [],
    );
    // One embedded server (PGlite, not production): its key file under DATA_DIR will do.
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
    // backup, seed, keys:rotate, audit:verify seal and open no bid.
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'production' }, '/x', 'tool').databaseUrl).toBe(url);
  });

  it('a production start, or one on PostgreSQL, without the seal certificate and the time-stamping URL is refused naming both; development on PostgreSQL opts out explicitly, production cannot', () => {
    const problemsOf = (env: Record<string, string>, use: 'server' | 'tool' = 'server') => {
      try {
        loadConfig(env, '/x', use);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    const key = { BID_MASTER_KEY: 'ab'.repeat(32) };
    const url = 'postgres://u@db:5432/gpms';
    const seal = testContractSealEnv();
    // Production: both named in one problem, with every other bad variable.
    const prod = problemsOf({ NODE_ENV: 'production', PORT: 'abc', ...key });
    expect(prod).toEqual([
      expect.stringMatching(/PORT="abc"/),
      expect.stringMatching(
        /^CONTRACT_SEAL_P12 \(.*\) and CONTRACT_TSA_URL \(.*\) are required with NODE_ENV=production/,
      ),
    ]);
    // One missing: only that one is named.
    expect(problemsOf({ NODE_ENV: 'production', ...key, ...seal, CONTRACT_TSA_URL: '' })).toEqual([
      expect.stringMatching(/^CONTRACT_TSA_URL \(.*\) is required with NODE_ENV=production/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ...key, ...seal, CONTRACT_SEAL_P12: '' })).toEqual([
      expect.stringMatching(/^CONTRACT_SEAL_P12 \(.*\) is required with NODE_ENV=production/),
    ]);
    // PostgreSQL (a deployment's database): required too, with the opt-out named.
    expect(problemsOf({ DATABASE_URL: url, ...key })).toEqual([
      expect.stringMatching(
        /are required with DATABASE_URL \(development on PostgreSQL may set CONTRACT_SEAL_THROWAWAY=on/,
      ),
    ]);
    expect(problemsOf({ DATABASE_URL: url, ...key, CONTRACT_SEAL_THROWAWAY: 'on' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', ...key, ...seal, CONTRACT_SEAL_THROWAWAY: 'on' })).toEqual([
      expect.stringMatching(/^CONTRACT_SEAL_THROWAWAY=on is not allowed with NODE_ENV=production/),
    ]);
    expect(problemsOf({ DATABASE_URL: url, ...key, CONTRACT_SEAL_THROWAWAY: 'yes' })).toEqual([
      expect.stringMatching(/^CONTRACT_SEAL_THROWAWAY="yes" must be on or off/),
      expect.stringMatching(/are required with DATABASE_URL/),
    ]);
    // The configured pair passes; npm start (PGlite, development) and tools need neither.
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: url, ...key, ...seal })).toEqual([]);
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: url }, 'tool')).toEqual([]);
    // A certificate that cannot be opened is named at start-up, not at the first execution.
    expect(problemsOf({ NODE_ENV: 'production', ...key, ...seal, CONTRACT_SEAL_PASSPHRASE: 'wrong' })).toEqual([
      expect.stringMatching(/^CONTRACT_SEAL_P12=".*" cannot be opened with CONTRACT_SEAL_PASSPHRASE/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ...key, ...seal, CONTRACT_SEAL_P12: '/x/none.p12' })).toEqual([
      expect.stringMatching(/^CONTRACT_SEAL_P12="\/x\/none.p12" cannot be read/),
    ]);
  });

  it('AUCTION_REMINDER_HOURS: 24 h and 1 h by default, longest first, off for none, refused when not distinct whole hours', () => {
    expect(loadConfig({}).auctionReminderHours).toEqual([24, 1]);
    expect(loadConfig({ AUCTION_REMINDER_HOURS: '2, 48 ,12' }).auctionReminderHours).toEqual([48, 12, 2]);
    expect(loadConfig({ AUCTION_REMINDER_HOURS: 'off' }).auctionReminderHours).toEqual([]);
    for (const bad of ['24,24', '0', '1.5', '24;1', '721'])
      expect(() => loadConfig({ AUCTION_REMINDER_HOURS: bad }), bad).toThrow(/AUCTION_REMINDER_HOURS/);
  });

  it('SESSION_MAX_TTL (KWCAG 6.2.1): 24 hours by default, never below SESSION_TTL', () => {
    expect(loadConfig({})).toMatchObject({ sessionTtlSec: 43200, sessionMaxTtlSec: 86400 });
    expect(loadConfig({ SESSION_MAX_TTL: '7200', SESSION_TTL: '3600' })).toMatchObject({
      sessionTtlSec: 3600,
      sessionMaxTtlSec: 7200,
    });
    // A SESSION_TTL longer than a day set before SESSION_MAX_TTL existed keeps starting.
    expect(loadConfig({ SESSION_TTL: '172800' }).sessionMaxTtlSec).toBe(172800);
    expect(() => loadConfig({ SESSION_MAX_TTL: '3600' })).toThrow(
      /SESSION_MAX_TTL=3600 must not be below SESSION_TTL=43200/,
    );
    expect(() => loadConfig({ SESSION_MAX_TTL: 'a day' })).toThrow(/SESSION_MAX_TTL="a day"/);
  });

  it('DATABASE_PREPARED_STATEMENTS: on by default, off for a pooler that does not carry them, nothing else', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('DATABASE_REPLICA_URL: a PostgreSQL URL beside a PostgreSQL DATABASE_URL, never echoed; the lag bound 2 s by default', () => {
    const primary = {
      DATABASE_URL: 'postgres://gpms@db1:5432/gpms',
      BID_MASTER_KEY: 'a'.repeat(64),
      CONTRACT_SEAL_THROWAWAY: 'on',
    };
    const both = loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://gpms:secret@db2:5432/gpms' });
    expect(both.databaseReplicaUrl).toBe('postgres://gpms:secret@db2:5432/gpms');
    expect(both.databaseReplicaMaxLagMs).toBe(2000);
    expect(loadConfig(primary).databaseReplicaUrl).toBeNull();
    expect(
      loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://db2/gpms', DATABASE_REPLICA_MAX_LAG_MS: '500' })
        .databaseReplicaMaxLagMs,
    ).toBe(500);
    // Without DATABASE_URL (the embedded database) there is no primary to replicate.
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://db2/gpms' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
    // Every bad variable in one message; the password never in it.
    let message = '';
    try {
      loadConfig({
        ...primary,
        DATABASE_REPLICA_URL: 'mysql://u:topsecret@db2/gpms',
        DATABASE_REPLICA_MAX_LAG_MS: '2s',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/DATABASE_REPLICA_URL must start with postgres:\/\//);
    expect(message).toMatch(/DATABASE_REPLICA_MAX_LAG_MS="2s"/);
    expect(message).not.toMatch(/topsecret/);
    expect(() => loadConfig({ ...primary, DATABASE_REPLICA_URL: 'not a url :pw@' })).toThrow(
      /DATABASE_REPLICA_URL is not a valid URL/,
    );
  });

  it('DATABASE_LISTEN_URL: the primary past a pooler, only beside DATABASE_URL; unset, LISTEN uses DATABASE_URL', () => {
    const pooled = {
      DATABASE_URL: 'postgres://gpms@pgbouncer:6432/gpms',
      BID_MASTER_KEY: 'a'.repeat(64),
      CONTRACT_SEAL_THROWAWAY: 'on',
    };
    expect(loadConfig(pooled).databaseListenUrl).toBeNull();
    expect(loadConfig({ ...pooled, DATABASE_LISTEN_URL: 'postgres://gpms@db1:5432/gpms' }).databaseListenUrl).toBe(
      'postgres://gpms@db1:5432/gpms',
    );
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://db1/gpms' })).toThrow(
      /DATABASE_LISTEN_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...pooled, DATABASE_LISTEN_URL: 'http://db1/gpms' })).toThrow(
      /DATABASE_LISTEN_URL must start with postgres:\/\//,
    );
  });

  it('PGLITE_TRANSACTION_LIMIT_MS: 30 s by default; a whole number of milliseconds from 10 to an hour', () => {
    expect(loadConfig({}).pgliteTransactionLimitMs).toBe(30_000);
    expect(loadConfig({ PGLITE_TRANSACTION_LIMIT_MS: '5000' }).pgliteTransactionLimitMs).toBe(5000);
    for (const bad of ['0', '5s', '-1', '3600001'])
      expect(() => loadConfig({ PGLITE_TRANSACTION_LIMIT_MS: bad })).toThrow(/PGLITE_TRANSACTION_LIMIT_MS/);
  });

  it('PORT=abc stops start-up naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT="abc"/);
  });

  it('names every bad variable in one message', () => {
    try {
      loadConfig({
        PORT: '70000',
        NODE_ENV: 'staging',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        LOGIN_MODE: 'LDAP',
        UPLOAD_LIMIT_MB: '0',
        EXTERNAL_HOST: 'not a host!',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of [
        'PORT',
        'NODE_ENV',
        'LOG_LEVEL',
        'DATABASE_URL',
        'LOGIN_MODE',
        'UPLOAD_LIMIT_MB',
        'EXTERNAL_HOST',
      ])
        expect(problems).toContain(name);
      expect((err as ConfigError).problems).toHaveLength(7);
    }
  });

  it('metrics access and the shutdown drain: defaults, values, and every bad one named', () => {
    expect(loadConfig({})).toMatchObject({
      metricsAllow: ['127.0.0.0/8', '::1/128'],
      metricsToken: null,
      shutdownDrainMs: 0,
    });
    const token = 'a'.repeat(24);
    expect(
      loadConfig({
        METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,fd00::/8',
        METRICS_TOKEN: token,
        SHUTDOWN_DRAIN_MS: '10000',
      }),
    ).toMatchObject({
      metricsAllow: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
      metricsToken: token,
      shutdownDrainMs: 10000,
    });
    try {
      loadConfig({ METRICS_ALLOW: '10.0.0.0/33,prometheus', METRICS_TOKEN: 'short', SHUTDOWN_DRAIN_MS: '-1' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as ConfigError).message;
      for (const bad of ['"10.0.0.0/33"', '"prometheus"', 'METRICS_TOKEN', 'SHUTDOWN_DRAIN_MS="-1"'])
        expect(msg).toContain(bad);
      expect(msg).not.toContain('short');
    }
  });

  it('BUDGET_IMPORT_DIR: unset is no file drop; a path is resolved against the working directory; a URL or the root is refused', () => {
    expect(loadConfig({}).budgetImportDir).toBeNull();
    expect(loadConfig({ BUDGET_IMPORT_DIR: '/srv/erp/budget' }).budgetImportDir).toBe('/srv/erp/budget');
    expect(loadConfig({ BUDGET_IMPORT_DIR: 'drop' }, '/opt/gpms').budgetImportDir).toBe('/opt/gpms/drop');
    expect(() => loadConfig({ BUDGET_IMPORT_DIR: 'sftp://erp/budget' })).toThrow(/BUDGET_IMPORT_DIR/);
    expect(() => loadConfig({ BUDGET_IMPORT_DIR: '/' })).toThrow(/BUDGET_IMPORT_DIR/);
  });

  it('never echoes a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url with secret' })).toThrow(/DATABASE_URL is not a valid URL/);
  });

  it('FILE_STORE: disk by default, s3://bucket/prefix with the S3_* variables; every bad one named at once', () => {
    expect(loadConfig({}, '/x').fileStore).toEqual({ kind: 'disk' });
    expect(
      loadConfig(
        {
          FILE_STORE: 's3://gpms-files/prod/',
          S3_ENDPOINT: 'https://minio.example.co.kr:9000',
          S3_REGION: 'ap-northeast-2',
          S3_ACCESS_KEY_ID: 'AK',
          S3_SECRET_ACCESS_KEY: 'SK',
        },
        '/x',
      ).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'gpms-files',
      prefix: 'prod',
      endpoint: 'https://minio.example.co.kr:9000',
      region: 'ap-northeast-2',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: true,
    });
    // AWS itself: virtual-host style, the SDK's own credentials.
    expect(loadConfig({ FILE_STORE: 's3://gpms-files' }, '/x').fileStore).toMatchObject({
      prefix: '',
      endpoint: null,
      accessKeyId: null,
      forcePathStyle: false,
    });
    try {
      loadConfig(
        { FILE_STORE: 's3://GP/..', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY_ID: 'AK', S3_FORCE_PATH_STYLE: 'yes' },
        '/x',
      );
      expect.unreachable();
    } catch (err) {
      const message = (err as ConfigError).message;
      for (const name of ['bucket "GP"', 'prefix', 'S3_ENDPOINT', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'])
        expect(message).toContain(name);
    }
    expect(() => loadConfig({ FILE_STORE: 'nfs:/srv' }, '/x')).toThrow(/FILE_STORE/);
    expect(() => loadConfig({ S3_ENDPOINT: 'https://minio:9000' }, '/x')).toThrow(
      /S3_ENDPOINT set but FILE_STORE is not/,
    );
  });
});
