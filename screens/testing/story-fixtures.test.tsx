import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../../engine/testing/grid';
import { createFixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { renderScreen } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';
import { storyFixtures } from './story-answers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const ids = screenDefinitions.map((d) => (d.definition as { id: string }).id);

/**
 * Each screen's story (screens/screens.stories.tsx, ScreenStory) on the answers it is given: every call the
 * screen makes on opening is answered and no error dialog shows — the browser run of the built Storybook checks
 * the same (tests/e2e/storybook.e2e.test.ts), this finds a missing answer in a second, in jsdom.
 */
describe('every screen story answers what its screen asks on opening', () => {
  for (const id of ids) {
    it(id, async () => {
      const fixtures = storyFixtures();
      const services = createFixtureEngineServices({ answers: fixtures.answers, codes: fixtures.codes });
      renderScreen(id, { entries: screenDefinitions, texts: screenTexts, services });
      await waitFor(() => expect(services.calls.length).toBeGreaterThan(0), { timeout: 2000 }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      const missing = [...new Set(services.calls.map((c) => c.operation).filter((op) => !(op in fixtures.answers)))];
      const dialogs = screen.queryAllByRole('alertdialog').map((d) => d.textContent);
      cleanup();
      expect({ missing, dialogs }).toEqual({ missing: [], dialogs: [] });
    });
  }
});
