import { wrongState } from './errors.js';
import { nextStatus, wrongStateMessage, type Machine } from './machine.js';

/** The state after the action, or 409 INVALID_STATE naming the state the document is in. */
export function transition<S extends string, A extends string>(m: Machine<S, A>, action: A, status: string): S {
  const to = nextStatus(m, action, status);
  if (to === null) throw wrongState(wrongStateMessage(m, action, status), status);
  return to;
}
