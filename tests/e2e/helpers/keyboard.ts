import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './auth';
import { poll } from './screen';

/**
 * Driving the app with the keyboard alone: no mouse, no click(), no fill() — focus moves
 * only by Tab/Shift+Tab and arrows, text arrives by key presses. Locators only say where the user
 * wants to be; the keys take them there.
 */

/** Whether `target` (or an element inside it) holds the focus. */
export const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${max} presses of Tab did not reach ${String(target)}; the focus is on ${at}`);
}

/** Tabs to a text field and types into it, replacing what it held. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Tabs to a button and presses Enter on it. */
export async function press(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/** The internal login form by keyboard: id, Tab, password, Enter. */
export async function keyboardLogin(page: Page, userId: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await typeInto(page, page.getByLabel('아이디'), userId);
  await typeInto(page, page.getByLabel('비밀번호'), password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
}

/**
 * The id of the element holding the focus once it has stayed put for `quietMs`: glide moves the DOM focus to a cell
 * when its accessibility table catches up (a debounce of 200 ms, longer on a busy machine), so a reading taken just
 * after a key may still show the cell before. Only for a focus no key of ours predicts (the cell the grid chose when
 * Tab entered it, or where an editor that closed left it); after an arrow key the cell it leads to is awaited instead
 * (`arrowTo`).
 */
async function settledFocusId(page: Page, quietMs = 400): Promise<string> {
  let last = '';
  let since = Date.now();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const id = await page.evaluate(() => document.activeElement?.id ?? '');
    if (id !== last) [last, since] = [id, Date.now()];
    else if (Date.now() - since >= quietMs) return id;
    await page.waitForTimeout(50);
  }
  return last;
}

/** Data columns count from 0: glide's cell ids count its check-box column (the row markers) when it has one. */
async function markerColumns(grid: Locator): Promise<number> {
  return (await grid.getAttribute('data-row-marker-width')) !== '0' ? 1 : 0;
}

const cellId = (marker: number, [column, row]: [number, number]) => `glide-cell-${column + marker}-${row}`;

/** [column, row] of the grid cell that has the focus once it has settled, or null when no cell of `grid` has it. */
async function focusedCell(page: Page, grid: Locator, marker: number): Promise<[number, number] | null> {
  const id = await settledFocusId(page);
  const m = /^glide-cell-(\d+)-(\d+)$/.exec(id);
  if (!m || !(await hasFocus(grid))) return null;
  return [Number(m[1]) - marker, Number(m[2])];
}

/** Whether `holds(arg)` comes true in the page within `timeout` ms. */
const comesTrue = (page: Page, holds: (arg: string) => boolean, arg: string, timeout: number) =>
  page.waitForFunction(holds, arg, { timeout }).then(
    () => true,
    () => false,
  );

/** Whether the DOM focus reaches the element of id `id` within `timeout` ms. */
const focusReaches = (page: Page, id: string, timeout: number) =>
  comesTrue(page, (want) => document.activeElement?.id === want, id, timeout);

/**
 * Moves the grid's focus to data cell [column, row] with the arrow keys, one key at a time (Tab into the grid first if
 * it does not have the focus: it then focuses a first cell). After each key the focus is awaited on the cell the key
 * leads to; a key that leads elsewhere (the grid's edge) is read again once the focus has settled.
 */
export async function arrowTo(page: Page, grid: Locator, column: number, row: number): Promise<void> {
  if (!(await hasFocus(grid))) await tabTo(page, grid.locator('canvas[data-testid="data-grid-canvas"]'));
  const marker = await markerColumns(grid);
  let at = await focusedCell(page, grid, marker);
  for (let i = 0; i < 60; i++) {
    if (!at)
      throw new Error(
        `The grid's focus is on no cell (${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))})`,
      );
    if (at[0] === column && at[1] === row) return;
    const [key, next]: [string, [number, number]] =
      at[1] < row
        ? ['ArrowDown', [at[0], at[1] + 1]]
        : at[1] > row
          ? ['ArrowUp', [at[0], at[1] - 1]]
          : at[0] < column
            ? ['ArrowRight', [at[0] + 1, at[1]]]
            : ['ArrowLeft', [at[0] - 1, at[1]]];
    await page.keyboard.press(key);
    at = (await focusReaches(page, cellId(marker, next), 5000)) ? next : await focusedCell(page, grid, marker);
  }
  throw new Error(`The arrows did not bring the grid's focus to [${column}, ${row}]`);
}

/** Edits the grid cell [column, row] by keyboard: arrows to it, Enter opens the editor, the text replaces the value, Enter commits; waits until the cell shows it. */
export async function editCellByKeyboard(
  page: Page,
  grid: Locator,
  column: number,
  row: number,
  text: string,
): Promise<void> {
  // On a loaded machine the editor's last keystroke can reach glide after the Enter that commits it
  // (the cell then shows "1" for "10"): the edit is made again, as a person who sees it would.
  for (let attempt = 1; ; attempt++) {
    if (await editCellOnce(page, grid, column, row, text)) break;
    const shown = await shownIn(grid, column, row);
    if (attempt === 3)
      throw new Error(`Cell [${column}, ${row}] shows "${shown}" after typing "${text}" and Enter (3 tries)`);
  }
  // The focus goes back to the grid as the editor closes: the next move reads its cell from there (`arrowTo`).
  await poll(() => hasFocus(grid), 5000)
    .toBe(true)
    .catch(() => undefined);
}

async function shownIn(grid: Locator, column: number, row: number): Promise<string> {
  const cell = grid.locator(`#${cellId(await markerColumns(grid), [column, row])}`);
  return ((await cell.textContent({ timeout: 5000 }).catch(() => null)) ?? '').replace(/,/g, '');
}

/** Lets the page run what it has queued (a frame, then its timers of no delay): an editor's effects after its focus. */
const pageSettles = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));

async function editCellOnce(page: Page, grid: Locator, column: number, row: number, text: string): Promise<boolean> {
  await arrowTo(page, grid, column, row);
  await page.keyboard.press('Enter');
  const editor = page.locator('#portal textarea, #portal input').first();
  await editor.waitFor();
  // Keys typed before the editor holds the focus would land on the grid (which starts an edit of its own).
  await page.waitForFunction(
    () => document.querySelector('#portal')?.contains(document.activeElement) === true,
    undefined,
    { timeout: 5000 },
  );
  // The editor places its caret and value from effects and timers of its own once it has the focus: keys typed
  // before those ran would be overwritten. So the page runs them first, and a value that still does not read as
  // typed is selected and typed again.
  await pageSettles(page);
  let typed = false;
  for (let i = 0; i < 3 && !typed; i++) {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(text);
    typed = await comesTrue(
      page,
      (want) => (document.activeElement as HTMLInputElement | null)?.value === want,
      text,
      2000,
    );
  }
  if (!typed) {
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    return false;
  }
  // The editor's state follows the last key before Enter reads it (glide commits the value of its last render).
  await pageSettles(page);
  await page.keyboard.press('Enter');
  await editor.waitFor({ state: 'detached' });
  const want = text.replace(/,/g, '');
  return poll(async () => (await shownIn(grid, column, row)) === want, 10_000)
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}
