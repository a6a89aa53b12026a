import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openLoggedIn } from './auth';
import { newTestContext, type TestPage } from './browser';
import { visit } from './in-app';

type Portal = 'internal' | 'external';

/** Where a login lands when a step names no page: the portal's home, by its heading. */
const HOMES: Record<Portal, { path: string; heading: string }> = {
  internal: { path: '/', heading: 'GPMS에 오신 것을 환영합니다' },
  external: { path: '/cyber', heading: 'OGPMS 협력사 포털에 오신 것을 환영합니다' },
};

/**
 * A journey's logged-in tabs, one per portal and user, kept from step to step as a person keeps a window open: a
 * step as a user who already has a tab moves that tab to the step's page through the router (`visit`), where a new
 * tab would cost a browser context, a login and a load of the app again (≈ 2.3 against ≈ 0.5 s of the machine's CPU,
 * docs/testing.md). The tabs are pages of one browser context, as a person's windows share one browser: a user's first
 * tab takes the app's code from that context's cache (≈ 0.6 s less of the machine's CPU than a context of its own). The
 * logins do not meet there: each is in its tab's sessionStorage, and the app keeps no cookie and shares nothing across
 * tabs (`tests/unit/shared-test-context.test.ts` fails when that changes). The tab used is brought to the front (a grid takes a click only on the page shown). A kept tab's problems and
 * warnings start empty for the step: the step before checked its own.
 */
export class LoginTabs {
  private readonly tabs = new Map<string, TestPage>();
  private context: BrowserContext | undefined;
  /** The tab the last step asked for (a failed step's screenshot is of it). */
  current: TestPage | undefined;

  constructor(
    private readonly browser: () => Browser,
    private readonly baseURL: string,
  ) {}

  /** `userId`'s tab on `at` (the caller waits for its screen), or on the portal's home when no page is named. */
  async as(portal: Portal, userId: string, at?: string): Promise<TestPage> {
    const key = `${portal} ${userId}`;
    const kept = this.tabs.get(key);
    if (kept && !kept.page.isClosed()) {
      kept.problems.length = 0;
      kept.warnings.length = 0;
      await kept.page.bringToFront();
      await visit(kept.page, at ?? HOMES[portal].path);
      if (!at) await home(kept.page, portal);
      return (this.current = kept);
    }
    this.context ??= await newTestContext(this.browser(), this.baseURL);
    const tp = await openLoggedIn(this.browser(), this.baseURL, portal, userId, at, this.context);
    this.tabs.set(key, tp);
    return (this.current = tp);
  }

  /**
   * `userId`'s tab as the last step left it — opened at `at` if it has none, moved to `at` when given — brought to the
   * front, its problems kept: for journeys that check every tab's problems at their end.
   */
  async kept(portal: Portal, userId: string, at?: string): Promise<TestPage> {
    const kept = this.tabs.get(`${portal} ${userId}`);
    if (!kept || kept.page.isClosed()) return this.as(portal, userId, at);
    await kept.page.bringToFront();
    if (at) await visit(kept.page, at);
    return (this.current = kept);
  }

  /** The open tabs by user. */
  *users(): IterableIterator<[string, TestPage]> {
    for (const [key, tp] of this.tabs) yield [key.slice(key.indexOf(' ') + 1), tp];
  }

  /** Closes `userId`'s tab. */
  async close(portal: Portal, userId: string): Promise<void> {
    await this.tabs.get(`${portal} ${userId}`)?.page.close();
    this.tabs.delete(`${portal} ${userId}`);
  }

  async closeAll(): Promise<void> {
    await this.context?.close();
    this.context = undefined;
    this.tabs.clear();
    this.current = undefined;
  }
}

async function home(page: Page, portal: Portal): Promise<void> {
  await page.getByRole('heading', { name: HOMES[portal].heading }).waitFor();
}
