import type { ComponentType } from 'react';
import type { ScreenKindName } from './names';

/**
 * The screen kinds by name: plain data the app's edge builds (registry/kinds.tsx) and hands to
 * <EngineProvider kinds>, so that the engine's pages and frames never import the renderers that
 * render inside them.
 */
export type ScreenKinds = Readonly<Record<ScreenKindName, ComponentType>>;

export function screenKind(kinds: ScreenKinds, name: string, where: string): ComponentType {
  if (Object.hasOwn(kinds, name)) return kinds[name as ScreenKindName];
  throw new Error(`Unknown screen kind "${name}" at ${where}; known kinds: ${Object.keys(kinds).join(', ')}`);
}
