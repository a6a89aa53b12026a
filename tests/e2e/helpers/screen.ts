import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Reading and driving engine screens as a user does — fields, grids (glide draws on a canvas: by
 * coordinates, as a user's mouse), the confirmation dialog, the success line. Shared by the
 * purchasing and supplier lifecycle journeys (and the purchasing steps in ./purchasing.ts).
 */

/** yyyy-MM-dd in Korea, `days` from today (the server's dates are Korean). */
export function koreanDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

/** A number as a screen shows it ("1,234.00", "1,234") → 1234. */
export const amount = (text: string) => Number(text.replace(/,/g, ''));

/** What an edit screen's field shows: a select's chosen text, an input's value, else its text. */
export async function fieldText(scope: Page | Locator, name: string): Promise<string> {
  return scope
    .locator(`[data-field="${name}"]`)
    .first()
    .evaluate((el) => {
      const select = el.querySelector('select');
      if (select) return select.selectedOptions[0]?.textContent ?? '';
      const input = el.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
      return input ? input.value : (el as HTMLElement).innerText;
    });
}

/** expect.poll with time for a busy machine (its default gives up after a second). */
export const poll = <T>(read: () => Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

/** Waits until a field shows `expected` (a workflow action reads the record again after its notice). */
export async function expectField(scope: Page | Locator, name: string, expected: string | RegExp): Promise<void> {
  const shown = poll(() => fieldText(scope, name));
  await (typeof expected === 'string' ? shown.toBe(expected) : shown.toMatch(expected));
}

/** The rows glide exposes in its accessibility table (the rows on screen), as cell texts. */
export async function gridRows(grid: Locator): Promise<string[][]> {
  return grid
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent ?? '')));
}

/**
 * Clicks the first data column of row `row` of a grid (a canvas: by coordinates, as a user's mouse).
 * glide keeps the mouse-down in React state and acts on the mouse-up (a link opens, a cell is chosen),
 * so the button is released only once the press has been taken: the pressed cell reads as selected.
 */
/**
 * How far into a grid's data columns (px) a click lands in data column `column`: its left edge by the widths the
 * grid drew (`data-column-widths`: a definition's width, widened to its title), plus half the column or 30 px.
 */
export async function columnOffset(grid: Locator, column: number): Promise<number> {
  const widths = ((await grid.getAttribute('data-column-widths')) ?? '').split(' ').map(Number);
  if (column >= widths.length) throw new Error(`the grid has ${widths.length} columns, not column ${column}`);
  return widths.slice(0, column).reduce((a, b) => a + b, 0) + Math.min(widths[column] / 2, 30);
}

/** A point inside row `row` of a glide grid (a canvas), `x` pixels into its data columns. */
export async function rowPoint(grid: Locator, row: number, x = 20): Promise<{ x: number; y: number }> {
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.locator('canvas[data-testid="data-grid-canvas"]').boundingBox();
  if (!box) throw new Error('the grid has no canvas on screen');
  const d = await grid.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const [marker, header, height] = [Number(d.rowMarkerWidth), Number(d.headerHeight), Number(d.rowHeight)];
  return { x: box.x + marker + x, y: box.y + header + row * height + height / 2 };
}

export async function clickGridRow(page: Page, grid: Locator, row: number): Promise<void> {
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.locator('canvas[data-testid="data-grid-canvas"]').boundingBox();
  if (!box) throw new Error('the grid has no canvas on screen');
  const d = await grid.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const [marker, header, height] = [Number(d.rowMarkerWidth), Number(d.headerHeight), Number(d.rowHeight)];
  await page.mouse.move(box.x + marker + 20, box.y + header + row * height + height / 2);
  await page.mouse.down();
  // With check boxes (row markers) glide's first data column is its column 1.
  await grid.locator(`#glide-cell-${marker > 0 ? 1 : 0}-${row}[aria-selected="true"]`).waitFor({ state: 'attached' });
  await page.mouse.up();
}

/**
 * Types `text` into an editable cell as a user does with the keyboard: click the row's first cell,
 * arrow right `column` times (data columns, 0 = the first), Enter opens the editor, Enter commits.
 */
export async function editCell(page: Page, grid: Locator, row: number, column: number, text: string): Promise<void> {
  await clickGridRow(page, grid, row);
  for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const editor = page.locator('#portal textarea').first();
  await editor.waitFor();
  await editor.fill(text);
  await editor.press('Enter');
  await editor.waitFor({ state: 'detached' });
}

/** Answers the confirmation dialog with 확인 after checking its message. */
export async function confirm(page: Page, message: string | RegExp): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.innerText()).toMatch(message);
  await dialog.getByRole('button', { name: '확인', exact: true }).click();
  // This dialog, by its message: the answer to the confirmed action may be an alert dialog of its own
  // (a refusal), which can open before the confirmation's is seen gone.
  await page.getByRole('alertdialog').filter({ hasText: message }).waitFor({ state: 'detached' });
}

/** The success line an action leaves above the screen. */
export const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/**
 * Waits for an action's success line, or fails at once with what the screen said instead: a refusal comes as an alert
 * dialog with the server's message, which a wait for the success line alone would only report as a timeout.
 */
export async function succeeded(page: Page, text: string | RegExp, timeout = 45_000): Promise<void> {
  const error = page.getByRole('alertdialog').first();
  await Promise.race([
    notice(page, text).waitFor({ timeout }),
    error.waitFor({ timeout }).then(async () => expect.fail(`the screen said: ${await error.innerText()}`)),
  ]);
}

/** Buttons of the screen's action bar (data-action ids), hidden ones left out. */
export const actionIds = (scope: Page | Locator) =>
  scope.locator('[data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));

/**
 * Finds `text` in a list screen by one filter and waits for exactly one row: types it into the
 * search bar's field `label`, presses 조회. Answers the list grid.
 */
export async function searchOne(page: Page, label: string, text: string): Promise<Locator> {
  const search = page.getByRole('search');
  await search.getByLabel(label).fill(text);
  await search.getByRole('button', { name: '조회' }).click();
  await poll(async () => page.getByTestId('list-total').innerText()).toBe('총 1건');
  const list = page.getByTestId('list-grid');
  await list.locator('td', { hasText: text }).first().waitFor({ state: 'attached' });
  return list;
}

/**
 * A field's label exactly, whether or not it shows the required mark (the mark is aria-hidden, but
 * getByLabel reads the label's text): `page.getByLabel(label('상호'))` finds 상호 and not 영문 상호.
 */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}
