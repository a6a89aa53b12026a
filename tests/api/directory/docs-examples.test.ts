import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_BID_MASTER_KEY } from '../../helpers/bid-key.js';
import { testContractSealEnv } from '../../helpers/contract-seal.js';
import { loadConfig } from '../../../server/config.js';

/**
 * docs/auth.md gives an IT department configuration to copy (Active Directory, ADFS). These must
 * pass the server's start-up validation as written, or the set-up guide would lead to a server
 * that does not start; and every variable they name must be in README's configuration table.
 */
const DOC = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/auth.md'), 'utf8');
const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

/** The KEY=value lines of the first fenced block after `heading`; "…" (a secret left out) becomes a value. */
function exampleAfter(heading: string): Record<string, string> {
  const from = DOC.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const block = /```\n([\s\S]*?)```/.exec(DOC.slice(from))![1];
  const env: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2] === '…' || m[2].endsWith('…') ? 'secret-Value-1' : m[2];
  }
  return env;
}

describe('docs/auth.md configuration examples', () => {
  it('the Active Directory example passes start-up validation (with its CA file present)', () => {
    const env = exampleAfter('### Set-up for the IT department (Active Directory)');
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(['LDAP_URL', 'LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_BASE_DN', 'LDAP_USER_FILTER']),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-docs-'));
    try {
      const ca = path.join(dir, 'corp-ca.pem');
      fs.writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
      const config = loadConfig({ ...env, LDAP_TLS_CA_FILE: ca });
      expect(config.ldap).toMatchObject({
        url: env.LDAP_URL,
        baseDn: env.LDAP_BASE_DN,
        provision: true,
        deptGroups: { D2110: '31', D2130: '32' },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the ADFS example passes start-up validation', () => {
    const env = exampleAfter('### ADFS example');
    const config = loadConfig({
      BID_MASTER_KEY: TEST_BID_MASTER_KEY,
      ...testContractSealEnv(),
      ...env,
      NODE_ENV: 'production',
    });
    expect(config.loginMode).toBe('SSO_AD');
    expect(config.oidc).toMatchObject({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      redirectUri: env.OIDC_REDIRECT_URI,
      userClaim: 'upn',
      allowInsecure: false,
    });
  });

  it('README’s configuration table names every variable the examples use', () => {
    const used = [
      ...Object.keys(exampleAfter('### Set-up for the IT department (Active Directory)')),
      ...Object.keys(exampleAfter('### ADFS example')),
    ];
    for (const name of used) expect(README, name).toContain(`\`${name}\``);
  });
});
