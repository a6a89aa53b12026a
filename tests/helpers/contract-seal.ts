import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawaySealKey } from '../../server/modules/contracts/seal.js';

/**
 * What a test's production or PostgreSQL configuration needs to start (server/config-contracts.ts
 * checkContractSealRequired): a company seal certificate — a throw-away PKCS#12 written once per
 * process under the temporary directory, never a real key — and a time-stamping authority's URL.
 * The URL is only validated at start-up; a test that seals runs a local authority (tsa.ts
 * startLocalTsa) and passes its URL instead.
 */
let written: { file: string; passphrase: string } | null = null;

export function testContractSealEnv(tsaUrl = 'http://127.0.0.1:9/tsa'): Record<string, string> {
  if (!written) {
    const key = throwawaySealKey('GPMS test');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-seal-'));
    const file = path.join(dir, 'seal.p12');
    fs.writeFileSync(file, key.p12, { mode: 0o600 });
    written = { file, passphrase: key.passphrase };
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return { CONTRACT_SEAL_P12: written.file, CONTRACT_SEAL_PASSPHRASE: written.passphrase, CONTRACT_TSA_URL: tsaUrl };
}
