import fs from 'node:fs';

/**
 * Configuration of the company's own systems (issue 15): the directory (LDAP / Active
 * Directory), the identity provider (OpenID Connect, e.g. ADFS), the mail server (SMTP) and the
 * SMS gateway. Read from the environment with config.ts and validated at start-up: every bad
 * variable is named, secrets are never echoed. Each block is null when its main variable is unset.
 */

interface LdapAttributeMap {
  name: string;
  email: string;
  dept: string;
  phone: string;
}

export interface LdapConfig {
  url: string;
  bindDn: string | null;
  bindPassword: string | null;
  baseDn: string;
  /** A search filter with {id} where the login id goes (escaped), e.g. (sAMAccountName={id}). */
  userFilter: string;
  /** Entries matching this filter (besides the user filter) are disabled accounts → AUTH100. */
  disabledFilter: string;
  startTls: boolean;
  tlsCaFile: string | null;
  tlsVerify: boolean;
  /** Connect and per-operation time limit, milliseconds. */
  timeoutMs: number;
  attributes: LdapAttributeMap;
  /** Create (or update) the app_user from the directory on login. */
  provision: boolean;
  defaultGroup: string;
  /** Department code → authority group, for provisioned users. */
  deptGroups: Record<string, string>;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  scopes: string;
  /** The ID-token claim holding the login id: upn, email, preferred_username, sub, or a custom one. */
  userClaim: string;
  /** Where the identity provider sends the browser after its logout. */
  postLogoutRedirectUri: string | null;
  /** ADFS: the resource (relying party identifier) asked for, when it differs from the client id. */
  resource: string | null;
  /** Development and tests only: allow an http:// issuer (a provider on localhost). */
  allowInsecure: boolean;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  requireTls: boolean;
  tlsVerify: boolean;
  user: string | null;
  password: string | null;
  from: string;
  timeoutMs: number;
}

export interface SmsGatewayConfig {
  url: string;
  token: string | null;
  sender: string | null;
  timeoutMs: number;
}

interface NotifyConfig {
  maxAttempts: number;
  backoffSec: number;
}

