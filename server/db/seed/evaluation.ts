import { sql } from 'kysely';
import type { Db } from '../connect.js';
import { computePeriod, loadGrades } from '../../modules/evaluation/compute.js';
import { closePeriod, openPeriod } from '../../modules/evaluation/setting/service.js';
import { gradeOf, round2 } from '../../modules/evaluation/scoring.js';
import { kstTimestamp, rngFor } from './rng.js';

const at = (date: string, hour: number) => new Date(kstTimestamp(date, hour));

/**
 * The demo evaluation: two finished periods and one in progress over the demo
 * transactions, through the same code the screens call (open → evaluators score → close →
 * adjust → finalize → publish). Every trading supplier is in scope; operator (E000004) and
 * tfadmin (E000003) score the qualitative criteria. Grades fall in every band: adjustments put
 * C00117 in C (warn) and C00118 in D (block) for the newest finished period; C00001 is published
 * for both finished periods, C00002's newest result is finalized but not published. A few yearly
 * purchase contracts and two satisfaction surveys (one closed with answers, one open) complete it.
 */
const BANDS = JSON.stringify([
  { min: 95, score: 100 },
  { min: 90, score: 90 },
  { min: 80, score: 75 },
  { min: 60, score: 50 },
  { min: 0, score: 20 },
]);
const CRITERIA = [
  { category: '납기', name: '납기 준수율', kind: 'QUANT', weight: 25, measure: 'ON_TIME' },
  { category: '납기', name: '수량 정확도', kind: 'QUANT', weight: 15, measure: 'QTY_ACCURACY' },
  { category: '품질', name: '입고 합격률', kind: 'QUANT', weight: 15, measure: 'QUALITY' },
  { category: '가격', name: '가격 경쟁력', kind: 'QUANT', weight: 10, measure: 'PRICE' },
  { category: '거래', name: '정산 무분쟁률', kind: 'QUANT', weight: 10, measure: 'DISPUTE' },
  { category: '거래', name: '견적 응답률', kind: 'QUANT', weight: 5, measure: 'RFQ_RESPONSE' },
  { category: '정성', name: '협조도', kind: 'QUAL', weight: 10, evaluator: 'E000004' },
  { category: '정성', name: '기술 대응력', kind: 'QUAL', weight: 10, evaluator: 'E000003' },
] as const;
const GRADES = [
  { grade: 'A', minScore: 90, action: 'NONE' },
  { grade: 'B', minScore: 75, action: 'NONE' },
  { grade: 'C', minScore: 60, action: 'WARN' },
  { grade: 'D', minScore: 0, action: 'BLOCK' },
] as const;
const COMMENTS = [
  '요청 사항에 신속히 대응함',
  '납기 조율에 협조적임',
  '개선 요청 반영이 늦음',
  '기술 문의 응답이 정확함',
  '담당자 변경이 잦음',
  '',
];

export const EVALUATION_TABLES = [
  'evaPeriod',
  'evaCriterion',
  'evaCriterionEvaluator',
  'evaGrade',
  'evaTarget',
  'evaTask',
  'evaScore',
  'evaMeasure',
  'evaTotal',
  'evaTotalLine',
  'purContract',
  'satSurvey',
  'satQuestion',
  'satResponse',
  'satAnswer',
] as const;

async function createPeriod(
  trx: Db,
  name: string,
  startDate: string,
  endDate: string,
  dueDate: string,
): Promise<number> {
  const createdAt = kstTimestamp(startDate, 9);
  const { periodId } = await trx
    .insertInto('evaPeriod')
    .values({
      periodName: name,
      startDate,
      endDate,
      dueDate,
      status: 'PLANNED',
      targetMode: 'ALL',
      createdBy: 'tfadmin',
      createdAt,
      updatedAt: createdAt,
    })
    .returning('periodId')
    .executeTakeFirstOrThrow();
  for (const [i, c] of CRITERIA.entries()) {
    const { criterionId } = await trx
      .insertInto('evaCriterion')
      .values({
        periodId,
        seq: (i + 1) * 10,
        category: c.category,
        name: c.name,
        kind: c.kind,
        weight: c.weight,
        measure: c.kind === 'QUANT' ? c.measure : null,
        bands: c.kind === 'QUANT' ? BANDS : null,
      })
      .returning('criterionId')
      .executeTakeFirstOrThrow();
    if (c.kind === 'QUAL')
      await trx.insertInto('evaCriterionEvaluator').values({ criterionId, evaluatorId: c.evaluator }).execute();
  }
  await trx
    .insertInto('evaGrade')
    .values(GRADES.map((g) => ({ periodId, ...g })))
    .execute();
  return periodId;
}

