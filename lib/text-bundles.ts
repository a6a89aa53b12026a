/**
 * Label bundles are split by screen group (screens/i18n/ko.json plus screens/<group>/i18n/ko.json …)
 * so that groups can be written side by side without touching one shared file. This merges them
 * into one tree per language and names every key two bundles give different texts.
 */
type TextTree = { [key: string]: string | TextTree };

export interface MergedBundles {
  tree: TextTree;
  /** "key: a.json vs b.json" for each leaf two bundles define differently. */
  conflicts: string[];
}

/** Merges bundles in the order given (sort the sources for a stable result). */
export function mergeTextBundles(sources: ReadonlyArray<{ file: string; tree: unknown }>): MergedBundles {
  const tree: TextTree = {};
  const origin = new Map<string, string>();
  const conflicts: string[] = [];
  const walk = (target: TextTree, node: unknown, prefix: string, file: string) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      conflicts.push(`${prefix || '(root)'}: ${file} is not an object of texts`);
      return;
    }
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const existing = Object.hasOwn(target, key) ? target[key] : undefined;
      if (typeof value === 'string') {
        if (existing === undefined) {
          target[key] = value;
          origin.set(path, file);
        } else if (existing !== value) conflicts.push(`${path}: ${origin.get(path) ?? 'a group of keys'} vs ${file}`);
      } else if (existing === undefined || typeof existing === 'object') {
        const child: TextTree = existing ?? {};
        target[key] = child;
        walk(child, value, path, file);
      } else conflicts.push(`${path}: ${origin.get(path)} has a text where ${file} has a group of keys`);
    }
  };
  for (const s of sources) walk(tree, s.tree, '', s.file);
  return { tree, conflicts };
}
