import { describe, expect, it } from 'vitest';
import { changePct } from './pivot-model';

describe('changePct', () => {
  it('rounds a half away from zero, as the cube’s round(numeric, 1) does', () => {
    // 1,235 / 10,000 = 12.35 %; -1,235 / 10,000 = -12.35 %.
    expect(changePct(11_235, 10_000)).toBe(12.4);
    expect(changePct(8_765, 10_000)).toBe(-12.4);
    expect(changePct(8_766, 10_000)).toBe(-12.3);
  });

  it('is null with nothing before', () => {
    expect(changePct(5, null)).toBeNull();
    expect(changePct(5, 0)).toBeNull();
  });
});
