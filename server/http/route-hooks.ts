import type { RouteOptions } from 'fastify';

type HookName =
  | 'onRequest'
  | 'preValidation'
  | 'preHandler'
  | 'preSerialization'
  | 'onSend'
  | 'onResponse'
  | 'onError'
  | 'onRequestAbort';

/**
 * Adds a hook to one route, from an `onRoute` hook, ahead of the route's own hooks of that kind
 *: a check that only some routes need runs on those routes only, instead of a
 * global hook asking every request's route whether it applies. Route hooks run after the global hooks
 * of their kind, so this suits only a hook whose place among the global ones does not matter.
 */
export function prependRouteHook(route: RouteOptions, name: HookName, hook: (...args: never[]) => unknown): void {
  const own = (route as unknown as Record<HookName, unknown>)[name];
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as unknown as Record<HookName, unknown>)[name] = [hook, ...list];
}
