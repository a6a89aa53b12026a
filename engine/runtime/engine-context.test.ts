// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nestKeys } from './engine-context';

describe('engine texts', () => {
  it('nestKeys keeps a key that is also a prefix of another (AUTH006 and AUTH006.retry)', () => {
    expect(nestKeys({ AUTH006: 'a', 'AUTH006.retry': 'b', 'ui.search': 'c' })).toEqual({
      AUTH006: 'a',
      'AUTH006.retry': 'b',
      ui: { search: 'c' },
    });
  });
});
