import {
  matchRoutes,
  redirect,
  redirectDocument,
  type DataStrategyFunction,
  type LoaderFunction,
  type RouteObject,
} from 'react-router-dom';
import type { GuardTarget } from '../auth/guard-decisions';
import { runGuard, type GuardDeps } from '../auth/run-guard';
import { isCyberMatch, isPublicMatch, needsExtraAuth } from './portal';

/** The guard's view of a navigation target, from the address and the matched routes' meta. */
function guardTargetOf(routes: RouteObject[], url: URL): GuardTarget {
  const handles = (matchRoutes(routes, url.pathname) ?? []).map((m) => m.route.handle);
  return {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    isCyber: isCyberMatch(handles),
    isPublic: isPublicMatch(handles),
    extraAuth: needsExtraAuth(handles),
  };
}

/** Paths the auth server's own pages live under: leaving for them reloads the document. */
const DOCUMENT_PREFIXES = ['/auth/'];

/**
 * The root route's loader: spec §4's guards for every navigation. It runs before any other
 * loader of the navigation (guardFirst below), so no screen fetches data for a user who is
 * about to be sent to the login page.
 */
export function createGuardLoader(routes: () => RouteObject[], deps: () => GuardDeps): LoaderFunction {
  return async ({ request }) => {
    const outcome = await runGuard(guardTargetOf(routes(), new URL(request.url)), deps());
    if (!outcome) return null;
    const to = outcome.redirect;
    return DOCUMENT_PREFIXES.some((p) => to.startsWith(p)) ? redirectDocument(to) : redirect(to);
  };
}

/** The root route's id: the guard's home. */
export const ROOT_ROUTE_ID = 'root';

function isRedirectResult(result: unknown): boolean {
  return result instanceof Response && result.status >= 300 && result.status < 400;
}

/**
 * react-router data strategy: the root (guard) loader first; the other routes' chunks start
 * loading at once, but their loaders wait for the guard and do not run when it redirects.
 */
export const guardFirst: DataStrategyFunction = async ({ matches }) => {
  const root = matches.find((m) => m.route.id === ROOT_ROUTE_ID);
  const others = matches.filter((m) => m !== root);
  if (!root || !root.shouldCallHandler()) {
    const results = await Promise.all(matches.map((m) => m.resolve()));
    return Object.fromEntries(matches.map((m, i) => [m.route.id, results[i]]));
  }
  let release!: (go: boolean) => void;
  const gate = new Promise<boolean>((resolve) => (release = resolve));
  const pending = others.map((m) => m.resolve(async (handler) => ((await gate) ? handler() : null)));
  let rootResult;
  try {
    rootResult = await root.resolve();
  } catch (err) {
    release(false);
    await Promise.allSettled(pending);
    throw err;
  }
  const blocked = rootResult.type === 'error' || isRedirectResult(rootResult.result);
  release(!blocked);
  const results = await Promise.all(pending);
  return { [root.route.id]: rootResult, ...Object.fromEntries(others.map((m, i) => [m.route.id, results[i]])) };
};
