import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { CONTRACT_TYPES, DEFAULT_TAXABLE_KINDS, type ContractType } from './modules/contracts/stamp-duty.js';

/**
 * Electronic-contract settings (docs/contracts.md "Configuration"): how a taxable contract's stamp
 * duty (인지세) gates its execution, who bears it, and which kinds of contract are taxable documents. Validated at start-up with the rest of the configuration.
 */
export interface ContractConfig {
  /**
   * REQUIRE: the last signature of a taxable contract is refused until every party with a share has
   * recorded its revenue-stamp number; PENDING: the contract is executed and its duty marked pending.
   */
  contractStampMode: 'REQUIRE' | 'PENDING';
  /** The buyer's share of the duty in percent (0–100); the supplier bears the rest. */
  contractStampBuyerPct: number;
  /**
   * The contract kinds whose documents are taxable (CONTRACT_STAMP_TAXABLE, comma-separated; default
   * the narrow reading, CONSTRUCT only — stamp-duty.ts notes each kind's statute).
   */
  contractStampTaxable: ContractType[];
  /**
   * The company's sealing certificate (PKCS#12 file CONTRACT_SEAL_P12 with CONTRACT_SEAL_PASSPHRASE);
   * null: a throw-away self-signed certificate made at run time (tests and the demo only).
   */
  contractSealP12: { p12: Buffer; passphrase: string } | null;
  /** The signer's name in the seal (ASCII; CONTRACT_SEAL_NAME). */
  contractSealName: string;
  /**
   * The RFC 3161 time-stamping authority (CONTRACT_TSA_URL); null: one on loopback with a throw-away
   * certificate, started on first use (tests and the demo only).
   */
  contractTsaUrl: string | null;
  /**
   * How many days before the signing deadline the party whose turn it is gets a reminder, each
   * threshold once (CONTRACT_REMINDER_DAYS, comma-separated, default 3,1; `off`: none).
   */
  contractReminderDays: number[];
  /**
   * The file each contract chain's newest event is appended to (CONTRACT_CHAIN_ANCHOR, outside
   * DATA_DIR, on storage the database's account cannot rewrite); null: not anchored.
   */
  contractChainAnchor: string | null;
}

type Env = Record<string, string | undefined>;

/**
 * The sealing certificate, opened now: a file that cannot be read, a wrong passphrase, a file without
 * a private key and its certificate, or a certificate outside its validity is named at start-up, not
 * at the first contract's execution.
 */
function sealP12(env: Env, problems: string[]): { p12: Buffer; passphrase: string } | null {
  const file = env.CONTRACT_SEAL_P12;
  if (!file) return null;
  let p12: Buffer;
  try {
    p12 = fs.readFileSync(file);
  } catch {
    problems.push(`CONTRACT_SEAL_P12="${file}" cannot be read`);
    return null;
  }
  const passphrase = env.CONTRACT_SEAL_PASSPHRASE ?? '';
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), passphrase);
    const keys = [
      ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
      ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
    ];
    const certs = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    if (keys.length === 0 || certs.length === 0) {
      problems.push(`CONTRACT_SEAL_P12="${file}" must hold the private key and its certificate`);
      return null;
    }
    // real time: the seal certificate must be valid now, whatever the business clock says
    const now = Date.now();
    const cert = certs[0].cert;
    if (cert && (cert.validity.notAfter.getTime() < now || cert.validity.notBefore.getTime() > now)) {
      problems.push(
        `CONTRACT_SEAL_P12="${file}": the certificate is valid from ${cert.validity.notBefore.toISOString()} to ${cert.validity.notAfter.toISOString()}, not now`,
      );
      return null;
    }
  } catch {
    problems.push(
      `CONTRACT_SEAL_P12="${file}" cannot be opened with CONTRACT_SEAL_PASSPHRASE (not a PKCS#12 file, or another passphrase)`,
    );
    return null;
  }
  return { p12, passphrase };
}

/**
 * Where a real seal and time-stamping authority are required: a production start, and one on
 * PostgreSQL (the database of a deployment, which several servers may share — each would seal with
 * its own throw-away certificate, made anew at every restart). A developer or a test server on
 * PostgreSQL opts out explicitly with CONTRACT_SEAL_THROWAWAY=on, which production refuses.
 * Command-line tools seal nothing and need neither.
 */
