/**
 * Appends the pages of one PDF to another as an incremental update: the base file's bytes stay the
 * start of the result, unchanged, followed by the added page's objects (renumbered after the base's
 * last object), a new version of the base's page tree with the page added, and an xref section and
 * trailer pointing back (/Prev) to the base's. So the document both parties signed (whose hash
 * their events record) is still, byte for byte, the start of the executed copy.
 *
 * Written for what pdfkit produces (a classic xref table, direct stream lengths, no object
 * streams) — the contract and the certificate both come from render.ts / certificate.ts.
 */

interface Parsed {
  pdf: Buffer;
  offsets: Map<number, number>;
  trailer: string;
  startxref: number;
  size: number;
}

function lastTrailer(pdf: Buffer): { trailer: string; startxref: number } {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('trailer');
  const sx = text.lastIndexOf('startxref');
  if (at < 0 || sx < 0) throw new Error('pdf-append: no trailer');
  return { trailer: text.slice(at, sx), startxref: Number(/startxref\s+(\d+)/.exec(text.slice(sx))![1]) };
}

/** The cross-reference table of every section, newest entries winning. */
function readXref(pdf: Buffer, position: number, into: Map<number, number>): void {
  const text = pdf.toString('latin1', position);
  if (!text.startsWith('xref')) throw new Error('pdf-append: an xref stream is not supported');
  const end = text.indexOf('trailer');
  const lines = text
    .slice(4, end)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const own = new Map<number, number>();
  let index = 0;
  for (const line of lines) {
    const parts = line.split(/\s+/);
    if (parts.length === 2) {
      index = Number(parts[0]);
      continue;
    }
    if (parts[2] === 'n') own.set(index, Number(parts[0]));
    index++;
  }
  const prev = /\/Prev\s+(\d+)/.exec(text.slice(end, text.indexOf('startxref')));
  if (prev) readXref(pdf, Number(prev[1]), into);
  for (const [k, v] of own) into.set(k, v);
}

function parse(pdf: Buffer): Parsed {
  const { trailer, startxref } = lastTrailer(pdf);
  const offsets = new Map<number, number>();
  readXref(pdf, startxref, offsets);
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)![1]);
  return { pdf, offsets, trailer, startxref, size };
}

/** One object: its dictionary text (where references are) and its stream bytes, if any. */
function readObject(p: Parsed, num: number): { dict: string; stream: Buffer | null } {
  const offset = p.offsets.get(num);
  if (offset === undefined) throw new Error(`pdf-append: object ${num} missing`);
  const head = p.pdf.toString('latin1', offset, offset + 40);
  const m = /^(\d+)\s+(\d+)\s+obj\s*/.exec(head);
  if (!m || Number(m[1]) !== num) throw new Error(`pdf-append: object ${num} not at its offset`);
  const start = offset + m[0].length;
  const rest = p.pdf.toString('latin1', start);
  const streamAt = /^(<<[\s\S]*?>>)\s*stream\r?\n/.exec(rest);
  const endobj = rest.indexOf('endobj');
  if (streamAt && streamAt.index === 0 && streamAt[0].length < endobj) {
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(streamAt[1]);
    if (!length) throw new Error('pdf-append: an indirect stream length is not supported');
    const dataStart = start + streamAt[0].length;
    return { dict: streamAt[1], stream: p.pdf.subarray(dataStart, dataStart + Number(length[1])) };
  }
  return { dict: rest.slice(0, endobj).trim(), stream: null };
}

const REF = /(\d+)\s+0\s+R\b/g;

/**
 * `base` with every page of `extra` added at its end. The added objects are those reachable from
 * the extra pages (fonts, resources, contents), never the extra file's catalog or info.
 */
