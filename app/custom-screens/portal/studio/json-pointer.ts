/**
 * Where a JSON pointer (RFC 6901) lands in a JSON text: the server names each problem of a stored
 * definition by its pointer, the editor marks that place. A small scanner over the text as typed
 * (so the positions are the analyst's own, formatting and all); a pointer that leads nowhere lands
 * on the deepest value it reaches, and a text that does not parse on its start.
 */

export interface TextRange {
  from: number;
  to: number;
}

interface Node {
  from: number;
  to: number;
  /** For a member of an object: where its key is. */
  keyFrom?: number;
  keyTo?: number;
  children?: Map<string, Node>;
}

class Scanner {
  i = 0;
  constructor(readonly s: string) {}

  ws() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  string(): string {
    const start = this.i;
    this.i++; // opening quote
    while (this.i < this.s.length && this.s[this.i] !== '"') this.i += this.s[this.i] === '\\' ? 2 : 1;
    this.i++;
    try {
      return JSON.parse(this.s.slice(start, this.i)) as string;
    } catch {
      return this.s.slice(start + 1, this.i - 1);
    }
  }

  value(): Node {
    this.ws();
    const from = this.i;
    const c = this.s[this.i];
    if (c === '{') {
      this.i++;
      const children = new Map<string, Node>();
      for (;;) {
        this.ws();
        if (this.s[this.i] === '}') {
          this.i++;
          break;
        }
        if (this.s[this.i] !== '"') throw new Error('key');
        const keyFrom = this.i;
        const key = this.string();
        const keyTo = this.i;
        this.ws();
        if (this.s[this.i] !== ':') throw new Error(':');
        this.i++;
        const v = this.value();
        children.set(key, { ...v, keyFrom, keyTo });
        this.ws();
        if (this.s[this.i] === ',') this.i++;
        else if (this.s[this.i] === '}') {
          this.i++;
          break;
        } else throw new Error('object');
      }
      return { from, to: this.i, children };
    }
    if (c === '[') {
      this.i++;
      const children = new Map<string, Node>();
      for (let n = 0; ; n++) {
        this.ws();
        if (this.s[this.i] === ']') {
          this.i++;
          break;
        }
        children.set(String(n), this.value());
        this.ws();
        if (this.s[this.i] === ',') this.i++;
        else if (this.s[this.i] === ']') {
          this.i++;
          break;
        } else throw new Error('array');
      }
      return { from, to: this.i, children };
    }
    if (c === '"') {
      this.string();
      return { from, to: this.i };
    }
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(this.s.slice(this.i));
    if (!m) throw new Error('value');
    this.i += m[0].length;
    return { from, to: this.i };
  }
}

const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The range a pointer names: a member's key and value when the pointer ends on a member with a
 * plain value, the member's name (or the bracket) for an object or a list, else the value.
 */
export function pointerRange(source: string, pointer: string): TextRange {
  let root: Node;
  try {
    root = new Scanner(source).value();
  } catch {
    return { from: 0, to: Math.min(source.length, 1) };
  }
  if (!pointer) return { from: root.from, to: Math.min(root.to, root.from + 1) };
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const next = node.children?.get(unescape(raw));
    if (!next) break;
    node = next;
  }
  // An object or a list is marked at its name (or its opening bracket), not underlined whole.
  if (node.children)
    return node.keyFrom !== undefined && node.keyTo !== undefined
      ? { from: node.keyFrom, to: node.keyTo }
      : { from: node.from, to: node.from + 1 };
  if (node.keyFrom !== undefined) return { from: node.keyFrom, to: node.to };
  return { from: node.from, to: node.to };
}
