import { create } from 'zustand';

/**
 * The global loading indicator: requests in flight and whether a navigation is under way.
 * Spec §8: on GPMS005 the loader is hidden before the alert.
 */
export interface LoaderState {
  pending: number;
  navigating: boolean;
  /** The page being left is still on screen while the next one renders (PortalShell). */
  changing: boolean;
  start: () => void;
  done: () => void;
  setNavigating: (navigating: boolean) => void;
  setChanging: (changing: boolean) => void;
  /** Hides the loader whatever is still in flight (the answers will no longer matter). */
  hide: () => void;
}

export const useLoaderStore = create<LoaderState>()((set) => ({
  pending: 0,
  navigating: false,
  changing: false,
  start: () => set((s) => ({ pending: s.pending + 1 })),
  done: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
  setNavigating: (navigating) => set((s) => (s.navigating === navigating ? s : { navigating })),
  setChanging: (changing) => set((s) => (s.changing === changing ? s : { changing })),
  hide: () => set({ pending: 0, navigating: false, changing: false }),
}));

export function loaderVisible(
  s: Pick<LoaderState, 'pending' | 'navigating'> & Partial<Pick<LoaderState, 'changing'>>,
): boolean {
  return s.pending > 0 || s.navigating || s.changing === true;
}
