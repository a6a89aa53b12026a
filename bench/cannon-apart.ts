/**
 * autocannon in a child process of its own (bench/cannon.ts), its result back over IPC: in the measured
 * server's process it took the server's thread. Shared by bench:api, bench:load and api-ab.
 *
 * Several targets at once go through autocannonTogether: each child loads (tsx + autocannon) first and
 * all start on one signal. Started one by one as they finished loading, the last-loaded target's
 * connections came after the others already held the server (the supplier list's connections
 * were accepted last, its first answers the slowest).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

function spawnCannon(options: autocannon.Options): {
  child: ChildProcess;
  ready: Promise<void>;
  result: Promise<autocannon.Result>;
} {
  const child = fork(fileURLToPath(new URL('./cannon.ts', import.meta.url)), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let onReady!: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    child.on('message', (m) => (m === 'ready' ? onReady() : resolve(m as autocannon.Result)));
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`autocannon exited ${code}`)) : undefined));
  });
  return { child, ready, result };
}

export function autocannonApart(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannonTogether([options]).then(([r]) => r);
}

/** One child per target; none starts before all have loaded. Results in the order of `targets`. */
export async function autocannonTogether(targets: autocannon.Options[]): Promise<autocannon.Result[]> {
  const cannons = targets.map(spawnCannon);
  await Promise.race([Promise.all(cannons.map((c) => c.ready)), Promise.all(cannons.map((c) => c.result))]);
  for (const c of cannons) c.child.send('go');
  return Promise.all(cannons.map((c) => c.result));
}
