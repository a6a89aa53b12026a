/**
 * npx tsx bench/profile-top.ts <file.cpuprofile> [--top 40] [--callers writev]
 *
 * Where a V8 CPU profile's time went: self time by function and by package / our
 * directory, and the share of the run the thread was idle. For profiles taken by
 * `npm run bench:load -- --profile <dir>` or `node --cpu-prof`. `--callers <function>`: that
 * function's self time by its eight nearest callers (which socket a `writev` was writing to).
 */
import fs from 'node:fs';
import { numberArg } from './scale-db';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/profile-top.ts <file.cpuprofile> [--top N]');
const top = numberArg('top', 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}

/** A file's place: an npm package's name, our directory, node's own, or V8's. */
function placeOf(url: string): string {
  if (!url) return '(V8 / native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const m = /\/(server|bench|engine|shared|tests|screens)\/(.*)$/.exec(url);
  if (m)
    return `${m[1]}/${m[2]
      .split('/')
      .slice(0, m[1] === 'server' ? 2 : 1)
      .join('/')}`;
  return url;
}

const total = (profile.endTime - profile.startTime) / 1000;
const fnTime = new Map<string, number>();
const placeTime = new Map<string, number>();
let idle = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)') {
    idle += us;
    continue;
  }
  const key = `${name}  ${placeOf(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  fnTime.set(key, (fnTime.get(key) ?? 0) + us);
  const place = ['(garbage collector)', '(program)'].includes(name) ? name : placeOf(n.callFrame.url);
  placeTime.set(place, (placeTime.get(place) ?? 0) + us);
}
const busy = [...fnTime.values()].reduce((a, b) => a + b, 0) / 1000;
console.log(
  `${file}: ${(total / 1000).toFixed(1)} s, busy ${(busy / 1000).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %), idle ${(idle / 1e6).toFixed(1)} s`,
);
const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(
      `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / 1000 / busy).toFixed(1).padStart(5)} %  ${k}`,
    );
  }
};
print('self time by package / directory', placeTime, 30);
print('self time by function', fnTime, top);

const callersAt = process.argv.indexOf('--callers');
if (callersAt >= 0) {
  const wanted = process.argv[callersAt + 1];
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byChain = new Map<string, number>();
  for (const [id, us] of self) {
    if (byId.get(id)!.callFrame.functionName !== wanted) continue;
    const chain: string[] = [];
    for (let at = parent.get(id), k = 0; at !== undefined && k < 8; at = parent.get(at), k++) {
      const f = byId.get(at)!.callFrame;
      chain.push(`${f.functionName || '(anonymous)'} ${placeOf(f.url)}:${f.lineNumber + 1}`);
    }
    const key = chain.join(' < ');
    byChain.set(key, (byChain.get(key) ?? 0) + us);
  }
  print(`${wanted}: self time by caller`, byChain, 10);
}
