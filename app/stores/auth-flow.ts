import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LoginMode } from '../auth/login-mode';
import { tabStorage } from './session-storage';

/**
 * Spec §3 "other client state": the remembered target URL (moveUrl), the next authentication
 * mode (the override of the configured login mode, spec §4) and the login id. Kept in
 * sessionStorage so they survive the full-page hops of a login (reload, SSO round trip) but
 * not the tab. The external-portal flag is the portal store's.
 */
export interface AuthFlowState {
  moveUrl: string | null;
  nextMode: LoginMode | null;
  loginId: string | null;
  setMoveUrl: (moveUrl: string | null) => void;
  setNextMode: (mode: LoginMode | null) => void;
  setLoginId: (loginId: string | null) => void;
  /** Reads and forgets moveUrl (a login returns there once). */
  takeMoveUrl: () => string | null;
}

export const AUTH_FLOW_STORAGE_KEY = 'gpms.authFlow';

export const useAuthFlowStore = create<AuthFlowState>()(
  persist(
    (set, get) => ({
      moveUrl: null,
      nextMode: null,
      loginId: null,
      setMoveUrl: (moveUrl) => set({ moveUrl }),
      setNextMode: (nextMode) => set({ nextMode }),
      setLoginId: (loginId) => set({ loginId }),
      takeMoveUrl: () => {
        const { moveUrl } = get();
        if (moveUrl !== null) set({ moveUrl: null });
        return moveUrl;
      },
    }),
    {
      name: AUTH_FLOW_STORAGE_KEY,
      version: 1,
      storage: tabStorage,
      partialize: (s) => ({ moveUrl: s.moveUrl, nextMode: s.nextMode, loginId: s.loginId }),
    },
  ),
);
