/**
 * The check's problems worded when they are shown, in the interface's language: the server answers
 * each problem with its code and values beside its sentence, and the studio words it again from
 * them (lib/screen-check/words.ts, the server's own wording) — so after a switch from Korean to
 * English the problems read in English without checking again. Operations are named as the server
 * names them, by their titles in the contract; a problem without a code keeps the sentence it came with.
 */
import { problemWords, type Lang } from '../../../../lib/screen-check/words';
import type { ProblemParams } from '../../../../lib/screen-check/problems';
import type { StudioOperation } from './completion';
import type { Problem } from './studio-types';

export function problemsInWords(
  problems: readonly Problem[],
  lang: Lang,
  operations: readonly StudioOperation[],
): Problem[] {
  if (!problems.some((p) => p.code)) return problems as Problem[];
  const titles = new Map(operations.flatMap((o) => (o.title ? [[o.id, o.title] as const] : [])));
  return problems.map((p) => {
    if (!p.code) return p;
    const { place, message } = problemWords(
      { pointer: p.pointer, message: p.message, code: p.code, params: (p.params ?? {}) as ProblemParams },
      lang,
      (op) => titles.get(op),
    );
    return { ...p, place, message };
  });
}
