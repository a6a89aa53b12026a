import type { Preview } from '@storybook/react-vite';
import { configure as configureDomTesting } from '@testing-library/dom';
import { configure as configurePlays } from 'storybook/test';
import '../app/styles/global.css';
import { usePortalStore } from '../app/stores/portal';
import { useSessionStore } from '../app/stores/session';
import { WithI18n, WithRouter } from './decorators';
import { PLAY_WAIT_MS } from './play-timing';

/**
 * Every story renders in Korean by default (toolbar: 한국어 / English), with the app's fonts and
 * tokens, inside a memory router. Story parameters: `route` (address, query included) and
 * `portal` ('internal' | 'external').
 */
const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'ko', title: '한국어' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'ko' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
  // Stores persist to sessionStorage, which outlives a story: start each one logged out, in the
  // portal it names (in the app the router sync sets the portal on every navigation).
  beforeEach: ({ parameters }) => {
    // @testing-library/react, which the harnesses shared with jsdom tests import, wraps every
    // event of the one @testing-library/dom in React's act(); React's production build (the built
    // Storybook) has no act and throws. There the events go unwrapped, as a person's would, and a
    // play's findBy…/waitFor wait for their condition up to the story's hang guard (play-timing.ts): the browser
    // run plays three stories at once on two cores, often beside other tests.
    if (import.meta.env.PROD)
      configureDomTesting({ eventWrapper: (cb) => cb(), asyncWrapper: (cb) => cb(), asyncUtilTimeout: PLAY_WAIT_MS });
    // The plays' findBy…/waitFor come from storybook/test, whose Testing Library is another copy in the built preview
    // (two configurations in its bundle): configured above only, they gave up after Testing Library's own 1 s.
    configurePlays({ asyncUtilTimeout: PLAY_WAIT_MS });
    useSessionStore.getState().clear();
    usePortalStore.setState({ isCyber: parameters.portal === 'external' });
  },
  decorators: [
    (Story, context) => (
      <WithRouter route={typeof context.parameters.route === 'string' ? context.parameters.route : '/'}>
        <Story />
      </WithRouter>
    ),
    (Story, context) => (
      <WithI18n key={context.id} locale={context.globals.locale}>
        <Story />
      </WithI18n>
    ),
  ],
};

export default preview;
