/**
 * The list requests the screens send when they open: the screen definitions name the operation,
 * the default filters and sort; the engine adds page and size (ListScreen's DEFAULT_PAGE_SIZE,
 * 100, unless the source names its own). The engine's own filter code (engine/list/filters.ts)
 * cannot be imported under Node (it reaches the React widgets and their CSS), so the few default
 * kinds these five screens use are resolved here the same way: date presets (engine `shift`),
 * ranges as two repeated parameters (the widgets' `rangeQuery`), plain defaults, and quoted
 * literal source params. Anything else throws, so a changed screen cannot be measured wrongly.
 */
import type { FilterDef, ListScreenDef } from '../engine/definition/types';
import poList from '../screens/purchase-order/orderRequestList.screen';
import warehousingItems from '../screens/fulfilment-delivery/warehousingItemList.screen';
import deliveries from '../screens/fulfilment-delivery/deliverListAdmin.screen';
import settlements from '../screens/settlement/monthlyCalcAdmin.screen';
import prList from '../screens/purchase-request/prList.screen';

/** engine/list/ListScreen.tsx DEFAULT_PAGE_SIZE */
export const ENGINE_PAGE_SIZE = 100;

export interface ListCase {
  name: string;
  screen: string;
  operation: string;
  pageSize: number;
  /** Query parameters without page and size, repeated keys as arrays. */
  query: Record<string, string | string[]>;
}

export const SCREENS: Array<{ name: string; def: ListScreenDef }> = [
  { name: 'PO list', def: poList as ListScreenDef },
  { name: 'warehousing items', def: warehousingItems as ListScreenDef },
  { name: 'deliveries', def: deliveries as ListScreenDef },
  { name: 'settlements', def: settlements as ListScreenDef },
  { name: 'PR list', def: prList as ListScreenDef },
];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** engine/list/filters.ts `shift`: the same day `months` back, or that month's last day. */
function monthsBack(today: Date, months: number): Date {
  const d = new Date(today.getFullYear(), today.getMonth() - months, today.getDate());
  if (d.getDate() !== today.getDate()) d.setDate(0);
  return d;
}

function presetRange(preset: string, today: Date): { from: string; to: string } {
  const to = day(today);
  if (preset === 'last3Months') return { from: day(monthsBack(today, 3)), to };
  if (preset === 'lastMonth') return { from: day(monthsBack(today, 1)), to };
  if (preset === 'thisYear') return { from: `${today.getFullYear()}-01-01`, to };
  throw new Error(`bench: preset ${preset} not resolved here`);
}

function filterParams(f: FilterDef, today: Date): Record<string, string | string[]> {
  const def = f.default;
  if (def === undefined) return {};
  if (typeof def === 'string') return { [f.field]: def };
  if (def && typeof def === 'object' && 'preset' in def) {
    let { from, to } = presetRange(def.preset, today);
    if (f.widget === 'monthRange') [from, to] = [from.slice(0, 7).replace('-', ''), to.slice(0, 7).replace('-', '')];
    else if (f.widget !== 'dateRange') throw new Error(`bench: preset on ${f.widget}`);
    return f.params ? { [f.params.from]: from, [f.params.to]: to } : { [f.field]: [from, to] };
  }
  throw new Error(`bench: default of ${f.field} not resolved here`);
}

export function screenCase(name: string, def: ListScreenDef, today = new Date()): ListCase {
  const query: Record<string, string | string[]> = {};
  for (const [key, expr] of Object.entries(def.source.params?.query ?? {})) {
    const m = typeof expr === 'string' ? /^'([^']*)'$/.exec(expr) : null;
    if (!m) throw new Error(`bench: source param ${key} is not a literal`);
    query[key] = m[1];
  }
  for (const f of def.filters ?? []) {
    if (f.prefill) throw new Error(`bench: prefilled filter ${f.field}`);
    Object.assign(query, filterParams(f, today));
  }
  if (def.source.defaultSort) query.sort = def.source.defaultSort;
  return {
    name,
    screen: def.id,
    operation: def.source.operation,
    pageSize: def.source.pageSize ?? ENGINE_PAGE_SIZE,
    query,
  };
}

/** The query string the engine's client sends (arrays as repeated keys, openapi-fetch's default). */
export function queryString(query: ListCase['query'], page: number, size: number): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
  qs.set('page', String(page));
  qs.set('size', String(size));
  return qs.toString();
}
