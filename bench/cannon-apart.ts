/**
 * autocannon in a child process of its own (bench/cannon.ts), its result back over IPC: in the measured
 * server's process it took the server's thread. Shared by bench:api, bench:load and api-ab.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

export function autocannonApart(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./cannon.ts', import.meta.url)), [JSON.stringify(options)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m as autocannon.Result));
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`autocannon exited ${code}`)) : undefined));
  });
}
