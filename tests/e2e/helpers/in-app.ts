import type { Page } from 'playwright-core';

/**
 * How a route is opened in a loaded app, as a link in it opens it (not by loading the whole app again: a load costs
 * about 0.36 s more of the machine's CPU than the router's move, docs/testing.md):
 * - 'history': history.pushState and the popstate the router listens to, on any bundle;
 * - 'router': the development bundle's own `router.navigate` (app/main.tsx). React Router's development build warns
 *   when a blocker meets a POP it did not make, so the React-warnings walk moves as the app's links do.
 */
export type InAppMove = 'history' | 'router';

/**
 * Opens `to` in the app the page holds. The screen shown before is marked first and must be gone before this
 * returns, so what a check then reads is the new screen's. A route whose screen is the one shown (the same path with
 * another query) keeps it mounted: such a route must be loaded from its address (`sameScreen`).
 */
export async function openInApp(page: Page, to: string, move: InAppMove): Promise<void> {
  await page.evaluate(
    ({ to, move }) => {
      for (const el of document.querySelectorAll('#main-content > *')) el.setAttribute('data-left-screen', '');
      if (move === 'router')
        void (window as unknown as { __gpmsNavigate: (to: string) => Promise<void> }).__gpmsNavigate(to);
      else {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }
    },
    { to, move },
  );
  await page.waitForFunction(() => !document.querySelector('[data-left-screen]'), undefined, { timeout: 30_000 });
}

/** Whether `to` names the screen the page shows now (its path), which a move in the app would not mount again. */
export function sameScreen(page: Page, to: string): boolean {
  return new URL(page.url()).pathname === new URL(to, page.url()).pathname;
}

/** Pages that are not screens of a logged-in app: always loaded from their address. */
const LOADED_ONLY = /^\/(login|cyberLogin|template)\b/;

/**
 * Opens `to` in the journey's tab as a person moves there: through the router when the tab already shows a screen of
 * the app (`openInApp`, 'history'), by its address otherwise — the tab's first page, the screen shown with another
 * query, the login and public pages. A load costs ≈ 0.45 s of the machine's CPU more than a move (docs/testing.md);
 * deep links stay tested by each tab's first page, the walks and the shell journey.
 */
export async function visit(page: Page, to: string): Promise<void> {
  const showsScreen = await page
    .evaluate(() => document.querySelector('#main-content > *') !== null)
    .catch(() => false);
  if (showsScreen && !sameScreen(page, to) && !LOADED_ONLY.test(new URL(to, page.url()).pathname))
    await openInApp(page, to, 'history');
  else await page.goto(to);
}
