// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module's service does its jobs in files named for them (docs/contributing.md "A server module"):
 * a service file over about 800 lines is split by job, or says at its top why it is not, in a
 * comment starting `Not split:` within its first 30 lines. The check counts lines as `wc -l` does.
 */
const LIMIT = 800;
const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/modules');

function serviceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? serviceFiles(p) : /(^|-)service\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The files over the limit without their reason: [path, lines]. */
export function oversized(files: ReadonlyArray<{ file: string; text: string }>): Array<[string, number]> {
  return files.flatMap(({ file, text }) => {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const head = text.split('\n').slice(0, 30).join('\n');
    return lines > LIMIT && !/^\s*(\/\/|\*|\/\*\*?)\s*Not split:\s*\S/m.test(head) ? [[file, lines]] : [];
  });
}

describe('service file size', () => {
  it('no service file is over 800 lines without the reason written at its top', () => {
    const files = serviceFiles(modulesDir).map((f) => ({
      file: path.relative(root, f),
      text: fs.readFileSync(f, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(40);
    expect(oversized(files)).toEqual([]);
  });

  it('sees a long file without a reason, and accepts one with it', () => {
    const long = 'export const x = 1;\n'.repeat(LIMIT + 1);
    expect(oversized([{ file: 'a/service.ts', text: long }])).toEqual([['a/service.ts', LIMIT + 1]]);
    expect(oversized([{ file: 'b/service.ts', text: `/** Not split: one job. */\n${long}` }])).toEqual([]);
    expect(oversized([{ file: 'c/service.ts', text: 'export const x = 1;\n'.repeat(LIMIT) }])).toEqual([]);
  });
});
