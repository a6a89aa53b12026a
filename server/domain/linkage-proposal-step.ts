/**
 * One run of the 연동 조정 제안 job on one document (상생협력법 §21; docs/subcontracting.md "연동 조정 제안"): which
 * point to propose at, if any, and the formula's numbers — the same for an agreement (purchase/agreement) and an
 * executed e-contract (contracts), each of which reads its own clause, proposals, prices and writes its own rows.
 *
 * The rules: the 조정주기 points after the last proposal, within the document's period and no later than the
 * business day; the comparison value of a point (linkage-schedule.ts); the base — the clause's 기준시점 and its value
 * until an adjustment is accepted, then the point and value that adjustment was made at (the prices it wrote already
 * carry the change up to it, so measuring from the clause's base again would apply that change twice); the trigger,
 * exactly (linkage.ts); one open proposal at a time (the later points' base depends on its decision); a point
 * without a value counts and is read again next run, until a later point has proposed.
 */
import { changeRatePct, triggerCrossed } from './linkage.js';
import { comparisonPoints, comparisonWindow, meanValue, type CompareBasis } from './linkage-schedule.js';

export interface ProposalClause {
  indexCode: string;
  baseDate: string;
  baseValue: string;
  basis: CompareBasis;
  months: number;
  sharePct: string;
  triggerPct: string;
}

/** What the document's earlier proposals say for the next run. */
export interface ProposalHistory {
  /** The newest proposal's comparison day: later points only (once per point). */
  lastPoint: string | null;
  /** A proposal still awaits its decision (or its adjustment is not yet in force): the later points wait. */
  open: boolean;
  /** The newest adjustment in force: its point and comparison value are the next base. */
  accepted: { compareDate: string; compareValue: string } | null;
}

/** What one run did, per document looked at (stored with the run: job_run.summary). */
// A type, not an interface: a job's summary is a Record (server/jobs/types.ts).
export type RunCounts = {
  /** Proposals written. */
  proposed: number;
  /** Documents whose earlier proposal still awaits its decision (their later points wait). */
  awaitingDecision: number;
  /** Points read whose change stayed under the trigger. */
  belowTrigger: number;
  /** Points without an index value on the day (DAY) or in the month before (MONTH_AVG): nothing to compare. */
  noValue: number;
};

export const noCounts = (): RunCounts => ({ proposed: 0, awaitingDecision: 0, belowTrigger: 0, noValue: 0 });

/** Adds one document's counts to the run's. */
export function addCounts(total: RunCounts, c: RunCounts): void {
  total.proposed += c.proposed;
  total.awaitingDecision += c.awaitingDecision;
  total.belowTrigger += c.belowTrigger;
  total.noValue += c.noValue;
}

/** The formula's numbers of a proposal, as both proposal tables store them. */
export interface ProposalNumbers {
  compareDate: string;
  compareBasis: CompareBasis;
  valueFrom: string;
  valueTo: string;
  valueCount: number;
  indexCode: string;
  baseDate: string;
  baseValue: string;
  compareValue: string;
  changePct: string;
  sharePct: string;
  triggerPct: string;
  /** The point: the adjusted prices apply from it. */
  effectiveFrom: string;
}

/**
 * The point to propose at (its numbers), or none, with the counts of the points read. `span` is the document's
 * period (its first day, and its last or the business day, the earlier); `readValues` the index's values on the
 * days from `from` to `to`.
 */
export async function nextProposal(
  clause: ProposalClause,
  history: ProposalHistory,
  span: { from: string; to: string },
  readValues: (indexCode: string, from: string, to: string) => Promise<string[]>,
): Promise<{ counts: RunCounts; numbers: ProposalNumbers | null }> {
  const counts = noCounts();
  if (history.open) return { counts: { ...counts, awaitingDecision: 1 }, numbers: null };
  const base = history.accepted
    ? { date: history.accepted.compareDate, value: history.accepted.compareValue }
    : { date: clause.baseDate, value: clause.baseValue };
  const points = comparisonPoints(clause.baseDate, clause.months, {
    after: history.lastPoint !== null && history.lastPoint > clause.baseDate ? history.lastPoint : clause.baseDate,
    from: span.from,
    to: span.to,
  });
  for (const point of points) {
    const window = comparisonWindow(point, clause.basis);
    const values = await readValues(clause.indexCode, window.from, window.to);
    const compare = meanValue(values);
    if (compare === null) {
      counts.noValue += 1;
      continue;
    }
    if (!triggerCrossed(base.value, compare, clause.triggerPct)) {
      counts.belowTrigger += 1;
      continue;
    }
    return {
      counts: { ...counts, proposed: 1 },
      numbers: {
        compareDate: point,
        compareBasis: clause.basis,
        valueFrom: window.from,
        valueTo: window.to,
        valueCount: values.length,
        indexCode: clause.indexCode,
        baseDate: base.date,
        baseValue: base.value,
        compareValue: compare,
        changePct: changeRatePct(base.value, compare, 4),
        sharePct: clause.sharePct,
        triggerPct: clause.triggerPct,
        effectiveFrom: point,
      },
    };
  }
  return { counts, numbers: null };
}

/** The history's line for a proposal written (both documents' audit rows say it alike). */
export const proposedReason = (
  proposalNo: string,
  n: Pick<ProposalNumbers, 'baseValue' | 'compareValue' | 'changePct'>,
) => `연동 조정 제안 ${proposalNo}: 기준 지표 ${n.baseValue} → ${n.compareValue} (변동률 ${n.changePct}%)`;
