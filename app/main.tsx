import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { startLanguageSync } from './app-language';
import { createI18n } from './i18n/create-i18n';
import { browserLocalStorage } from './i18n/language';
import { createAppRouter } from './router/create-app-router';
import { DialogHost } from './ui/dialogs/DialogHost';
import { GlobalLoader } from './ui/loader/GlobalLoader';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const i18n = createI18n({ storage: browserLocalStorage() });
const router = createAppRouter(i18n);
startLanguageSync(i18n, router);
// The development bundle only (a production build drops this): tests/e2e/react-warnings.e2e.test.ts opens each route
// through the router, as a link in the app does, instead of loading the whole development bundle again per route.
if (import.meta.env.DEV)
  (window as unknown as { __gpmsNavigate?: (to: string) => Promise<void> }).__gpmsNavigate = (to) =>
    router.navigate(to);

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <GlobalLoader />
      <RouterProvider router={router} />
      <DialogHost />
    </I18nextProvider>
  </StrictMode>,
);
