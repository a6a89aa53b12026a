import {
  AliasNode,
  CamelCasePlugin,
  ColumnNode,
  IdentifierNode,
  PostgresQueryCompiler,
  ReferenceNode,
  SelectionNode,
  type Dialect,
  type OperationNode,
  type OrderByItemNode,
  type QueryCompiler,
  type SelectQueryNode,
} from 'kysely';

/**
 * camelCase names in code, snake_case in the database, renamed as the statement is compiled
 * (issue #27 item 1). Kysely's CamelCasePlugin renames by copying the whole operation tree before
 * compiling — and again for every subquery as it is embedded — which was most of Kysely's ≈ 0.6 ms
 * per list request (transformNodeImpl, freeze). Here the compiler writes each identifier's
 * snake_case name where it writes the identifier, from a memo, so no tree is copied. The names are
 * CamelCasePlugin's own (underscoreBeforeDigits: the spec's TAX_NO_2 is tax_no_2, taxNo2 in code);
 * rows are renamed back by CompiledCamelCasePlugin (camel-rows.ts), whose transformQuery leaves the
 * tree alone. Plugins added after it (company-scope.ts) therefore see the names as written in code.
 *
 * The statement's own select (the outermost, not a CTE's, a subquery's or a union's) names its plain
 * columns and aliases as the answer does: `"po_no" as "poNo"`, `… as "lineCount"` (issue #27 item 1),
 * so the driver's row already has the answer's names and the row renamer need not copy it. Inner
 * selects keep their snake names (outer statements refer to them). The outermost ORDER BY refers to
 * an output column by its bare name (PostgreSQL looks output names up first there), so such a name is
 * written as the output's new one; a GROUP BY or DISTINCT ON naming an aliased output, and unions,
 * keep the old names altogether. `*`, expressions without alias and `returning` keep theirs; the
 * renamer renames what is left.
 */
class Names extends CamelCasePlugin {
  snake(identifier: string): string {
    return this.snakeCase(identifier);
  }
  camel(name: string): string {
    return this.camelCase(name);
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

/** A column's name as the answer's row carries it: tax_no_2 → taxNo2 (as CompiledCamelCasePlugin renames). */
export function camelName(name: string): string {
  return names.camel(name);
}

/** A bare column reference (`"po_no"`, not `"h"."po_no"`): its database name, else null. */
function bareColumn(node: OperationNode): string | null {
  if (ColumnNode.is(node)) return snakeName(node.column.name);
  if (ReferenceNode.is(node) && !node.table && ColumnNode.is(node.column)) return snakeName(node.column.column.name);
  return null;
}

/**
 * The outermost select's output columns that get an answer name: database name → answer name, and
 * which of them are aliases. Null when the statement keeps its old names (see above).
 */
function outputNames(node: SelectQueryNode): Map<string, string> | null {
  if (!node.selections || node.setOperations?.length || node.distinctOn?.length) return null;
  const renamed = new Map<string, string>();
  const aliased = new Set<string>();
  for (const { selection } of node.selections) {
    let out: string | null = null;
    if (ReferenceNode.is(selection) && ColumnNode.is(selection.column)) out = snakeName(selection.column.column.name);
    else if (AliasNode.is(selection) && IdentifierNode.is(selection.alias)) {
      out = snakeName(selection.alias.name);
      aliased.add(out);
    }
    if (out === null) continue;
    const answer = camelName(out);
    if (answer !== out) renamed.set(out, answer);
  }
  if (renamed.size === 0) return null;
  // GROUP BY looks input columns up first: an aliased output named there must keep its name.
  for (const item of node.groupBy?.items ?? []) {
    const name = bareColumn(item.groupBy);
    if (name !== null && aliased.has(name) && renamed.has(name)) return null;
  }
  return renamed;
}

class SnakeCaseCompiler extends PostgresQueryCompiler {
  readonly #quoted = new Map<string, string>();
  /** While the outermost select is compiled: it, and its outputs' answer names. */
  #root: SelectQueryNode | null = null;
  #renamed: Map<string, string> | null = null;

  protected override visitSelectQuery(node: SelectQueryNode): void {
    const renamed = this.parentNode === undefined ? outputNames(node) : null;
    if (!renamed) return super.visitSelectQuery(node);
    this.#root = node;
    this.#renamed = renamed;
    try {
      super.visitSelectQuery(node);
    } finally {
      this.#root = null;
      this.#renamed = null;
    }
  }

  /** `"h"."po_no"` among the outermost outputs: `"h"."po_no" as "poNo"`. */
  protected override visitSelection(node: SelectionNode): void {
    super.visitSelection(node);
    if (this.#renamed && this.parentNode === this.#root && ReferenceNode.is(node.selection) && ColumnNode.is(node.selection.column)) {
      const answer = this.#renamed.get(snakeName(node.selection.column.column.name));
      if (answer) this.append(` as ${this.#answerIdentifier(answer)}`);
    }
  }

  /** `count(*) as "line_count"` among the outermost outputs: `… as "lineCount"`. */
  protected override visitAlias(node: AliasNode): void {
    const stack = this.nodeStack;
    const answer = this.#renamed && IdentifierNode.is(node.alias) && stack[stack.length - 3] === this.#root && SelectionNode.is(stack[stack.length - 2]) ? this.#renamed.get(snakeName(node.alias.name)) : undefined;
    if (!answer) return super.visitAlias(node);
    this.visitNode(node.node);
    this.append(` as ${this.#answerIdentifier(answer)}`);
  }

  /** The outermost ORDER BY naming an output by its bare old name: the output's new name. */
  protected override visitOrderByItem(node: OrderByItemNode): void {
    const stack = this.nodeStack;
    const bare = this.#renamed && stack[stack.length - 3] === this.#root ? bareColumn(node.orderBy) : null;
    const answer = bare === null ? undefined : this.#renamed!.get(bare);
    if (!answer) return super.visitOrderByItem(node);
    // As the default compiler's, with the name written in place of the reference.
    this.append(this.#answerIdentifier(answer));
    if (node.collation) {
      this.append(' ');
      this.visitNode(node.collation);
    }
    if (node.direction) {
      this.append(' ');
      this.visitNode(node.direction);
    }
    if (node.nulls) this.append(` nulls ${node.nulls}`);
  }

  /** An answer name, quoted as an identifier but not renamed to snake_case. */
  #answerIdentifier(name: string): string {
    return `"${super.sanitizeIdentifier(name)}"`;
  }

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
