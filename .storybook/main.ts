import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for QA: every widget, every engine renderer, every screen and the app's own pages.
 * The Vite builder reuses vite.config.ts, so stories build the way the app does.
 */
// Development-only screens (devOnly: the PO test page) have stories: QA's Storybook mounts them, as the
// development server does; a production app build still has no route for them.
process.env.VITE_DEV_PAGES = 'true';
// No brotli and gzip copies of the preview's files (vite.config.ts makes them for the app's server, which serves
// them precompressed): nothing serves Storybook's build compressed, and compressing it was CPU in every npm test.
process.env.VITE_NO_COMPRESSION = 'true';

const config: StorybookConfig = {
  stories: [
    '../app/**/*.stories.tsx',
    '../widgets/**/*.stories.tsx',
    '../engine/**/*.stories.tsx',
    '../screens/**/*.stories.tsx',
  ],
  addons: [],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  staticDirs: ['../public'],
  // No docs addon reads react-docgen's component descriptions; generating them parsed every component at each build.
  typescript: { reactDocgen: false },
  // Storybook's own preview runtime is one large chunk by design; the app's budget is dist/, not this.
  viteFinal: (viteConfig) => ({ ...viteConfig, build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 } }),
};

export default config;
