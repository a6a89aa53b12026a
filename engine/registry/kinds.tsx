import { CustomScreen } from '../custom/CustomScreen';
import { ListScreen } from '../list/ListScreen';
import { KIND_CHUNKS } from './kind-chunks';
import type { ScreenKinds } from './kind-lookup';

/**
 * The screen kinds, looked up by name. The list ships with the engine; the kinds with heavier
 * dependencies load when a screen of theirs opens, or earlier when a link to one is shown
 * (kind-chunks.ts). Imported only at the app's edge (the app, the test harnesses), which hands it
 * to <EngineProvider kinds>: nothing a renderer imports may import this file.
 */
export const KINDS: ScreenKinds = Object.freeze({
  list: ListScreen,
  ...KIND_CHUNKS,
  custom: CustomScreen,
});
