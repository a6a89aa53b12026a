import type { ComponentType } from 'react';
import { CustomScreen } from '../custom/CustomScreen';
import { ListScreen } from '../list/ListScreen';
import { KIND_CHUNKS } from './kind-chunks';
import type { ScreenKindName } from './names';

/**
 * The screen kinds, looked up by name. The list ships with the engine; the kinds with heavier
 * dependencies load when a screen of theirs opens, or earlier when a link to one is shown
 * (kind-chunks.ts).
 */
export const KINDS: Readonly<Record<ScreenKindName, ComponentType>> = Object.freeze({
  list: ListScreen,
  ...KIND_CHUNKS,
  custom: CustomScreen,
});

export function screenKind(name: string, where: string): ComponentType {
  if (Object.hasOwn(KINDS, name)) return KINDS[name as ScreenKindName];
  throw new Error(`Unknown screen kind "${name}" at ${where}; known kinds: ${Object.keys(KINDS).join(', ')}`);
}