/** Evaluators score their tasks (share: the part of tasks touched; submitted: of those, the part submitted). */
async function score(trx: Db, periodId: number, seed: number, share: number, submitted: number, at: Date) {
  const rng = rngFor(seed);
  const tasks = await trx
    .selectFrom('evaTask')
    .select(['taskId', 'evaluatorId'])
    .where('periodId', '=', periodId)
    .orderBy('taskId')
    .execute();
  const crit = await trx
    .selectFrom('evaCriterionEvaluator as ce')
    .innerJoin('evaCriterion as c', 'c.criterionId', 'ce.criterionId')
    .select(['ce.criterionId', 'ce.evaluatorId'])
    .where('c.periodId', '=', periodId)
    .execute();
  const scores: Array<{ taskId: number; criterionId: number; score: number; comment: string | null }> = [];
  const done: number[] = [];
  const drafts: number[] = [];
  for (const t of tasks) {
    if (!rng.chance(share)) continue;
    for (const c of crit.filter((x) => x.evaluatorId === t.evaluatorId)) {
      const comment = COMMENTS[rng.int(0, COMMENTS.length - 1)];
      scores.push({ taskId: t.taskId, criterionId: c.criterionId, score: rng.int(2, 5), comment: comment || null });
    }
    (rng.chance(submitted) ? done : drafts).push(t.taskId);
  }
  for (let i = 0; i < scores.length; i += 500)
    await trx
      .insertInto('evaScore')
      .values(scores.slice(i, i + 500))
      .execute();
  if (done.length)
    await trx
      .updateTable('evaTask')
      .set({ status: 'SUBMITTED', savedAt: at, submittedAt: at, version: 2 })
      .where('taskId', 'in', done)
      .execute();
  if (drafts.length)
    await trx
      .updateTable('evaTask')
      .set({ status: 'DRAFT', savedAt: at, version: 2 })
      .where('taskId', 'in', drafts)
      .execute();
}

/** Puts a supplier's draft total at a score with a reason (as adjustEvaTotal does). */
async function adjustTo(trx: Db, periodId: number, compNo: string, target: number, reason: string) {
  const t = await trx
    .selectFrom('evaTotal')
    .selectAll()
    .where('periodId', '=', periodId)
    .where('compNo', '=', compNo)
    .where('status', '=', 'DRAFT')
    .executeTakeFirst();
  if (!t) return;
  const adjustment = round2(target - Number(t.computedScore));
  const g = gradeOf(target, await loadGrades(trx, periodId));
  await trx
    .updateTable('evaTotal')
    .set({
      adjustment: adjustment.toFixed(2),
      adjustReason: reason,
      totalScore: target.toFixed(2),
      grade: g.grade,
      gradeAction: g.action,
      version: t.version + 1,
    })
    .where('totalId', '=', t.totalId)
    .execute();
}

async function finalizeAll(trx: Db, periodId: number, at: Date, unpublished: readonly string[]) {
  await sql`update eva_total t set status = 'FINAL', finalized_at = ${at}, finalized_by = 'tfadmin', rank_no = r.rk, version = t.version + 1
              from (select total_id, rank() over (order by total_score desc) as rk from eva_total where period_id = ${periodId} and status = 'DRAFT') r
             where r.total_id = t.total_id`.execute(trx);
  await trx
    .updateTable('evaTotal')
    .set({ publishedAt: new Date(at.getTime() + 86_400_000), publishedBy: 'tfadmin' })
    .where('periodId', '=', periodId)
    .where('compNo', 'not in', unpublished.length ? [...unpublished] : [''])
    .execute();
}

