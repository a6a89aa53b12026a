// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The engine's modules import one way: no file reaches itself again through its static imports.
 * Kinds are registered from outside their renderers (the registry is plain data the app's edge
 * builds), so a renderer never imports the registry that lists it. A dynamic `import()` (a kind's
 * chunk) counts too — a renderer's chunk reaching back to what loads it is the same circle —; a
 * type-only import does not (nothing of it remains at run time).
 */
const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
      ? [p]
      : [];
  });
}

/** Comments out; what is left of `import type …` and `export type … from` is dropped too. */
const code = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function resolve(from: string, spec: string, files: Set<string>): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (files.has(candidate)) return candidate;
  return null;
}

/** Each file's value imports (static and dynamic) of other files in the set. */
export function importGraph(files: string[]): Map<string, string[]> {
  const set = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const src = code(fs.readFileSync(file, 'utf8'));
    const targets: string[] = [];
    for (const d of src.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = resolve(file, d[1], set);
      if (target) targets.push(target);
    }
    for (const m of src.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
      if (m[2]) continue;
      // `import { type A, type B } from` imports no value either.
      if (m[3] && /^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}\s+from\s+$/.test(m[3].trim() + ' ')) continue;
      const target = resolve(file, m[4], set);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle as its files (one strongly connected component of more than one file, or a file importing itself). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v))
        cycles.push(component.map((f) => path.relative(root, f).split(path.sep).join('/')).sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

describe('the engine imports one way', () => {
  it('no import cycle in engine/', () => {
    expect(importCycles(importGraph(sourceFiles(path.join(root, 'engine'))))).toEqual([]);
  });

  it('the check sees a cycle, through a dynamic import too, and not through a type-only import', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-cycle-'));
    try {
      const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
      write('a.ts', "import { b } from './b';\nexport const a = () => b;");
      write('b.tsx', "import { c } from './c.js';\nexport const b = c;");
      write('c.ts', "export { a as c } from './a';");
      write('d.ts', "import type { E } from './e';\nimport { type F } from './e';\nexport const d = 1;");
      write('e.ts', "import { d } from './d';\nexport type E = 1; export type F = 2; export const e = d;");
      write('f.ts', "export const f = () => import('./g').then((m) => m.g);");
      write('g.ts', "import { f } from './f';\nexport const g = f;");
      const cycles = importCycles(importGraph(sourceFiles(dir)));
      expect(cycles.map((c) => c.map((f) => path.basename(f))).sort()).toEqual([
        ['a.ts', 'b.tsx', 'c.ts'],
        ['f.ts', 'g.ts'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
