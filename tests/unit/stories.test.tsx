import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import { installGlideJsdom } from '../../widgets/testing/glide-jsdom';

/**
 * Stories are tests (issue #32 item 9): every story of the Storybook QA browses is rendered here and
 * its `play` function run (portable stories: Storybook's own render, decorators, loaders and play,
 * with .storybook/preview's project annotations), so a story that breaks fails `npm test` naming
 * its file and name — not only when someone opens it.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../../{app,widgets,engine,screens}/**/*.stories.tsx'], { eager: true });

const annotations = setProjectAnnotations([preview]);

let uninstall: () => void;
beforeAll(async () => {
  uninstall = installGlideJsdom();
  // Storybook hands a play function its `userEvent` only where the page has a clipboard (a browser
  // does; jsdom does not): user-event then replaces it with its own for each story.
  if (!navigator.clipboard) {
    const text = { value: '' };
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { readText: async () => text.value, writeText: async (v: string) => void (text.value = v), read: async () => [], write: async () => undefined },
    });
  }
  await annotations.beforeAll?.();
});
afterAll(() => uninstall());
afterEach(() => cleanup());

for (const [file, mod] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
  describe(file.replace(/^(\.\.\/)+/, ''), () => {
    const stories = composeStories(mod as Parameters<typeof composeStories>[0]) as Record<string, { run: () => Promise<void> }>;
    for (const [name, Story] of Object.entries(stories)) {
      it(name, { timeout: 30_000 }, async () => {
        await Story.run();
        // It rendered something (a story whose render throws fails in run()).
        expect(document.body.querySelector('*')).not.toBeNull();
      });
    }
  });
}
