import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Development pages out of the production build. A `devOnly` screen (/testPo) has no
 * route there already (app/router/dev-pages.ts), but its definition and its component were still
 * bundled and shipped. In a `vite build` without VITE_DEV_PAGES=true this plugin loads each such
 * file as an empty module instead: the definition becomes `null` (screens/index.ts skips it) and
 * the component `undefined`, so none of the page's code reaches dist/. The vite dev server, the
 * tests (vitest) and VITE_DEV_PAGES=true builds keep them.
 */
export interface DevPageFiles {
  /** Screen definitions with `devOnly: true` (absolute paths). */
  screens: string[];
  /** Their custom components: app/custom-screens/** /<component>.custom.tsx (absolute paths). */
  components: string[];
}

function walk(dir: string, test: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, test, out);
    else if (test(entry.name)) out.push(full);
  }
  return out;
}

/** The development pages' files under `root`: definitions saying `devOnly: true` and the components they name. */
export function devPageFiles(root: string): DevPageFiles {
  const screens: string[] = [];
  const names = new Set<string>();
  for (const file of walk(path.join(root, 'screens'), (n) => /\.screen\.(ts|json)$/.test(n))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/["']?devOnly["']?\s*:\s*true/.test(text)) continue;
    screens.push(file);
    for (const m of text.matchAll(/["']?component["']?\s*:\s*["']([A-Za-z0-9_]+)["']/g)) names.add(m[1]);
  }
  const components = walk(
    path.join(root, 'app', 'custom-screens'),
    (n) => names.has(n.replace(/\.custom\.tsx$/, '')) && n.endsWith('.custom.tsx'),
  );
  return { screens: screens.sort(), components: components.sort() };
}

export function devPagesOut(options: { keep: boolean }): Plugin {
  let files: Map<string, string> = new Map();
  return {
    name: 'gpms-dev-pages-out',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (options.keep) return;
      const found = devPageFiles(process.cwd());
      files = new Map([
        ...found.screens.map((f) => [path.normalize(f), 'export default null;\n'] as const),
        ...found.components.map((f) => [path.normalize(f), 'export default undefined;\n'] as const),
      ]);
    },
    load(id) {
      const stub = files.get(path.normalize(id.split('?')[0]));
      return stub ?? null;
    },
  };
}