export async function seedEvaluation(trx: Db): Promise<void> {
  // Two finished periods and one in progress.
  const p1 = await createPeriod(trx, '2025년 하반기 협력사 평가', '2025-07-01', '2025-12-31', '2026-01-20');
  await openPeriod(trx, p1, 'tfadmin', at('2025-07-01', 9), { compute: false });
  await score(trx, p1, 101, 1, 1, at('2026-01-10', 15));
  await closePeriod(trx, p1, 'tfadmin', at('2026-01-21', 9));
  await adjustTo(trx, p1, 'C00117', 68, '납기 지연 클레임 반영');
  await finalizeAll(trx, p1, at('2026-01-25', 10), []);

  const p2 = await createPeriod(trx, '2026년 상반기 협력사 평가', '2026-01-01', '2026-06-30', '2026-07-20');
  await openPeriod(trx, p2, 'tfadmin', at('2026-01-01', 9), { compute: false });
  await score(trx, p2, 102, 1, 1, at('2026-07-10', 15));
  await closePeriod(trx, p2, 'tfadmin', at('2026-07-21', 9));
  await adjustTo(trx, p2, 'C00001', 93, '품질 개선 활동 우수');
  await adjustTo(trx, p2, 'C00002', 80, '신규 라인 안정화 지원');
  await adjustTo(trx, p2, 'C00117', 64, '납기 지연 재발');
  await adjustTo(trx, p2, 'C00118', 48, '품질 사고(리콜) 발생으로 거래 제한');
  await finalizeAll(trx, p2, at('2026-07-25', 10), ['C00002']);

  const p3 = await createPeriod(trx, '2026년 하반기 협력사 평가', '2026-07-01', '2026-12-31', '2027-01-20');
  await openPeriod(trx, p3, 'tfadmin', at('2026-07-01', 9), { compute: false });
  await score(trx, p3, 103, 0.5, 0.5, at('2026-10-28', 15));
  await computePeriod(trx, p3, at('2026-10-31', 18));

  // Yearly purchase contracts of the biggest suppliers.
  const contracts = ['C00001', 'C00002', 'C00003', 'C00004', 'C00005', 'C00117', 'C00118'].map((compNo, i) => ({
    contractNo: `CT2026-${String(i + 1).padStart(6, '0')}`,
    compNo,
    contractYear: 2026,
    title: `2026년 연간 단가 계약 (${compNo})`,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    paymentTerms: i % 2 ? '월말 마감 익월 말 현금' : '월말 마감 익월 25일 현금',
    deliveryTerms: '지정 창고 도착도',
    amountLimit: String((i + 2) * 100_000_000),
    status: compNo === 'C00118' ? ('TERMINATED' as const) : ('ACTIVE' as const),
    remark: compNo === 'C00118' ? '평가 D등급으로 계약 해지' : null,
    createdBy: 'tfadmin',
    createdAt: kstTimestamp('2025-12-20', 10),
    updatedAt: kstTimestamp('2025-12-20', 10),
  }));
  await trx.insertInto('purContract').values(contracts).execute();
  await trx
    .insertInto('documentSequence')
    .values({ prefix: 'CT', period: '2026', lastValue: contracts.length })
    .onConflict((oc) => oc.columns(['prefix', 'period']).doNothing())
    .execute();

  // Satisfaction surveys: 2025 closed with answers, 2026 open (C00001 still to answer, C00002 answered).
  const questions = [
    '발주 정보가 정확하고 충분합니까?',
    '대금 지급이 약속대로 이루어집니까?',
    '담당자의 응대가 친절하고 신속합니까?',
    '협력사 의견이 개선에 반영됩니까?',
  ];
  const rng = rngFor(104);
  for (const [title, start, end, status, suppliers, answered] of [
    [
      '2025년 거래만족도 조사',
      '2025-11-01',
      '2025-11-30',
      'CLOSED',
      ['C00001', 'C00002', 'C00003', 'C00004', 'C00005', 'C00006'],
      ['C00001', 'C00002', 'C00003', 'C00005'],
    ],
    [
      '2026년 거래만족도 조사',
      '2026-11-01',
      '2026-12-31',
      'OPEN',
      ['C00001', 'C00002', 'C00003', 'C00004'],
      ['C00002', 'C00004'],
    ],
  ] as const) {
    const created = kstTimestamp(start, 9);
    const { surveyId } = await trx
      .insertInto('satSurvey')
      .values({
        title,
        startDate: start,
        endDate: end,
        status,
        createdBy: 'tfadmin',
        createdAt: created,
        updatedAt: created,
      })
      .returning('surveyId')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('satQuestion')
      .values(questions.map((text, i) => ({ surveyId, qNo: i + 1, text })))
      .execute();
    await trx
      .insertInto('satResponse')
      .values(
        suppliers.map((compNo) =>
          answered.includes(compNo as never)
            ? {
                surveyId,
                compNo,
                status: 'SUBMITTED' as const,
                comment: '지속적인 협력 부탁드립니다',
                submittedAt: kstTimestamp(start, 14),
                submittedBy: compNo,
                version: 2,
              }
            : { surveyId, compNo, status: 'REQUESTED' as const },
        ),
      )
      .execute();
    await trx
      .insertInto('satAnswer')
      .values(
        answered.flatMap((compNo) => questions.map((_, i) => ({ surveyId, compNo, qNo: i + 1, score: rng.int(2, 5) }))),
      )
      .execute();
  }
}
