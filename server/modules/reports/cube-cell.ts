/**
 * A spend-cube cell as drill-down filters (docs/reports.md "The spend cube", drill-down): each of the
 * cell's dimensions and keys becomes the order filter that dimension groups by, and a month or a
 * quarter narrows the period to itself. Translated on the server, so the screen passes the cell as
 * it is (dimension and key) and the drill applies the same scope checks to a section or department
 * taken from a key as to one chosen in the filters.
 */
import { badRequest } from '../../http/errors.js';
import type { CubeDimension } from './queries/statements.js';

export interface CellFilters {
  compNo?: string;
  deptcd?: string;
  section?: string;
  catCode?: string;
  sgCode?: string;
  buyerId?: string;
  /** The cube's (미지정) buyer: orders without one. */
  noBuyer?: boolean;
}

export interface CellPart {
  dim: CubeDimension;
  key: string;
}

/** The months a month key (YYYYMM) or a quarter key (YYYYQn) covers, both included. */
function keyMonths(dim: 'month' | 'quarter', key: string): [string, string] {
  if (dim === 'month') {
    if (!/^\d{4}(0[1-9]|1[0-2])$/.test(key)) throw badCell(key);
    return [key, key];
  }
  const m = /^(\d{4})Q([1-4])$/.exec(key);
  if (!m) throw badCell(key);
  const first = (Number(m[2]) - 1) * 3 + 1;
  const mm = (n: number) => String(n).padStart(2, '0');
  return [`${m[1]}${mm(first)}`, `${m[1]}${mm(first + 2)}`];
}

const badCell = (key: string) =>
  badRequest('CUBE_CELL', `분석 기준 값 '${key}'의 형식이 올바르지 않습니다`, [
    { path: 'querystring', message: 'month YYYYMM, quarter YYYYQn' },
  ]);

/**
 * The filters and the period of a cell: `parts` are the cell's dimensions with their keys (a row
 * total has one, the grand total none). The period is the report's, narrowed to a month or quarter
 * key; a key outside the report's period leaves it empty (refused as a reversed period).
 */
export function cellFilters(
  parts: readonly CellPart[],
  period: { fromMonth: string; toMonth: string },
): { filters: CellFilters; fromMonth: string; toMonth: string } {
  const filters: CellFilters = {};
  let { fromMonth, toMonth } = period;
  for (const { dim, key } of parts) {
    switch (dim) {
      case 'supplier':
        filters.compNo = key;
        break;
      case 'department':
        filters.deptcd = key;
        break;
      case 'section':
        filters.section = key;
        break;
      case 'category':
        filters.catCode = key;
        break;
      case 'sourcingGroup':
        filters.sgCode = key;
        break;
      case 'buyer':
        // The cube's key for orders without a buyer is '-' (queries/statements.ts: a key an address can carry).
        if (key === '-') filters.noBuyer = true;
        else filters.buyerId = key;
        break;
      case 'month':
      case 'quarter': {
        const [from, to] = keyMonths(dim, key);
        if (from > fromMonth) fromMonth = from;
        if (to < toMonth) toMonth = to;
        break;
      }
    }
  }
  return { filters, fromMonth, toMonth };
}
