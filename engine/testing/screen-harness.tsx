/**
 * Renders a screen the way the app does — engine provider, widget services, modal stack, i18n
 * and a data router — with fixtures. For tests (renderScreen) and stories (ScreenHarness).
 */
import { render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { WidgetServices } from '../../widgets/services';
import { createFixtureServices } from '../../widgets/testing/fixture-services';
import { createWidgetTestI18n } from '../../widgets/testing/test-i18n';
import { EngineProvider, type EngineConfig, type TextBundles } from '../runtime/engine-context';
import { createScreenRegistry, type ScreenRegistry } from '../runtime/registry';
import { KINDS } from '../registry/kinds';
import { ScreenPage } from '../runtime/ScreenPage';
import type { EngineServices } from '../services';
import {
  createFixtureEngineServices,
  type FixtureEngineOptions,
  type FixtureEngineServices,
} from './fixture-engine-services';

export interface HarnessProps {
  id: string;
  registry: ScreenRegistry;
  services: EngineServices;
  widgetServices?: WidgetServices;
  texts?: TextBundles;
  /** Address the screen opens at (query included). */
  route?: string;
  /** false inside a router already (Storybook's preview has one). */
  router?: boolean;
  /** Addresses before `route` in the history (back navigation). */
  history?: string[];
  loadApiIndex?: EngineConfig['loadApiIndex'];
  customComponents?: EngineConfig['customComponents'];
  /** Told the address (path and query) whenever the router moves. */
  onLocation?: (address: string) => void;
}

/** (Router →) engine → screen, inside whatever i18n provider is above. */
export function ScreenHarness({
  id,
  registry,
  services,
  widgetServices,
  texts,
  route = '/',
  router: ownRouter = true,
  history = [],
  loadApiIndex,
  customComponents,
  onLocation,
}: HarnessProps) {
  const [widgets] = useState(() => widgetServices ?? createFixtureServices());
  const screenElement = useMemo(
    () => (
      <EngineProvider
        services={services}
        widgetServices={widgets}
        screens={registry}
        kinds={KINDS}
        texts={texts}
        customComponents={customComponents}
        loadApiIndex={loadApiIndex}
      >
        <ScreenPage id={id} />
      </EngineProvider>
    ),
    [id, registry, services, widgets, texts, loadApiIndex, customComponents],
  );
  const router = useMemo(
    () =>
      ownRouter
        ? createMemoryRouter(
            [
              { path: '/left', element: <p>left the screen</p> },
              { path: '*', element: screenElement },
            ],
            { initialEntries: [...history, route] },
          )
        : null,
    // history is read once, when the router is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ownRouter, screenElement, route],
  );
  useEffect(
    () =>
      router && onLocation
        ? router.subscribe((state) => onLocation(state.location.pathname + state.location.search))
        : undefined,
    [router, onLocation],
  );
  return router ? <RouterProvider router={router} /> : screenElement;
}

export interface RenderScreenOptions extends FixtureEngineOptions {
  entries: ReadonlyArray<{ file: string; definition: unknown }>;
  texts?: TextBundles;
  route?: string;
  history?: string[];
  loadApiIndex?: EngineConfig['loadApiIndex'];
  customComponents?: EngineConfig['customComponents'];
  language?: 'ko' | 'en';
  services?: EngineServices;
  onLocation?: (address: string) => void;
}

export function renderScreen(
  id: string,
  options: RenderScreenOptions,
): RenderResult & { services: FixtureEngineServices; i18n: I18n } {
  const i18n = createWidgetTestI18n(options.language ?? 'ko');
  const services = (options.services as FixtureEngineServices | undefined) ?? createFixtureEngineServices(options);
  const registry = createScreenRegistry(options.entries);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ScreenHarness
        id={id}
        registry={registry}
        services={services}
        texts={options.texts}
        route={options.route}
        history={options.history}
        loadApiIndex={options.loadApiIndex}
        customComponents={options.customComponents}
        onLocation={options.onLocation}
      />
    </I18nextProvider>,
  );
  return { ...result, services, i18n };
}
