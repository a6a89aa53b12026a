/**
 * The screens the engine knows: id → definition (as loaded, not yet validated), file and route.
 * The app builds it from screens/ (import.meta.glob) and hands it to <EngineProvider>; links and
 * "open" actions find their target here by id.
 */
export interface ScreenEntry {
  id: string;
  /** Repository path of the definition, for error messages (screens/portal/…/x.screen.json). */
  file: string;
  /** The definition as loaded; validated when rendered. */
  definition: unknown;
}

export interface ScreenRegistry {
  get(id: string): ScreenEntry | undefined;
  list(): readonly ScreenEntry[];
}

/**
 * Builds the registry from loaded modules. A definition without a readable id is still listed
 * (under its file name) so its page shows the problem instead of vanishing.
 */
export function createScreenRegistry(entries: ReadonlyArray<{ file: string; definition: unknown }>): ScreenRegistry {
  const byId = new Map<string, ScreenEntry>();
  for (const { file, definition } of entries) {
    const raw = definition as { id?: unknown } | null;
    const id = typeof raw?.id === 'string' ? raw.id : file;
    if (byId.has(id)) throw new Error(`Two screen definitions share the id "${id}": ${byId.get(id)!.file} and ${file}`);
    byId.set(id, { id, file, definition });
  }
  const list = [...byId.values()].sort((a, b) => a.file.localeCompare(b.file));
  return { get: (id) => byId.get(id), list: () => list };
}

/** Repository-relative file name from an import.meta.glob key ('./portal/x.screen.json' under screens/). */
export function definitionFile(globKey: string, folder = 'screens'): string {
  return `${folder}/${globKey.replace(/^\.\//, '').replace(/^\/?screens\//, '')}`;
}
