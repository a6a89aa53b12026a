import type { RouteOptions } from 'fastify';
import type { CallerAnswer } from './caller-cache.js';

/**
 * The authority check beside the handler. A request whose caller answer is kept
 * (caller-cache.ts) normally reads the authority version, then runs its handler: two round trips in a
 * row. On a read-only list the two can run together — the handler starts from the kept answer while
 * the version is read — as long as nothing leaves the server before the version is confirmed: the
 * route's first onSend hook waits for it and, if it moved and the fresh answer differs, sends the
 * refusal the request would have met instead of the answer. What the caller is shown is then exactly
 * what the sequential check allows (its authority held when the version was read, after the request
 * began), and a revoked session, a removed menu or a regrouped user is never answered from a list
 * computed under the old authority.
 *
 * Only for operations that change nothing, and only by declaration: a GET route says
 * `config: { readOnlyList: true }` (the searches of the big lists, whose handlers read and return), and
 * the route's personal-data gate, if any, only masks (a gate that logs a view or asks the database
 * waits for the confirmed caller, as every other route). The shape of an answer never enrols a route:
 * a handler with a side effect would otherwise run for a caller whose authority was just revoked.
 * A declaration on anything but a GET is refused at start-up.
 */
export interface PendingAuthCheck {
  key: string;
  sessionId: string;
  screens: string[];
  level: 'read' | 'write';
  /** The version the answer was kept under, and the answer the handler ran with. */
  version: string;
  answer: CallerAnswer;
  /** The version now, read beside the handler; never rejects (an error is a value, so an aborted request leaves no unhandled rejection). */
  current: Promise<{ version: string | null } | { error: unknown }>;
}

/** How much a route's personal-data gate does with its answers (privacy/registry.ts). */
export type PersonalGate = 'none' | 'mask-only' | 'logs-or-asks';

/** Whether a route may be answered beside its authority check (see above). */
export function answersBesideAuthCheck(
  route: Pick<RouteOptions, 'method' | 'url' | 'config'>,
  personal: PersonalGate,
): boolean {
  if (route.config?.readOnlyList !== true) return false;
  // Fastify adds a HEAD twin of every GET with the same config: it keeps the sequential check.
  if (route.method === 'HEAD') return false;
  if (route.method !== 'GET')
    throw new Error(
      `Route ${String(route.method)} ${route.url} declares readOnlyList: only a GET may be a read-only list`,
    );
  if (personal === 'logs-or-asks') return false;
  const access = route.config.access;
  return access?.kind === 'login';
}

/** True when the fresh answer gives the caller exactly what the kept one did. */
export function sameAnswer(fresh: CallerAnswer, kept: CallerAnswer): boolean {
  return (
    fresh.sessionId === kept.sessionId &&
    fresh.userId === kept.userId &&
    fresh.portal === kept.portal &&
    fresh.authGroupId === kept.authGroupId &&
    fresh.compNo === kept.compNo &&
    fresh.holdsScreen === kept.holdsScreen &&
    sameEmployee(fresh.employee, kept.employee)
  );
}

function sameEmployee(a: CallerAnswer['employee'], b: CallerAnswer['employee']): boolean {
  if (!a || !b) return a === b;
  return a.singleid === b.singleid && a.hname === b.hname && a.section === b.section && a.deptcd === b.deptcd;
}
