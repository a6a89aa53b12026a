/** The posting gate: what stands between a settlement and its ERP posting; its bypass and the exceptions list. */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf, missing, refused } from '../../domain/errors.js';
import {
  currentInvoicesOf,
  findBypass,
  insertBypass,
  transmissionRecorders,
  lockSettlementForInvoice,
  unpostedSettlements,
  voucherNtsNumber,
} from './queries.js';

// ── the posting gate ───────────────────────────────────────────────────────
export type ExceptionType =
  'NO_INVOICE' | 'AMOUNT_VARIANCE' | 'TAX_VARIANCE' | 'BUSINESS_NUMBER_MISMATCH' | 'NTS_FAILURE' | 'NOT_TRANSMITTED';

interface GateInput {
  settleNo: string;
  totalAmount: string;
  taxNo: string;
  invoices: Awaited<ReturnType<typeof currentInvoicesOf>>;
}

/** What stands between a settlement and its posting, if anything (ordered: the first is the reason given). */
export function gateProblems(s: GateInput): ExceptionType[] {
  const problems: ExceptionType[] = [];
  const invs = s.invoices.filter((i) => i.revision === 0);
  if (invs.length === 0) return ['NO_INVOICE'];
  const supply = invs.reduce((a, i) => a + BigInt(String(i.supplyAmount)), 0n);
  if (supply !== BigInt(String(s.totalAmount).split('.')[0]!)) problems.push('AMOUNT_VARIANCE');
  for (const i of invs) {
    const rate = i.taxType === 'TAXABLE' ? 10n : 0n;
    const sup = BigInt(String(i.supplyAmount));
    const tax = BigInt(String(i.taxAmount));
    const exact = sup * rate;
    // 절사, 반올림 and 올림 all stay within a won of the exact 10 %.
    if (tax * 100n < exact - 100n || tax * 100n > exact + 100n) problems.push('TAX_VARIANCE');
    if (i.supplierCorpNum !== s.taxNo) problems.push('BUSINESS_NUMBER_MISMATCH');
    if (i.status === 'NTS_FAILED') problems.push('NTS_FAILURE');
    else if (i.status !== 'NTS_SUCCESS') problems.push('NOT_TRANSMITTED');
  }
  return [...new Set(problems)];
}

const GATE_MESSAGE: Record<ExceptionType, string> = {
  NO_INVOICE: '세금계산서가 없습니다',
  AMOUNT_VARIANCE: '세금계산서 공급가액이 정산 금액과 다릅니다',
  TAX_VARIANCE: '세금계산서 세액이 공급가액의 10%와 다릅니다',
  BUSINESS_NUMBER_MISMATCH: '세금계산서 공급자 사업자등록번호가 협력사와 다릅니다',
  NTS_FAILURE: '국세청 전송에 실패했습니다',
  NOT_TRANSMITTED: '국세청 전송이 완료되지 않았습니다',
};

/**
 * Refuses posting (409 TAX_INVOICE_REQUIRED) while the settlement's invoice is missing, differs, or
 * is not transmitted successfully, unless an authorised person bypassed the gate for it. Runs inside
 * the posting's transaction (the settlement's lock held).
 */
export async function checkPostingGate(
  trx: Db,
  gateOn: boolean,
  s: { settleNo: string; compNo: string; totalAmount: string },
  poster: string,
): Promise<{ ntsConfirmNum: string | null }> {
  const ntsConfirmNum = await voucherNtsNumber(trx, s.settleNo);
  if (!gateOn) return { ntsConfirmNum };
  // Separation of duties: a bypass is one person's decision, the posting another's.
  const bypass = await findBypass(trx, s.settleNo);
  if (bypass) {
    if (bypass.bypassedBy === poster)
      throw refused(
        'TAX_GATE_SAME_PERSON',
        '세금계산서 확인을 예외 처리한 사람은 같은 정산을 전기할 수 없습니다. 다른 담당자가 전기하세요',
      );
    return { ntsConfirmNum };
  }
  const [row] = await unpostedSettlementRow(trx, s.settleNo);
  const invoices = await currentInvoicesOf(trx, [s.settleNo]);
  const problems = gateProblems({
    settleNo: s.settleNo,
    totalAmount: s.totalAmount,
    taxNo: row?.taxNo ?? '',
    invoices,
  });
  // A result recorded by hand (file provider, 정발행) is one person's word: another person posts.
  if (
    problems.length === 0 &&
    (
      await transmissionRecorders(
        trx,
        invoices.map((i) => i.mgtKey),
      )
    ).includes(poster)
  )
    throw refused(
      'TAX_INVOICE_SAME_PERSON',
      '국세청 전송 결과를 기록한 사람은 같은 정산을 전기할 수 없습니다. 다른 담당자가 전기하세요',
    );
  if (problems.length > 0) {
    throw refused(
      'TAX_INVOICE_REQUIRED',
      `세금계산서가 국세청에 전송된 뒤에 전기할 수 있습니다: ${GATE_MESSAGE[problems[0]!]}`,
      { problems },
    );
  }
  return { ntsConfirmNum };
}

async function unpostedSettlementRow(db: Db, settleNo: string) {
  const rows = await unpostedSettlements(db, {});
  return rows.filter((r) => r.settleNo === settleNo);
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
export async function listExceptions(db: Db, q: { periods?: string[]; type?: string[]; settleNo?: string }) {
  const [from, to] = (q.periods ?? []).map((p) => p.trim() || undefined);
  const settlements = await unpostedSettlements(db, { periodFrom: from, periodTo: to });
  const invoices = await currentInvoicesOf(
    db,
    settlements.map((s) => s.settleNo),
  );
  const settleNo = q.settleNo?.trim();
  const rows = settlements.flatMap((s) => {
    if (s.bypassReason || (settleNo && s.settleNo !== settleNo)) return [];
    const problems = gateProblems({
      settleNo: s.settleNo,
      totalAmount: String(s.totalAmount),
      taxNo: s.taxNo,
      invoices: invoices.filter((i) => i.settleNo === s.settleNo),
    });
    return problems
      .filter((p) => !q.type?.length || q.type.includes(p))
      .map((type) => ({
        key: `${s.settleNo}:${type}`,
        type,
        message: GATE_MESSAGE[type],
        settleNo: s.settleNo,
        compNo: s.compNo,
        compName: s.compName,
        period: s.period,
        settlementStatus: s.status,
        totalAmount: String(s.totalAmount).split('.')[0]!,
      }));
  });
  return { rows, total: rows.length };
}
