import type { createBrowserRouter } from 'react-router-dom';
import { documentTitle, isCyberMatch } from './portal';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

export interface PortalSyncTarget {
  setCyber: (isCyber: boolean) => void;
  setTitle: (title: string) => void;
}

/**
 * Spec §4: on every navigation the portal is recomputed from route meta and stored. A router
 * subscription (not an effect) does it, because it runs as soon as the new matches exist —
 * before any page renders or fetches — so the IsCyber header is right on the first request.
 * Returns the unsubscribe function.
 */
export function syncPortalWithRouter(router: AppRouter, target: PortalSyncTarget): () => void {
  const apply = (matches: AppRouter['state']['matches']) => {
    const isCyber = isCyberMatch(matches.map((m) => m.route.handle));
    target.setCyber(isCyber);
    target.setTitle(documentTitle(isCyber));
  };
  apply(router.state.matches);
  return router.subscribe((state) => apply(state.matches));
}
