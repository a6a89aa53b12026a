import type { i18n as I18n } from 'i18next';
import { create } from 'zustand';

/**
 * The document title per screen (WCAG 2.4.2): "발주서 조회 - GPMS", "Purchase Orders -
 * OGPMS" — what a screen reader says first and what the browser's tabs and history show. The
 * engine's screens name themselves (EngineServices.pageTitle, their title in the interface
 * language); the app's own pages are named by their route's title key; the product follows the portal.
 */
export interface PageTitleState {
  /** GPMS or OGPMS (portal-sync). */
  product: string;
  /** The deepest matched route's title key (route.home, route.login, …). */
  routeKey: string | null;
  /** The title the shown engine screen gave, already in the interface language. */
  screen: string | null;
}

export const usePageTitleStore = create<PageTitleState>(() => ({ product: 'GPMS', routeKey: null, screen: null }));

export function composeTitle(page: string | null | undefined, product: string): string {
  const name = page?.trim();
  return name ? `${name} - ${product}` : product;
}

/** The title for a state: the screen's, else the route's text when the app has it, with the product. */
export function titleOf(state: PageTitleState, i18n: Pick<I18n, 't' | 'exists'>): string {
  const route = state.routeKey && i18n.exists(state.routeKey) ? i18n.t(state.routeKey) : null;
  return composeTitle(state.screen ?? route, state.product);
}

/** Keeps `doc.title` in step with the store and the interface language; answers the unsubscribe. */
export function startDocumentTitle(i18n: I18n, doc: Pick<Document, 'title'> = document): () => void {
  const apply = () => {
    doc.title = titleOf(usePageTitleStore.getState(), i18n);
  };
  apply();
  const unsubscribe = usePageTitleStore.subscribe(apply);
  i18n.on('languageChanged', apply);
  return () => {
    unsubscribe();
    i18n.off('languageChanged', apply);
  };
}
