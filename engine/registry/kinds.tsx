import { lazy, type ComponentType } from 'react';
import { CustomScreen } from '../custom/CustomScreen';
import { ListScreen } from '../list/ListScreen';
import type { ScreenKindName } from './names';

/**
 * The screen kinds, looked up by name. The list ships with the engine; the kinds with heavier
 * dependencies load when a screen of theirs opens — edit and tree (@rjsf/core), dashboard (recharts).
 */
export const KINDS: Readonly<Record<ScreenKindName, ComponentType>> = Object.freeze({
  list: ListScreen,
  edit: lazy(() => import('../edit/EditScreen').then((m) => ({ default: m.EditScreen }))),
  tree: lazy(() => import('../tree/TreeScreen').then((m) => ({ default: m.TreeScreen }))),
  dashboard: lazy(() => import('../dashboard/DashboardScreen').then((m) => ({ default: m.DashboardScreen }))),
  custom: CustomScreen,
});

export function screenKind(name: string, where: string): ComponentType {
  if (Object.hasOwn(KINDS, name)) return KINDS[name as ScreenKindName];
  throw new Error(`Unknown screen kind "${name}" at ${where}; known kinds: ${Object.keys(KINDS).join(', ')}`);
}
