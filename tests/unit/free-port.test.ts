import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralLow, freePort } from '../../scripts/free-port.mjs';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePort (scripts/free-port.mjs)', () => {
  it('gives ports below the ephemeral range, which outbound connections never take, and each one binds', async () => {
    const low = ephemeralLow();
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
      const server = await listen(port);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
