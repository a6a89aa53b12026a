/**
 * bench/load.ts runs autocannon in processes of their own (in the server's process it took the
 * server's thread): `tsx bench/cannon.ts '<options as JSON>'`, the result back over IPC.
 * The child says 'ready' once loaded and starts only on 'go': a parent with several targets
 * starts them together, so no target's connections are opened after the others already load the server.
 *
 * Each connection's moments come back with the result (`connections`: its local port, when autocannon asked for
 * it and when the kernel finished its handshake, wall-clock ms): the parent matches them by port with the moment
 * the server accepted each, which tells a generator slow to connect from a server slow to accept.
 */
import net from 'node:net';
import autocannon from 'autocannon';

export interface ConnectionMoments {
  port: number;
  calledAt: number;
  connectedAt: number;
}

const options = JSON.parse(process.argv[2]) as autocannon.Options;
const connections: ConnectionMoments[] = [];
// autocannon's client reads `net.connect` at each connect (require('net') is this same object).
const connect = net.connect.bind(net) as (...args: unknown[]) => net.Socket;
(net as { connect: unknown }).connect = (...args: unknown[]) => {
  const calledAt = Date.now();
  const socket = connect(...args);
  socket.once('connect', () => connections.push({ port: socket.localPort ?? 0, calledAt, connectedAt: Date.now() }));
  return socket;
};
process.once('message', (m) => {
  if (m !== 'go') return;
  void autocannon(options).then((result) =>
    process.send!({ ...result, connections } as unknown as autocannon.Result, () => process.exit(0)),
  );
});
process.send!('ready');
