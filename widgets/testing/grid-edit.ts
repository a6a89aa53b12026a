/**
 * Editing a DataGrid cell from a jsdom test the way a keyboard user does: arrow to the cell, Enter
 * opens glide's overlay editor, type, Enter commits. The column is found by its
 * field (the grid's `data-fields`), not by pixel offsets; the helper waits for the current cell, the
 * editor opening and closing, instead of sleeping (a double-click needed 550 ms between edits so
 * that glide would not take the next edit's first click for the second of a double-click).
 */
import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gridCanvas } from './grid-pointer';

export interface GridCellTarget {
  row: number;
  field: string;
  /** The `index`-th grid inside `root` (default the first in the document). */
  index?: number;
  root?: ParentNode;
}

function gridOf({ root = document, index = 0 }: GridCellTarget): HTMLElement {
  const grids = Array.from(root.querySelectorAll<HTMLElement>('[data-gpms-grid]'));
  const grid = grids[index];
  if (!grid) throw new Error(`editGridCell: no grid #${index} (found ${grids.length})`);
  return grid;
}

/** The data column (0-based, row markers not counted) of `field`. */
function columnOf(grid: HTMLElement, target: GridCellTarget): number {
  const fields = (grid.dataset.fields ?? '').split(' ');
  const column = fields.indexOf(target.field);
  if (column < 0)
    throw new Error(
      `gridCell: grid #${target.index ?? 0} has no column "${target.field}" (it has ${fields.join(', ')})`,
    );
  return column;
}

const openEditor = () =>
  document.querySelector<HTMLTextAreaElement | HTMLInputElement>('#portal textarea, #portal input');

/** Types `text` into cell (row, field) through glide's overlay editor and commits it with Enter. */
export async function editGridCell(target: GridCellTarget, text: string): Promise<void> {
  // A keyboard user's way, with no click (two clicks within 500 ms are glide's double-click):
  // focus the grid, arrow from its current cell to the target, Enter opens the editor there.
  const grid = gridOf(target);
  const column = columnOf(grid, target);
  const canvas = gridCanvas(target.root, target.index);
  if (!grid.dataset.current) fireEvent.focusIn(canvas);
  const [fromColumn, fromRow] = await waitFor(() => {
    const at = grid.dataset.current;
    if (!at) throw new Error(`editGridCell: grid #${target.index ?? 0} has no current cell after taking the focus`);
    return at.split(',').map(Number);
  });
  const press = (key: string, times: number) => {
    for (let i = 0; i < times; i++) fireEvent.keyDown(canvas, { key, code: key });
  };
  press(column > fromColumn ? 'ArrowRight' : 'ArrowLeft', Math.abs(column - fromColumn));
  press(target.row > fromRow ? 'ArrowDown' : 'ArrowUp', Math.abs(target.row - fromRow));
  await waitFor(() => {
    if (grid.dataset.current !== `${column},${target.row}`)
      throw new Error(
        `editGridCell: "${target.field}" of row ${target.row} did not become the current cell (it is ${grid.dataset.current})`,
      );
  });
  fireEvent.keyDown(canvas, { key: 'Enter', code: 'Enter', keyCode: 13 });
  const editor = await waitFor(() => {
    const el = openEditor();
    if (!el)
      throw new Error(
        `editGridCell: no editor opened on "${target.field}" of row ${target.row} (is the column editable?)`,
      );
    return el;
  });
  await userEvent.clear(editor);
  await userEvent.type(editor, `${text}{Enter}`);
  await waitFor(() => {
    if (openEditor())
      throw new Error(`editGridCell: the editor on "${target.field}" of row ${target.row} is still open after Enter`);
  });
}
