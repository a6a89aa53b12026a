import path from 'node:path';

/** The repository root, wherever the tests are started from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** The built app the server under test serves; E2E_DIST_DIR points elsewhere (a build of one's own). */
export const DIST_DIR = process.env.E2E_DIST_DIR
  ? path.resolve(process.env.E2E_DIST_DIR)
  : path.join(REPO_ROOT, 'dist');
/** Screenshots and other artefacts a failed run leaves for people to look at (git-ignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');
