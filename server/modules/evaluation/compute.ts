import type { Db } from '../../db/connect.js';
import type { EvaBand, EvaGrade, EvaMeasure } from './types.js';
import { measureFigures, type Figure } from './queries/measures.js';
import {
  currentTotals,
  deleteTotalLines,
  finalScores,
  insertTotalLines,
  insertTotals,
  markPeriodComputed,
  periodBefore,
  periodCriteria,
  periodGrades,
  periodRow,
  periodTargets,
  replaceMeasures,
  sourcingGroupTree,
  submittedScores,
  targetCandidates,
  updateTotal,
} from './queries/compute.js';
import { bandScore, gradeOf, qualitativeScore, rateOf, round2, weightedTotal, type GradeBand } from './scoring.js';

/**
 * Computing a period (docs/evaluation.md): the quantitative figures of every supplier in scope,
 * the qualitative averages of submitted tasks, and a DRAFT total per supplier with its lines.
 * Finalized totals are never touched: a supplier whose total is final keeps it until a correction.
 */
export interface PeriodRow {
  periodId: number;
  startDate: string;
  endDate: string;
  dueDate: string;
  status: string;
  targetMode: string;
  targetSgCode: string | null;
  targetMinSpend: string | null;
  targetList: string | null;
}

export async function loadGrades(db: Db, periodId: number): Promise<GradeBand[]> {
  const rows = await periodGrades(db, periodId);
  return rows.map((g) => ({ grade: g.grade, minScore: Number(g.minScore), action: g.action }));
}

const monthOf = (d: string) => d.slice(0, 4) + d.slice(5, 7);

/**
 * The suppliers in scope, with their spend in the period (Σ settled goods amounts in KRW of the
 * period's months): every trading supplier, those with orders in a sourcing group (and below),
 * those spending at least a minimum, or a list.
 */
export async function resolveTargets(db: Db, p: PeriodRow): Promise<Array<{ compNo: string; spendKrw: string }>> {
  let list: string[] | null = null;
  if (p.targetMode === 'LIST') {
    list = (p.targetList ?? '')
      .split(/[\s,]+/)
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    if (list.length === 0) return [];
  }
  let codes: Set<string> | null = null;
  if (p.targetMode === 'SG' && p.targetSgCode) {
    // The group and every group below it.
    const groups = await sourcingGroupTree(db);
    codes = new Set([p.targetSgCode]);
    for (let grew = true; grew;) {
      grew = false;
      for (const g of groups) {
        if (g.upCode && codes.has(g.upCode) && !codes.has(g.sgCode)) {
          codes.add(g.sgCode);
          grew = true;
        }
      }
    }
  }
  const rows = await targetCandidates(db, {
    fromMonth: monthOf(p.startDate),
    toMonth: monthOf(p.endDate),
    startDate: p.startDate,
    endDate: p.endDate,
    minSpend: p.targetMode === 'SPEND' ? (p.targetMinSpend ?? '0') : null,
    list,
    sgCodes: codes ? [...codes] : null,
  });
  return rows.map((r) => ({ compNo: r.compNo, spendKrw: String(r.spendKrw) }));
}

export interface ComputeResult {
  suppliers: number;
  drafts: number;
  finalKept: number;
  ms: number;
}

