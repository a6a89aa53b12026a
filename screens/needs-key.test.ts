// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { needsKey } from '../engine/edit/needs-key';
import tenderEdit from './bid/tenderEdit.screen';
import tenderSubmit from './bid/tenderSubmit.screen';
import itemInsert from './items/itemInsert.screen';
import itemView from './items/itemView.screen';
import supplierUpItemEdit from './items/supplierUpItemEdit.screen';
import compRegMngDetail from './supplier-apply/compRegMngDetail.screen';
import cyberCompManageEdit from './suppliers/cyberCompManageEdit.screen';

/** Which screens say "nothing is selected" without their key (engine/edit/needs-key.ts), as they are defined. */
describe('edit screens without their key', () => {
  it('the screens as defined: a bid, an item, an evaluation need theirs; a tender, a new item, my company do not', () => {
    expect(needsKey(tenderSubmit)).toBe(true);
    expect(needsKey(itemView)).toBe(true);
    expect(needsKey(compRegMngDetail)).toBe(true);
    expect(needsKey(supplierUpItemEdit)).toBe(true);
    expect(needsKey(tenderEdit)).toBe(false);
    expect(needsKey(itemInsert)).toBe(false);
    expect(needsKey(cyberCompManageEdit)).toBe(false);
  });
});
