/**
 * The arithmetic of an evaluation, as pure functions (docs/evaluation.md): scoring bands,
 * qualitative averages, the weighted total with criteria that have no data left out (the others'
 * weights scaled back to 100), grades and ranks. Scores are kept to 2 decimals.
 */
import type { EvaAction, EvaBand, EvaGrade, EvaKind, EvaMeasure } from './types.js';

export const MEASURES: readonly EvaMeasure[] = [
  'ON_TIME',
  'QTY_ACCURACY',
  'QUALITY',
  'PRICE',
  'DISPUTE',
  'RFQ_RESPONSE',
];
const GRADES: readonly EvaGrade[] = ['A', 'B', 'C', 'D'];

export const round2 = (n: number): number => Math.round((n + Number.EPSILON) * 100) / 100;
const round3 = (n: number): number => Math.round((n + Number.EPSILON) * 1000) / 1000;

/** Rate in percent (3 decimals), or null when there is nothing to measure (denominator 0). */
export function rateOf(numerator: number, denominator: number): number | null {
  if (!(denominator > 0)) return null;
  return round3((numerator / denominator) * 100);
}

/** The score (0–100) of a rate: the first band, highest minimum first, whose minimum the rate reaches; 0 below all. */
export function bandScore(rate: number | null, bands: readonly EvaBand[]): number | null {
  if (rate === null) return null;
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  for (const b of sorted) if (rate >= b.min) return b.score;
  return 0;
}

/** "95:100, 90:80, 0:40" → bands; problems are returned as messages. */
export function parseBands(text: string): { bands: EvaBand[]; problem: string | null } {
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { bands: [], problem: '채점 구간을 입력하세요 (예: 95:100, 90:80, 0:40)' };
  const bands: EvaBand[] = [];
  for (const p of parts) {
    const m = /^(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)$/.exec(p);
    if (!m) return { bands: [], problem: `채점 구간 형식이 올바르지 않습니다: ${p} (비율:점수)` };
    const min = Number(m[1]);
    const score = Number(m[2]);
    if (min > 100 || score > 100)
      return { bands: [], problem: `채점 구간의 비율과 점수는 0~100 사이여야 합니다: ${p}` };
    if (bands.some((b) => b.min === min)) return { bands: [], problem: `같은 비율의 구간이 두 번 있습니다: ${min}` };
    bands.push({ min, score });
  }
  bands.sort((a, b) => b.min - a.min);
  return { bands, problem: null };
}

export const formatBands = (bands: readonly EvaBand[]): string =>
  [...bands]
    .sort((a, b) => b.min - a.min)
    .map((b) => `${b.min}:${b.score}`)
    .join(', ');

/** Qualitative: the mean of submitted 1–5 scores as 0–100 (5 = 100, 1 = 20). */
export function qualitativeScore(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  return round2((scores.reduce((a, b) => a + b, 0) / scores.length) * 20);
}

export interface LineInput {
  criterionId: number;
  kind: EvaKind;
  measure: EvaMeasure | null;
  weight: number;
  score: number | null;
}

export interface WeightedLine extends LineInput {
  effectiveWeight: number;
  weighted: number | null;
}

/**
 * The weighted total: Σ score × weight over the criteria that have a score, divided by the sum of
 * their weights. A supplier with no deliveries is not punished for on-time delivery: that criterion
 * drops out and the rest count for 100. No scored criterion at all: total 0.
 */
export function weightedTotal(lines: readonly LineInput[]): { total: number; lines: WeightedLine[] } {
  const scored = lines.filter((l) => l.score !== null);
  const sumW = scored.reduce((a, l) => a + l.weight, 0);
  const out = lines.map((l) => {
    const effectiveWeight = l.score === null || sumW === 0 ? 0 : Math.round((l.weight / sumW) * 100 * 10000) / 10000;
    return { ...l, effectiveWeight, weighted: l.score === null ? null : round3((l.score * effectiveWeight) / 100) };
  });
  const total = sumW === 0 ? 0 : round2(scored.reduce((a, l) => a + l.score! * l.weight, 0) / sumW);
  return { total, lines: out };
}

export interface GradeBand {
  grade: EvaGrade;
  minScore: number;
  action: EvaAction;
}

/** The grade of a score: the highest grade whose minimum it reaches (D's minimum is 0). */
export function gradeOf(score: number, grades: readonly GradeBand[]): GradeBand {
  const sorted = [...grades].sort((a, b) => b.minScore - a.minScore);
  return sorted.find((g) => score >= g.minScore) ?? sorted[sorted.length - 1];
}

/** Problems with a grade table: all four grades, D from 0, minimums falling from A to D. */
export function gradeProblems(grades: readonly GradeBand[]): string[] {
  const problems: string[] = [];
  for (const g of GRADES)
    if (grades.filter((x) => x.grade === g).length !== 1) problems.push(`등급 ${g}의 기준을 한 번 입력하세요`);
  if (problems.length) return problems;
  const by = new Map(grades.map((g) => [g.grade, g]));
  if (by.get('D')!.minScore !== 0) problems.push('D 등급의 최저 점수는 0이어야 합니다');
  for (let i = 0; i < 3; i++) {
    const hi = by.get(GRADES[i])!;
    const lo = by.get(GRADES[i + 1])!;
    if (!(hi.minScore > lo.minScore))
      problems.push(`${hi.grade} 등급의 최저 점수는 ${lo.grade} 등급보다 높아야 합니다`);
  }
  return problems;
}

/** Weights must sum to exactly 100 (compared in hundredths). */
export function weightSum(weights: readonly number[]): number {
  return weights.reduce((a, w) => a + Math.round(w * 100), 0) / 100;
}
