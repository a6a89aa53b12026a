import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import { activeDelegation } from './queries.js';

/**
 * The deputy of an approver on a day (approval delegation), or null. Steps that become pending
 * then go to the deputy (approval_step.on_behalf_of keeps whose turn it was).
 */
async function deputyOf(db: Db, approverId: string, today: string): Promise<string | null> {
  return (await activeDelegation(db, approverId, today))?.deputyId ?? null;
}

/** Who gets a step that becomes pending now: the approver, or their deputy on their behalf. */
export async function stepAssignee(
  db: Db,
  approverId: string,
  now: Date,
): Promise<{ approverId: string; onBehalfOf: string | null }> {
  const deputy = await deputyOf(db, approverId, todayKst(now));
  return deputy ? { approverId: deputy, onBehalfOf: approverId } : { approverId, onBehalfOf: null };
}
