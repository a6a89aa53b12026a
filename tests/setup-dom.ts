import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { FIXTURE_CONTRACT_EVENT } from '../widgets/testing/fixture-contract-event';
import { resetAppStores } from './app-stores';
import { UNIT_WAIT_MS } from './unit-timing';

// findBy*/waitFor give up after 1 s by default; here they wait for their condition up to the test's hang guard
// (tests/unit-timing.ts). A wrong screen still fails, only later.
configure({ asyncUtilTimeout: UNIT_WAIT_MS });

// A fixture answer that breaks the OpenAPI contract (widgets/testing/fixture-contract.ts) is thrown
// inside the screen, which shows it; the test fails here with what was wrong, not only by a timeout.
// (Files that run in the node environment have no global event target and no screens.)
const contractBreaks: string[] = [];
if (typeof globalThis.addEventListener === 'function') {
  globalThis.addEventListener(FIXTURE_CONTRACT_EVENT, (e) => contractBreaks.push((e as CustomEvent<string>).detail));
}

// Each file starts as a new tab would: a worker runs many files on one jsdom (or none, in node) and one set of stores.
beforeAll(resetAppStores);

afterEach(() => {
  // vitest runs without globals, so Testing Library cannot register its own cleanup. It comes first:
  // the next test starts on an empty page even when this one broke the contract.
  cleanup();
  const found = [...new Set(contractBreaks.splice(0))];
  if (found.length) throw new Error(found.join('\n'));
});