export interface IntegrationConfig {
  ldap: LdapConfig | null;
  oidc: OidcConfig | null;
  smtp: SmtpConfig | null;
  smsGateway: SmsGatewayConfig | null;
  notify: NotifyConfig;
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

function bool(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = str(env, name);
  if (raw === null) return fallback;
  if (/^(true|1|yes|y)$/i.test(raw)) return true;
  if (/^(false|0|no|n)$/i.test(raw)) return false;
  problems.push(`${name}="${raw}" must be true or false`);
  return fallback;
}

function int(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = str(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(`${name}="${raw}" must be a whole number between ${min} and ${max}`);
    return fallback;
  }
  return value;
}

function url(env: Env, name: string, protocols: string[], example: string, problems: string[]): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  try {
    const u = new URL(raw);
    if (protocols.includes(u.protocol)) return raw;
  } catch {
    // reported below
  }
  // Not echoed: a URL may carry credentials.
  problems.push(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL such as ${example}`);
  return null;
}

function required(env: Env, name: string, because: string, problems: string[]): string | null {
  const value = str(env, name);
  if (value === null) problems.push(`${name} is required when ${because}`);
  return value;
}

/** "a=b,c=d" → { a: 'b', c: 'd' }; null and a problem when malformed. */
function pairs(env: Env, name: string, problems: string[]): Record<string, string> | null {
  const raw = str(env, name);
  if (raw === null) return {};
  const out: Record<string, string> = {};
  for (const part of raw.split(',')) {
    const m = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(part);
    if (!m) {
      problems.push(`${name} must be a comma-separated list of key=value (got "${part.trim()}")`);
      return null;
    }
    out[m[1]] = m[2];
  }
  return out;
}

/** A parenthesised LDAP filter with balanced parentheses. */
function looksLikeFilter(filter: string): boolean {
  if (!filter.startsWith('(') || !filter.endsWith(')')) return false;
  let depth = 0;
  for (const ch of filter.replace(/\\./g, '')) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

const DEFAULT_ATTRIBUTES: LdapAttributeMap = {
  name: 'displayName',
  email: 'mail',
  dept: 'department',
  phone: 'mobile',
};
/** Active Directory's "account disabled" bit of userAccountControl. */
const AD_DISABLED_FILTER = '(userAccountControl:1.2.840.113556.1.4.803:=2)';

function loadLdap(env: Env, problems: string[]): LdapConfig | null {
  const ldapUrl = url(env, 'LDAP_URL', ['ldap:', 'ldaps:'], 'ldaps://dc1.example.co.kr:636', problems);
  if (ldapUrl === null) {
    for (const n of ['LDAP_BASE_DN', 'LDAP_BIND_DN', 'LDAP_USER_FILTER'])
      if (str(env, n) !== null && str(env, 'LDAP_URL') === null) problems.push(`${n} is set but LDAP_URL is not`);
    return null;
  }
  const because = 'LDAP_URL is set';
  const baseDn = required(env, 'LDAP_BASE_DN', because, problems) ?? '';
  const bindDn = str(env, 'LDAP_BIND_DN');
  const bindPassword = env.LDAP_BIND_PASSWORD && env.LDAP_BIND_PASSWORD !== '' ? env.LDAP_BIND_PASSWORD : null;
  if (bindDn !== null && bindPassword === null)
    problems.push('LDAP_BIND_PASSWORD is required when LDAP_BIND_DN is set');
  const userFilter = str(env, 'LDAP_USER_FILTER') ?? '(sAMAccountName={id})';
  if (!userFilter.includes('{id}') || !looksLikeFilter(userFilter))
    problems.push(
      `LDAP_USER_FILTER="${userFilter}" must be a parenthesised LDAP filter containing {id}, such as (sAMAccountName={id})`,
    );
  const disabledFilter = str(env, 'LDAP_DISABLED_FILTER') ?? AD_DISABLED_FILTER;
  if (!looksLikeFilter(disabledFilter))
    problems.push(`LDAP_DISABLED_FILTER="${disabledFilter}" must be a parenthesised LDAP filter`);
  const startTls = bool(env, 'LDAP_STARTTLS', false, problems);
  if (startTls && ldapUrl.startsWith('ldaps:'))
    problems.push('LDAP_STARTTLS=true needs an ldap:// URL (ldaps:// is TLS already)');
  const tlsCaFile = str(env, 'LDAP_TLS_CA_FILE');
  if (tlsCaFile !== null && !fs.existsSync(tlsCaFile)) problems.push(`LDAP_TLS_CA_FILE="${tlsCaFile}" does not exist`);
  const attrPairs = pairs(env, 'LDAP_ATTRIBUTES', problems) ?? {};
  const attributes = { ...DEFAULT_ATTRIBUTES };
  for (const [k, v] of Object.entries(attrPairs)) {
    if (k in attributes) attributes[k as keyof LdapAttributeMap] = v;
    else problems.push(`LDAP_ATTRIBUTES: unknown key "${k}" (use name, email, dept, phone)`);
  }
  const defaultGroup = str(env, 'LDAP_DEFAULT_GROUP') ?? '30';
  if (!/^\d{2}$/.test(defaultGroup))
    problems.push(`LDAP_DEFAULT_GROUP="${defaultGroup}" must be an authority group code such as 30`);
  const deptGroups = pairs(env, 'LDAP_DEPT_GROUPS', problems) ?? {};
  for (const [dept, group] of Object.entries(deptGroups))
    if (!/^\d{2}$/.test(group))
      problems.push(`LDAP_DEPT_GROUPS: group "${group}" for ${dept} must be an authority group code such as 31`);
  return {
    url: ldapUrl,
    bindDn,
    bindPassword,
    baseDn,
    userFilter,
    disabledFilter,
    startTls,
    tlsCaFile,
    tlsVerify: bool(env, 'LDAP_TLS_VERIFY', true, problems),
    timeoutMs: int(env, 'LDAP_TIMEOUT_MS', 5000, 100, 120000, problems),
    attributes,
    provision: bool(env, 'LDAP_PROVISION', false, problems),
    defaultGroup,
    deptGroups,
  };
}

function loadOidc(env: Env, nodeEnv: string, problems: string[]): OidcConfig | null {
  const allowInsecure = bool(env, 'OIDC_ALLOW_HTTP', false, problems);
  if (allowInsecure && nodeEnv === 'production')
    problems.push('OIDC_ALLOW_HTTP=true is refused in production (the identity provider must use https)');
  if (str(env, 'OIDC_ISSUER') === null) {
    for (const n of ['OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI'])
      if (str(env, n) !== null) problems.push(`${n} is set but OIDC_ISSUER is not`);
    return null;
  }
  // Every other OIDC variable is checked even when the issuer is bad, so all are named at once.
  const issuer =
    url(
      env,
      'OIDC_ISSUER',
      allowInsecure ? ['https:', 'http:'] : ['https:'],
      'https://adfs.example.co.kr/adfs',
      problems,
    ) ?? '';
  const because = 'OIDC_ISSUER is set';
  const clientId = required(env, 'OIDC_CLIENT_ID', because, problems) ?? '';
  const redirectUri = url(
    env,
    'OIDC_REDIRECT_URI',
    ['https:', 'http:'],
    'https://gpms.example.co.kr/auth/oidc/callback',
    problems,
  );
  if (redirectUri === null && str(env, 'OIDC_REDIRECT_URI') === null)
    problems.push(
      `OIDC_REDIRECT_URI is required when ${because} (this server's /auth/oidc/callback as the browser reaches it)`,
    );
  else if (redirectUri !== null && new URL(redirectUri).pathname !== '/auth/oidc/callback')
    problems.push('OIDC_REDIRECT_URI must end in /auth/oidc/callback (the path this server answers)');
  const scopes = str(env, 'OIDC_SCOPES') ?? 'openid profile email';
  if (!scopes.split(/\s+/).includes('openid')) problems.push(`OIDC_SCOPES="${scopes}" must include openid`);
  const userClaim = str(env, 'OIDC_USER_CLAIM') ?? 'upn';
  if (!/^[A-Za-z0-9_:./-]{1,100}$/.test(userClaim))
    problems.push(`OIDC_USER_CLAIM="${userClaim}" must be a claim name such as upn, email or preferred_username`);
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET && env.OIDC_CLIENT_SECRET !== '' ? env.OIDC_CLIENT_SECRET : null,
    redirectUri: redirectUri ?? '',
    scopes,
    userClaim,
    postLogoutRedirectUri: url(
      env,
      'OIDC_POST_LOGOUT_REDIRECT_URI',
      ['https:', 'http:'],
      'https://gpms.example.co.kr/login',
      problems,
    ),
    resource: str(env, 'OIDC_RESOURCE'),
    allowInsecure,
  };
}

