/** The posting gate: what stands between a settlement and its ERP posting; its bypass and the exceptions list. */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf, missing, refused } from '../../domain/errors.js';
import { pageWindow } from '../../http/list-query.js';
import {
  currentInvoicesOf,
  findBypass,
  insertBypass,
  transmissionRecorders,
  lockSettlementForInvoice,
  unpostedSettlements,
  voucherNtsNumber,
} from './queries.js';
import { gateLinesOf } from './queries-gate.js';
import { pendingAmendmentsOf } from './queries-corrections.js';
import { TAX_INVOICE_MACHINE, type TaxInvoiceStatus } from './machine.js';
import { josa } from '../../../lib/josa.js';
import { gateFindings, type ExceptionType, type GateInput } from './gate-rules.js';

// ── the posting gate ───────────────────────────────────────────────────────
export type { ExceptionType } from './gate-rules.js';
export { gateProblems } from './gate-rules.js';

/** The gate's input for these settlements: their current invoices and lines (receipt and order beside). */
async function gateInputs(
  db: Db,
  settlements: ReadonlyArray<{ settleNo: string; totalAmount: unknown; taxNo: string }>,
) {
  const nos = settlements.map((s) => s.settleNo);
  const [invoices, lines] = await Promise.all([currentInvoicesOf(db, nos), gateLinesOf(db, nos)]);
  return new Map(
    settlements.map((s): [string, GateInput] => [
      s.settleNo,
      {
        settleNo: s.settleNo,
        totalAmount: String(s.totalAmount),
        taxNo: s.taxNo,
        invoices: invoices.filter((i) => i.settleNo === s.settleNo),
        lines: lines.filter((l) => l.settleNo === s.settleNo),
      },
    ]),
  );
}

/** What the voucher carries of the settlement's transmitted invoices: their approval numbers, supply and VAT. */
export interface VoucherTax {
  ntsConfirmNum: string | null;
  /** Σ 세액 of the transmitted invoices: the voucher's 부가세대급금 (input VAT) line. */
  taxAmount: string;
}

/** The approval numbers and input VAT of a settlement's transmitted invoices (also for a re-post or a retry). */
export async function voucherTaxOf(db: Db, settleNo: string): Promise<VoucherTax> {
  const invs = (await currentInvoicesOf(db, [settleNo])).filter((i) => i.revision === 0 && i.status === 'NTS_SUCCESS');
  return {
    ntsConfirmNum: await voucherNtsNumber(db, settleNo),
    taxAmount: invs.reduce((a, i) => a + BigInt(String(i.taxAmount).split('.')[0]!), 0n).toString(),
  };
}

/**
 * Refuses posting (409, each finding its own code and message with the amounts: gate-rules.ts)
 * while the settlement's invoice is missing, of another tax type than its lines, differs from it in
 * supply, tax or supplier, its lines do not match their receipts and orders, or it is not transmitted
 * with an approval number — unless an authorised person bypassed the gate for it. Runs inside the
 * posting's transaction (the settlement's lock held). Answers what the voucher carries of the invoices.
 */
export async function checkPostingGate(
  trx: Db,
  gateOn: boolean,
  s: { settleNo: string; compNo: string; totalAmount: string },
  poster: string,
): Promise<VoucherTax> {
  const tax = await voucherTaxOf(trx, s.settleNo);
  if (!gateOn) return tax;
  // Separation of duties: a bypass is one person's decision, the posting another's.
  const bypass = await findBypass(trx, s.settleNo);
  if (bypass) {
    if (bypass.bypassedBy === poster)
      throw refused(
        'TAX_GATE_SAME_PERSON',
        '세금계산서 확인을 예외 처리한 사람은 같은 정산을 전기할 수 없습니다. 다른 담당자가 전기하세요',
      );
    return tax;
  }
  await refusePendingAmendment(trx, s.settleNo);
  const row = (await unpostedSettlements(trx, { compNo: s.compNo })).find((r) => r.settleNo === s.settleNo);
  const input = (
    await gateInputs(trx, [{ settleNo: s.settleNo, totalAmount: s.totalAmount, taxNo: row?.taxNo ?? '' }])
  ).get(s.settleNo)!;
  const findings = gateFindings(input);
  // A result recorded by hand (file provider, 정발행) is one person's word: another person posts.
  if (
    findings.length === 0 &&
    (
      await transmissionRecorders(
        trx,
        input.invoices.map((i) => i.mgtKey),
      )
    ).includes(poster)
  )
    throw refused(
      'TAX_INVOICE_SAME_PERSON',
      '국세청 전송 결과를 기록한 사람은 같은 정산을 전기할 수 없습니다. 다른 담당자가 전기하세요',
    );
  const first = findings[0];
  if (first)
    throw refused(first.code, first.message, {
      problems: [...new Set(findings.map((f) => f.type))],
      findings: findings.map((f) => ({ type: f.type, code: f.code, message: f.message, ...f.details })),
    });
  return tax;
}

