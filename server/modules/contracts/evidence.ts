/** Verification of a contract's evidence and of a PDF presented to us. */
import type { Db } from '../../db/connect.js';
import { invalid } from '../../domain/errors.js';
import { sha256Hex, verifyChain } from './chain.js';
import * as q from './queries.js';
import { sealedChainHead, type SealedHead } from './sealed-head.js';
import { readContractAnchors } from './anchor.js';
import { verifySeal } from './seal-verify.js';
import { notFound, visibleTo } from './common.js';

/* ------------------------------ verification ------------------------------ */

/**
 * Recomputes the contract's evidence: every event's hash and link (the first that differs is
 * named), every stored PDF against its hash, and the hash the signing events name against the
 * document the contract holds.
 */
export async function verifyContract(db: Db, contractNo: string, supplier: boolean, anchorFile: string | null = null) {
  const c = await q.findContract(db, contractNo);
  if (!c || !visibleTo(c, supplier)) throw notFound();
  const [events, docs] = await Promise.all([q.eventsOf(db, contractNo), q.documentsOf(db, contractNo)]);
  const chain = verifyChain(
    events.map((e) => ({
      contractNo: e.contractNo,
      seq: e.seq,
      kind: e.kind,
      occurredAt: e.occurredAt,
      ip: e.ip,
      userAgent: e.userAgent,
      userId: e.userId,
      actorCompNo: e.actorCompNo,
      docSha: e.docSha,
      detail: e.detail,
      prevHash: e.prevHash,
      hash: e.hash,
    })),
  );
  const documents = docs.map((d) => ({
    kind: d.kind,
    sha256: d.contentSha,
    ok: sha256Hex(Buffer.from(d.content)) === d.contentSha && (d.kind !== 'DRAFT' || d.contentSha === c.documentSha),
  }));
  const signedOther = events.find((e) => e.kind === 'SIGNED' && e.docSha !== c.documentSha);
  // The head sealed into the executed copy, and the newest head written outside the database.
  const executedDoc = docs.find((d) => d.kind === 'EXECUTED');
  const sealedHead = executedDoc ? sealedChainHead(Buffer.from(executedDoc.content)) : null;
  const sealValid = executedDoc ? (await verifySeal(Buffer.from(executedDoc.content))).ok : null;
  const anchored = anchorFile ? ((await readContractAnchors(anchorFile, contractNo)).get(contractNo) ?? null) : null;
  const completed = events.find((e) => e.kind === 'COMPLETED');
  const heads =
    sealValid === false
      ? { seq: completed?.seq ?? events.length, reason: 'SEAL_INVALID' }
      : headProblem(events, sealedHead, anchored);
  const firstOther = chain.ok
    ? signedOther
      ? { seq: signedOther.seq, reason: 'SIGNED_OTHER_DOCUMENT' }
      : heads
    : null;
  const ok = chain.ok && documents.every((d) => d.ok) && !firstOther;
  return {
    contractNo,
    ok,
    events: events.length,
    firstBadSeq: chain.ok ? (firstOther?.seq ?? null) : chain.firstBadSeq,
    firstBadKind: events.find((e) => e.seq === (chain.ok ? firstOther?.seq : chain.firstBadSeq))?.kind ?? null,
    reason: chain.ok ? (firstOther?.reason ?? null) : chain.reason,
    sealValid,
    sealedHead,
    anchoredHead: anchored,
    documents,
  };
}

/**
 * Whether the chain still holds the heads kept outside it: the one sealed into the executed copy
 * (SEALED_HEAD_MISMATCH: that event is gone or differs — the chain was rewritten after execution)
 * and the newest one anchored (END_CUT: gone — events were removed from the end; ANCHOR_MISMATCH).
 */
function headProblem(
  events: ReadonlyArray<{ seq: number; hash: string }>,
  sealed: SealedHead | null,
  anchored: SealedHead | null,
): { seq: number; reason: string } | null {
  const at = (seq: number) => events.find((e) => Number(e.seq) === seq);
  if (sealed && at(sealed.seq)?.hash !== sealed.hash) return { seq: sealed.seq, reason: 'SEALED_HEAD_MISMATCH' };
  if (anchored) {
    const e = at(anchored.seq);
    if (!e) return { seq: anchored.seq, reason: 'END_CUT' };
    if (e.hash !== anchored.hash) return { seq: anchored.seq, reason: 'ANCHOR_MISMATCH' };
  }
  return null;
}

/**
 * Is this PDF (or this hash) one of ours? The executed copy of contract X unchanged, the copy its
 * signers read, or neither ("not ours or modified"). A supplier asks only about its own contracts.
 */
export async function verifyDocument(
  db: Db,
  b: { pdfBase64?: string; contractNo?: string; sha256?: string },
  supplier: boolean,
) {
  let sha: string;
  let sealValid: boolean | null = null;
  if (b.pdfBase64) {
    const pdf = Buffer.from(b.pdfBase64, 'base64');
    sha = sha256Hex(pdf);
    if (pdf.includes('/ByteRange')) sealValid = (await verifySeal(pdf)).ok;
  } else if (b.sha256 && /^[0-9a-fA-F]{64}$/.test(b.sha256)) sha = b.sha256.toLowerCase();
  else throw invalid('VALIDATION', 'PDF 파일 또는 계약번호와 SHA-256 값을 보내세요');
  const found = await q.findContractByDocumentSha(db, sha);
  const c = found ? await q.findContract(db, found.contractNo) : undefined;
  if (!found || !c || !visibleTo(c, supplier) || (b.contractNo && b.contractNo !== c.contractNo))
    return { result: 'NOT_OURS_OR_MODIFIED' as const, sha256: sha, contractNo: null, status: null, sealValid };
  const executed = c.status === 'EXECUTED' && c.executedSha === sha;
  return {
    result: executed ? ('EXECUTED_UNCHANGED' as const) : ('SIGNING_COPY' as const),
    sha256: sha,
    contractNo: c.contractNo,
    status: c.status,
    sealValid,
  };
}
