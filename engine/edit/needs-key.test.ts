import { describe, expect, it } from 'vitest';
import type { EditScreenDef } from '../definition/types';
import { needsKey } from './needs-key';

const edit = (def: Partial<EditScreenDef>) =>
  ({ id: 'test.x', kind: 'edit', title: 'x', sections: [], ...def }) as EditScreenDef;

describe('needsKey: an edit screen that shows nothing without its key', () => {
  it('a screen with a save that creates does not', () => {
    expect(needsKey(edit({ key: ['no'], actions: [{ kind: 'save', operation: 'createMessage' }] }))).toBe(false);
    expect(
      needsKey(
        edit({ key: ['no'], actions: [{ kind: 'save', operation: 'createMessage', visible: "mode == 'create'" }] }),
      ),
    ).toBe(false);
    // Shown while creating or for a document that may still be changed: it creates.
    expect(
      needsKey(
        edit({
          key: ['no'],
          actions: [
            { kind: 'save', operation: 'createPr', visible: "mode == 'create' || contains(form.actions, 'update')" },
          ],
        }),
      ),
    ).toBe(false);
  });

  it('a screen without a save that creates does: none, or one shown while updating alone', () => {
    expect(needsKey(edit({ key: ['no'], actions: ['back', { kind: 'workflow', operation: 'submitBid' }] }))).toBe(true);
    expect(
      needsKey(
        edit({ key: ['no'], actions: [{ kind: 'save', operation: 'updateItem', visible: "mode == 'update'" }] }),
      ),
    ).toBe(true);
    expect(needsKey(edit({ key: ['no'], actions: [{ kind: 'save', updateOperation: 'updateItem' } as never] }))).toBe(
      true,
    );
  });

  it('a read-only view does, whatever its actions', () => {
    expect(
      needsKey(edit({ key: ['no'], readOnly: true, actions: [{ kind: 'save', operation: 'createMessage' }] })),
    ).toBe(true);
  });

  it('a screen without a key, or the caller’s own record, does not', () => {
    expect(needsKey(edit({ actions: [] }))).toBe(false);
    expect(needsKey(edit({ key: [], readOnly: true }))).toBe(false);
    expect(needsKey(edit({ singleton: true, key: ['compNo'], readOnly: true }))).toBe(false);
  });
});
