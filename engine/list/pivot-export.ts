import type { FilterDef, ListPivotDef } from '../definition/types';
import type { PivotExportLayout } from '../export/server-export';
import type { Translate } from '../text';
import { measureTitle, pivotAxes } from './pivot-axes';

/**
 * A pivot screen's Excel file as its pivot (docs/screen-definitions.md "Pivot"): the axes of the search the
 * rows came from, every measure in the chooser's order (a sheet each) and the screen's words for the headers;
 * the server lays the sheets out (server/modules/exports/pivot-workbook.ts) from the same rows, up to `limit`.
 */
export function pivotExportLayout(
  pivot: ListPivotDef,
  search: { filters: Record<string, unknown>; filterDefs: readonly FilterDef[]; labels?: string; limit: number },
  t: Translate,
): PivotExportLayout {
  const { rowTitle, hasColumns } = pivotAxes(pivot, search.filters, search.filterDefs, t);
  return {
    row: { key: pivot.row.key, label: pivot.row.label, title: rowTitle || t('engine.pivotExportRowTitle') },
    ...(hasColumns ? { column: { key: pivot.column!.key, label: pivot.column!.label } } : {}),
    measures: pivot.measures.map((m) => ({
      field: m.field,
      ...(m.previous ? { previous: m.previous } : {}),
      header: measureTitle(t, m, search.labels),
    })),
    texts: {
      total: t('engine.totalLabel'),
      previous: t('engine.pivotExportPrevious'),
      change: t('engine.pivotExportChange'),
      rows: t('engine.pivotExportRows'),
    },
    limit: search.limit,
  };
}
