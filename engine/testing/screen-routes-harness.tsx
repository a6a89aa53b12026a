/**
 * Several screens, each on its own route, in one memory router — for tests that follow a link or
 * a navigate action from one screen to another (renderScreen mounts one screen on every address).
 * The router is returned, so a test reads where the app went (`router.state.location`).
 */
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createFixtureServices } from '../../widgets/testing/fixture-services';
import { createWidgetTestI18n } from '../../widgets/testing/test-i18n';
import { EngineProvider, type TextBundles } from '../runtime/engine-context';
import { createScreenRegistry } from '../runtime/registry';
import { KINDS } from '../registry/kinds';
import { ScreenPage } from '../runtime/ScreenPage';
import type { EngineServices } from '../services';

export interface RenderScreenRoutesOptions {
  entries: ReadonlyArray<{ file: string; definition: unknown }>;
  services: EngineServices;
  texts?: TextBundles;
  /** Route path → screen id, e.g. `{ '/deliverListAdmin': 'fulfilmentDelivery.deliverListAdmin' }`. */
  routes: Record<string, string>;
  /** The address the router starts at (query included). */
  initial: string;
  language?: 'ko' | 'en';
}

export function renderScreenRoutes(
  options: RenderScreenRoutesOptions,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const registry = createScreenRegistry(options.entries);
  const router = createMemoryRouter(
    Object.entries(options.routes).map(([path, id]) => ({ path, element: <ScreenPage id={id} key={id} /> })),
    { initialEntries: [options.initial] },
  );
  const result = render(
    <I18nextProvider i18n={createWidgetTestI18n(options.language ?? 'ko')}>
      <EngineProvider
        services={options.services}
        widgetServices={createFixtureServices()}
        screens={registry}
        kinds={KINDS}
        texts={options.texts}
      >
        <RouterProvider router={router} />
      </EngineProvider>
    </I18nextProvider>,
  );
  return { ...result, router };
}
