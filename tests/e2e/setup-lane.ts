import { afterAll, beforeAll } from 'vitest';
import { takeLane } from './helpers/lane';

// Every browser file that talks to a lane's server takes it for its whole run (tests/e2e/helpers/lane.ts): a second
// journey on a server already in use fails here, naming the first, instead of failing somewhere in its steps.
let release: (() => void) | undefined;
// vitest reads the first parameter's pattern to inject fixtures: it must be destructured, and none is needed.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, suite) => {
  release = takeLane(suite.file.filepath);
});
afterAll(() => {
  release?.();
  release = undefined;
});
