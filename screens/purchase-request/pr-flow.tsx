/** Test helper: the purchase-request screens behind one memory router, on the fixture answers of pr-fixtures.ts. */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CustomComponents } from '../../engine';
import { createScreenRegistry } from '../../engine/runtime/registry';
import { createFixtureEngineServices, type FixtureEngineOptions } from '../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';
import { PR_FIXTURE_CODES, PR_LOGINS, createPrFixtures } from './pr-fixtures';

/**
 * The purchase-request screens behind a memory router, as the app mounts them (each route its
 * screen), so links and navigation between them can be followed; one fixture state for all.
 */
export function renderPrFlow(
  start: string,
  options: FixtureEngineOptions & { viewer?: string; customComponents?: CustomComponents } = {},
) {
  const login = options.login === undefined ? PR_LOGINS.requester : options.login;
  const fixtures = createPrFixtures({ viewer: options.viewer ?? login?.singleid });
  const services = createFixtureEngineServices({
    codes: PR_FIXTURE_CODES,
    ...options,
    login,
    answers: { ...fixtures.answers, ...options.answers },
  });
  const registry = createScreenRegistry(screenDefinitions);
  const routes = screenDefinitions
    .map((e) => e.definition as { id: string; route?: string })
    .filter((d) => d.route && d.id.startsWith('purchaseRequest.'))
    .map((d) => ({
      path: d.route!,
      element: (
        <ScreenHarness
          key={d.id}
          id={d.id}
          registry={registry}
          services={services}
          texts={screenTexts}
          router={false}
          customComponents={options.customComponents}
        />
      ),
    }));
  const router = createMemoryRouter([...routes, { path: '*', element: <p>left the screen</p> }], {
    initialEntries: [start],
  });
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'ko',
    fallbackLng: 'ko',
    resources: { ko: { translation: {} } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, router, services, fixtures };
}