function loadSmtp(env: Env, problems: string[]): SmtpConfig | null {
  const host = str(env, 'SMTP_HOST');
  if (host === null) {
    for (const n of ['SMTP_USER', 'SMTP_FROM'])
      if (str(env, n) !== null) problems.push(`${n} is set but SMTP_HOST is not`);
    return null;
  }
  if (!/^[A-Za-z0-9.-]+$/.test(host))
    problems.push(`SMTP_HOST="${host}" must be a host name such as smtp.example.co.kr`);
  const port = int(env, 'SMTP_PORT', 587, 1, 65535, problems);
  const user = str(env, 'SMTP_USER');
  const password = env.SMTP_PASSWORD && env.SMTP_PASSWORD !== '' ? env.SMTP_PASSWORD : null;
  if (user !== null && password === null) problems.push('SMTP_PASSWORD is required when SMTP_USER is set');
  const from = required(env, 'SMTP_FROM', 'SMTP_HOST is set', problems) ?? '';
  if (from !== '' && !/^(.*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(from))
    problems.push(`SMTP_FROM="${from}" must be an address such as "GPMS <gpms@example.co.kr>"`);
  return {
    host,
    port,
    secure: bool(env, 'SMTP_SECURE', port === 465, problems),
    requireTls: bool(env, 'SMTP_REQUIRE_TLS', false, problems),
    tlsVerify: bool(env, 'SMTP_TLS_VERIFY', true, problems),
    user,
    password,
    from,
    timeoutMs: int(env, 'SMTP_TIMEOUT_MS', 10000, 100, 120000, problems),
  };
}

function loadSms(env: Env, problems: string[]): SmsGatewayConfig | null {
  const gatewayUrl = url(env, 'SMS_GATEWAY_URL', ['https:', 'http:'], 'https://sms.example.co.kr/api/send', problems);
  if (gatewayUrl === null) return null;
  return {
    url: gatewayUrl,
    token: env.SMS_GATEWAY_TOKEN && env.SMS_GATEWAY_TOKEN !== '' ? env.SMS_GATEWAY_TOKEN : null,
    sender: str(env, 'SMS_SENDER'),
    timeoutMs: int(env, 'SMS_TIMEOUT_MS', 10000, 100, 120000, problems),
  };
}

export function loadIntegrationConfig(env: Env, nodeEnv: string, problems: string[]): IntegrationConfig {
  const ldap = loadLdap(env, problems);
  const oidc = loadOidc(env, nodeEnv, problems);
  return {
    ldap,
    oidc,
    smtp: loadSmtp(env, problems),
    smsGateway: loadSms(env, problems),
    notify: {
      maxAttempts: int(env, 'NOTIFY_MAX_ATTEMPTS', 5, 1, 20, problems),
      backoffSec: int(env, 'NOTIFY_BACKOFF_SEC', 60, 0, 86400, problems),
    },
  };
}
