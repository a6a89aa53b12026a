// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';

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
      { PORT: '9000', DATA_DIR: '/var/gpms', DATABASE_URL: 'postgres://u@db:5432/gpms', LOG_LEVEL: 'warn', NODE_ENV: 'production', LOGIN_MODE: 'SSO_AD', UPLOAD_LIMIT_MB: '20', EXTERNAL_HOST: 'Partner.Example.co.kr', SEED: 'none' },
      '/x',
    );
    expect(c).toMatchObject({ port: 9000, dataDir: '/var/gpms', databaseUrl: 'postgres://u@db:5432/gpms', logLevel: 'warn', nodeEnv: 'production', loginMode: 'SSO_AD', uploadLimitMb: 20, externalHost: 'partner.example.co.kr', seed: 'none' });
  });

  it('PORT=abc stops start-up naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT="abc"/);
  });

  it('names every bad variable in one message', () => {
    try {
      loadConfig({ PORT: '70000', NODE_ENV: 'staging', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', LOGIN_MODE: 'LDAP', UPLOAD_LIMIT_MB: '0', EXTERNAL_HOST: 'not a host!' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'LOGIN_MODE', 'UPLOAD_LIMIT_MB', 'EXTERNAL_HOST']) expect(problems).toContain(name);
      expect((err as ConfigError).problems).toHaveLength(7);
    }
  });

  it('never echoes a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url with secret' })).toThrow(/DATABASE_URL is not a valid URL/);
  });
});
