/** Following the provider's state of an invoice (상태 확인). */
import type { Db } from '../../db/connect.js';
import { refused } from '../../domain/errors.js';
import { nextStatus } from '../../domain/machine.js';
import { approvalNumberProblem, normalizeApprovalNumber } from './approval-number.js';
import { TAX_INVOICE_MACHINE, type TaxInvoiceAction, type TaxInvoiceStatus } from './machine.js';
import type { ProviderState } from './provider.js';
import { type TaxInvoices, type InvoiceChange, dayOf, locked, move, providerFailed } from './invoice-moves.js';
import { getInvoice } from './reading.js';
import { keepEvidence } from './evidence.js';
import { correctAcceptedAmendments } from './amendment-vouchers.js';
import { tellSupplierOfRefusal } from './refusal-notices.js';

// ── following the provider ─────────────────────────────────────────────────
/** The provider's state → the moves that bring ours there (REQUESTED → ISSUED → SENT → NTS_SUCCESS). */
const PATH: Record<ProviderState['status'], TaxInvoiceAction[]> = {
  REQUESTED: [],
  ISSUED: ['issue'],
  SENT: ['issue', 'send'],
  NTS_SUCCESS: ['issue', 'send', 'ntsSucceeded'],
  NTS_FAILED: ['issue', 'send', 'ntsFailed'],
  REFUSED: ['refuse'],
  CANCELLED: ['cancelRequest'],
};

/** Reads the provider's state and follows it: the approval number, the NTS's result, a refusal's reason. */
export async function syncInvoice(db: Db, ti: TaxInvoices, mgtKey: string, actor: string) {
  const inv = await db.transaction().execute((trx) => locked(trx, mgtKey));
  if (inv.status === 'DRAFT') throw refused('NOT_REQUESTED', '역발행 요청 전의 세금계산서는 조회할 상태가 없습니다');
  const r = await ti.provider.state(mgtKey);
  if (!r.ok) await providerFailed(db, inv, 'sync', r, actor);
  const state = (r as { ok: true; value: ProviderState }).value;
  if (state.ntsConfirmNum && approvalNumberProblem(state.ntsConfirmNum, dayOf(inv.writeDate))) {
    await providerFailed(
      db,
      inv,
      'sync',
      {
        code: 'BAD_APPROVAL_NUMBER',
        message: `대행사가 알린 승인번호가 올바르지 않습니다: ${state.ntsConfirmNum}`,
        attempts: r.attempts,
        httpStatus: null,
      },
      actor,
    );
  }
  const reached = await db.transaction().execute(async (trx) => {
    let cur = await locked(trx, mgtKey);
    for (const action of PATH[state.status]) {
      if (nextStatus(TAX_INVOICE_MACHINE, action, cur.status) === null) continue;
      const now = ti.now();
      const values: InvoiceChange =
        action === 'issue'
          ? {
              ntsConfirmNum: normalizeApprovalNumber(state.ntsConfirmNum ?? ''),
              issuedAt: state.issueDT ? new Date(state.issueDT) : now,
            }
          : action === 'send'
            ? { sentAt: now }
            : action === 'ntsSucceeded' || action === 'ntsFailed'
              ? { ntsAt: now, ntsResult: state.ntsResult }
              : { memo: state.memo };
      if (action === 'issue' && !values.ntsConfirmNum) break;
      await move(trx, cur, action, actor, values, { code: state.ntsResult, message: state.memo });
      cur = await locked(trx, mgtKey);
      // The supplier hears of a refusal the provider reports: its request refused, or the NTS refusing the invoice.
      if (action === 'refuse') await tellSupplierOfRefusal(trx, cur, 'REFUSED', state.memo);
      if (action === 'ntsFailed')
        await tellSupplierOfRefusal(trx, cur, 'NTS_FAILED', [state.ntsResult, state.memo].filter(Boolean).join(' '));
    }
    return cur.status as TaxInvoiceStatus;
  });
  if (reached === 'NTS_SUCCESS') {
    await keepEvidence(db, ti, mgtKey, actor);
    await correctAcceptedAmendments(db, ti.corrections, actor, ti.now(), mgtKey);
  }
  return getInvoice(db, mgtKey);
}
