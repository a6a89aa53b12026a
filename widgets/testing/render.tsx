import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import { ModalProvider } from '../modal/modal-provider';
import { WidgetServicesProvider, type WidgetServices } from '../services';
import { createFixtureServices } from './fixture-services';
import { createWidgetTestI18n } from './test-i18n';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export interface RenderWidgetOptions {
  services?: WidgetServices;
  language?: 'ko' | 'en';
}

function WidgetTestProviders({
  services,
  i18n,
  children,
}: {
  services: WidgetServices;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <WidgetServicesProvider services={services}>
        <ModalProvider>{children}</ModalProvider>
      </WidgetServicesProvider>
    </I18nextProvider>
  );
}

/** Renders a widget inside i18n, the services (fixtures by default) and the modal provider. */
export function renderWidget(
  ui: ReactElement,
  { services = createFixtureServices(), language = 'ko' }: RenderWidgetOptions = {},
): RenderResult & { services: WidgetServices; i18n: I18n; rerenderWidget: (next: ReactElement) => void } {
  const i18n = createWidgetTestI18n(language);
  const result = render(
    <WidgetTestProviders services={services} i18n={i18n}>
      {ui}
    </WidgetTestProviders>,
  );
  const rerenderWidget = (next: ReactElement) =>
    result.rerender(
      <WidgetTestProviders services={services} i18n={i18n}>
        {next}
      </WidgetTestProviders>,
    );
  return { ...result, services, i18n, rerenderWidget };
}
