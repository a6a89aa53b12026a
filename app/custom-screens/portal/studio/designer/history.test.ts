import { describe, expect, it } from 'vitest';
import { COALESCE_MS, createHistoryStore, HISTORY_LIMIT } from './history';

const typing = (now: number) => ({ coalesce: 'typing', now });

function store(text = '') {
  const s = createHistoryStore();
  s.getState().load('screen', text);
  return s;
}

describe('the studio history: one stack of patches over the text', () => {
  it('typing within a second is one step; a pause starts another', () => {
    const h = store('');
    h.getState().replace('a', typing(0));
    h.getState().replace('ab', typing(300));
    h.getState().replace('abc', typing(600));
    h.getState().replace('abcd', typing(600 + COALESCE_MS + 1));
    expect(h.getState().undoSteps).toHaveLength(2);
    h.getState().undo();
    expect(h.getState().text).toBe('abc');
    h.getState().undo();
    expect(h.getState().text).toBe('');
  });

  it('a structural change is a step of its own, even amid typing', () => {
    const h = store('x');
    h.getState().replace('xy', typing(0));
    h.getState().change({ from: 0, to: 0, insert: '[' }, { now: 10 });
    h.getState().replace('[xyz', typing(20));
    expect(h.getState().undoSteps).toHaveLength(3);
    // Typing into one property coalesces only with that property.
    h.getState().change({ from: 0, to: 0, insert: 'a' }, { coalesce: 'prop:/a', now: 30 });
    h.getState().change({ from: 0, to: 0, insert: 'b' }, { coalesce: 'prop:/b', now: 40 });
    expect(h.getState().undoSteps).toHaveLength(5);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps, dropping the oldest`, () => {
    const h = store('');
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h.getState().change({ from: i, to: i, insert: 'x' }, { now: i });
    expect(h.getState().undoSteps).toHaveLength(HISTORY_LIMIT);
    while (h.getState().undo());
    expect(h.getState().text).toBe('x'.repeat(20));
  });

  it('redo never truncates its own future: undo three, redo three', () => {
    const h = store('');
    for (const [i, t] of ['a', 'ab', 'abc'].entries()) h.getState().replace(t, { now: i * 5000 });
    expect([h.getState().undo(), h.getState().undo(), h.getState().undo(), h.getState().undo()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(h.getState().text).toBe('');
    expect([h.getState().redo(), h.getState().text]).toEqual([true, 'a']);
    expect([h.getState().redo(), h.getState().text]).toEqual([true, 'ab']);
    expect([h.getState().redo(), h.getState().text]).toEqual([true, 'abc']);
    expect(h.getState().redo()).toBe(false);
    // Undo and redo again, several times: the same three steps every time.
    h.getState().undo();
    h.getState().undo();
    h.getState().redo();
    h.getState().redo();
    expect(h.getState().text).toBe('abc');
  });

  it('a new change after an undo drops the future, and a redone step takes no more typing', () => {
    const h = store('');
    h.getState().replace('a', typing(0));
    h.getState().undo();
    h.getState().redo();
    h.getState().replace('ab', typing(10));
    expect(h.getState().undoSteps).toHaveLength(2);
    h.getState().undo();
    h.getState().replace('aX', typing(20));
    expect(h.getState().redoSteps).toHaveLength(0);
    expect(h.getState().redo()).toBe(false);
  });

  it('the selection is outside the history: undo does not move it, selecting is no step', () => {
    const h = store('{}');
    h.getState().select('/columns/0');
    expect(h.getState().undoSteps).toHaveLength(0);
    h.getState().replace('{"a":1}', { now: 0 });
    h.getState().select('/columns/1');
    h.getState().undo();
    expect(h.getState().selection).toBe('/columns/1');
  });

  it('loading the same screen with the same text keeps the history; another text starts afresh', () => {
    const h = store('a');
    h.getState().replace('ab', { now: 0 });
    h.getState().load('screen', 'ab');
    expect(h.getState().undoSteps).toHaveLength(1);
    h.getState().load('other', 'ab');
    expect(h.getState().undoSteps).toHaveLength(0);
  });

  it('a change that changes nothing is no step', () => {
    const h = store('abc');
    h.getState().change(null, { now: 0 });
    h.getState().change({ from: 1, to: 1, insert: '' }, { now: 0 });
    h.getState().change({ from: 0, to: 1, insert: 'a' }, { now: 0 });
    h.getState().replace('abc', { now: 0 });
    expect(h.getState().undoSteps).toHaveLength(0);
  });
});
