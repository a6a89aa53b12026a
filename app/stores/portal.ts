import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { tabStorage } from './session-storage';

/**
 * Which portal the user is in: internal GPMS or external OGPMS (/cyber). Recomputed from the
 * route meta on every navigation (spec §4) and kept in sessionStorage, so code outside React
 * (the HTTP client's IsCyber header) can read it before any component renders.
 */
export interface PortalState {
  isCyber: boolean;
  setCyber: (isCyber: boolean) => void;
}

export const PORTAL_STORAGE_KEY = 'gpms.portal';

export const usePortalStore = create<PortalState>()(
  persist(
    (set) => ({
      isCyber: false,
      setCyber: (isCyber) => set((s) => (s.isCyber === isCyber ? s : { isCyber })),
    }),
    { name: PORTAL_STORAGE_KEY, version: 1, storage: tabStorage, partialize: (s) => ({ isCyber: s.isCyber }) },
  ),
);
