import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createI18n } from '../i18n/create-i18n';
import type { Language } from '../i18n/language';
import { afterEach } from 'vitest';
import { memoryStorage } from './memory-storage';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export interface RenderPageOptions {
  /** Address the page is rendered at (query strings included). */
  path?: string;
  language?: Language;
  storage?: Storage;
}

/** Renders one element as the only route of a memory router, inside a fresh i18n instance. */
export function renderPage(
  ui: ReactElement,
  { path = '/', language, storage = memoryStorage() }: RenderPageOptions = {},
): RenderResult & { i18n: I18n } {
  const i18n = createI18n({ storage, language });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
