/**
 * The screen engine's public entry for the app: put an <EngineProvider> (services, widget
 * services, the screen registry) around the routes and render a screen with <ScreenPage id=…/>.
 * Screen definitions import the typed helpers from engine/define (no React there).
 */
export { EngineProvider, nestKeys, type EngineProviderProps, type TextBundles } from './runtime/engine-context';
export { ScreenPage, type ScreenPageProps } from './runtime/ScreenPage';
export { StoredScreenCalls, storedScreenServices, type StoredMark } from './runtime/stored-calls';
export { preloadable, type Preloadable } from './registry/preloadable';
export { preloadScreen } from './runtime/preload-screen';
export { KINDS } from './registry/kinds';
export type { ScreenKinds } from './registry/kind-lookup';
export { createScreenRegistry, definitionFile, type ScreenEntry, type ScreenRegistry } from './runtime/registry';
export type { CustomScreenProps, CustomComponents } from './runtime/engine-context';
export {
  OperationError,
  callOperation,
  operationRequest,
  useEngineServices,
  type Authority,
  type CallInit,
  type EngineServices,
  type FieldErrorDetail,
  type InputOf,
  type OperationInput,
  type ResultOf,
} from './services';
export { validateDefinition } from './definition/validate';
export { crossCheckDefinition, indexApi, type ApiIndex } from './definition/cross-check';
export { DefinitionError, formatProblem, type DefinitionProblem } from './definition/problems';
export type { ScreenDef, ScreenKind } from './definition/types';
export { SERVER_MESSAGE_PREFIX } from './text';