/**
 * A settlement whose invoice is being amended waits for the amendment: posting now would send the ERP amounts the
 * NTS is about to change. Resolved when each amendment document is 전송 성공 (its correcting voucher follows the
 * posting: amendment-vouchers.ts), refused by the supplier or its request withdrawn.
 */
async function refusePendingAmendment(trx: Db, settleNo: string) {
  const pending = await pendingAmendmentsOf(trx, settleNo);
  const first = pending[0];
  if (!first) return;
  const state = TAX_INVOICE_MACHINE.statusLabels[first.status as TaxInvoiceStatus];
  throw refused(
    'TAX_INVOICE_AMENDMENT_PENDING',
    `수정세금계산서 ${josa(first.mgtKey, '이/가')} 아직 국세청 전송 성공이 아닙니다(${state}). 전송 성공되거나 요청이 취소된 뒤에 전기할 수 있습니다`,
    { amendments: pending.map((p) => ({ mgtKey: p.mgtKey, status: p.status, amends: p.amendsMgtKey })) },
  );
}

/** An authorised person lets a settlement be posted without its invoice, with the reason (audited). */
export async function bypassGate(db: Db, settleNo: string, reason: string, actor: string) {
  if (!reason.trim()) failIf([{ path: 'body/reason', message: '사유를 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const s = await lockSettlementForInvoice(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    if (s.status !== 'CONFIRMED' && s.status !== 'POST_FAILED')
      throw refused('SETTLEMENT_NOT_CONFIRMED', '확정되고 전기되지 않은 정산만 예외 처리할 수 있습니다', {
        status: s.status,
      });
    if (await findBypass(trx, settleNo))
      throw refused('ALREADY_BYPASSED', '이미 세금계산서 확인을 예외 처리한 정산입니다');
    await insertBypass(trx, { settleNo, reason: reason.trim(), bypassedBy: actor });
    await writeAudit(trx, {
      entity: 'settlement',
      entityKey: settleNo,
      action: 'TAX_GATE_BYPASS',
      actor,
      reason: reason.trim(),
      after: { reason: reason.trim() },
    });
  });
  const b = await findBypass(db, settleNo);
  return { settleNo, reason: b!.reason, bypassedBy: b!.bypassedBy, bypassedAt: new Date(b!.bypassedAt).toISOString() };
}

/** Confirmed, unposted settlements whose invoice stops the posting, by type (전표 오류 of the invoices). */
export async function listExceptions(
  db: Db,
  q: { periods?: string[]; type?: string[]; settleNo?: string; page?: number; size?: number },
) {
  const [from, to] = (q.periods ?? []).map((p) => p.trim() || undefined);
  const settlements = await unpostedSettlements(db, { periodFrom: from, periodTo: to });
  const settleNo = q.settleNo?.trim();
  const wanted = settlements.filter((s) => !s.bypassReason && (!settleNo || s.settleNo === settleNo));
  const inputs = await gateInputs(db, wanted);
  const rows = wanted.flatMap((s) => {
    // One row a kind, with the first finding's message (its document, line and amounts).
    const byType = new Map<ExceptionType, string>();
    for (const f of gateFindings(inputs.get(s.settleNo)!)) if (!byType.has(f.type)) byType.set(f.type, f.message);
    return [...byType]
      .filter(([p]) => !q.type?.length || q.type.includes(p))
      .map(([type, message]) => ({
        key: `${s.settleNo}:${type}`,
        type,
        message,
        settleNo: s.settleNo,
        compNo: s.compNo,
        compName: s.compName,
        period: s.period,
        settlementStatus: s.status,
        totalAmount: String(s.totalAmount).split('.')[0]!,
      }));
  });
  const { limit, offset } = pageWindow(q);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}
