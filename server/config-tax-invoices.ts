/**
 * Tax-invoice settings (docs/tax-invoices.md "Configuration"): which provider adapter the server
 * uses (TAX_INVOICE_URL set: the HTTP adapter; unset: the local `file` adapter, where the supplier
 * issues in /cyber), the buyer's own business details the invoices carry, the tax rounding rule and
 * the posting gate. Validated at start-up with the rest of the configuration, like the ERP connector's.
 */
import type { TaxRounding } from './modules/tax-invoices/amounts.js';

export interface TaxInvoiceConfig {
  /** The provider's base URL (Popbill-shaped verbs); null: the file adapter under the file store. */
  taxInvoiceUrl: string | null;
  /** Bearer token for the provider; null: none. */
  taxInvoiceToken: string | null;
  taxInvoiceTimeoutMs: number;
  taxInvoiceRetries: number;
  taxInvoiceBackoffMs: number;
  /** The buyer's 사업자등록번호 (10 digits): the invoices' invoicee and the management keys' scope. */
  buyerCorpNum: string;
  buyerCorpName: string;
  buyerCeoName: string;
  taxRounding: TaxRounding;
  /**
   * Posting a settlement to the ERP needs its invoice transmitted (or an audited bypass). On by
   * default; NODE_ENV=test defaults it off so the posting flows written before the gate run as they
   * were, and the tax-invoice tests turn it on.
   */
  taxInvoiceGate: boolean;
}

type Env = Record<string, string | undefined>;

function httpUrl(env: Env, name: string, problems: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http:// or https:// URL (such as https://popbill.example.co.kr/api)`);
  return null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name}="${raw}" must be a whole number from ${min} to ${max}`);
    return fallback;
  }
  return n;
}

function choice<T extends string>(env: Env, name: string, values: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name}="${raw}" must be one of ${values.join(', ')}`);
  return fallback;
}

/** Whether a 사업자등록번호 passes the NTS check digit. */
export function validCorpNum(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * w[i]!;
  sum += Math.floor((Number(digits[8]) * 5) / 10);
  return (10 - (sum % 10)) % 10 === Number(digits[9]);
}

export function loadTaxInvoiceConfig(env: Env, nodeEnv: string, problems: string[]): TaxInvoiceConfig {
  const corp = (env.BUYER_CORP_NUM ?? '').replace(/-/g, '');
  // The demo company's number (a valid check digit) when none is set outside production.
  const buyerCorpNum = corp === '' ? '1208147521' : corp;
  if (corp === '' && nodeEnv === 'production' && env.TAX_INVOICE_URL)
    problems.push(
      'BUYER_CORP_NUM is required with TAX_INVOICE_URL: the provider keys invoices by the buyer’s 사업자등록번호',
    );
  if (!validCorpNum(buyerCorpNum))
    problems.push(
      `BUYER_CORP_NUM="${env.BUYER_CORP_NUM}" is not a 사업자등록번호 (10 digits with a valid check digit)`,
    );
  return {
    taxInvoiceUrl: httpUrl(env, 'TAX_INVOICE_URL', problems),
    taxInvoiceToken: env.TAX_INVOICE_TOKEN && env.TAX_INVOICE_TOKEN !== '' ? env.TAX_INVOICE_TOKEN : null,
    taxInvoiceTimeoutMs: integer(env, 'TAX_INVOICE_TIMEOUT_MS', 10000, 100, 600000, problems),
    taxInvoiceRetries: integer(env, 'TAX_INVOICE_RETRIES', 3, 0, 10, problems),
    taxInvoiceBackoffMs: integer(env, 'TAX_INVOICE_BACKOFF_MS', 500, 0, 60000, problems),
    buyerCorpNum,
    buyerCorpName: env.BUYER_CORP_NAME && env.BUYER_CORP_NAME !== '' ? env.BUYER_CORP_NAME : 'GPMS 구매사',
    buyerCeoName: env.BUYER_CEO_NAME && env.BUYER_CEO_NAME !== '' ? env.BUYER_CEO_NAME : '대표자',
    taxRounding: choice(env, 'TAX_ROUNDING', ['FLOOR', 'HALF_UP', 'CEIL'] as const, 'FLOOR', problems),
    taxInvoiceGate:
      choice(env, 'TAX_INVOICE_GATE', ['on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'on', problems) === 'on',
  };
}
