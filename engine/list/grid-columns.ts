/**
 * A definition's columns for the data grid (widgets/data-grid) and for the Excel export: titles
 * translated, code texts resolved, sortability from the operation's `sort` fields.
 */
import type { GridColumn } from '../../widgets/data-grid/grid-model';
import { formatYearMonth } from '../../lib/date';
import { applyMask } from '../../lib/mask';
import type { CodeOption, ColumnDef } from '../definition/types';
import { columnType, DEFAULT_DATETIME_FORMAT, formatDateTime, type ExportColumn } from '../registry/columns';
import { fieldLabel, type Translate } from '../text';

export interface ColumnContext {
  t: Translate;
  codes: (group: string) => CodeOption[];
  sortFields: readonly string[];
  where: string;
}

/** A code column's value → text list: inline options (texts may be i18n keys) or a code group. */
function columnOptions(c: ColumnDef, ctx: ColumnContext): CodeOption[] {
  if (c.options) return c.options.map((o) => ({ value: o.value, text: ctx.t(o.text) }));
  return c.codeGroup ? ctx.codes(c.codeGroup) : [];
}

export function gridColumns(columns: ColumnDef[], ctx: ColumnContext): GridColumn[] {
  return columns
    .filter((c) => !c.hidden)
    .map((c, i) => {
      const type = columnType(c.type ?? 'text', `${ctx.where}/${i}/type`);
      const link = c.link && (c.type ?? 'text') !== 'link' ? 'link' : type.grid;
      return {
        field: c.field,
        title: fieldLabel(ctx.t, c),
        type: link,
        width: c.width,
        currencyField: c.currencyField,
        currency: c.currency,
        exact: c.exact,
        codeOptions: c.type === 'code' ? columnOptions(c, ctx) : undefined,
        sortable: c.sortable ?? ctx.sortFields.includes(c.field),
        editable: c.editable === true,
        align: c.align ?? type.align,
      } satisfies GridColumn;
    });
}

/** Columns whose text the engine prepares (the grid has no timestamp, month or mask cell). */
export function viewTransform(
  columns: ColumnDef[],
): ((row: Record<string, unknown>) => Record<string, unknown>) | null {
  const prepared = columns.filter(
    (c) => c.type === 'datetime' || c.type === 'month' || (c.mask && (c.type ?? 'text') === 'text'),
  );
  if (prepared.length === 0) return null;
  return (row) => {
    const out = { ...row };
    for (const c of prepared) {
      const v = row[c.field];
      out[c.field] =
        c.type === 'datetime'
          ? formatDateTime(v, c.format ?? DEFAULT_DATETIME_FORMAT)
          : c.type === 'month'
            ? formatYearMonth(v)
            : v === null || v === undefined
              ? ''
              : applyMask(c.mask!, String(v));
    }
    return out;
  };
}

/** Columns the Excel file gets: what the user sees, in the same order, with code texts. */
export function exportColumns(columns: ColumnDef[], ctx: ColumnContext): ExportColumn[] {
  return columns
    .filter((c) => !c.hidden && c.export !== false)
    .map((c) => {
      const options = c.type === 'code' ? columnOptions(c, ctx) : [];
      const header = fieldLabel(ctx.t, c);
      return {
        field: c.field,
        header,
        type: c.type ?? (c.link ? 'link' : 'text'),
        codes: options.length ? Object.fromEntries(options.map((o) => [o.value, o.text])) : undefined,
        currencyField: c.currencyField,
        currency: c.currency,
        format: c.format,
        mask: c.mask,
        // Excel widths are characters; grid widths pixels (about 7 px a character, Korean wider).
        width: Math.max(8, Math.min(60, Math.round((c.width ?? Math.max(header.length * 14, 100)) / 7))),
      };
    });
}
