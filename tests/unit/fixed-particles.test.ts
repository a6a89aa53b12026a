// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A Korean particle written after a value filled in at run time is right for some values only: `발주 ${poNo}를`
 * reads 'PO2026-000481를' (일 → 을), `${what}을` reads '역경매을'. Such a particle is chosen for the value —
 * `josa(word, '을/를')` in code (lib/josa.ts), `{{x}}을(를)` in an i18n text, whose post-processor chooses it —
 * or written inside each literal the value can be (`${a ? '입찰이' : '역경매가'}`).
 */
const root = path.resolve(import.meta.dirname, '../..');
const DIRS = ['app', 'engine', 'widgets', 'server', 'lib', 'screens'];
const SOURCE = /\.(ts|tsx|json)$/;
/** A template's `${…}`, an i18n text's `{{…}}` or a server message's `{n}`, then a bare particle ending the word. */
const FIXED = /(?:\$\{[^{}]+\}|\{\{[^{}]+\}\}|\{\d+\})(?:을|를|이|가|은|는|과|와|으로|로)(?![(가-힣A-Za-z0-9])/g;

export function fixedParticles(text: string): string[] {
  return text.split('\n').flatMap((line, i) => [...line.matchAll(FIXED)].map((m) => `${i + 1}: ${m[0]}`));
}

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || /\.(test|stories)\.tsx?$|\.generated\.ts$/.test(e.name)) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : SOURCE.test(e.name) ? [p] : [];
  });
}

describe('no particle fixed after a filled-in value', () => {
  it('finds a bare particle after a value, not a chosen one, a word going on or a marked pair', () => {
    expect(fixedParticles('`발주 ${poNo}를 찾을 수 없습니다`')).toEqual(['1: ${poNo}를']);
    expect(fixedParticles('"{{name}}이 없습니다" `${a}으로`')).toEqual(['1: {{name}}이', '1: ${a}으로']);
    expect(
      fixedParticles(
        "`${josa(poNo, '을/를')} 찾을` \"{{name}}이(가) 없습니다\" `${n}이상` `${n}가지` `${x}(${y})${particle(x, '이/가')}`",
      ),
    ).toEqual([]);
  });

  it('no source or i18n text fixes one', () => {
    const found = DIRS.flatMap((d) => files(path.join(root, d))).flatMap((f) =>
      fixedParticles(fs.readFileSync(f, 'utf8')).map((hit) => `${path.relative(root, f)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
