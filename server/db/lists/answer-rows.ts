/**
 * A list's answer row declared once, field by field: which column of the statement it takes and
 * how the value becomes the answer's (money by `amt`, a count by `Number`, renames such as FILE_SEQ
 * and BIGO). From the declaration two functions are compiled with `new Function` — from the
 * declaration's names only, never from data:
 *
 * - `fromObject`: Kysely's camelCase rows → answer rows (a supplier-scoped handle, a transaction,
 *   PGlite in the main thread: wherever the statement is read through Kysely);
 * - `forColumns(columns)`: the driver's array rows (array-rows.ts) → answer rows, the value of each
 *   field read by its column's position, once per statement's column list.
 *
 * Both build one object literal with the fields in the declared order (one hidden class for every
 * row of the page), so the same rows give the same answer either way; tests/api/common/answer-rows
 * holds them to it on both databases, through the route's response schema.
 */

/** A field of the answer: the column it reads (camelCase, as Kysely's rows name it) and its conversion. */
export interface Field<O> {
  readonly from: string;
  readonly as?: (value: never, context: never) => O;
  /** Only for the answer's type. */
  readonly __out?: O;
}

type Out<F> = F extends Field<infer O> ? O : never;
export type AnswerOf<S> = { [K in keyof S]: Out<S[K]> };

/** Renames the keys of a json column's objects as the camelCase plugin does (camel-rows.ts). */
export type Nested = (value: unknown) => unknown;

type Compiled<A, C> = (row: never, context: C | undefined, nested: Nested) => A;

const MAX_COLUMN_LISTS = 64;

export class AnswerRow<Raw, A, C = undefined> {
  readonly #fields: ReadonlyArray<readonly [string, Field<unknown>]>;
  readonly #converters: ReadonlyArray<Field<unknown>['as']>;
  readonly #fromObject: Compiled<A, C>;
  readonly #byColumns = new Map<string, Compiled<A, C>>();

  constructor(
    readonly name: string,
    spec: Record<string, Field<unknown>>,
  ) {
    this.#fields = Object.entries(spec);
    this.#converters = this.#fields.map(([, f]) => f.as);
    this.#fromObject = this.#compile((f) => `r[${JSON.stringify(f.from)}]`);
  }

  /** The answer row of one of Kysely's (camelCase) rows. */
  fromObject(row: Raw, context?: C): A {
    return this.#fromObject(row as never, context, identity);
  }

  /**
   * The function from an array row of a statement with these columns (camelCase, in order) to the
   * answer row, compiled on the column list's first use. A json column's objects get their keys
   * renamed (`nested`) as the camelCase plugin renames them in object rows.
   */
  forColumns(
    columns: readonly string[],
    signature = columns.join('\u0000'),
  ): (row: readonly unknown[], context: C | undefined, nested: Nested) => A {
    let map = this.#byColumns.get(signature);
    if (!map) {
      map = this.#compile((f) => {
        // The last column of a name, as an object row keeps the last of two same-named columns.
        const i = columns.lastIndexOf(f.from);
        if (i < 0)
          throw new Error(
            `answer ${this.name}: the statement has no column ${f.from} (its columns: ${columns.join(', ')})`,
          );
        return `(v = r[${i}], typeof v === 'object' && v !== null ? n(v) : v)`;
      });
      // Bounded: one column list per statement shape, but never growing without limit.
      if (this.#byColumns.size >= MAX_COLUMN_LISTS) this.#byColumns.clear();
      this.#byColumns.set(signature, map);
    }
    return map as (row: readonly unknown[], context: C | undefined, nested: Nested) => A;
  }

  #compile(read: (f: Field<unknown>) => string): Compiled<A, C> {
    const body = this.#fields
      .map(([key, f], i) => `${JSON.stringify(key)}: ${f.as ? `c[${i}](${read(f)}, x)` : read(f)}`)
      .join(',\n');
    // Compiled once per declaration (and column list), from the declaration's names only.
    return new Function('c', `return function answerRow(r, x, n) {\nlet v;\nreturn {\n${body}\n};\n};`)(
      this.#converters,
    ) as Compiled<A, C>;
  }
}

const identity: Nested = (v) => v;

/**
 * Declares an answer row over the rows `Raw` of a statement (camelCase names), with an optional
 * context `C` the conversions may read (the PO list's line counts):
 * `answerRow<Raw>()('deliveries', (f) => ({ deliveryNo: f('deliveryNo'), AMT: f('totalAmount', amt) }))`.
 */
export function answerRow<Raw, C = undefined>() {
  const field = <K extends keyof Raw & string, O = Raw[K]>(from: K, as?: (value: Raw[K], context: C) => O): Field<O> =>
    as ? { from, as: as as Field<O>['as'] } : { from };
  // Constrained by `from` alone: a constraint naming Field's output would be the fields' contextual
  // type and infer every output as unknown.
  return <S extends Record<string, { readonly from: string }>>(name: string, declare: (f: typeof field) => S) =>
    new AnswerRow<Raw, AnswerOf<S>, C>(name, declare(field) as unknown as Record<string, Field<unknown>>);
}
