/**
 * The filter form's data side: initial values (defaults and spec §6 prefill from login data),
 * the query a search sends, required checks, and the remembered filter of spec §3
 * (values + isSearched, per tab).
 */
import { employeeSearchPrefill } from '../../lib/authority';
import { formatDate } from '../../lib/date';
import type { DefaultValue, FilterDef } from '../definition/types';
import { mainPart, widgetSpec } from '../registry/widgets';
import type { LoginData } from '../../widgets/services';

export type FilterValues = Record<string, unknown>;

const day = (d: Date) => formatDate(d, 'yyyy-MM-dd');

function shift(today: Date, days: number, months = 0): Date {
  const d = new Date(today.getFullYear(), today.getMonth() + months, today.getDate() + days);
  // The same day a month back, or the month's last day when it has none (31 May → 30 April).
  if (months !== 0 && d.getDate() !== today.getDate()) d.setDate(0);
  return d;
}

/** A default as a value for the filter's widget. */
export function defaultValue(
  def: DefaultValue | undefined,
  widget: string | undefined,
  login: LoginData | null,
  today: Date,
  query: Record<string, string> = {},
): unknown {
  if (def === undefined) {
    const spec = widgetSpec(widget, 'default');
    return spec.initial ? spec.initial(login) : spec.empty();
  }
  if (def === null || typeof def !== 'object' || Array.isArray(def)) return def;
  if ('login' in def) return login?.[def.login] ?? '';
  if ('query' in def) return query[def.query] || (def.or ?? '');
  // A record's field exists only in a prompt, which reads it itself (runtime/prompt.tsx).
  if ('record' in def) return '';
  if ('today' in def) return day(shift(today, def.today));
  if ('year' in def) return String(today.getFullYear() + def.year);
  const to = day(today);
  const from =
    def.preset === 'today'
      ? to
      : def.preset === 'lastWeek'
        ? day(shift(today, -7))
        : def.preset === 'lastMonth'
          ? day(shift(today, 0, -1))
          : def.preset === 'last3Months'
            ? day(shift(today, 0, -3))
            : def.preset === 'thisMonth'
              ? day(new Date(today.getFullYear(), today.getMonth(), 1))
              : day(new Date(today.getFullYear(), 0, 1));
  if (widget === 'monthRange') return { from: from.slice(0, 7).replace('-', ''), to: to.slice(0, 7).replace('-', '') };
  return widget === 'dateRange' ? { from, to } : from;
}

/**
 * Spec §6 prefill: an employee filter starts with the login data's section, department or
 * person only when the user's authority group allows it (99, 51, 50, 34, 33 nothing; 32 section;
 * 31 section and department; 30 and others all).
 */
function prefillValue(f: FilterDef, login: LoginData | null): unknown | undefined {
  if (!f.prefill || !login) return undefined;
  const allowed = employeeSearchPrefill(login.authGroupId);
  if (f.prefill === 'section') return allowed.section ? { topDept: login.section, sectionName: '' } : undefined;
  if (f.prefill === 'department')
    return allowed.department ? { deptcd: login.deptcd, deptnm: login.deptnm } : undefined;
  return allowed.person ? { singleid: login.singleid, hname: login.hname } : undefined;
}

export function initialFilterValues(
  filters: FilterDef[] | undefined,
  login: LoginData | null,
  today = new Date(),
): FilterValues {
  const out: FilterValues = {};
  for (const f of filters ?? []) {
    const pre = prefillValue(f, login);
    out[f.field] = pre !== undefined ? pre : defaultValue(f.default, f.widget, login, today);
  }
  return out;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** What a search sends: each filter's value under its query parameter(s) or its path parameter; blanks are left out. */
export function filterQuery(
  filters: FilterDef[] | undefined,
  values: FilterValues,
): { query: Record<string, unknown>; path: Record<string, unknown> } {
  const out: Record<string, unknown> = {};
  const path: Record<string, unknown> = {};
  for (const f of filters ?? []) {
    const v = values[f.field];
    if (f.in === 'path') {
      if (!blank(v)) path[f.field] = typeof v === 'string' ? v.trim() : v;
      continue;
    }
    if (f.params) {
      const parts = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
      for (const [part, param] of Object.entries(f.params))
        if (!blank(parts[part]))
          out[param] = typeof parts[part] === 'string' ? (parts[part] as string).trim() : parts[part];
      continue;
    }
    const spec = widgetSpec(f.widget, f.field);
    const value = mainPart(spec, v);
    if (!blank(value)) out[f.field] = typeof value === 'string' ? value.trim() : value;
  }
  return { query: out, path };
}

/** Widgets whose value is one plain text, so a link's query can set it. */
const LINKABLE = new Set(['text', 'textarea', 'number', 'select', 'date', 'month', 'company', 'checkbox']);

/**
 * Filters a link sets (`/adjustSearch?settleNo=ST2026-000123`): the screen's query parameters
 * named like a filter of a plain widget (text, select, date, month, company …; a multiSelect takes
 * a comma-separated list). Null when the query names none.
 */
export function queryFilterValues(
  filters: FilterDef[] | undefined,
  query: Record<string, string> | undefined,
): FilterValues | null {
  const out: FilterValues = {};
  for (const f of filters ?? []) {
    const v = query?.[f.field];
    if (v === undefined || v === '') continue;
    const widget = f.widget ?? 'text';
    if (widget === 'multiSelect') out[f.field] = v.split(',').filter(Boolean);
    else if (LINKABLE.has(widget)) out[f.field] = v;
  }
  return Object.keys(out).length ? out : null;
}

/** Required filters left empty. */
export function missingRequired(filters: FilterDef[] | undefined, values: FilterValues): FilterDef[] {
  return (filters ?? []).filter((f) => f.required && !widgetSpec(f.widget, f.field).filled(values[f.field]));
}

export interface RememberedFilter {
  values: FilterValues;
  isSearched: boolean;
}

const STORAGE_PREFIX = 'gpms.filter.';

export function rememberKey(screenId: string, remember: boolean | { key: string } | undefined): string | null {
  if (!remember) return null;
  return STORAGE_PREFIX + (typeof remember === 'object' ? remember.key : screenId);
}

export function readRemembered(storage: Storage | null, key: string | null): RememberedFilter | null {
  if (!storage || !key) return null;
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<RememberedFilter>;
    return parsed && typeof parsed.values === 'object' && parsed.values !== null
      ? { values: parsed.values, isSearched: parsed.isSearched === true }
      : null;
  } catch {
    return null;
  }
}

export function writeRemembered(storage: Storage | null, key: string | null, value: RememberedFilter): void {
  if (!storage || !key) return;
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}