export function checkContractSealRequired(
  env: Env,
  where: { nodeEnv: string; databaseUrl: string | null; use: 'server' | 'tool' },
  problems: string[],
): void {
  const optOut = env.CONTRACT_SEAL_THROWAWAY ?? 'off';
  if (optOut !== 'on' && optOut !== 'off') problems.push(`CONTRACT_SEAL_THROWAWAY="${optOut}" must be on or off`);
  if (optOut === 'on' && where.nodeEnv === 'production')
    problems.push(
      'CONTRACT_SEAL_THROWAWAY=on is not allowed with NODE_ENV=production: executed contracts would be sealed with a certificate nobody can check',
    );
  if (where.use !== 'server' || optOut === 'on') return;
  if (where.nodeEnv !== 'production' && where.databaseUrl === null) return;
  const missing = [
    (env.CONTRACT_SEAL_P12 ?? '') === '' ? 'CONTRACT_SEAL_P12 (the company seal certificate, PKCS#12)' : null,
    (env.CONTRACT_TSA_URL ?? '') === '' ? 'CONTRACT_TSA_URL (an RFC 3161 time-stamping authority)' : null,
  ].filter((m): m is string => m !== null);
  if (missing.length === 0) return;
  problems.push(
    `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required ${where.nodeEnv === 'production' ? 'with NODE_ENV=production' : 'with DATABASE_URL (development on PostgreSQL may set CONTRACT_SEAL_THROWAWAY=on instead)'}: executed contracts are sealed and time-stamped with them (docs/operations.md)`,
  );
}

function tsaUrl(env: Env, problems: string[]): string | null {
  const raw = env.CONTRACT_TSA_URL;
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  problems.push(`CONTRACT_TSA_URL="${raw}" must be an http:// or https:// URL`);
  return null;
}

function reminderDays(env: Env, problems: string[]): number[] {
  const raw = (env.CONTRACT_REMINDER_DAYS ?? '3,1').trim();
  if (raw === 'off' || raw === '') return [];
  const days = raw.split(',').map((d) => Number(d.trim()));
  if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 60)) {
    problems.push(
      `CONTRACT_REMINDER_DAYS="${raw}" must be whole numbers of days from 0 to 60, comma-separated, or off`,
    );
    return [3, 1];
  }
  return [...new Set(days)].sort((a, b) => b - a);
}

function stampTaxable(env: Env, problems: string[]): ContractType[] {
  const raw = env.CONTRACT_STAMP_TAXABLE;
  let kinds: ContractType[] = [...DEFAULT_TAXABLE_KINDS];
  if (raw !== undefined) {
    const listed =
      raw === 'none'
        ? []
        : raw
            .split(',')
            .map((k) => k.trim())
            .filter((k) => k !== '');
    const bad = listed.filter((k) => !(CONTRACT_TYPES as readonly string[]).includes(k));
    if (bad.length > 0)
      problems.push(
        `CONTRACT_STAMP_TAXABLE="${raw}" must list contract kinds among ${CONTRACT_TYPES.join(', ')}, or none`,
      );
    else kinds = listed as ContractType[];
  }
  // The older switch, kept for settings made before the list existed: on adds 용역 contracts.
  const service = env.CONTRACT_SERVICE_TAXABLE;
  if (service !== undefined && service !== 'on' && service !== 'off')
    problems.push(`CONTRACT_SERVICE_TAXABLE="${service}" must be on or off`);
  if (service === 'on' && !kinds.includes('SERVICE')) kinds.push('SERVICE');
  if (service === 'off') kinds = kinds.filter((k) => k !== 'SERVICE');
  return [...new Set(kinds)];
}

export function loadContractConfig(env: Env, problems: string[], cwd = process.cwd()): ContractConfig {
  const mode = env.CONTRACT_STAMP_MODE ?? 'REQUIRE';
  if (mode !== 'REQUIRE' && mode !== 'PENDING')
    problems.push(`CONTRACT_STAMP_MODE="${mode}" must be REQUIRE or PENDING`);
  const pctRaw = env.CONTRACT_STAMP_BUYER_PCT ?? '50';
  const pct = Number(pctRaw);
  if (!Number.isInteger(pct) || pct < 0 || pct > 100)
    problems.push(`CONTRACT_STAMP_BUYER_PCT="${pctRaw}" must be a whole number from 0 to 100`);
  return {
    contractStampMode: mode === 'PENDING' ? 'PENDING' : 'REQUIRE',
    contractStampBuyerPct: Number.isInteger(pct) && pct >= 0 && pct <= 100 ? pct : 50,
    contractStampTaxable: stampTaxable(env, problems),
    contractSealP12: sealP12(env, problems),
    contractTsaUrl: tsaUrl(env, problems),
    contractReminderDays: reminderDays(env, problems),
    contractChainAnchor:
      env.CONTRACT_CHAIN_ANCHOR && env.CONTRACT_CHAIN_ANCHOR !== ''
        ? path.resolve(cwd, env.CONTRACT_CHAIN_ANCHOR)
        : null,
    contractSealName: /^[\x20-\x7e]{1,64}$/.test(env.CONTRACT_SEAL_NAME ?? '') ? env.CONTRACT_SEAL_NAME! : 'GPMS',
  };
}
