/**
 * How many browser files run at once (vitest.config.ts gives the browser projects' group this many workers), and so
 * how many servers the journeys' global setup starts: one per worker, a journey owning its server while it runs
 * (tests/e2e/helpers/lane.ts). One journey keeps the two cores 65–85 % busy; two keep them full. E2E_LANES=1 runs
 * them one at a time on one server, as before.
 */
export function browserWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.E2E_LANES ?? '2';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 4) throw new Error(`E2E_LANES="${raw}" must be a whole number from 1 to 4`);
  return n;
}
