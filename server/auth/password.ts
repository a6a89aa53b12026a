import { hash, verify } from '@node-rs/argon2';

/** OWASP password-storage cheat sheet: argon2id, m=19 MiB, t=2, p=1. */
// algorithm 2 is Argon2id (a const enum in the typings, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
