// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { afterClick, isNodeOpen } from './tree-model';

describe('afterClick', () => {
  it('opens a folded node, folds an open chosen node, keeps an open node open when it was not chosen', () => {
    const none = new Map<string, boolean>();
    expect(isNodeOpen(afterClick(none, 'a', 1, false), 'a', 1)).toBe(true);
    expect(isNodeOpen(afterClick(new Map([['a', true]]), 'a', 1, true), 'a', 1)).toBe(false);
    expect(isNodeOpen(afterClick(new Map([['a', true]]), 'a', 1, false), 'a', 1)).toBe(true);
    expect(isNodeOpen(afterClick(none, 'a', 1, true), 'a', 1)).toBe(true);
  });

  it('roots start open and fold like any node', () => {
    const none = new Map<string, boolean>();
    expect(isNodeOpen(none, 'r', 0)).toBe(true);
    expect(isNodeOpen(afterClick(none, 'r', 0, true), 'r', 0)).toBe(false);
  });
});
