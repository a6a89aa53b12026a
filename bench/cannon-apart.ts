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
export function autocannonTogether(targets: autocannon.Options[]): Promise<autocannon.Result[]> {
  return startTogether(
    targets.map(spawnCannon).map((c) => ({ ready: c.ready, result: c.result, go: () => c.child.send('go') })),
  );
}

/** A load generator that has loaded (`ready`) and waits for `go` to open its connections. */
export interface WaitingCannon<R> {
  ready: Promise<void>;
  result: Promise<R>;
  go(): void;
}

/**
 * The start signal goes to every generator once all are ready (or one has already ended: failed at load),
 * never to one before the others: the last to load would otherwise open its connections behind the others'
 * queue and measure the queue, not the server's answers to its list.
 */
export async function startTogether<R>(cannons: WaitingCannon<R>[]): Promise<R[]> {
  await Promise.race([Promise.all(cannons.map((c) => c.ready)), Promise.all(cannons.map((c) => c.result))]);
  for (const c of cannons) c.go();
  return Promise.all(cannons.map((c) => c.result));
}
