/**
 * Reading and clicking a DataGrid (glide-data-grid) from tests and story play functions: glide
 * keeps an accessibility table of the visible cells inside its canvas, and takes mouse events
 * by coordinates, which these helpers compute from the grid's data attributes.
 */
import { fireEvent } from '@testing-library/dom';

/** The canvas of the `index`-th grid inside `root`. */
export function gridCanvas(root: ParentNode = document, index = 0): HTMLCanvasElement {
  const canvases = Array.from(
    root.querySelectorAll<HTMLCanvasElement>('[data-gpms-grid] canvas[data-testid="data-grid-canvas"]'),
  );
  const canvas = canvases[index];
  if (!canvas) throw new Error(`gridCanvas: no grid #${index} (found ${canvases.length})`);
  return canvas;
}

/** Texts of the data rows glide currently exposes (its accessibility table), one array per row. */
export function gridRowTexts(root: ParentNode = document, index = 0): string[][] {
  const canvas = gridCanvas(root, index);
  return Array.from(canvas.querySelectorAll('tbody tr')).map((tr) =>
    Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? ''),
  );
}

/** Header titles as glide exposes them. */
export function gridHeaderTexts(root: ParentNode = document, index = 0): string[] {
  const canvas = gridCanvas(root, index);
  return Array.from(canvas.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
}

export interface GridPointOptions {
  /** x inside the grid; default the middle of the first data column. */
  x?: number;
  root?: ParentNode;
  index?: number;
}

/** Client coordinates of the middle of data row `row` (−1: the header). */
function gridPoint(row: number, { x, root, index }: GridPointOptions = {}) {
  const canvas = gridCanvas(root, index);
  const grid = canvas.closest<HTMLElement>('[data-gpms-grid]')!;
  const header = Number(grid.dataset.headerHeight);
  const rowHeight = Number(grid.dataset.rowHeight);
  const marker = Number(grid.dataset.rowMarkerWidth);
  const rect = canvas.getBoundingClientRect();
  return {
    canvas,
    clientX: rect.left + (x ?? marker + 20),
    clientY: rect.top + (row < 0 ? header / 2 : header + row * rowHeight + rowHeight / 2),
  };
}

function press(canvas: HTMLCanvasElement, clientX: number, clientY: number, init: MouseEventInit = {}) {
  fireEvent.mouseDown(canvas, { clientX, clientY, button: 0, buttons: 1, ...init });
  fireEvent.mouseUp(canvas, { clientX, clientY, button: 0, ...init });
  fireEvent.click(canvas, { clientX, clientY, button: 0, ...init });
}

/** Clicks data row `row` (or the header with −1). */
export function clickGridRow(row: number, options: GridPointOptions & { init?: MouseEventInit } = {}) {
  const { canvas, clientX, clientY } = gridPoint(row, options);
  press(canvas, clientX, clientY, options.init);
}

/** Double-clicks data row `row`: two clicks within glide's 500 ms. */
export function doubleClickGridRow(row: number, options: GridPointOptions = {}) {
  const { canvas, clientX, clientY } = gridPoint(row, options);
  press(canvas, clientX, clientY);
  press(canvas, clientX, clientY);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Clicks in a real browser (story play functions). glide keeps the mouse-down state in React
 * state, so React must render between mousedown and mouseup — Testing Library's act() does that
 * in jsdom; in a browser a short pause does.
 */
async function pressAsync(canvas: HTMLCanvasElement, clientX: number, clientY: number): Promise<number> {
  fireEvent.mouseDown(canvas, { clientX, clientY, button: 0, buttons: 1 });
  await pause(30);
  // Read before the mouse-up, as glide reads its clock first thing in its handler. Read after it, the time the
  // handlers took (longer on a loaded machine) counted in the gap: a first press's slow handler made two presses
  // glide saw more than 500 ms apart look closer, and the helper stopped without a double click.
  const upAt = performance.now();
  fireEvent.mouseUp(canvas, { clientX, clientY, button: 0 });
  fireEvent.click(canvas, { clientX, clientY, button: 0 });
  await pause(30);
  return upAt;
}

/** clickGridRow for story play functions. */
export async function clickGridRowAsync(row: number, options: GridPointOptions = {}) {
  const { canvas, clientX, clientY } = gridPoint(row, options);
  await pressAsync(canvas, clientX, clientY);
}

/** doubleClickGridRow for story play functions: two clicks well within glide's 500 ms. */
export async function doubleClickGridRowAsync(row: number, options: GridPointOptions = {}) {
  const { canvas, clientX, clientY } = gridPoint(row, options);
  // glide counts a double click when two mouse-ups come within 500 ms. On a loaded machine the short pauses
  // can stretch past that and the pair reads as two single clicks: then press again (the row stays selected),
  // a few times at most, so the helper does what its name says rather than what the machine's load allows.
  let previousUp = await pressAsync(canvas, clientX, clientY);
  for (let tries = 0; tries < 4; tries++) {
    const up = await pressAsync(canvas, clientX, clientY);
    if (up - previousUp < 500) return;
    previousUp = up;
  }
}