/** Computes the period for every supplier in scope; call inside a transaction. */
export async function computePeriod(trx: Db, periodId: number, now: Date): Promise<ComputeResult> {
  const started = performance.now();
  const p = await periodRow(trx, periodId);
  const criteria = await periodCriteria(trx, periodId);
  const grades = await loadGrades(trx, periodId);
  const targets = (await periodTargets(trx, periodId)).map((t) => t.compNo);

  // Quantitative figures, one query per measure for all suppliers.
  const measures = [...new Set(criteria.filter((c) => c.kind === 'QUANT').map((c) => c.measure!))];
  const figures = new Map<EvaMeasure, Map<string, Figure>>();
  for (const m of measures)
    figures.set(m, await measureFigures(trx, m, { periodId, startDate: p.startDate, endDate: p.endDate, now }));

  // Qualitative scores of submitted tasks.
  const qual = await submittedScores(trx, periodId);
  const qualBy = new Map<string, { scores: number[]; comments: string[] }>();
  for (const q of qual) {
    const k = `${q.compNo}/${q.criterionId}`;
    const e = qualBy.get(k) ?? { scores: [], comments: [] };
    e.scores.push(q.score);
    if (q.comment) e.comments.push(q.comment);
    qualBy.set(k, e);
  }

  // The previous period's final score per supplier (trend).
  const prevPeriod = await periodBefore(trx, p.startDate);
  const prevScores = new Map<string, string>();
  if (prevPeriod) {
    const rows = await finalScores(trx, prevPeriod.periodId);
    for (const r of rows) prevScores.set(r.compNo, r.totalScore);
  }

  const existing = new Map((await currentTotals(trx, periodId)).map((t) => [t.compNo, t]));

  const measureRows: Array<{
    periodId: number;
    compNo: string;
    criterionId: number;
    numerator: string;
    denominator: string;
    rate: string | null;
    score: string | null;
    computedAt: Date;
  }> = [];
  const drafts: Array<{
    compNo: string;
    computed: number;
    lines: ReturnType<typeof weightedTotal>['lines'];
    extra: Map<
      number,
      {
        numerator: number | null;
        denominator: number | null;
        rate: number | null;
        answers: number;
        comments: string | null;
      }
    >;
  }> = [];
  for (const compNo of targets) {
    const extra = new Map<
      number,
      {
        numerator: number | null;
        denominator: number | null;
        rate: number | null;
        answers: number;
        comments: string | null;
      }
    >();
    const inputs = criteria.map((c) => {
      if (c.kind === 'QUANT') {
        const f = figures.get(c.measure!)!.get(compNo) ?? { numerator: 0, denominator: 0 };
        const rate = rateOf(f.numerator, f.denominator);
        const score = bandScore(rate, (c.bands ?? []) as EvaBand[]);
        measureRows.push({
          periodId,
          compNo,
          criterionId: c.criterionId,
          numerator: String(f.numerator),
          denominator: String(f.denominator),
          rate: rate === null ? null : String(rate),
          score: score === null ? null : String(score),
          computedAt: now,
        });
        extra.set(c.criterionId, {
          numerator: f.numerator,
          denominator: f.denominator,
          rate,
          answers: 0,
          comments: null,
        });
        return { criterionId: c.criterionId, kind: c.kind, measure: c.measure, weight: Number(c.weight), score };
      }
      const q = qualBy.get(`${compNo}/${c.criterionId}`);
      const score = qualitativeScore(q?.scores ?? []);
      extra.set(c.criterionId, {
        numerator: null,
        denominator: null,
        rate: null,
        answers: q?.scores.length ?? 0,
        comments: q?.comments.length ? q.comments.join('\n').slice(0, 4000) : null,
      });
      return { criterionId: c.criterionId, kind: c.kind, measure: c.measure, weight: Number(c.weight), score };
    });
    const { total, lines } = weightedTotal(inputs);
    drafts.push({ compNo, computed: total, lines, extra });
  }

  await replaceMeasures(trx, periodId, measureRows);

  let kept = 0;
  const newTotals: Array<Record<string, unknown>> = [];
  const totalIds = new Map<string, number>();
  for (const d of drafts) {
    const cur = existing.get(d.compNo);
    if (cur && cur.status === 'FINAL') {
      kept++;
      continue;
    }
    const adjustment = cur ? Number(cur.adjustment) : 0;
    const totalScore = Math.min(100, Math.max(0, round2(d.computed + adjustment)));
    const g = gradeOf(totalScore, grades);
    const values = {
      computedScore: String(d.computed),
      totalScore: String(totalScore),
      grade: g.grade as EvaGrade,
      gradeAction: g.action,
      prevScore: prevScores.get(d.compNo) ?? null,
    };
    if (cur) {
      await updateTotal(trx, cur.totalId, { ...values, updatedAt: now, version: cur.version + 1 });
      totalIds.set(d.compNo, cur.totalId);
    } else newTotals.push({ periodId, compNo: d.compNo, status: 'DRAFT', revision: 1, ...values });
  }
  for (let i = 0; i < newTotals.length; i += 500) {
    const ids = await insertTotals(trx, newTotals.slice(i, i + 500) as never);
    for (const r of ids) totalIds.set(r.compNo, r.totalId);
  }
  const draftIds = [...totalIds.values()];
  if (draftIds.length) await deleteTotalLines(trx, draftIds);
  const lineRows = drafts
    .filter((d) => totalIds.has(d.compNo))
    .flatMap((d) =>
      d.lines.map((l) => {
        const c = criteria.find((x) => x.criterionId === l.criterionId)!;
        const e = d.extra.get(l.criterionId)!;
        return {
          totalId: totalIds.get(d.compNo)!,
          compNo: d.compNo,
          criterionId: l.criterionId,
          seq: c.seq,
          category: c.category,
          name: c.name,
          kind: c.kind,
          measure: c.measure,
          weight: c.weight,
          effectiveWeight: String(l.effectiveWeight),
          numerator: e.numerator === null ? null : String(e.numerator),
          denominator: e.denominator === null ? null : String(e.denominator),
          rate: e.rate === null ? null : String(e.rate),
          score: l.score === null ? null : String(l.score),
          weighted: l.weighted === null ? null : String(l.weighted),
          answers: e.answers,
          comments: e.comments,
        };
      }),
    );
  for (let i = 0; i < lineRows.length; i += 400) await insertTotalLines(trx, lineRows.slice(i, i + 400));
  await markPeriodComputed(trx, periodId, now);
  return {
    suppliers: targets.length,
    drafts: totalIds.size,
    finalKept: kept,
    ms: Math.round(performance.now() - started),
  };
}
