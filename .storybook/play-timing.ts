/**
 * How long a story may take in the browser run (tests/e2e/storybook.e2e.test.ts) and how long its play waits for
 * what it looks for. One rule: a play waits for a positive condition (the data shown, the dialog's result), and
 * only the story's hang guard says "too slow". A findBy…/waitFor that gave up after a few seconds failed stories
 * that were merely slow: with the machine at load 11 (three pages on two cores, other tests beside them) the auction
 * monitor's first answer — the fixture's delay, its contract's first compile, React's render — came after the 5 s a
 * play then waited, and the play saw "불러오는 중…". A wait that finds its condition returns at once, so a longer
 * limit costs nothing on a quiet machine; only a story that is wrong takes longer to fail.
 */

/** A story whose play has not finished by then has hung. */
export const STORY_LIMIT_MS = 30_000;

/**
 * A play's findBy…/waitFor give up after this: the guard less a margin, so a wrong story fails with Testing
 * Library's message (what the screen showed) rather than the runner's "timed out".
 */
export const PLAY_WAIT_MS = STORY_LIMIT_MS - 5_000;