export function appendPdfPages(base: Buffer, extra: Buffer): Buffer {
  const b = parse(base);
  const e = parse(extra);
  const rootRef = /\/Root\s+(\d+)\s+0\s+R/.exec(b.trailer)![1];
  const pagesNum = Number(/\/Pages\s+(\d+)\s+0\s+R/.exec(readObject(b, Number(rootRef)).dict)![1]);
  const pagesDict = readObject(b, pagesNum).dict;
  const extraRoot = Number(/\/Root\s+(\d+)\s+0\s+R/.exec(e.trailer)![1]);
  const extraPagesNum = Number(/\/Pages\s+(\d+)\s+0\s+R/.exec(readObject(e, extraRoot).dict)![1]);
  const extraKids = [.../\/Kids\s*\[([^\]]*)\]/.exec(readObject(e, extraPagesNum).dict)![1].matchAll(REF)].map((k) =>
    Number(k[1]),
  );

  // Every object reachable from the extra pages, but not through a page's /Parent.
  const order: number[] = [];
  const seen = new Set<number>();
  const queue = [...extraKids];
  while (queue.length > 0) {
    const n = queue.shift()!;
    if (seen.has(n) || n === extraPagesNum) continue;
    seen.add(n);
    order.push(n);
    const dict = readObject(e, n).dict.replace(/\/Parent\s+\d+\s+0\s+R/, '');
    for (const r of dict.matchAll(REF)) queue.push(Number(r[1]));
  }
  const renumber = new Map(order.map((n, i) => [n, b.size + i]));

  const parts: Buffer[] = [base];
  let length = base.length;
  const push = (buf: Buffer) => {
    parts.push(buf);
    length += buf.length;
  };
  if (base[base.length - 1] !== 0x0a) push(Buffer.from('\n'));
  const written = new Map<number, number>();
  for (const n of order) {
    const { dict, stream } = readObject(e, n);
    const rewritten = dict
      .replace(/\/Parent\s+\d+\s+0\s+R/, `/Parent ${pagesNum} 0 R`)
      .replace(REF, (_, r: string) => `${renumber.get(Number(r)) ?? r} 0 R`);
    const num = renumber.get(n)!;
    written.set(num, length);
    push(Buffer.from(`${num} 0 obj\n${rewritten}\n`, 'latin1'));
    if (stream) {
      push(Buffer.from('stream\n'));
      push(Buffer.from(stream));
      push(Buffer.from('\nendstream\n'));
    }
    push(Buffer.from('endobj\n'));
  }
  const count = Number(/\/Count\s+(\d+)/.exec(pagesDict)![1]);
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(pagesDict)![1].trim();
  const added = extraKids.map((k) => `${renumber.get(k)} 0 R`).join(' ');
  const newPages = pagesDict
    .replace(/\/Count\s+\d+/, `/Count ${count + extraKids.length}`)
    .replace(/\/Kids\s*\[[^\]]*\]/, `/Kids [${kids} ${added}]`);
  written.set(pagesNum, length);
  push(Buffer.from(`${pagesNum} 0 obj\n${newPages}\nendobj\n`, 'latin1'));

  const xrefAt = length;
  const rows = [...written.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([num, off]) => `${num} 1\n${String(off).padStart(10, '0')} 00000 n \n`)
    .join('');
  const info = /\/Info\s+\d+\s+0\s+R/.exec(b.trailer)?.[0];
  const id = /\/ID\s*\[[^\]]*\]/.exec(b.trailer)?.[0];
  const trailer = [
    'trailer',
    '<<',
    `/Size ${b.size + order.length}`,
    `/Root ${rootRef} 0 R`,
    ...(info ? [info] : []),
    ...(id ? [id] : []),
    `/Prev ${b.startxref}`,
    '>>',
    'startxref',
    String(xrefAt),
    '%%EOF',
  ].join('\n');
  push(Buffer.from(`xref\n${rows}${trailer}\n`, 'latin1'));
  return Buffer.concat(parts, length);
}

/**
 * Points the file's last startxref at its last xref section exactly. An incremental update that
 * wrote it at the line break before `xref` (as @signpdf/placeholder-plain does) reads in most
 * viewers, but qpdf warns ("extraneous whitespace seen before xref"); an archive copy should pass
 * every checker. The file is unchanged when the offset is already right.
 */
export function fixLastStartxref(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const sx = text.lastIndexOf('startxref');
  const m = /^startxref(\s+)(\d+)/.exec(text.slice(sx));
  if (sx < 0 || !m) throw new Error('pdf-append: no startxref');
  const xref = text.lastIndexOf('\nxref', sx) + 1;
  if (xref <= 0) return pdf;
  const at = Number(m[2]);
  if (at === xref) return pdf;
  // Only whitespace between the offset written and the xref keyword: anything else is not ours to move.
  if (at > xref || !/^\s*$/.test(text.slice(at, xref))) return pdf;
  const start = sx + 'startxref'.length + m[1].length;
  return Buffer.concat([
    pdf.subarray(0, start),
    Buffer.from(String(xref), 'latin1'),
    pdf.subarray(start + m[2].length),
  ]);
}
