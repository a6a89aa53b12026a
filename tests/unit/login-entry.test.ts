// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enApp from '../../app/i18n/en.json';
import koApp from '../../app/i18n/ko.json';
import enShell from '../../app/layouts/i18n/en.json';
import koShell from '../../app/layouts/i18n/ko.json';

/**
 * What the entry chunk holds every first visit loads, the login pages' included (bench/results/log.md,
 * "Login page on the wire"): the modules app/main.tsx reaches through static value imports. A module
 * reached is served whole — a module the screens share with the entry rides along with everything
 * they use of it — so the signed-in shell's code and texts must be reached only through `import()`.
 */
const root = path.resolve(import.meta.dirname, '../..');
const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');

/** Comments out, so an import named in a comment does not count. */
const code = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The files a file reaches through static imports of values (not `import type`, not `import()`). */
function staticallyReached(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const src = code(fs.readFileSync(file, 'utf8'));
    for (const m of src.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
      if (m[2]) continue;
      if (m[3] && /^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}\s+from\s+$/.test(m[3].trim() + ' ')) continue;
      const target = resolve(file, m[4]);
      if (target && !target.endsWith('.css')) visit(target);
    }
  };
  visit(entry);
  return new Set([...seen].map(rel));
}

describe('the login pages load none of the signed-in shell', () => {
  const reached = staticallyReached(path.join(root, 'app/main.tsx'));

  it('the walk sees the entry: the router, the session, the core texts', () => {
    for (const f of ['app/router/create-app-router.ts', 'app/auth/session-actions.ts', 'lib/clock-skew.ts']) {
      expect(reached.has(f), f).toBe(true);
    }
    expect(reached.has('app/i18n/ko.json')).toBe(true);
  });

  it.each([
    ['lib/date.ts', 'date formats of the screens; the entry needs lib/clock-skew.ts alone'],
    ['lib/ad-timestamp.ts', 'the AD entry (/integration); token claims need lib/base64.ts alone'],
    ['app/auth/run-ad-entry.ts', "/integration's loader imports it when it runs"],
    ['app/layouts/menu/menu-tree.ts', 'the menu-visit log imports it for a signed-in user'],
    ['app/layouts/shell-texts.ts', "the shell's texts come with the shell"],
    ['app/layouts/i18n/ko.json', "the shell's texts come with the shell"],
    ['app/pages/dev/i18n/ko.json', 'development pages only'],
  ])('not %s (%s)', (file) => {
    expect(reached.has(file)).toBe(false);
  });

  it("the shell's texts are not in the core bundles too, and say the same things in both languages", () => {
    expect(Object.keys(koShell).sort()).toEqual(Object.keys(enShell).sort());
    for (const section of Object.keys(koShell)) {
      expect(Object.keys(koApp), section).not.toContain(section);
      expect(Object.keys(enApp), section).not.toContain(section);
    }
  });
});
