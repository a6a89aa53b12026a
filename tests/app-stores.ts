import type { StoreApi, UseBoundStore } from 'zustand';
import { useDialogStore } from '../app/ui/dialogs/dialogs';
import { useLoaderStore } from '../app/ui/loader/loader';
import { usePageTitleStore } from '../app/router/document-title';
import { useAuthFlowStore } from '../app/stores/auth-flow';
import { usePortalStore } from '../app/stores/portal';
import { useSessionStore } from '../app/stores/session';

/**
 * Every zustand store of the front end, by the module that creates it (`app-stores.test.ts` holds this list to the
 * sources). A unit worker runs many files on one module graph and one jsdom (`isolate: false`), so a store is
 * created once per worker: each file starts from the stores' first state and empty storage, as a new tab does.
 */
export const APP_STORES: Record<string, UseBoundStore<StoreApi<object>>> = {
  'app/ui/dialogs/dialogs.ts': useDialogStore,
  'app/ui/loader/loader.ts': useLoaderStore,
  'app/router/document-title.ts': usePageTitleStore,
  'app/stores/auth-flow.ts': useAuthFlowStore,
  'app/stores/portal.ts': usePortalStore,
  'app/stores/session.ts': useSessionStore,
};

/**
 * Puts every store back to its first state, then empties the tab's storage (which the persisted stores write). Files
 * in node have no storage: their stores keep state in memory only, and are put back all the same.
 */
export function resetAppStores(): void {
  for (const store of Object.values(APP_STORES)) store.setState(store.getInitialState(), true);
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof localStorage !== 'undefined') localStorage.clear();
}
