import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { parseCidr } from '../config-operations.js';

/**
 * Who may read GET /metrics: a client address inside METRICS_ALLOW (CIDR ranges; loopback by
 * default), or a request carrying `Authorization: Bearer $METRICS_TOKEN`. The address is the one
 * Fastify settled on (`request.ip`): behind a trusted proxy (TRUSTED_PROXIES) the forwarded client,
 * so a browser reaching the proxy is not let in because the proxy itself is on the allow list.
 */
export function metricsAccess(
  allow: readonly string[],
  token: string | null,
): (ip: string, authorization: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const item of allow) {
    const cidr = parseCidr(item);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (ip, authorization) => {
    if (expected && authorization) {
      const given = Buffer.from(authorization);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = v4 ?? ip;
    const family = net.isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
