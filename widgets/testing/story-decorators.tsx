import type { Decorator } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { ModalProvider } from '../modal/modal-provider';
import { WidgetServicesProvider, type WidgetServices } from '../services';
import { createFixtureServices, type FixtureOptions } from './fixture-services';

/** Services + modal stack for a story; the fixtures are created once per story render. */
function WidgetStoryFrame({
  options,
  services,
  children,
}: {
  options?: FixtureOptions;
  services?: WidgetServices;
  children: ReactNode;
}) {
  const fixture = useMemo(
    () => services ?? createFixtureServices({ delayMs: 120, uploadStepMs: 250, ...options }),
    [services, options],
  );
  return (
    <WidgetServicesProvider services={fixture}>
      <ModalProvider>
        <div style={{ padding: 24, maxWidth: 1100 }}>{children}</div>
      </ModalProvider>
    </WidgetServicesProvider>
  );
}

/**
 * Decorator for widget stories. Story parameters: `fixtures` (FixtureOptions, e.g. a login of
 * another authority group or failing operations) or `services` (a whole WidgetServices).
 */
export const withWidgets: Decorator = (Story, context) => (
  <WidgetStoryFrame
    options={context.parameters.fixtures as FixtureOptions | undefined}
    services={context.parameters.services as WidgetServices | undefined}
  >
    <Story />
  </WidgetStoryFrame>
);
