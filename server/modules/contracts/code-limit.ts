import type { Db } from '../../db/connect.js';
import { HttpError } from '../../http/errors.js';
import { countHit } from '../../plugins/rate-limit-store.js';

/**
 * How many signing codes may be asked (docs/contracts.md "Signing"): each request sends a message
 * and adds an event to the contract's chain, so they are limited — counted in the database
 * (`rate_limit_counter`, as every rate limit), so every server on it counts together:
 * - one user on one contract: 5 in 10 minutes (a code is valid 3 minutes: room for a lost message);
 * - one contract, whoever asks: 10 in 10 minutes (a company whose several users may sign);
 * - one user, whatever the contract: 30 an hour (a signer working through a pile of contracts).
 */
const SIGN_CODE_LIMITS = Object.freeze([
  { scope: 'user-contract', max: 5, windowMs: 10 * 60_000 },
  { scope: 'contract', max: 10, windowMs: 10 * 60_000 },
  { scope: 'user', max: 30, windowMs: 60 * 60_000 },
] as const);

export class SignCodeLimited extends HttpError {
  constructor(readonly retryAfterSec: number) {
    const minutes = Math.ceil(retryAfterSec / 60);
    super(429, 'CONTRACT_CODE_LIMIT', `인증번호 요청이 너무 많습니다. ${minutes}분 후에 다시 요청하세요`, {
      retryAfter: retryAfterSec,
    });
  }
}

/** Counts this request under each limit; beyond any, refuses it with the seconds until its window ends. */
export async function countSignCodeRequest(ownerDb: Db, userId: string, contractNo: string): Promise<void> {
  const user = userId.toLowerCase();
  const keys: Record<(typeof SIGN_CODE_LIMITS)[number]['scope'], string> = {
    'user-contract': `${user}|${contractNo}`,
    contract: contractNo,
    user,
  };
  const counted = await Promise.all(
    SIGN_CODE_LIMITS.map(async (l) => ({
      limit: l,
      hit: await countHit(ownerDb, `contract-sign-code|${l.scope}|${keys[l.scope]}`, l.windowMs),
    })),
  );
  const waits = counted.filter((c) => c.hit.current > c.limit.max).map((c) => c.hit.ttl);
  if (waits.length > 0) throw new SignCodeLimited(Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
}
