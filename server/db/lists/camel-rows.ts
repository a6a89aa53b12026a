import {
  CamelCasePlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Kysely's CamelCasePlugin with the answer's rows renamed by a function compiled once per column
 * list: the plugin's own `mapRow` builds each row with one computed-key store
 * per column, which beyond a dozen properties leaves V8 an object in dictionary mode — slow to
 * build, to copy (a module's `{ ...rest }` row mapping took 25 µs a row) and to serialise. The
 * compiled function returns an object literal with the columns in order, so every row of a
 * statement shares one fast hidden class. Semantics are the plugin's: a column holding a plain
 * object (json) or an array has its objects' keys renamed as mapRow does.
 */
export class CompiledCamelCasePlugin extends CamelCasePlugin {
  readonly #mappers = new Map<string, (row: UnknownRow, nested: (v: unknown) => unknown) => UnknownRow>();
  readonly #nested = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((it) => (isPlainObject(it) ? this.mapRow(it) : it));
    return isPlainObject(value) ? this.mapRow(value) : value;
  };

  /** A column's name as this plugin renames it in a row (array-mode answers name their columns with it: shaped.ts). */
  columnName(column: string): string {
    return this.camelCase(column);
  }

  /** A json column's value with its objects' keys renamed as in a row (array-mode answers: answer-rows.ts). */
  readonly renameNested = (value: unknown): unknown => this.#nested(value);

  /**
   * The statement's names are renamed by the compiler (snake-compiler.ts, which connect.ts pairs with
   * this plugin), not by copying the tree here.
   */
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    if (!Array.isArray(rows) || rows.length === 0) return super.transformResult(args);
    const keys = Object.keys(rows[0]);
    if (keys.some((k) => this.camelCase(k) === '__proto__')) return super.transformResult(args);
    const map = this.#mapperFor(keys);
    const out = new Array<UnknownRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      // Every row of one answer has the statement's columns; anything else goes the plugin's way.
      out[i] = i === 0 || sameKeys(row, keys) ? map(row, this.#nested) : this.mapRow(row);
    }
    return { ...args.result, rows: out };
  }

  #mapperFor(keys: string[]) {
    const signature = keys.join('\u0000');
    let map = this.#mappers.get(signature);
    if (!map) {
      // Keys are column names from our own statements; JSON.stringify makes each a safe literal.
      const body = keys
        .map(
          (k) =>
            `${JSON.stringify(this.camelCase(k))}: (v = r[${JSON.stringify(k)}], typeof v === 'object' && v !== null ? n(v) : v)`,
        )
        .join(',\n');
      // Compiled once per column list, from column names only.
      map = new Function('r', 'n', `let v;\nreturn {\n${body}\n};`) as (
        row: UnknownRow,
        nested: (v: unknown) => unknown,
      ) => UnknownRow;
      // Bounded: column lists are finite (one per statement shape), but never grow without limit.
      if (this.#mappers.size >= 2000) this.#mappers.clear();
      this.#mappers.set(signature, map);
    }
    return map;
  }
}

function sameKeys(row: UnknownRow, keys: string[]): boolean {
  let n = 0;
  for (const k in row) {
    if (k !== keys[n]) return false;
    n++;
  }
  return n === keys.length;
}

/** As Kysely's isPlainObject: an object whose prototype is Object.prototype or null (not Date, Buffer, Uint8Array…). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
