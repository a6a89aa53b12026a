/** The supplier issues or refuses the invoice asked of it in /cyber (the file provider). */
import type { Db } from '../../db/connect.js';
import { failIf } from '../../domain/errors.js';
import { approvalNumberProblem, normalizeApprovalNumber } from './approval-number.js';
import type { FileTaxInvoiceProvider } from './file-provider.js';
import type { ProviderState } from './provider.js';
import { type TaxInvoices, dayOf, locked, move, allowed, providerFailed, providerManaged } from './invoice-moves.js';
import { getInvoice } from './reading.js';
import { tellSupplierOfRefusal } from './refusal-notices.js';

/** The supplier issues the invoice asked of it, with the NTS approval number it got (24 digits, dated on or after 작성일자). */
export async function supplierIssue(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  version: number,
  approval: string,
  actor: string,
) {
  providerManaged(ti);
  const inv = await allowed(db, mgtKey, 'issue', actor, version);
  const problem = approvalNumberProblem(approval, dayOf(inv.writeDate));
  if (problem) {
    const message = {
      FORMAT: '승인번호는 24자리 숫자입니다',
      DATE: '승인번호의 앞 8자리가 올바른 날짜가 아닙니다',
      BEFORE_WRITE_DATE: '승인번호의 발행일이 작성일자보다 빠릅니다',
    }[problem];
    failIf([{ path: 'body/ntsConfirmNum', message }], 'INVALID_APPROVAL_NUMBER');
  }
  const digits = normalizeApprovalNumber(approval)!;
  const issuedAt = ti.now();
  const state: ProviderState = {
    status: 'ISSUED',
    ntsConfirmNum: digits,
    ntsResult: null,
    memo: null,
    issueDT: issuedAt.toISOString(),
  };
  const r = await (ti.provider as FileTaxInvoiceProvider).record(mgtKey, state);
  if (!r.ok) await providerFailed(db, inv, 'issue', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    await move(trx, cur, 'issue', actor, { ntsConfirmNum: digits, issuedAt });
  });
  return getInvoice(db, mgtKey, true);
}

export async function supplierRefuse(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  version: number,
  reason: string,
  actor: string,
) {
  providerManaged(ti);
  if (!reason.trim()) failIf([{ path: 'body/reason', message: '거부 사유를 입력하세요' }]);
  const inv = await allowed(db, mgtKey, 'refuse', actor, version);
  const r = await (ti.provider as FileTaxInvoiceProvider).record(mgtKey, {
    status: 'REFUSED',
    ntsConfirmNum: null,
    ntsResult: null,
    memo: reason.trim(),
    issueDT: null,
  });
  if (!r.ok) await providerFailed(db, inv, 'refuse', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    await move(trx, cur, 'refuse', actor, { memo: reason.trim() }, { message: reason.trim() });
    // The company's users (the one who refused among them) keep the refusal and its reason on record.
    await tellSupplierOfRefusal(trx, cur, 'REFUSED', reason.trim());
  });
  return getInvoice(db, mgtKey, true);
}
