import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createI18n } from '../app/i18n/create-i18n';
import { isLanguage } from '../app/i18n/language';
import { memoryStorage } from '../app/testing/memory-storage';

/**
 * A fresh i18n instance per toolbar language; the preview keys this by story id, so a story that
 * switches language cannot leak into the next.
 */
export function WithI18n({ locale, children }: { locale: unknown; children: ReactNode }) {
  const i18n = useMemo(
    () => createI18n({ storage: memoryStorage(), language: isLanguage(locale) ? locale : 'ko' }),
    [locale],
  );
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** Pages use links, search params and navigation: give each story a memory router at `route`. */
export function WithRouter({ route, children }: { route: string; children: ReactNode }) {
  const router = useMemo(
    () => createMemoryRouter([{ path: '*', element: children }], { initialEntries: [route] }),
    [route, children],
  );
  useEffect(() => () => router.dispose(), [router]);
  return <RouterProvider router={router} />;
}
