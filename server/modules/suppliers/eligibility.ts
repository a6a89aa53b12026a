import type { Db } from '../../db/connect.js';
import { companyStatuses } from './queries.js';
import { failIf, invalid, type FieldError } from '../../domain/errors.js';
import { STATUS_TEXT } from './screens.js';

/**
 * Whether a supplier may be invited to quote or ordered from: only a trading (ACTIVE) one.
 * A suspended or closed supplier is refused with the reason its status change recorded, so the
 * buyer sees why (docs/suppliers.md). Purchasing calls assertSuppliersEligible with one line
 * where it invites suppliers (createRfq) and where it orders (createPo, simple orders).
 */
export type EligibilityPurpose = 'rfq' | 'order';

interface SupplierStanding {
  compNo: string;
  compNameKr: string;
  status: string;
  statusReason: string | null;
}

const PURPOSE_TEXT: Record<EligibilityPurpose, string> = {
  rfq: '견적을 요청할 수 없습니다',
  order: '발주할 수 없습니다',
};

/** The refusal for one supplier, or null when it may be invited or ordered from. */
function eligibilityProblem(s: SupplierStanding, purpose: EligibilityPurpose): string | null {
  if (s.status === 'ACTIVE') return null;
  const state = STATUS_TEXT[s.status] ?? s.status;
  const reason = s.statusReason ? ` (사유: ${s.statusReason})` : '';
  return `${state} 협력사에는 ${PURPOSE_TEXT[purpose]}: ${s.compNameKr} (${s.compNo})${reason}`;
}

/**
 * Refuses (400 SUPPLIER_NOT_ELIGIBLE, one detail per refused supplier at `path`, or at `path(i)`
 * for a list) when any of the named suppliers is suspended or closed. Unknown numbers are
 * left to the caller's own check. Pass the transaction when inside one.
 */
export async function assertSuppliersEligible(
  db: Db,
  compNos: readonly string[],
  purpose: EligibilityPurpose,
  path: string | ((i: number) => string),
): Promise<void> {
  const wanted = [...new Set(compNos)];
  if (wanted.length === 0) return;
  const rows = await companyStatuses(db, wanted);
  const byNo = new Map(rows.map((r) => [r.compNo, r]));
  const details: FieldError[] = [];
  compNos.forEach((compNo, i) => {
    const s = byNo.get(compNo);
    const problem = s ? eligibilityProblem(s, purpose) : null;
    if (problem) details.push({ path: typeof path === 'string' ? path : path(i), message: problem });
  });
  if (details.length > 0) throw invalid('SUPPLIER_NOT_ELIGIBLE', details.map((d) => d.message).join('\n'), details);
}

/**
 * The suppliers a request invites — an RFQ, a sealed-bid tender, a reverse auction — checked alike:
 * numbers trimmed and upper-cased, none named twice, each registered (reported with the request's
 * other field errors in `errors`, at `body/suppliers/<i>`), then each trading (assertSuppliersEligible).
 * Answers the numbers as the request stores them.
 */
export async function checkInvitedSuppliers(db: Db, given: readonly string[], errors: FieldError[]): Promise<string[]> {
  const suppliers = given.map((s) => s.trim().toUpperCase());
  suppliers.forEach((s, i) => {
    if (suppliers.indexOf(s) !== i)
      errors.push({ path: `body/suppliers/${i}`, message: `같은 협력사를 두 번 지정했습니다: ${s}` });
  });
  const known = new Set(
    suppliers.length ? (await companyStatuses(db, [...new Set(suppliers)])).map((c) => c.compNo) : [],
  );
  suppliers.forEach((s, i) => {
    if (!known.has(s)) errors.push({ path: `body/suppliers/${i}`, message: `등록되지 않은 협력사입니다: ${s}` });
  });
  failIf(errors);
  await assertSuppliersEligible(db, suppliers, 'rfq', (i) => `body/suppliers/${i}`);
  return suppliers;
}
