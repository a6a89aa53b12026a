import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** A column of the rows to order by, ascending unless followed by ` desc`. */
type OrderKey<O> = (keyof O & string) | `${keyof O & string} desc`;

/**
 * The rows of `query` as one json array, '[]' when there is none: a document's lines, files,
 * history… as one column of the document's own statement instead of one statement each.
 *
 * Ordered by `order` (columns of the rows) inside `json_agg` itself, not by trusting the order of a
 * sorted subquery. Each row becomes an object whose keys are the statement's column names — snake_case
 * in SQL, renamed back to camelCase by the camelCase plugin as it renames a row (it renames the keys
 * of every object inside a json column: server/db/lists/README.md, "json columns"). So the keys must
 * be column names, never data (a code as a key would be renamed too), and a value must keep its type
 * through JSON: numeric columns cast to text (a JSON number loses a decimal's digits and trailing
 * zeros), timestamps read through `iso()` (json writes them `…T05:30:09.123456+00:00`), int8 read
 * with `Number()`.
 */
export function jsonRows<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source tables: only the rows' type matters here
  query: SelectQueryBuilder<any, any, O>,
  order: ReadonlyArray<OrderKey<O>>,
): RawBuilder<O[]> {
  const by = order.map((key) => {
    const [column, direction] = key.split(' ');
    return direction === 'desc' ? sql`${sql.ref(`x.${column}`)} desc` : sql`${sql.ref(`x.${column}`)}`;
  });
  return sql<O[]>`(select coalesce(json_agg(x order by ${sql.join(by)}), '[]') from (${query}) as x)`;
}

/** A json column as both drivers may hand it: parsed, or its text. */
export function parsedJson<T>(value: T | string): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
