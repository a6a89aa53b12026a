import { msOf, type Instant } from '../domain/dates.js';

/**
 * The authentication answer of a request — the caller's open session, user, group, company, employee
 * row and whether the group holds the route's screens — kept per server and reused while the authority
 * version (migration 0380) has not moved. A request then reads one row (the
 * version) instead of joining session, user, menu and menu authority; any change that could alter an
 * answer moves the version at its commit, on whichever server it was made, so a revoked session, a
 * disabled user or a removed menu is never served from here. A session's own expiry is checked
 * against the kept expiry time. Only found sessions are kept; the map is bounded (oldest out first).
 */
export interface CallerAnswer {
  sessionId: string;
  userId: string;
  portal: 'I' | 'X';
  authGroupId: string;
  compNo: string | null;
  holdsScreen: boolean;
  /** The user's employee row (internal staff), null when it has none. */
  employee: CallerEmployee | null;
}

/** What a handler needs of an internal caller's employee row (domain/actor.ts internalActor). */
export interface CallerEmployee {
  singleid: string;
  hname: string;
  section: string;
  deptcd: string;
}

interface Kept {
  version: string;
  expiresAtMs: number;
  answer: CallerAnswer;
}

export interface CallerCache {
  /** The kept answer for the key, if one was kept under `version` and its session has not expired. */
  get(key: string, version: string, nowMs?: number): CallerAnswer | undefined;
  /** Whether anything is kept for the key (a request then asks the version alone first). */
  has(key: string): boolean;
  /**
   * What is kept for the key and the version it was kept under, whatever the version is now, if its
   * session has not expired: a read-only list answered beside the version check (check-beside.ts)
   * starts from it and confirms the version before the answer leaves.
   */
  peek(key: string, nowMs?: number): { version: string; answer: CallerAnswer } | undefined;
  set(key: string, version: string, expiresAt: Instant, answer: CallerAnswer): void;
  /** Forgets every answer kept for the session (whatever the screens): it was refused. */
  forgetSession(sessionId: string): void;
  readonly size: number;
}

export function callerKey(sessionId: string, screens: readonly string[], level: 'read' | 'write'): string {
  return `${sessionId}\u0000${level}\u0000${screens.join('\u0001')}`;
}

export function createCallerCache(limit = 20_000): CallerCache {
  const kept = new Map<string, Kept>();
  return {
    get(key, version, nowMs = Date.now()) {
      const k = kept.get(key);
      if (!k) return undefined;
      if (k.version !== version || k.expiresAtMs <= nowMs) {
        kept.delete(key);
        return undefined;
      }
      return k.answer;
    },
    has: (key) => kept.has(key),
    peek(key, nowMs = Date.now()) {
      const k = kept.get(key);
      if (!k) return undefined;
      if (k.expiresAtMs <= nowMs) {
        kept.delete(key);
        return undefined;
      }
      return { version: k.version, answer: k.answer };
    },
    set(key, version, expiresAt, answer) {
      kept.delete(key);
      kept.set(key, { version, expiresAtMs: msOf(expiresAt), answer });
      // A Map iterates in insertion order: the first key is the longest kept.
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    },
    forgetSession(sessionId) {
      // Rare (a refusal) and bounded: a scan beats keeping a second index on every request.
      const prefix = `${sessionId}\u0000`;
      for (const key of kept.keys()) if (key.startsWith(prefix)) kept.delete(key);
    },
    get size() {
      return kept.size;
    },
  };
}
