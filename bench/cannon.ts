/**
 * bench/load.ts runs autocannon in processes of their own (in the server's process it took the
 * server's thread): `tsx bench/cannon.ts '<options as JSON>'`, the result back over IPC.
 * The child says 'ready' once loaded and starts only on 'go': a parent with several targets
 * starts them together, so no target's connections are opened after the others already load the server.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]) as autocannon.Options;
process.once('message', (m) => {
  if (m !== 'go') return;
  void autocannon(options).then((result) => process.send!(result, () => process.exit(0)));
});
process.send!('ready');
