/**
 * bench/load.ts runs autocannon in processes of their own (in the server's process it took the
 * server's thread): `tsx bench/cannon.ts '<options as JSON>'`, the result back over IPC.
 */
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]) as autocannon.Options);
process.send!(result, () => process.exit(0));
