/**
 * What the designer says to a screen reader, kept as the sentence's key and its values — never as
 * the words — so the live regions word it again in the interface's language: switched from Korean
 * to English, the last announcement reads in English (the items it names too, by their ItemRef).
 */
import type { Translate } from '../../../../../engine/text';
import { itemWords, nameWords, type FieldWords, type ItemRef } from './item-words';

const D = 'screen.screenStudio.designer';

export interface Said {
  /** The sentence's key under the designer's texts: `announce.moved`, `drag.start` … */
  key: string;
  vars?: Record<string, string | number>;
  /** The item said with its place ({{item}}: "2번째 열 제목"). */
  item?: ItemRef;
  /** The item said by its name alone ({{name}}: "제목"). */
  name?: ItemRef;
}

export function saidWords(t: Translate, said: Said | null, fieldWords: FieldWords): string {
  if (!said) return '';
  return t(`${D}.${said.key}`, {
    ...said.vars,
    ...(said.item ? { item: itemWords(t, said.item, fieldWords) } : {}),
    ...(said.name ? { name: nameWords(t, said.name, fieldWords) } : {}),
  });
}
