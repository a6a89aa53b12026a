// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code says why, not where a change came from: the tracker's issue numbers stay in docs and commit
 * messages, never in source (docs/contributing.md "Comments"). A reason worth keeping is written out
 * beside the code or in docs/contributing.md "Decisions".
 */
const root = path.resolve(import.meta.dirname, '../..');
const DIRS = [
  'app',
  'engine',
  'widgets',
  'server',
  'lib',
  'schemas',
  'screens',
  'scripts',
  'codegen',
  'bench',
  'tests',
  '.storybook',
];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const ISSUE_REFERENCE = /\b[Ii]ssues? #\d+|\(#\d+[),: ]|TODO\(#\d+\)|#\d{1,3}(?:'s)? (?:item|finding|fix)\b/;

export function issueReferences(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (ISSUE_REFERENCE.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.endsWith('.generated.ts')) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : SOURCE.test(e.name) ? [p] : [];
  });
}

describe('no issue numbers in source', () => {
  it('finds the forms a reference takes, and not colours, entities or version numbers', () => {
    // Written in parts: a tool that strips references from source must not rewrite this fixture.
    const hash = '#';
    const refs = [
      `// as issue ${hash}27 found`,
      `/** (${hash}19) light first */`,
      `// TODO(${hash}32): later`,
      ` * of ${hash}28 item 4`,
    ];
    expect(issueReferences(refs.join('\n'))).toHaveLength(4);
    expect(issueReferences("fill('#555'); esc('&#39;'); '#71 v1 · 박성호'")).toEqual([]);
  });

  it('no source file names an issue', () => {
    const found = DIRS.flatMap((d) => files(path.join(root, d))).flatMap((f) => {
      const rel = path.relative(root, f);
      return rel === path.join('tests', 'unit', 'no-issue-numbers.test.ts')
        ? []
        : issueReferences(fs.readFileSync(f, 'utf8')).map((l) => `${rel}:${l}`);
    });
    expect(found).toEqual([]);
  });
});
