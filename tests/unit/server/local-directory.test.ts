// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/connect';
import { hashPassword, verifyPassword } from '../../../server/auth/password';
import { createLocalDirectory } from '../../../server/auth/providers';

vi.mock('../../../server/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/auth/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

/** A users table of one row, answering the one statement the directory sends. */
function usersTable(rows: Record<string, string | null>): Db {
  const query = (userId: string) => ({
    executeTakeFirst: async () => (Object.hasOwn(rows, userId) ? { passwordHash: rows[userId] } : undefined),
  });
  const builder = { select: () => ({ where: (_c: string, _op: string, userId: string) => query(userId) }) };
  return { selectFrom: () => builder } as unknown as Db;
}

/**
 * An unknown id must cost what a known one costs: the directory verifies the password against a
 * decoy argon2id hash, so the answer's time tells nothing. Asserted by the work done (one argon2id
 * verification either way), not by a wall clock; `npx tsx bench/login-timing.ts` measures the times.
 */
describe('the local directory checks a decoy hash for unknown ids', () => {
  it('runs one argon2id verification for a known id, an unknown id and an id without a password', async () => {
    const hash = await hashPassword('Right!pass1');
    const db = usersTable({ known: hash, noPassword: null });
    const directory = createLocalDirectory();
    const verified = vi.mocked(verifyPassword);
    verified.mockClear();
    expect(await directory.checkPassword(db, 'known', 'Right!pass1')).toBe(true);
    expect(await directory.checkPassword(db, 'known', 'Wrong!pass1')).toBe(false);
    expect(await directory.checkPassword(db, 'ghost', 'Right!pass1')).toBe(false);
    expect(await directory.checkPassword(db, 'noPassword', 'Right!pass1')).toBe(false);
    const hashes = verified.mock.calls.map(([stored]) => stored);
    expect(hashes).toHaveLength(4);
    expect(hashes.slice(0, 2)).toEqual([hash, hash]);
    // The decoy: a real argon2id hash (as costly to verify), the same one for every unknown id.
    expect(hashes[2]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashes[3]).toBe(hashes[2]);
    expect(hashes[2]).not.toBe(hash);
  });
});
