/**
 * A list's count when it rides in its page's statement (README.md, "count in the page"): each row carries it as
 * `listTotal`. An empty first page means the filter keeps nothing; only a page found empty past the first asks
 * for the count alone, so the total stays right when rows went away between two pages.
 */
export async function pageTotal(
  rows: ReadonlyArray<{ listTotal: unknown }>,
  offset: number,
  countAlone: () => Promise<{ n: unknown }>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0].listTotal);
  return offset > 0 ? Number((await countAlone()).n) : 0;
}
