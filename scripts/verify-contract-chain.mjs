#!/usr/bin/env node
/**
 * Verifies an exported electronic-contract evidence chain (GET /api/v1/contracts/{no}/chain) without
 * the server, by the algorithm of docs/contracts.md "Verifying the chain" — written from that section
 * alone, so that it shows the section is enough. Node 20, no dependency.
 *
 *   node scripts/verify-contract-chain.mjs chain.json [--pdf signing-or-executed.pdf ...]
 *
 * Prints one line per event; exits 0 when the chain (and every PDF given) checks out, 1 naming the
 * first failure, 2 on bad usage.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const FIELDS = [
  'contractNo',
  'seq',
  'kind',
  'occurredAt',
  'ip',
  'userAgent',
  'userId',
  'actorCompNo',
  'docSha',
  'detail',
  'prevHash',
];

/** Canonical JSON: no whitespace, members sorted by name at every level, values as JSON.stringify writes them. */
export function canonical(value) {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const names = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${names.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The verdict on an export: { ok, lines, failure }. */
export function verifyExport(exported, pdfs = []) {
  const lines = [];
  const fail = (seq, reason, message) => ({ ok: false, lines, failure: { seq, reason, message } });
  const genesis = exported.genesis ?? '0'.repeat(64);
  if (genesis !== '0'.repeat(64)) return fail(null, 'BAD_GENESIS', 'genesis is not 64 zeros');
  const events = [...exported.events].sort((a, b) => a.seq - b.seq);
  let prev = genesis;
  let expected = 1;
  for (const e of events) {
    if (e.seq !== expected) return fail(e.seq, 'SEQUENCE_GAP', `expected event ${expected}, found ${e.seq}`);
    if (e.prevHash !== prev) return fail(e.seq, 'CHAIN_BROKEN', `prevHash is not the hash of event ${e.seq - 1}`);
    const hashed = {};
    for (const f of FIELDS) hashed[f] = f === 'detail' ? (e.detail ?? null) : e[f];
    const hash = sha256(Buffer.from(canonical(hashed), 'utf8'));
    if (hash !== e.hash) return fail(e.seq, 'HASH_MISMATCH', `recomputed ${hash}, recorded ${e.hash}`);
    if (e.kind === 'SIGNED' && exported.documentSha && e.docSha !== exported.documentSha)
      return fail(
        e.seq,
        'SIGNED_OTHER_DOCUMENT',
        `a SIGNED event names ${e.docSha}, the document is ${exported.documentSha}`,
      );
    if (e.kind === 'COMPLETED' && e.docSha !== exported.executedSha)
      return fail(
        e.seq,
        'EXECUTED_OTHER_DOCUMENT',
        `COMPLETED names ${e.docSha}, the executed copy is ${exported.executedSha}`,
      );
    lines.push(`#${e.seq} ${e.kind} ${e.occurredAt} ${hash} ok`);
    prev = hash;
    expected++;
  }
  for (const { name, bytes } of pdfs) {
    const h = sha256(bytes);
    const which =
      h === exported.executedSha ? 'the executed copy' : h === exported.documentSha ? 'the signing copy' : null;
    if (!which)
      return fail(null, 'PDF_NOT_IN_CHAIN', `${name}: SHA-256 ${h} is neither the signing nor the executed copy`);
    lines.push(`${name}: ${h} is ${which}`);
  }
  lines.push(`${exported.contractNo}: ${events.length} events verified; head ${prev}`);
  return { ok: true, lines, failure: null };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--pdf');
  const pdfs = args.flatMap((a, i) => (a === '--pdf' && args[i + 1] ? [args[i + 1]] : []));
  if (!file) {
    console.error('usage: node scripts/verify-contract-chain.mjs chain.json [--pdf file.pdf ...]');
    process.exit(2);
  }
  const verdict = verifyExport(
    JSON.parse(readFileSync(file, 'utf8')),
    pdfs.map((name) => ({ name, bytes: readFileSync(name) })),
  );
  for (const line of verdict.lines) console.log(line);
  if (!verdict.ok) {
    const f = verdict.failure;
    console.error(`FAILED${f.seq !== null ? ` at event ${f.seq}` : ''}: ${f.reason} — ${f.message}`);
    process.exit(1);
  }
}
