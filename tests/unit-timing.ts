/**
 * The unit project's two timings, one rule: a test waits for a positive condition (the data shown, the dialog's
 * result) and only the test's hang guard says "too slow". A findBy…/waitFor that gives up well before the guard fails
 * a test that was only slow — on a loaded 2-core machine (load 11: the API files, three unit workers and other
 * people's tests beside them) a screen's first render, its lazy kind and its fixtures' first contract compile can
 * take several seconds. A wait that finds its condition returns at once, so the long limit costs nothing when quiet.
 */

/** A test that has not ended by then has hung (vitest.config.ts, the unit project's testTimeout). */
export const UNIT_TEST_LIMIT_MS = 20_000;

/**
 * findBy…/waitFor give up after this (tests/setup-dom.ts): the guard less a margin, so a wrong screen fails with
 * Testing Library's message (what the page showed) rather than vitest's "timed out". No call passes a shorter
 * `{ timeout }`; a test whose steps together need longer says so with its own guard (`{ timeout: 30_000 }`).
 */
export const UNIT_WAIT_MS = UNIT_TEST_LIMIT_MS - 5_000;
