import type { CustomScreenDef, ScreenDef } from '../definition/types';
import type { ScreenKinds } from '../registry/kind-lookup';
import { preloadComponent } from '../registry/preloadable';
import type { CustomComponents } from './engine-context';
import type { ScreenEntry, ScreenRegistry } from './registry';

/**
 * Fetches the code a screen needs beyond the engine's own (its kind's chunk; a custom screen's
 * component), so that opening it does not wait for a download. Nothing for an unknown screen, or
 * a kind the engine carries. Settles when the code is here (or failed to come: the screen shows that error).
 */
export function preloadScreen(
  entry: ScreenEntry | undefined,
  kinds: ScreenKinds,
  customComponents: CustomComponents = {},
): Promise<void> {
  const def = entry?.definition as Partial<ScreenDef> | undefined;
  if (!def) return Promise.resolve();
  if (def.kind === 'custom') {
    const name = (def as Partial<CustomScreenDef>).component;
    return typeof name === 'string' && Object.hasOwn(customComponents, name)
      ? preloadComponent(customComponents[name])
      : Promise.resolve();
  }
  return typeof def.kind === 'string' && Object.hasOwn(kinds, def.kind)
    ? preloadComponent(kinds[def.kind as keyof ScreenKinds])
    : Promise.resolve();
}

/** The registry's screen a route opens (the first one, as the router mounts it). */
function screenForRoute(screens: ScreenRegistry, route: string): ScreenEntry | undefined {
  return screens.list().find((e) => (e.definition as Partial<ScreenDef> | undefined)?.route === route);
}

/**
 * The screens a definition links to — its actions' and rows' `screen` and `route` targets, at any
 * depth — the ones a user may open next from it.
 */
export function linkedScreens(def: unknown, screens: ScreenRegistry): ScreenEntry[] {
  const found = new Map<string, ScreenEntry>();
  const walk = (node: unknown, depth: number, top: boolean) => {
    if (depth > 8 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1, false);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && !top) {
        const entry =
          key === 'screen' ? screens.get(value) : key === 'route' ? screenForRoute(screens, value) : undefined;
        if (entry) found.set(entry.id, entry);
      } else walk(value, depth + 1, false);
    }
  };
  walk(def, 0, true);
  return [...found.values()];
}
