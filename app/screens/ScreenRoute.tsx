import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createScreenRegistry, EngineProvider, indexApi, KINDS, preloadScreen, ScreenPage } from '../../engine';
import { screenDefinitions, screenTexts } from '../../screens';
import { customComponents } from '../custom-screens';
import { createEngineServices } from '../services/engine-services';
import { createWidgetServices } from '../services/widget-services';

const registry = createScreenRegistry(screenDefinitions);
const widgetServices = createWidgetServices();

/** Development only: the page cross-checks its definition against the OpenAPI document, like screens:check. */
const loadApiIndex = import.meta.env.DEV
  ? () => import('../../schemas/openapi.generated.json').then((m) => indexApi(m.default as Record<string, unknown>))
  : undefined;

/**
 * The engine with the app's services and every built-in screen (links and dialogs find their
 * targets by id): around a built-in screen's page and a stored screen's alike.
 */
export function ScreenEngine({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const services = useMemo(() => createEngineServices(i18n), [i18n]);
  return (
    <EngineProvider
      services={services}
      widgetServices={widgetServices}
      screens={registry}
      kinds={KINDS}
      texts={screenTexts}
      customComponents={customComponents}
      loadApiIndex={loadApiIndex}
    >
      {children}
    </EngineProvider>
  );
}

/** Fetches the code a screen of the registry needs beyond the engine (its kind's, a custom component). */
export function preloadScreenById(id: string): Promise<void> {
  return preloadScreen(registry.get(id), KINDS, customComponents);
}

/** A screen of the registry, rendered by the engine with the app's services. */
export function ScreenRoute({ id }: { id: string }) {
  return (
    <ScreenEngine>
      <ScreenPage id={id} />
    </ScreenEngine>
  );
}
