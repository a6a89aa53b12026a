import { preloadable } from './preloadable';

/**
 * The kinds with heavier dependencies, each in a chunk of its own: edit and tree (@rjsf/core),
 * dashboard (recharts). Apart from kinds.tsx so that preloading imports no screen code.
 */
export const KIND_CHUNKS = {
  edit: preloadable<object>(() => import('../edit/EditScreen').then((m) => ({ default: m.EditScreen }))),
  tree: preloadable<object>(() => import('../tree/TreeScreen').then((m) => ({ default: m.TreeScreen }))),
  dashboard: preloadable<object>(() =>
    import('../dashboard/DashboardScreen').then((m) => ({ default: m.DashboardScreen })),
  ),
} as const;
