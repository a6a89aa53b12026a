import type { Db } from '../../db/connect.js';
import { HttpError } from '../../http/errors.js';
import { countHit } from '../../plugins/rate-limit-store.js';

/**
 * How many signing codes may be asked (docs/contracts.md "Signing"): each request sends a message
 * and adds an event to the contract's chain, so they are limited per user and per contract over a
 * window — counted in the database (`rate_limit_counter`, as every rate limit), so every server on
 * it counts together. One code is valid for three minutes; five in ten minutes leave room for a
 * lost message or two, ten per contract for a company whose several users are allowed to sign.
 */
export const SIGN_CODE_LIMIT = Object.freeze({ perUser: 5, perContract: 10, windowMs: 10 * 60_000 });

export class SignCodeLimited extends HttpError {
  constructor(readonly retryAfterSec: number) {
    const minutes = Math.ceil(retryAfterSec / 60);
    super(429, 'CONTRACT_CODE_LIMIT', `인증번호 요청이 너무 많습니다. ${minutes}분 후에 다시 요청하세요`, {
      retryAfter: retryAfterSec,
    });
  }
}

/** Counts this request; beyond either limit, refuses it with the seconds until its window ends. */
export async function countSignCodeRequest(ownerDb: Db, userId: string, contractNo: string): Promise<void> {
  const { perUser, perContract, windowMs } = SIGN_CODE_LIMIT;
  const [user, contract] = await Promise.all([
    countHit(ownerDb, `contract-sign-code|user|${userId.toLowerCase()}`, windowMs),
    countHit(ownerDb, `contract-sign-code|contract|${contractNo}`, windowMs),
  ]);
  const waits = [
    ...(user.current > perUser ? [user.ttl] : []),
    ...(contract.current > perContract ? [contract.ttl] : []),
  ];
  if (waits.length > 0) throw new SignCodeLimited(Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
}
