import { CamelCasePlugin, PostgresQueryCompiler, type Dialect, type QueryCompiler } from 'kysely';

/**
 * camelCase names in code, snake_case in the database, renamed as the statement is compiled
 *. Kysely's CamelCasePlugin renames by copying the whole operation tree before
 * compiling — and again for every subquery as it is embedded — which was most of Kysely's ≈ 0.6 ms
 * per list request (transformNodeImpl, freeze). Here the compiler writes each identifier's
 * snake_case name where it writes the identifier, from a memo, so no tree is copied. The names are
 * CamelCasePlugin's own (underscoreBeforeDigits: the spec's TAX_NO_2 is tax_no_2, taxNo2 in code);
 * rows are renamed back by CompiledCamelCasePlugin (camel-rows.ts), whose transformQuery leaves the
 * tree alone. Plugins added after it (company-scope.ts) therefore see the names as written in code.
 */
class Names extends CamelCasePlugin {
  snake(identifier: string): string {
    return this.snakeCase(identifier);
  }
}
const names = new Names({ underscoreBeforeDigits: true });
const memo = new Map<string, string>();

/** An identifier as the database names it: orderNo → order_no, taxNo2 → tax_no_2 (memoised). */
export function snakeName(identifier: string): string {
  let name = memo.get(identifier);
  if (name === undefined) {
    name = names.snake(identifier);
    // Identifiers come from code (tables, columns, aliases): finite, but never grow without bound.
    if (memo.size >= 10_000) memo.clear();
    memo.set(identifier, name);
  }
  return name;
}

class SnakeCaseCompiler extends PostgresQueryCompiler {
  readonly #quoted = new Map<string, string>();

  protected override sanitizeIdentifier(identifier: string): string {
    let out = this.#quoted.get(identifier);
    if (out === undefined) {
      out = super.sanitizeIdentifier(snakeName(identifier));
      if (this.#quoted.size >= 10_000) this.#quoted.clear();
      this.#quoted.set(identifier, out);
    }
    return out;
  }
}

/** The dialect with statements compiled by SnakeCaseCompiler (PostgreSQL's compiler, names renamed). */
export function withSnakeCaseCompiler(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: (): QueryCompiler => new SnakeCaseCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
