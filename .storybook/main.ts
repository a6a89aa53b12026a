import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for QA: every widget, every engine renderer, every screen and the app's own pages.
 * The Vite builder reuses vite.config.ts, so stories build the way the app does.
 */
const config: StorybookConfig = {
  stories: ['../app/**/*.stories.tsx', '../widgets/**/*.stories.tsx', '../engine/**/*.stories.tsx', '../screens/**/*.stories.tsx'],
  addons: [],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  staticDirs: ['../public'],
  // Storybook's own preview runtime is one large chunk by design; the app's budget is dist/, not this.
  viteFinal: (viteConfig) => ({ ...viteConfig, build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 } }),
};

export default config;
