/**
 * npx tsx bench/login-timing.ts [--rounds 40]
 *
 * Whether the answer time of a password check tells a known id from an unknown one: the local
 * directory verifies an unknown id's password against a decoy argon2id hash. Times
 * `checkPassword` for a known id with a wrong password and for an unknown id, interleaved, and
 * prints both medians and their ratio (≈ 1 when nothing leaks). The test of the same property
 * (tests/unit/server/local-directory.test.ts) asserts the work done, not the time.
 */
import type { Db } from '../server/db/connect';
import { hashPassword } from '../server/auth/password';
import { createLocalDirectory } from '../server/auth/providers';
import { numberArg } from './scale-db';

const rounds = numberArg('rounds', 40);
const stored = await hashPassword('Right!pass1');
const db = {
  selectFrom: () => ({
    select: () => ({
      where: (_c: string, _op: string, userId: string) => ({
        executeTakeFirst: async () => (userId === 'known' ? { passwordHash: stored } : undefined),
      }),
    }),
  }),
} as unknown as Db;
const directory = createLocalDirectory();
const time = async (userId: string) => {
  const started = performance.now();
  await directory.checkPassword(db, userId, 'Wrong!pass1');
  return performance.now() - started;
};
await time('known');
await time('ghost');
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < rounds; i++) {
  known.push(await time('known'));
  unknown.push(await time('ghost'));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`known id, wrong password: median ${median(known).toFixed(1)} ms`);
console.log(`unknown id:               median ${median(unknown).toFixed(1)} ms`);
console.log(
  `ratio unknown ÷ known:    ${(median(unknown) / median(known)).toFixed(2)} (${rounds} rounds each, interleaved)`,
);
