/**
 * The words of a write on a stored screen come from the operation, not from the definition: its
 * button shows the operation's own name (the author's label may follow it, never replace it) and
 * its confirmation opens with the sentence made from that name ("계약을 취소합니다. 계속하시겠습니까?"),
 * the author's text after it. A button labelled "새로고침" that cancels a contract therefore reads
 * "계약 취소 (새로고침)" and asks whether to cancel the contract (docs/studio.md "Words of a write").
 */
import { isOperationId, operations } from '../../schemas/operations.generated';

export interface WriteWords {
  /** "계약 취소" / "Cancel contract". */
  name: string;
  /** "계약을 취소합니다. 계속하시겠습니까?" / "This will cancel contract. Continue?" */
  confirm: string;
}

/** True when calling the operation leaves something behind: any method but GET, a body, or a GET's declared effects. */
export function leavesEffects(operation: string, body?: unknown): boolean {
  if (!isOperationId(operation)) return true;
  const op = operations[operation];
  return op.method !== 'get' || body !== undefined || op.effects.length > 0;
}

/** "cancelContract" → "Cancel contract". */
function englishName(operation: string): string {
  const words = operation
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The operation's own words in the interface's language; null for a GET that only reads. */
export function operationWriteWords(operation: string, lang: string): WriteWords | null {
  if (!leavesEffects(operation)) return null;
  const ko = isOperationId(operation) ? operations[operation].actionKo : null;
  if (lang.startsWith('ko') && ko) return { name: ko.name, confirm: ko.confirm };
  const name = englishName(operation);
  return { name, confirm: `This will ${name.charAt(0).toLowerCase()}${name.slice(1)}. Continue?` };
}

/** The button's text: the operation's name, and the author's label after it when it says something else. */
export function buttonText(words: WriteWords | null, authorLabel: string): string {
  if (!words) return authorLabel;
  const extra = authorLabel.trim();
  return extra && extra !== words.name ? `${words.name} (${extra})` : words.name;
}

/** The confirmation: the operation's sentence first, the author's text (if any) after it. */
export function confirmText(words: WriteWords, authorText: string | undefined): string {
  const extra = authorText?.trim();
  return extra && extra !== words.confirm ? `${words.confirm}\n${extra}` : words.confirm;
}
