import type { Db } from '../../db/connect.js';
import { conflict } from '../../http/errors.js';
import { finalTotalsNewestFirst, insertWarnConfirms } from './queries/eligibility.js';

/**
 * Grades steer sourcing: a supplier's standing is the grade of its newest finalized
 * total (the period with the latest end date). A grade whose action is BLOCK cannot be invited to
 * quote or ordered from; WARN asks the buyer to confirm, and the confirmation is recorded with
 * who confirmed, for which document. Called with one line from the RFQ and order code.
 */
export interface Standing {
  compNo: string;
  compNameKr: string;
  periodId: number;
  periodName: string;
  totalId: number;
  grade: 'A' | 'B' | 'C' | 'D';
  action: 'NONE' | 'WARN' | 'BLOCK';
  totalScore: string;
}

/** Each supplier's newest finalized standing (suppliers never finalized are absent). */
export async function standings(db: Db, compNos: readonly string[]): Promise<Map<string, Standing>> {
  if (compNos.length === 0) return new Map();
  const rows = await finalTotalsNewestFirst(db, compNos);
  const out = new Map<string, Standing>();
  for (const r of rows) {
    if (out.has(r.compNo)) continue;
    const { endDate: _e, ...s } = r;
    out.set(r.compNo, s);
  }
  return out;
}

export interface EligibilityUse {
  docType: 'RFQ' | 'PO' | 'SIMPLE' | 'TENDER' | 'AUCTION';
  docNo: string;
  /** The buyer confirmed suppliers graded "warn" (the request's confirmEvaluationWarning). */
  confirmWarning?: boolean | null;
  actor: string;
}

/**
 * Refuses suppliers whose grade blocks sourcing (409 EVAL_BLOCKED, naming grade and period),
 * asks for confirmation of "warn" grades (409 EVAL_WARN_CONFIRM, with the suppliers in details),
 * and records a given confirmation. Call inside the document's transaction.
 */
export async function checkSourcingEligibility(
  trx: Db,
  compNos: readonly string[],
  use: EligibilityUse,
): Promise<void> {
  const s = await standings(trx, compNos);
  const blocked = [...s.values()].filter((x) => x.action === 'BLOCK');
  if (blocked.length) {
    const names = blocked.map((b) => `${b.compNameKr}(${b.compNo}) — ${b.periodName} ${b.grade}등급`).join(', ');
    throw conflict(
      'EVAL_BLOCKED',
      `협력사 평가 결과로 거래가 제한된 협력사입니다: ${names}`,
      blocked.map((b) => ({ compNo: b.compNo, grade: b.grade, periodId: b.periodId, periodName: b.periodName })),
    );
  }
  const warned = [...s.values()].filter((x) => x.action === 'WARN');
  if (warned.length === 0) return;
  if (!use.confirmWarning) {
    const names = warned.map((b) => `${b.compNameKr}(${b.compNo}) — ${b.periodName} ${b.grade}등급`).join(', ');
    throw conflict(
      'EVAL_WARN_CONFIRM',
      `협력사 평가 결과 주의 등급입니다. 확인 후 진행하세요: ${names}`,
      warned.map((b) => ({ compNo: b.compNo, grade: b.grade, periodId: b.periodId, periodName: b.periodName })),
    );
  }
  await insertWarnConfirms(
    trx,
    warned.map((w) => ({
      compNo: w.compNo,
      periodId: w.periodId,
      totalId: w.totalId,
      grade: w.grade,
      docType: use.docType,
      docNo: use.docNo,
      confirmedBy: use.actor,
    })),
  );
}
