import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createScreenRegistry, EngineProvider, indexApi, ScreenPage } from '../../engine';
import { screenDefinitions, screenTexts } from '../../screens';
import { customComponents } from '../custom-screens';
import { createEngineServices } from '../services/engine-services';
import { createWidgetServices } from '../services/widget-services';

const registry = createScreenRegistry(screenDefinitions);
const widgetServices = createWidgetServices();

/** Development only: the page cross-checks its definition against the OpenAPI document, like screens:check. */
const loadApiIndex = import.meta.env.DEV ? () => import('../../schemas/openapi.generated.json').then((m) => indexApi(m.default as Record<string, unknown>)) : undefined;

/** A screen of the registry, rendered by the engine with the app's services. */
export function ScreenRoute({ id }: { id: string }) {
  const { i18n } = useTranslation();
  const services = useMemo(() => createEngineServices(i18n), [i18n]);
  return (
    <EngineProvider services={services} widgetServices={widgetServices} screens={registry} texts={screenTexts} customComponents={customComponents} loadApiIndex={loadApiIndex}>
      <ScreenPage id={id} />
    </EngineProvider>
  );
}
