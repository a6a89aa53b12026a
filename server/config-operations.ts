import net from 'node:net';

/**
 * Operations settings: who may read GET /metrics, and how long a stopping server keeps
 * answering (readiness 503) before it closes. Validated with the rest of the configuration.
 */
export interface OperationsConfig {
  /** Addresses or CIDR ranges allowed to read /metrics without the token; default loopback only. */
  metricsAllow: string[];
  /** A bearer token that also opens /metrics (a scraper outside the allow list); null: none. */
  metricsToken: string | null;
  /** On SIGTERM: ms the server keeps serving with /readyz answering 503 before it stops listening. */
  shutdownDrainMs: number;
}

type Env = Record<string, string | undefined>;

const DEFAULT_ALLOW = ['127.0.0.0/8', '::1/128'];

/** "10.0.0.0/8" or "10.1.2.3" (a single address), IPv4 or IPv6; null when it is neither. */
export function parseCidr(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, bits, extra] = item.split('/');
  const kind = net.isIP(address);
  if (kind === 0 || extra !== undefined) return null;
  const family = kind === 4 ? 'ipv4' : 'ipv6';
  const max = kind === 4 ? 32 : 128;
  if (bits === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { address, prefix: Number(bits), family };
}

export function loadOperationsConfig(env: Env, problems: string[]): OperationsConfig {
  const rawAllow = env.METRICS_ALLOW;
  let metricsAllow = DEFAULT_ALLOW;
  if (rawAllow !== undefined && rawAllow.trim() !== '') {
    metricsAllow = rawAllow
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    for (const item of metricsAllow) {
      if (!parseCidr(item))
        problems.push(`METRICS_ALLOW: "${item}" is not an IP address or CIDR range (such as 10.0.0.0/8)`);
    }
  }
  const token = env.METRICS_TOKEN;
  let metricsToken: string | null = null;
  if (token !== undefined && token !== '') {
    if (token.length < 24 || /\s/.test(token))
      problems.push(
        'METRICS_TOKEN must be at least 24 characters without spaces (such as the output of `openssl rand -hex 24`)',
      );
    else metricsToken = token;
  }
  let shutdownDrainMs = 0;
  const drain = env.SHUTDOWN_DRAIN_MS;
  if (drain !== undefined && drain !== '') {
    if (!/^\d+$/.test(drain) || Number(drain) > 120_000)
      problems.push(`SHUTDOWN_DRAIN_MS="${drain}" must be a whole number between 0 and 120000`);
    else shutdownDrainMs = Number(drain);
  }
  return { metricsAllow, metricsToken, shutdownDrainMs };
}
