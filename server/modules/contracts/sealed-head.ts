/**
 * The chain head sealed into an executed copy. The seal's reason (the signature dictionary's
 * /Reason, inside the signed byte range, so the seal and its time-stamp cover it) ends with
 * "(이벤트 체인 헤드 #<seq> <hash>)" — the event chain as it stood when the second party signed, as
 * the certificate page prints it. `verify` requires the stored chain to hold that event with that
 * hash: a chain rewritten after execution no longer matches the copy both parties hold.
 */
export interface SealedHead {
  seq: number;
  hash: string;
}

export const sealReason = (contractNo: string, head: SealedHead): string =>
  `전자계약 ${contractNo} 체결 (이벤트 체인 헤드 #${head.seq} ${head.hash})`;

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/** A PDF literal string's bytes, from just after its "(" (escapes and balanced parentheses). */
function literalBytes(text: string, start: number): number[] {
  const out: number[] = [];
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4));
      if (octal) {
        out.push(parseInt(octal[0], 8) & 0xff);
        i += octal[0].length;
      } else if (next === '\r' || next === '\n') {
        i += next === '\r' && text[i + 2] === '\n' ? 2 : 1;
      } else {
        out.push(ESCAPES[next] ?? next.charCodeAt(0));
        i++;
      }
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth === 0) break;
    out.push(ch.charCodeAt(0) & 0xff);
  }
  return out;
}

/**
 * A PDF text string: UTF-16BE after its byte-order mark, else read as Latin-1. The placeholder
 * library writes the UTF-16 string's units through a UTF-8 buffer (the mark as C3 BE C3 BF), so
 * those bytes are read back as UTF-8 first.
 */
function textString(bytes: number[]): string {
  let raw = Buffer.from(bytes);
  if (raw[0] === 0xc3 && raw[1] === 0xbe && raw[2] === 0xc3 && raw[3] === 0xbf)
    raw = Buffer.from([...raw.toString('utf8')].map((ch) => ch.charCodeAt(0) & 0xff));
  if (raw[0] === 0xfe && raw[1] === 0xff) {
    const units = Buffer.from(raw.subarray(2, raw.length - ((raw.length - 2) % 2)));
    return units.swap16().toString('utf16le');
  }
  return raw.toString('latin1');
}

/** The head the last seal's reason names, or null (a copy sealed before heads were sealed, or none). */
export function sealedChainHead(pdf: Buffer): SealedHead | null {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/Reason');
  if (at < 0) return null;
  const open = text.indexOf('(', at);
  if (open < 0 || open - at > 20) return null;
  const m = /#(\d+) ([0-9a-f]{64})\)\s*$/.exec(textString(literalBytes(text, open + 1)));
  return m ? { seq: Number(m[1]), hash: m[2] } : null;
}
