import { describe, expect, it } from 'vitest';
import { toggleExpanded } from './tree-model';

describe('toggleExpanded', () => {
  it('opens a folded node, folds an open chosen node, keeps an open node open when it was not chosen', () => {
    expect([...toggleExpanded(new Set(), 'a', false)]).toEqual(['a']);
    expect([...toggleExpanded(new Set(['a', 'b']), 'a', true)]).toEqual(['b']);
    expect([...toggleExpanded(new Set(['a']), 'a', false)]).toEqual(['a']);
    expect([...toggleExpanded(new Set(), 'a', true)]).toEqual(['a']);
  });
});
