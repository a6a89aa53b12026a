/**
 * Submitting a purchasing document for approval (docs/purchasing.md "Approval"): an agreement, an
 * order (PO or simple) and an LOI are submitted the same way, so the steps live here once. Each
 * module keeps what is its own — who may submit (its lock), its state machine, its checks and the
 * amount the rule rates — and hands this its update of its own row.
 */
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { Actor } from '../../../domain/actor.js';
import { startApproval } from '../approval/queries.js';
import type { DocType } from '../approval/workflow.js';

/** What a submitted document's row becomes. */
export interface SubmittedValues<S extends string> {
  status: S;
  approvalStatus: 'PENDING';
  approvalId: number;
  version: number;
  updatedAt: Date;
}

/**
 * Inside the caller's transaction, the document locked and checked: starts the approval by the rule
 * of `docType` for `amountKrw`, moves the document to `nextStatus` with the approval PENDING and its
 * version moved on (through `update`, the module's own write), and records SUBMIT in the audit trail.
 */
export async function submitForApproval<S extends string>(
  trx: Db,
  doc: {
    /** The audit trail's entity (the document's table). */
    entity: string;
    docType: DocType;
    docNo: string;
    status: string;
    nextStatus: S;
    version: number;
    amountKrw: string;
  },
  actor: Actor,
  /** The business clock's instant: the approval's deputies are those of that day. */
  now: Date,
  update: (values: SubmittedValues<S>) => Promise<void>,
): Promise<{ approvalId: number }> {
  const { approvalId } = await startApproval(
    trx,
    {
      docType: doc.docType,
      docNo: doc.docNo,
      amountKrw: doc.amountKrw,
      submitterId: actor.singleid,
      actorUserId: actor.userId,
    },
    now,
  );
  await update({
    status: doc.nextStatus,
    approvalStatus: 'PENDING',
    approvalId,
    version: doc.version + 1,
    updatedAt: new Date(),
  });
  await writeAudit(trx, {
    entity: doc.entity,
    entityKey: doc.docNo,
    action: 'SUBMIT',
    actor: actor.userId,
    before: { status: doc.status },
    after: { status: doc.nextStatus, approvalId, amountKrw: doc.amountKrw },
  });
  return { approvalId };
}
