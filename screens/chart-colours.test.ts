// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { screenDefinitions } from './index';

/** Every `color` a definition names, with where: a chart series' colour is written as text in its tooltip. */
function colours(value: unknown, at: string, out: Array<{ at: string; colour: string }>): void {
  if (Array.isArray(value)) value.forEach((v, i) => colours(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === 'color' && typeof v === 'string') out.push({ at: `${at}.${key}`, colour: v });
      else colours(v, `${at}.${key}`, out);
    }
}

describe('colours in screen definitions', () => {
  it('read as text on white (4.5:1, WCAG 1.4.3): a chart tooltip writes each series in its colour', () => {
    const found: Array<{ at: string; colour: string }> = [];
    for (const { file, definition } of screenDefinitions) colours(definition, file, found);
    expect(found.length).toBeGreaterThan(0);
    const poor = found.filter((c) => contrastRatio(c.colour) < 4.5).map((c) => `${c.at} ${c.colour}`);
    expect(poor).toEqual([]);
  });
});
