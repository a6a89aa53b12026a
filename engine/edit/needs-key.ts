import { onlyInMode } from '../../lib/screen-check/save-mode';
import type { CallAction, EditScreenDef } from '../definition/types';

/**
 * Whether an edit screen shows nothing without its key in the address: it has a `key`, is not the
 * caller's own record (`singleton`), and cannot create one — read only as a whole (`readOnly: true`),
 * or without a save that creates (a `save` with an `operation` not shown only while updating). Such
 * a screen opened without its key would show an empty form of a document that does not exist
 * (/cyber/bid/tenderSubmit reading 초안 / 초대됨); it says that nothing is selected instead.
 */
export function needsKey(def: EditScreenDef): boolean {
  if (!def.key?.length || def.singleton) return false;
  if (def.readOnly === true) return true;
  return !(def.actions ?? []).some((a) => {
    if (typeof a === 'string' || a.kind !== 'save') return false;
    const save = a as CallAction;
    return !!save.operation && onlyInMode(save.visible) !== 'update';
  });
}
