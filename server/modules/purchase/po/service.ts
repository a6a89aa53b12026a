import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import type { Db } from '../../../db/connect.js';
import { loadApprovals } from '../approval/queries.js';
import { isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { loadAttachments, loadHistory } from '../../../domain/documents.js';
import { missing } from '../../../domain/errors.js';
import { iso } from '../../../domain/values.js';
import { findPoHeader, findPoLines, listPoChanges } from './queries.js';
import { approvalState, numbered } from '../approval/state.js';
import { poActionsFor } from './workflow.js';

export const PO_SCREENS = { list: '/OrderRequestList', edit: '/OrderRequestEdit' } as const;
export const SIMPLE_SCREENS = { list: '/SimpleOrderList', edit: '/SimpleOrderEdit' } as const;
export const PO_CHANGE_SCREEN = '/portal/poChange/poChangeInfo';

export const poMissing = () => missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');

/** The screen that edits an order of this type. */
export const editScreenOf = (poType: string) => (poType === 'SIMPLE' ? SIMPLE_SCREENS.edit : PO_SCREENS.edit);

/** One order as staff see it: header, lines, attachments, approvals, history, changes and the caller's actions. */
export async function poDetail(db: Db, poNo: string, actor: Actor, expectType?: 'PO' | 'SIMPLE') {
  const h = await findPoHeader(db, poNo);
  if (!h || (expectType && h.poType !== expectType)) throw poMissing();
  const [lines, attachments, approvals, history, changes, canWrite] = await Promise.all([
    findPoLines(db, poNo),
    loadAttachments(db, h.fileId),
    loadApprovals(db, { docTypes: ['PO', 'SIMPLE'], docNo: poNo }),
    loadHistory(db, 'po_header', poNo),
    listPoChanges(db, { poNo }, { field: 'changedAt', direction: 'asc' }, { limit: 5000, offset: 0 }),
    groupHoldsScreen(db, actor.authGroupId, [editScreenOf(h.poType)], 'write'),
  ]);
  const delivered = lines.some((l) => Number(l.deliveredQty) > 0);
  const { approvalId: _a, buyerEmail: _e, buyerTelNo: _t, ...header } = h;
  const { isCurrentApprover, ...approvalFields } = approvalState(approvals, actor.singleid);
  return {
    ...header,
    forwardedAt: iso(h.forwardedAt),
    acknowledgedAt: iso(h.acknowledgedAt),
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
    lines,
    attachments,
    approvals,
    history: numbered(history),
    changes: changes.rows,
    ...approvalFields,
    actions: [...poActionsFor(h.status, { isBuyer: h.buyerId === actor.singleid, isManager: isPurchasingManager(actor), canWrite }, { delivered }), ...(isCurrentApprover ? ['approve', 'reject'] : [])],
  };
}
