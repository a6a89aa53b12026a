import { afterAll, expect } from 'vitest';
import { takeLane } from './helpers/lane';

// A browser file takes a lane (tests/e2e/helpers/lane.ts) before it is collected — its describe blocks read
// e2eLane() — and gives it back after its last hook.
const release = takeLane(expect.getState().testPath ?? 'a browser file');
afterAll(() => release());
