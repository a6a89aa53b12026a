import type { FilterDef, ListPivotDef } from '../definition/types';
import { fieldLabel, type Translate } from '../text';

/** The text of the option chosen in a select filter (what the axis is: 협력사, 월 …); '' when nothing is chosen. */
function chosenText(t: Translate, defs: readonly FilterDef[], filters: Record<string, unknown>, field?: string) {
  if (!field) return null;
  const value = filters[field];
  if (value === null || value === undefined || value === '') return '';
  const option = defs.find((f) => f.field === field)?.options?.find((o) => o.value === String(value));
  return option ? t(option.text) : String(value);
}

/**
 * What a pivot's axes are for the search its rows came from — the rows' title (협력사 …), the columns' and
 * whether there are columns at all (an empty column choice: the totals only). The screen's pivot and its
 * Excel file name them alike.
 */
export function pivotAxes(
  pivot: ListPivotDef,
  filters: Record<string, unknown>,
  filterDefs: readonly FilterDef[],
  t: Translate,
): { rowTitle: string; columnTitle: string; hasColumns: boolean } {
  const rowTitle =
    chosenText(t, filterDefs, filters, pivot.row.dimension) || (pivot.row.title ? t(pivot.row.title) : '');
  const columnTitle = pivot.column
    ? (chosenText(t, filterDefs, filters, pivot.column.dimension) ?? (pivot.column.title ? t(pivot.column.title) : ''))
    : '';
  return { rowTitle, columnTitle, hasColumns: !!pivot.column && columnTitle !== '' };
}

/** A measure's name (its label, else the screen's label for its field). */
export const measureTitle = (t: Translate, measure: ListPivotDef['measures'][number], labels?: string) =>
  fieldLabel(t, { ...measure, labelKey: labels ? `${labels}.${measure.field}` : undefined });
