import fs from 'node:fs';
import readline from 'node:readline';
import type { Db } from '../../db/connect.js';
import { contractHeads, lastEvent } from './queries.js';

/**
 * The contract chains' heads, written outside the database (docs/contracts.md "Evidence"), as the
 * access log's are (server/modules/privacy/anchor.ts). Each contract's chain shows an event
 * changed, removed or inserted before its newest one, but whoever holds the table owner's rights can
 * remove the newest events (a decline, a cancellation, a stamp) and leave a shorter chain that still
 * verifies. So after each committed write the contract's newest event — `<contractNo> <seq> <hash>`
 * — is appended to the file the operator names (CONTRACT_CHAIN_ANCHOR, on storage the database's
 * account cannot rewrite); `verify` then requires that event to be there with that hash.
 */
export interface ContractAnchor {
  seq: number;
  hash: string;
}

const LINE = /^(\S{1,30}) (\d+) ([0-9a-f]{64})$/;

async function writeContractAnchor(file: string, contractNo: string, head: ContractAnchor): Promise<void> {
  await fs.promises.appendFile(file, `${contractNo} ${head.seq} ${head.hash}\n`, { mode: 0o600 });
}

/** Every contract's highest anchored event in the file (empty when there is none yet). */
export async function readContractAnchors(file: string, only?: string): Promise<Map<string, ContractAnchor>> {
  const heads = new Map<string, ContractAnchor>();
  let stream: fs.ReadStream;
  try {
    await fs.promises.access(file);
    stream = fs.createReadStream(file, { encoding: 'utf8' });
  } catch {
    return heads;
  }
  for await (const line of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    const m = LINE.exec(line.trim());
    if (!m || (only !== undefined && m[1] !== only)) continue;
    const seq = Number(m[2]);
    if ((heads.get(m[1])?.seq ?? 0) < seq) heads.set(m[1], { seq, hash: m[3] });
  }
  return heads;
}

/** After a committed write of a contract: its newest event to the file. */
export async function anchorContract(db: Db, file: string, contractNo: string): Promise<void> {
  const head = await lastEvent(db, contractNo);
  if (head) await writeContractAnchor(file, contractNo, { seq: Number(head.seq), hash: head.hash });
}

/**
 * The scheduled catch-up: events written outside a contract's own requests (an approval, the
 * expiry and reminder jobs) reach the file within a minute. Appends the heads the file lacks.
 */
export async function anchorContractHeads(db: Db, file: string): Promise<number> {
  const anchored = await readContractAnchors(file);
  let written = 0;
  for (const h of await contractHeads(db)) {
    const seq = Number(h.seq);
    if ((anchored.get(h.contractNo)?.seq ?? 0) >= seq) continue;
    await writeContractAnchor(file, h.contractNo, { seq, hash: h.hash });
    written++;
  }
  return written;
}
