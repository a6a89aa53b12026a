import { useEffect, useRef, type RefObject } from 'react';
import { SORT_SHORTCUT, type GridColumn, type GridSort } from './grid-model';

/**
 * What glide-data-grid's accessibility table leaves out, added to it in place.
 *
 * glide draws on a canvas and renders, as the canvas's fallback content, a `<table role="grid">` of
 * the rows on screen: Chromium puts it in the accessibility tree (gridcells named with the cell's
 * text as shown, aria-rowcount, aria-selected rows) and glide moves DOM focus to the focused cell's
 * `<td>`, so a screen reader announces each cell as the arrows move. The table has no layout box
 * (canvas fallback content is never rendered), which is why layout-based tools — Playwright's
 * role queries, accessibility-tree snapshots that drop "invisible" nodes — count 0 gridcells.
 *
 * glide gives no props for the table itself, so this fills in, whenever glide re-renders it: the
 * grid's name, aria-multiselectable as the grid selects, aria-sort on the sorted column (whose
 * header is named without the ▲/▼ drawn after its title), aria-keyshortcuts (Alt+S) on the headers
 * that sort, and a name on the cell editor glide opens
 * in `#portal` (the column's title).
 */
export function useAccessibleTable(
  root: RefObject<HTMLElement | null>,
  options: {
    label: string | undefined;
    multiselectable: boolean;
    columns: readonly GridColumn[];
    sort: GridSort | null | undefined;
    sortable: boolean;
    editingColumn: number | undefined;
  },
): void {
  const { label, multiselectable, columns, sort, sortable, editingColumn } = options;
  const editorLabel = useRef<string | undefined>(undefined);
  useEffect(() => {
    editorLabel.current = editingColumn === undefined ? undefined : columns[editingColumn]?.title;
  }, [editingColumn, columns]);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const apply = () => {
      const table = el.querySelector('table[role="grid"]');
      if (!table) return;
      setAttr(table, 'aria-label', label ?? null);
      setAttr(table, 'aria-multiselectable', multiselectable ? 'true' : 'false');
      for (const th of table.querySelectorAll('th[role="columnheader"]')) {
        // aria-colindex counts data columns from 1 (glide leaves the check-box column out).
        const column = columns[Number(th.getAttribute('aria-colindex')) - 1];
        const sorted = column && sort && sort.field === column.field ? sort.direction : null;
        setAttr(th, 'aria-sort', sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : null);
        setAttr(th, 'aria-label', sorted ? column.title : null);
        // The grid's sort key, announced with the header a screen reader reads on each column change.
        setAttr(th, 'aria-keyshortcuts', sortable && column && column.sortable !== false ? SORT_SHORTCUT : null);
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, label, multiselectable, columns, sort, sortable]);

  useEffect(() => {
    const portal = document.getElementById('portal');
    if (!portal) return;
    const apply = () => {
      const editor = portal.querySelector('textarea, input, select');
      if (editor && editorLabel.current && !editor.hasAttribute('aria-label'))
        editor.setAttribute('aria-label', editorLabel.current);
    };
    const observer = new MutationObserver(apply);
    observer.observe(portal, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
