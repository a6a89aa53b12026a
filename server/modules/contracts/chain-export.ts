/**
 * The whole evidence chain of a contract, every field each event's hash covers, so that someone
 * outside the company can recompute it with the algorithm in docs/contracts.md ("Verifying the
 * chain") — `scripts/verify-contract-chain.mjs` is such a reader, written from the docs alone.
 */
import type { Db } from '../../db/connect.js';
import { missing } from '../../domain/errors.js';
import { GENESIS, hashedFields, instantText } from './chain.js';
import * as q from './queries.js';

const CHAIN_ALGORITHM = 'gpms-econtract-chain-v1' as const;

export async function exportContractChain(db: Db, contractNo: string, now: Date) {
  const c = await q.findContract(db, contractNo);
  if (!c) throw missing('CONTRACT_NOT_FOUND', '전자계약을 찾을 수 없습니다');
  const events = await q.eventsOf(db, contractNo);
  return {
    contractNo: c.contractNo,
    algorithm: CHAIN_ALGORITHM,
    genesis: GENESIS,
    documentSha: c.documentSha ?? null,
    executedSha: c.executedSha ?? null,
    exportedAt: instantText(now),
    events: events.map((e) => ({ ...hashedFields(e), hash: e.hash })),
  };
}
