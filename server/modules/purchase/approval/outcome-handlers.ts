import type { Db } from '../../../db/connect.js';
import { DOC_TYPES, type DocType } from './workflow.js';

export type Outcome = 'NEXT' | 'APPROVED' | 'REJECTED';

/**
 * What a document's own module does with an approval decision, in the approval's transaction: the
 * next step, the last approval or a rejection. Answers the document's new status.
 */
type OutcomeHandler = (
  trx: Db,
  a: { approvalId: number; docType: DocType; docNo: string },
  outcome: Outcome,
  actorUserId: string,
  comment: string | null,
  /** now: the business clock (app.clock) the decision was taken on. */
  options: { confirmBudgetWarning?: boolean | null; now: Date },
) => Promise<string>;

/** The document types whose decisions the approval module applies itself (outcome.ts). */
const OWN_DOC_TYPES = ['PR', 'PO', 'SIMPLE', 'LOI'] as const satisfies readonly DocType[];
type OwnDocType = (typeof OWN_DOC_TYPES)[number];

/**
 * The handlers of every other document type, registered by their modules where the server is
 * composed (server/approval-outcomes.ts): the approval module imports none of them, so it sits
 * below them and no import circle runs back through it.
 */
export type OutcomeHandlers = Readonly<Record<Exclude<DocType, OwnDocType>, OutcomeHandler>>;

/** Fails at start-up, naming what is missing, when a document type has no handler or an unknown one is given. */
export function checkOutcomeHandlers(handlers: Readonly<Record<string, unknown>>, where: string): void {
  const own: readonly string[] = OWN_DOC_TYPES;
  const needed = DOC_TYPES.filter((t) => !own.includes(t));
  const missing = needed.filter((t) => !Object.hasOwn(handlers, t) || typeof handlers[t] !== 'function');
  const unknown = Object.keys(handlers).filter((t) => !(needed as readonly string[]).includes(t));
  if (missing.length || unknown.length)
    throw new Error(
      `${where}: approval outcome handlers ${missing.length ? `missing for ${missing.join(', ')}` : ''}${
        missing.length && unknown.length ? '; ' : ''
      }${unknown.length ? `given for unknown or approval-owned document types ${unknown.join(', ')}` : ''}`,
    );
}
