import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { devPagesOut } from './codegen/vite-dev-pages';

/** Paths the Node server owns; in development the Vite server forwards them to it. */
const SERVER_PATHS = ['/api', '/properties', '/healthz', '/readyz', '/docs'];
const API_ORIGIN = process.env.GPMS_API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // A production build ships no development page (/testPo): see codegen/vite-dev-pages.ts.
    devPagesOut({ keep: process.env.VITE_DEV_PAGES === 'true' }),
    // Brotli and gzip copies beside each built file: the server sends the one the browser accepts
    // (@fastify/static preCompressed), so nothing is compressed per request.
    // The development bundle of the React-warnings test is served by a plain static server: no copies.
    ...(process.env.VITE_NO_COMPRESSION === 'true'
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })]),
  ],
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React, the router and i18n change far less often than our code: their own chunk
        // stays cached across our deployments. Route pages split off by themselves (lazy).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|zustand|cookie|set-cookie-parser)[\\/]/,
            },
            // The session and language stores and the auth messages every page (the login's first) needs:
            // split by themselves they were five files of under 2 kB, each with ≈ 450 bytes of headers.
            {
              name: 'app-core',
              test: /[\\/]app[\\/](stores[\\/][\w-]+|i18n[\\/]language|auth[\\/]auth-messages)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
