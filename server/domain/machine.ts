/**
 * A document lifecycle as data: which actions are allowed from which states and where they
 * lead. Pure — the routes ask it before writing, the unit tests walk it, and docs/purchasing.md
 * prints the same tables.
 */
import { wrongState } from './errors.js';
import { josa } from './values.js';

interface Transition<S extends string> {
  from: readonly S[];
  /** The state after the action; 'same' keeps the state (an edit). */
  to: S | 'same';
}

export interface Machine<S extends string, A extends string> {
  /** The document's Korean name, for messages ("구매요청"). */
  name: string;
  statuses: readonly S[];
  statusLabels: Readonly<Record<S, string>>;
  actionLabels: Readonly<Record<A, string>>;
  transitions: Readonly<Record<A, Transition<S>>>;
}

export function canDo<S extends string, A extends string>(m: Machine<S, A>, action: A, status: string): boolean {
  return (m.transitions[action].from as readonly string[]).includes(status);
}

/** The state after `action` from `status`, or null when the action is not allowed there. */
export function nextStatus<S extends string, A extends string>(m: Machine<S, A>, action: A, status: string): S | null {
  if (!canDo(m, action, status)) return null;
  const to = m.transitions[action].to;
  return to === 'same' ? (status as S) : to;
}

/** Every action allowed from a state, in declaration order. */
export function actionsFrom<S extends string, A extends string>(m: Machine<S, A>, status: string): A[] {
  return (Object.keys(m.transitions) as A[]).filter((a) => canDo(m, a, status));
}

/** "결재중 상태의 구매요청은 수정할 수 없습니다" */
export function wrongStateMessage<S extends string, A extends string>(
  m: Machine<S, A>,
  action: A,
  status: string,
): string {
  const label = (m.statusLabels as Record<string, string>)[status] ?? status;
  return `${label} 상태의 ${josa(m.name, '은/는')} ${m.actionLabels[action]}할 수 없습니다`;
}

/** The state after the action, or 409 INVALID_STATE naming the state the document is in. */
export function transition<S extends string, A extends string>(m: Machine<S, A>, action: A, status: string): S {
  const to = nextStatus(m, action, status);
  if (to === null) throw wrongState(wrongStateMessage(m, action, status), status);
  return to;
}
