/**
 * The designer's words, remembered: the same key with the same values gives the same sentence until
 * the language (or a text bundle) changes, which gives a new translate function and a new memory.
 * A 60-field form asks for several thousand sentences each time a key is typed (every item's name,
 * its buttons' labels, the panel's property names, descriptions and enum labels); i18next's lookup
 * with particles was a third of a keystroke's time (bench/designer.ts).
 */
import { useMemo } from 'react';
import { useEngineText, type Translate } from '../../../../../engine/text';

export function useDesignerText(): Translate {
  const t = useEngineText();
  return useMemo(() => remembering(t), [t]);
}

function remembering(t: Translate): Translate {
  const memory = new Map<string, string>();
  return (key, vars) => {
    const at = vars ? `${key}\u0000${JSON.stringify(vars)}` : key;
    let words = memory.get(at);
    if (words === undefined) {
      words = t(key, vars);
      memory.set(at, words);
    }
    return words;
  };
}
