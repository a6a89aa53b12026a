import type { i18n as I18n } from 'i18next';
import { i18nInstance } from '../../lib/i18n-instance';
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalProvider } from '../../widgets/modal/modal-provider';
import { WidgetServicesProvider, type WidgetServices } from '../../widgets/services';
import type { ApiIndex } from '../definition/cross-check';
import { EngineServicesProvider, type EngineServices } from '../services';
import { ENGINE_TEXTS_EN, ENGINE_TEXTS_KO } from '../text';
import type { ScreenRegistry } from './registry';
import type { ScreenKinds } from '../registry/kind-lookup';

/** What a custom component receives: the definition's `props` and the screen's query. */
export interface CustomScreenProps {
  props: Record<string, unknown>;
  query: Record<string, string>;
}

/** Hand-written components for `"kind": "custom"` definitions, by the name a definition gives. */
export type CustomComponents = Readonly<Record<string, ComponentType<CustomScreenProps>>>;

export interface EngineConfig {
  screens: ScreenRegistry;
  /** The screen kinds by name (registry/kinds.tsx's KINDS, handed in by the app's edge). */
  kinds: ScreenKinds;
  /** Components `"kind": "custom"` definitions name (plain data, looked up by name). */
  customComponents?: CustomComponents;
  /**
   * Development: also cross-check each definition against the OpenAPI document before rendering,
   * so the page shows exactly what `npm run screens:check` says. Loads the document lazily.
   */
  loadApiIndex?: () => Promise<ApiIndex>;
}

const EngineConfigContext = createContext<EngineConfig | null>(null);

export function useEngineConfig(): EngineConfig {
  const c = useContext(EngineConfigContext);
  if (!c) throw new Error('useEngineConfig: no EngineProvider above this screen');
  return c;
}

/** Label texts by language, e.g. the screens' own `screens/i18n/{ko,en}.json`. */
export interface TextBundles {
  ko?: Record<string, unknown>;
  en?: Record<string, unknown>;
}

export interface EngineProviderProps extends EngineConfig {
  services: EngineServices;
  widgetServices: WidgetServices;
  /** Added to the i18next instance without overwriting what is there (server messages win). */
  texts?: TextBundles;
  children: ReactNode;
}

/** The bundles (by their source object) each i18next instance has already merged, per language. */
const merged = new WeakMap<I18n, { ko: WeakSet<object>; en: WeakSet<object> }>();

/** Merges a bundle into the instance once: what is there stays (server messages win). */
function addOnce(wrapper: I18n, lng: 'ko' | 'en', source: object, tree: () => Record<string, unknown>): void {
  const i18n = i18nInstance(wrapper);
  let seen = merged.get(i18n);
  if (!seen) merged.set(i18n, (seen = { ko: new WeakSet(), en: new WeakSet() }));
  if (seen[lng].has(source)) return;
  seen[lng].add(source);
  i18n.addResourceBundle(lng, 'translation', tree(), true, false);
}

/**
 * Everything a screen needs around it: widget services, the modal stack (alerts, confirms,
 * dialogs), the engine's services and the screen registry. Put one inside the app's
 * I18nextProvider and router.
 */
export function EngineProvider({
  services,
  widgetServices,
  texts,
  screens,
  kinds,
  customComponents,
  loadApiIndex,
  children,
}: EngineProviderProps) {
  const { i18n } = useTranslation();
  // Before the first screen renders. The provider mounts again on every screen change: merging the
  // bundles again each time (a deep merge of every screen's texts) was most of a change's CPU.
  if (typeof i18n?.addResourceBundle === 'function') {
    for (const [lng, engine] of [
      ['ko', ENGINE_TEXTS_KO],
      ['en', ENGINE_TEXTS_EN],
    ] as const) {
      addOnce(i18n, lng, engine, () => nestKeys(engine));
      const extra = texts?.[lng];
      if (extra) addOnce(i18n, lng, extra, () => extra);
    }
  }
  const config = useMemo<EngineConfig>(
    () => ({ screens, kinds, customComponents, loadApiIndex }),
    [screens, kinds, customComponents, loadApiIndex],
  );
  return (
    <WidgetServicesProvider services={widgetServices}>
      <ModalProvider>
        <EngineServicesProvider value={services}>
          <EngineConfigContext.Provider value={config}>{children}</EngineConfigContext.Provider>
        </EngineServicesProvider>
      </ModalProvider>
    </WidgetServicesProvider>
  );
}

/**
 * 'a.b.c' keys → nested objects, the way i18next stores them. A key that is both a text and a
 * prefix of another ('AUTH006' and 'AUTH006.retry') keeps the longer one flat: i18next finds flat
 * keys with dots too.
 */
export function nestKeys(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(flat).sort((a, b) => a.split('.').length - b.split('.').length);
  for (const key of keys) {
    const parts = key.split('.');
    let node: Record<string, unknown> = out;
    let ok = true;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = node[parts[i]];
      if (next === undefined) node = node[parts[i]] = {};
      else if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        ok = false;
        break;
      }
    }
    if (ok && node[parts[parts.length - 1]] === undefined) node[parts[parts.length - 1]] = flat[key];
    else out[key] = flat[key];
  }
  return out;
}
