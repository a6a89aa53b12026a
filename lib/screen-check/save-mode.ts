/** An action's `visible` that holds in one mode alone: `mode == 'update'`, optionally `&& …` more. */
const ONLY_IN_MODE = /^\s*\(?\s*mode\s*==\s*'(create|update)'\s*\)?\s*(?:&&(?!.*\|\|).*)?$/;

/** The one mode an action is shown in by its `visible` (`mode == 'update' && …`), or undefined for both. */
export function onlyInMode(visible: unknown): 'create' | 'update' | undefined {
  return typeof visible === 'string' ? (ONLY_IN_MODE.exec(visible)?.[1] as 'create' | 'update' | undefined) : undefined;
}
