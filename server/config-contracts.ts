import fs from 'node:fs';
import path from 'node:path';

/**
 * Electronic-contract settings (docs/contracts.md "Configuration"): how a taxable contract's stamp
 * duty (인지세) gates its execution, who bears it, and whether a 용역 contract is taxed as a 도급
 * document. Validated at start-up with the rest of the configuration.
 */
export interface ContractConfig {
  /**
   * REQUIRE: the last signature of a taxable contract is refused until every party with a share has
   * recorded its revenue-stamp number; PENDING: the contract is executed and its duty marked pending.
   */
  contractStampMode: 'REQUIRE' | 'PENDING';
  /** The buyer's share of the duty in percent (0–100); the supplier bears the rest. */
  contractStampBuyerPct: number;
  /** Whether a 용역 contract is taxed as a 도급 document. */
  contractServiceTaxable: boolean;
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

function sealP12(env: Env, problems: string[]): { p12: Buffer; passphrase: string } | null {
  const file = env.CONTRACT_SEAL_P12;
  if (!file) return null;
  try {
    return { p12: fs.readFileSync(file), passphrase: env.CONTRACT_SEAL_PASSPHRASE ?? '' };
  } catch {
    problems.push(`CONTRACT_SEAL_P12="${file}" cannot be read`);
    return null;
  }
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

export function loadContractConfig(env: Env, problems: string[], cwd = process.cwd()): ContractConfig {
  const mode = env.CONTRACT_STAMP_MODE ?? 'REQUIRE';
  if (mode !== 'REQUIRE' && mode !== 'PENDING')
    problems.push(`CONTRACT_STAMP_MODE="${mode}" must be REQUIRE or PENDING`);
  const pctRaw = env.CONTRACT_STAMP_BUYER_PCT ?? '50';
  const pct = Number(pctRaw);
  if (!Number.isInteger(pct) || pct < 0 || pct > 100)
    problems.push(`CONTRACT_STAMP_BUYER_PCT="${pctRaw}" must be a whole number from 0 to 100`);
  const service = env.CONTRACT_SERVICE_TAXABLE ?? 'on';
  if (service !== 'on' && service !== 'off') problems.push(`CONTRACT_SERVICE_TAXABLE="${service}" must be on or off`);
  return {
    contractStampMode: mode === 'PENDING' ? 'PENDING' : 'REQUIRE',
    contractStampBuyerPct: Number.isInteger(pct) && pct >= 0 && pct <= 100 ? pct : 50,
    contractServiceTaxable: service !== 'off',
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
