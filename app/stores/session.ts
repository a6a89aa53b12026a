import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { tabStorage } from './session-storage';

/** Spec §3 loginData: who is logged in, as the login response describes them. */
export interface LoginData {
  auth: string;
  authGroupId: string;
  section: string;
  deptcd: string;
  deptnm: string;
  hname: string;
  singleid: string;
}

/** Spec §3 menu item. Only leaf entries (leaf = 'T') navigate. */
export interface MenuItem {
  pgmId: string;
  pgmName: string;
  sspUrl: string | null;
  sspSubUrls?: string[] | string | null;
  leaf: string;
  canWrite?: boolean;
  childs?: MenuItem[];
}

/** Spec §3 common codes: one entry of a code group. */
interface CodeOption {
  value: string;
  text: string;
}

/** Code group → its entries, e.g. codes.APPROVAL_STATUS. */
export type CodeLists = Record<string, CodeOption[]>;

/**
 * Spec §3 session user, without its tokens (those live in `tokens`, one place to rotate them).
 * Shown on the home page (this login's ip, the previous login's ip and date) and used to tell
 * which portal the session belongs to.
 */
export interface SessionUserInfo {
  userId: string;
  /** 'I' internal (GPMS) or 'X' external (OGPMS). */
  portal: 'I' | 'X';
  tokenKey: string;
  ip: string | null;
  lastLoginIp: string | null;
  lastLoginDate: string | null;
  createdDate: string | null;
  expiredDate: string | null;
  hname: string;
  ename: string | null;
  cellPhoneNo: string | null;
  phoneNo: string | null;
  email: string | null;
  authGroupName: string | null;
  sectionName: string | null;
  compNo: string | null;
  compNameKr: string | null;
}

/** Spec §3 tokens and expiry info; verification replaces all four (spec §4). */
export interface SessionTokens {
  accessToken: string;
  /** Rotated by every verify: the previous one must never be sent again. */
  refreshToken: string | null;
  /** When the access token expires, in SERVER time (ms since epoch); null when unknown. */
  tokenExpiredTimestamp: number | null;
  /** Server clock minus client clock (ms), from the last verify; 0 until known. */
  timeDifference: number;
}

export interface SessionState {
  loginData: LoginData | null;
  user: SessionUserInfo | null;
  tokens: SessionTokens | null;
  isLoggedIn: boolean;
  menus: MenuItem[];
  codes: CodeLists;
  /** Stores what a login (or loginCheck with store=Y) answered. */
  setLogin: (login: {
    loginData: LoginData;
    user?: SessionUserInfo | null;
    tokens?: SessionTokens | null;
    menus?: MenuItem[];
    codes?: CodeLists;
  }) => void;
  setTokens: (tokens: SessionTokens | null) => void;
  setMenus: (menus: MenuItem[]) => void;
  setCodes: (codes: CodeLists) => void;
  /** Forgets everything, in memory and in sessionStorage. */
  clear: () => void;
}

export const SESSION_STORAGE_KEY = 'gpms.session';

const loggedOut = {
  loginData: null,
  user: null,
  tokens: null,
  isLoggedIn: false,
  menus: [] as MenuItem[],
  codes: {} as CodeLists,
};

/**
 * The login of this tab (spec §3, §4). loginData, the session user and the tokens are written to
 * sessionStorage — gone when the tab closes, never in localStorage. Menus and codes are held
 * app-wide in memory only: after a reload they come back with the first loginCheck made with
 * store=Y (spec §7) rather than being trusted from storage.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...loggedOut,
      setLogin: ({ loginData, user, tokens, menus, codes }) =>
        set((s) => ({
          loginData,
          isLoggedIn: true,
          user: user === undefined ? s.user : user,
          tokens: tokens === undefined ? s.tokens : tokens,
          menus: menus ?? s.menus,
          codes: codes ?? s.codes,
        })),
      setTokens: (tokens) => set({ tokens }),
      setMenus: (menus) => set({ menus }),
      setCodes: (codes) => set({ codes }),
      clear: () => set(loggedOut),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 2,
      storage: tabStorage,
      partialize: (s) => ({ loginData: s.loginData, user: s.user, tokens: s.tokens }),
      // Version 1 stored loginData only; it carries over (tokens then come from the next login).
      migrate: (persisted) => persisted as SessionState,
      merge: (persisted, current) => {
        const p = (persisted as Partial<SessionState> | undefined) ?? {};
        const loginData = p.loginData ?? null;
        return {
          ...current,
          loginData,
          user: p.user ?? null,
          tokens: p.tokens ?? null,
          isLoggedIn: loginData !== null,
        };
      },
    },
  ),
);

/** Reads the tokens outside React (HTTP client, guards). */
export function currentTokens(): SessionTokens | null {
  return useSessionStore.getState().tokens;
}
