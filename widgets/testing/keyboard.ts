import type { UserEvent } from '@testing-library/user-event';

/**
 * Presses Tab until the focus is inside the grid of `root` (its canvas takes the focus), as a
 * keyboard user reaches a popup's result; fails after `max` presses.
 */
export async function tabToGrid(user: UserEvent, root: HTMLElement, max = 10): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (
      document.activeElement &&
      root.contains(document.activeElement) &&
      document.activeElement.closest('[data-gpms-grid]')
    )
      return;
    await user.tab();
  }
  throw new Error(
    `tabToGrid: no grid took the focus after ${max} Tab presses (focus on ${document.activeElement?.outerHTML.slice(0, 80)})`,
  );
}
