import { byteLength } from '../../../lib/text.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { pageWindow, parseSort } from '../../http/list-query.js';
import { markRequestDecided } from './queries.js';
import { checkVersion, failIf, wrongState } from '../../domain/errors.js';
import { text } from '../../domain/values.js';

/**
 * What the two kinds of supplier request share — a supplier's change request
 * (company_change_request, change-requests/) and staff's trading-status request
 * (company_status_request, status/): the list's filters, sort and page, and the decision
 * (approve / reject / withdraw) checks and
 * the record of it. Each list is `r` joined to its company `c`.
 */

/** Reason and decision comments, in bytes (the columns' limit). */
export const REASON_BYTES = 1000;

export type DecisionKind = 'approve' | 'reject' | 'withdraw';
const DECIDED = { approve: 'APPROVED', reject: 'REJECTED', withdraw: 'WITHDRAWN' } as const;

/** Sort (newest request first by default; the company name is the joined company's) and page. */
export function requestOrder<F extends string>(q: { sort?: string; page?: number; size?: number } | undefined) {
  const sort = parseSort<F | 'requestedAt'>(q?.sort, { field: 'requestedAt', direction: 'desc' });
  const sortRef =
    sort.field === 'compNameKr' ? ('c.compNameKr' as const) : (`r.${sort.field as Exclude<F, 'compNameKr'>}` as const);
  // One request by number: a window of one.
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  return { sortRef, direction: sort.direction, limit, offset };
}

/** The decision's comment, checked: required to reject, at most REASON_BYTES; and the state it leads to. */
export function decisionOf(kind: DecisionKind, body: { comment?: string | null }) {
  const comment = text(body.comment ?? null);
  if (kind === 'reject' && !comment) failIf([{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
  if (comment && byteLength(comment) > REASON_BYTES)
    failIf([{ path: 'body/comment', message: `의견은 ${REASON_BYTES}바이트를 넘을 수 없습니다` }]);
  return { comment, status: DECIDED[kind] };
}

/** A request may be decided once, at the version the caller saw. */
export function checkOpen(r: { status: string; version: number }, version: number): void {
  checkVersion(version, r.version);
  if (r.status !== 'REQUESTED') throw wrongState('이미 처리된 변경요청입니다', r.status);
}

const AUDIT_ENTITY = {
  companyChangeRequest: 'company_change_request',
  companyStatusRequest: 'company_status_request',
} as const;

/** The request's own row after a decision: its new state, who decided, when, the comment; one audit row. */
export async function recordDecision(
  trx: Db,
  table: keyof typeof AUDIT_ENTITY,
  r: { reqNo: string; status: string; version: number },
  decision: { status: (typeof DECIDED)[DecisionKind]; comment: string | null; actor: string; at: Date },
): Promise<void> {
  const { status, comment, actor, at } = decision;
  await markRequestDecided(trx, table, r.reqNo, {
    status,
    decidedBy: actor,
    decidedAt: at,
    decisionComment: comment,
    version: r.version + 1,
  });
  await writeAudit(trx, {
    entity: AUDIT_ENTITY[table],
    entityKey: r.reqNo,
    action: status,
    actor,
    before: { status: r.status },
    after: { status },
    reason: comment,
  });
}
