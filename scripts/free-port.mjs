// A port for a process we are about to start (a test server, PostgreSQL, PgBouncer, slapd) to listen on.
//
// Why not `listen(0)`: the kernel hands out port 0 from the ephemeral range, the same range it takes the local
// port of every outbound connection from. A port probed free there and given to a child seconds later (a lane's
// server starts after restoring its seed) can meanwhile be the local end of some connection to PostgreSQL, and the
// child dies with EADDRINUSE (CI, 2026-11-29: `listen EADDRINUSE 127.0.0.1:43227`). Below the ephemeral range the
// kernel never picks a port by itself, so only another listener that chose the same number can take it: a random
// choice among ~20,000 ports, each checked free by binding it.
import fs from 'node:fs';
import net from 'node:net';

const LOWEST = 10_000;

/** The first port of the kernel's ephemeral range (Linux's /proc; 32768 where it cannot be read). */
export function ephemeralLow() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const n = Number(low);
    return Number.isInteger(n) && n > LOWEST + 1000 ? n : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port of 127.0.0.1 nobody listens on, below the ephemeral range; throws after 200 taken ones. */
export async function freePort(host = '127.0.0.1') {
  const high = ephemeralLow();
  for (let tries = 0; tries < 200; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
    if (await bindable(port, host)) return port;
  }
  throw new Error(`no free port of ${host} between ${LOWEST} and ${high} after 200 tries`);
}
