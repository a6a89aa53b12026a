import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { existingCodes } from '../../../domain/documents.js';
import { internalActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../../domain/errors.js';
import { actionsFrom, transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { checkDecimal, iso, requireText, text } from '../../../domain/values.js';
import type { EvaBand, EvaMeasure } from '../types.js';
import { computePeriod, resolveTargets } from '../compute.js';
import { formatBands, gradeProblems, MEASURES, parseBands, weightSum } from '../scoring.js';
import type { PeriodCreateBody, PeriodUpdateBody } from '../schemas.js';
import { PERIOD_MACHINE } from '../workflow.js';
import {
  deletePeriodRow,
  existingCompanies,
  existingEmployees,
  insertPeriod,
  insertTargets,
  insertTasks,
  lockPeriodRow,
  overlappingPeriod,
  periodEvaluators,
  periodPage,
  periodSetups,
  periodsToClose,
  periodsToOpen,
  replaceSetup,
  updatePeriod,
} from './queries.js';

const periodMissing = () => missing('EVA_PERIOD_NOT_FOUND', '평가기간을 찾을 수 없습니다');

type PeriodBody = Static<typeof PeriodCreateBody>;

/** Every rule of a period's setup; answers the rows to write or 400 with every problem at once. */
async function checkPeriod(db: Db, b: PeriodBody, selfId: number | null) {
  const errors: FieldError[] = [];
  requireText(errors, 'body/periodName', b.periodName, '평가기간명');
  checkDate(errors, 'body/startDate', b.startDate, '시작일', { required: true });
  checkDate(errors, 'body/endDate', b.endDate, '종료일', { required: true });
  checkDate(errors, 'body/dueDate', b.dueDate, '평가 마감일', { required: true });
  const datesOk = !errors.some((e) => /Date$/.test(e.path));
  if (datesOk && b.endDate < b.startDate)
    errors.push({ path: 'body/endDate', message: '종료일은 시작일 이후여야 합니다' });
  if (datesOk && b.dueDate < b.startDate)
    errors.push({ path: 'body/dueDate', message: '평가 마감일은 시작일 이후여야 합니다' });
  if (datesOk && b.endDate >= b.startDate) {
    const other = await overlappingPeriod(db, b.startDate, b.endDate, selfId);
    if (other)
      errors.push({
        path: 'body/startDate',
        message: `다른 평가기간과 기간이 겹칩니다: ${other.periodName} (${other.startDate} ~ ${other.endDate})`,
      });
  }
  // Scope.
  const sg = text(b.targetSgCode);
  const minSpend = text(b.targetMinSpend);
  const list = (text(b.targetList) ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (b.targetMode === 'SG') {
    if (!sg) errors.push({ path: 'body/targetSgCode', message: '대상 소싱그룹을 선택하세요' });
    else if (!(await existingCodes(db, 'sourcingGroup', [sg])).has(sg))
      errors.push({ path: 'body/targetSgCode', message: `소싱그룹을 찾을 수 없습니다: ${sg}` });
  }
  if (b.targetMode === 'SPEND')
    checkDecimal(errors, 'body/targetMinSpend', minSpend, {
      label: '최소 거래금액',
      scale: 0,
      intDigits: 18,
      sign: 'nonNegative',
    });
  if (b.targetMode === 'LIST') {
    if (list.length === 0) errors.push({ path: 'body/targetList', message: '대상 협력사를 입력하세요' });
    else {
      const found = await existingCompanies(db, list);
      const unknown = list.filter((c) => !found.has(c));
      if (unknown.length)
        errors.push({ path: 'body/targetList', message: `등록되지 않은 협력사입니다: ${unknown.join(', ')}` });
    }
  }
  // Criteria.
  const evaluatorIds = new Set<string>();
  const criteria = b.criteria.map((c, i) => {
    const p = `body/criteria/${i}`;
    requireText(errors, `${p}/category`, c.category, '평가 분류');
    requireText(errors, `${p}/name`, c.name, '평가 항목');
    if (!(c.weight > 0)) errors.push({ path: `${p}/weight`, message: '가중치는 0보다 커야 합니다' });
    let bands: EvaBand[] | null = null;
    let measure: EvaMeasure | null = null;
    // Evaluators: the rows for this criterion's seq when the body has rows (the person popup), else its text.
    const evaluators = b.evaluatorRows
      ? b.evaluatorRows.filter((r) => r.seq === (c.seq ?? (i + 1) * 10)).map((r) => r.singleid.trim())
      : (text(c.evaluators) ?? '')
          .split(/[\s,]+/)
          .map((s) => s.trim())
          .filter(Boolean);
    if (c.kind === 'QUANT') {
      if (!c.measure || !MEASURES.includes(c.measure as EvaMeasure))
        errors.push({ path: `${p}/measure`, message: '정량 항목은 측정 지표를 선택하세요' });
      else measure = c.measure as EvaMeasure;
      const parsed = parseBands(text(c.bands) ?? '');
      if (parsed.problem) errors.push({ path: `${p}/bands`, message: parsed.problem });
      else bands = parsed.bands;
    } else {
      if (evaluators.length === 0)
        errors.push({ path: `${p}/evaluators`, message: '정성 항목은 평가자를 한 명 이상 지정하세요' });
      evaluators.forEach((e) => evaluatorIds.add(e));
    }
    return {
      seq: c.seq ?? (i + 1) * 10,
      category: (c.category ?? '').trim(),
      name: (c.name ?? '').trim(),
      kind: c.kind,
      weight: c.weight,
      measure,
      bands,
      evaluators: c.kind === 'QUAL' ? [...new Set(evaluators)] : [],
    };
  });
  (b.evaluatorRows ?? []).forEach((r, i) => {
    const c = criteria.find((x) => x.seq === r.seq);
    if (!c)
      errors.push({ path: `body/evaluatorRows/${i}/seq`, message: `평가 항목 순번을 찾을 수 없습니다: ${r.seq}` });
    else if (c.kind !== 'QUAL')
      errors.push({
        path: `body/evaluatorRows/${i}/seq`,
        message: `정량 항목에는 평가자를 지정하지 않습니다: ${r.seq}`,
      });
  });
  const seqs = criteria.map((c) => c.seq);
  seqs.forEach((s, i) => {
    if (seqs.indexOf(s) !== i)
      errors.push({ path: `body/criteria/${i}/seq`, message: `같은 순번이 두 번 있습니다: ${s}` });
  });
  const sum = weightSum(criteria.map((c) => c.weight));
  if (sum !== 100) errors.push({ path: 'body/criteria', message: `가중치의 합은 100이어야 합니다 (현재 ${sum})` });
  if (evaluatorIds.size) {
    const found = await existingEmployees(db, [...evaluatorIds]);
    const unknown = [...evaluatorIds].filter((e) => !found.has(e));
    if (unknown.length)
      errors.push({ path: 'body/criteria', message: `평가자를 찾을 수 없습니다: ${unknown.join(', ')}` });
  }
  for (const problem of gradeProblems(b.grades)) errors.push({ path: 'body/grades', message: problem });
  failIf(errors);
  return {
    header: {
      periodName: b.periodName.trim(),
      startDate: b.startDate,
      endDate: b.endDate,
      dueDate: b.dueDate,
      targetMode: b.targetMode,
      targetSgCode: b.targetMode === 'SG' ? sg : null,
      targetMinSpend: b.targetMode === 'SPEND' ? minSpend : null,
      targetList: b.targetMode === 'LIST' ? list.join(',') : null,
      remark: text(b.remark),
    },
    criteria,
    grades: b.grades,
  };
}

/** Periods with their setup and progress, newest first. */
export async function listPeriods(
  db: Db,
  filter: { status?: string; periodId?: number },
  window: { limit: number; offset: number },
) {
  const { periods, total } = await periodPage(db, filter, window);
  if (periods.length === 0) return { rows: [], total };
  const { criteria, evaluators, grades, targets, tasks, totals } = await periodSetups(
    db,
    periods.map((p) => p.periodId),
  );
  const rows = periods.map((p) => {
    const crit = criteria
      .filter((c) => c.periodId === p.periodId)
      .map((c) => {
        const ev = evaluators.filter((e) => e.criterionId === c.criterionId);
        return {
          criterionId: c.criterionId,
          seq: c.seq,
          category: c.category,
          name: c.name,
          kind: c.kind,
          weight: Number(c.weight),
          measure: c.measure,
          bands: c.bands ? formatBands(c.bands as EvaBand[]) : null,
          evaluators: ev.length ? ev.map((e) => e.evaluatorId).join(',') : null,
          evaluatorNames: ev.length ? ev.map((e) => e.hname).join(', ') : null,
        };
      });
    const t = tasks.find((x) => x.periodId === p.periodId);
    const tt = totals.find((x) => x.periodId === p.periodId);
    return {
      periodId: p.periodId,
      periodName: p.periodName,
      label: `${p.periodName} (${p.startDate} ~ ${p.endDate}) · ${PERIOD_MACHINE.statusLabels[p.status]}`,
      startDate: p.startDate,
      endDate: p.endDate,
      dueDate: p.dueDate,
      status: p.status,
      targetMode: p.targetMode,
      targetSgCode: p.targetSgCode,
      targetMinSpend: p.targetMinSpend,
      targetList: p.targetList,
      remark: p.remark,
      openedAt: iso(p.openedAt),
      closedAt: iso(p.closedAt),
      computedAt: iso(p.computedAt),
      weightSum: weightSum(crit.map((c) => c.weight)),
      targetCount: Number(targets.find((x) => x.periodId === p.periodId)?.n ?? 0),
      taskCount: Number(t?.n ?? 0),
      submittedCount: Number(t?.submitted ?? 0),
      finalCount: Number(tt?.final ?? 0),
      publishedCount: Number(tt?.published ?? 0),
      criteria: crit,
      evaluatorRows: crit.flatMap((c) =>
        evaluators
          .filter((e) => e.criterionId === c.criterionId)
          .map((e) => ({
            key: `${c.seq}:${e.evaluatorId}`,
            seq: c.seq,
            criterionName: c.name,
            singleid: e.evaluatorId,
            hname: e.hname,
            deptnm: e.deptnm ?? null,
          })),
      ),
      grades: grades
        .filter((g) => g.periodId === p.periodId)
        .map((g) => ({ grade: g.grade, minScore: Number(g.minScore), action: g.action })),
      actions: actionsFrom(PERIOD_MACHINE, p.status),
      version: p.version,
    };
  });
  return { rows, total };
}

export async function onePeriod(db: Db, periodId: number) {
  const { rows } = await listPeriods(db, { periodId }, { limit: 1, offset: 0 });
  if (!rows[0]) throw periodMissing();
  return rows[0];
}

async function lockPeriod(trx: Db, periodId: number) {
  const p = await lockPeriodRow(trx, periodId);
  if (!p) throw periodMissing();
  return p;
}

/**
 * Opens a period: the suppliers in scope are fixed, one task per supplier and evaluator of the
 * qualitative criteria is created, and the figures are computed. Shared by the route and the job.
 */
export async function openPeriod(
  trx: Db,
  periodId: number,
  actor: string,
  now: Date,
  options: { compute?: boolean } = {},
) {
  const p = await lockPeriod(trx, periodId);
  const status = transition(PERIOD_MACHINE, 'open', p.status);
  const targets = await resolveTargets(trx, p);
  if (targets.length === 0) throw refused('EVA_NO_TARGETS', '평가 대상 협력사가 없습니다. 대상 조건을 확인하세요');
  await insertTargets(
    trx,
    targets.map((t) => ({ periodId, ...t })),
  );
  const evaluators = await periodEvaluators(trx, periodId);
  const tasks = targets.flatMap((t) =>
    evaluators.map((e) => ({ periodId, compNo: t.compNo, evaluatorId: e.evaluatorId, status: 'PENDING' as const })),
  );
  await insertTasks(trx, tasks);
  await updatePeriod(trx, periodId, { status, openedAt: now, updatedAt: now, version: p.version + 1 });
  // The demo seed closes its finished periods at once and skips this first computation.
  const drafts = options.compute === false ? 0 : (await computePeriod(trx, periodId, now)).drafts;
  await writeAudit(trx, {
    entity: 'eva_period',
    entityKey: String(periodId),
    action: 'OPEN',
    actor,
    before: { status: p.status },
    after: { status, targets: targets.length, tasks: tasks.length, drafts },
  });
  return { targets: targets.length, tasks: tasks.length };
}

/** Closes a period (evaluators can no longer save or submit) and computes its totals once more. */
export async function closePeriod(trx: Db, periodId: number, actor: string, now: Date) {
  const p = await lockPeriod(trx, periodId);
  const status = transition(PERIOD_MACHINE, 'close', p.status);
  await updatePeriod(trx, periodId, { status, closedAt: now, updatedAt: now, version: p.version + 1 });
  const computed = await computePeriod(trx, periodId, now);
  await writeAudit(trx, {
    entity: 'eva_period',
    entityKey: String(periodId),
    action: 'CLOSE',
    actor,
    before: { status: p.status },
    after: { status, drafts: computed.drafts, finalKept: computed.finalKept },
  });
}

/** Creates a period with its criteria (weights summing to 100), evaluators, scope and grade bands. */
export async function createPeriod(db: Db, caller: Caller | null, body: PeriodBody) {
  const actor = await internalActor(db, caller);
  const input = await checkPeriod(db, body, null);
  const periodId = await db.transaction().execute(async (trx) => {
    const periodId = await insertPeriod(trx, { ...input.header, status: 'PLANNED', createdBy: actor.userId });
    await replaceSetup(trx, periodId, input.criteria, input.grades);
    await writeAudit(trx, {
      entity: 'eva_period',
      entityKey: String(periodId),
      action: 'CREATE',
      actor: actor.userId,
      after: input,
    });
    return periodId;
  });
  return onePeriod(db, periodId);
}

/** Changes a period still in preparation. */
export async function changePeriod(
  db: Db,
  caller: Caller | null,
  periodId: number,
  body: Static<typeof PeriodUpdateBody>,
) {
  const actor = await internalActor(db, caller);
  const input = await checkPeriod(db, body, periodId);
  await db.transaction().execute(async (trx) => {
    const p = await lockPeriod(trx, periodId);
    checkVersion(body.version, p.version);
    transition(PERIOD_MACHINE, 'update', p.status);
    await updatePeriod(trx, periodId, { ...input.header, updatedAt: new Date(), version: p.version + 1 });
    await replaceSetup(trx, periodId, input.criteria, input.grades);
    await writeAudit(trx, {
      entity: 'eva_period',
      entityKey: String(periodId),
      action: 'UPDATE',
      actor: actor.userId,
      before: p,
      after: input,
    });
  });
  return onePeriod(db, periodId);
}

/** Deletes a period still in preparation. */
export async function deletePeriod(db: Db, caller: Caller | null, periodId: number, version: number) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const p = await lockPeriod(trx, periodId);
    checkVersion(version, p.version);
    transition(PERIOD_MACHINE, 'delete', p.status);
    await deletePeriodRow(trx, periodId);
    await writeAudit(trx, {
      entity: 'eva_period',
      entityKey: String(periodId),
      action: 'DELETE',
      actor: actor.userId,
      before: p,
    });
  });
}

/** Opens, closes or computes a period again (finalized totals are kept). */
export async function movePeriod(
  db: Db,
  caller: Caller | null,
  action: 'open' | 'close' | 'compute',
  periodId: number,
  version: number,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const p = await lockPeriod(trx, periodId);
    checkVersion(version, p.version);
    if (action === 'open') {
      if (p.status === 'PLANNED' && todayKst(now) > p.dueDate)
        throw refused('EVA_PAST_DUE', `평가 마감일(${p.dueDate})이 지난 기간은 시작할 수 없습니다`);
      await openPeriod(trx, periodId, actor.userId, now);
    } else if (action === 'close') await closePeriod(trx, periodId, actor.userId, now);
    else {
      transition(PERIOD_MACHINE, 'compute', p.status);
      const computed = await computePeriod(trx, periodId, now);
      await updatePeriod(trx, periodId, { version: p.version + 1 });
      await writeAudit(trx, {
        entity: 'eva_period',
        entityKey: String(periodId),
        action: 'COMPUTE',
        actor: actor.userId,
        after: computed,
      });
    }
  });
  return onePeriod(db, periodId);
}

/**
 * Periodic transitions of evaluation periods, by date (Korea): a prepared period whose start date
 * has come is opened (when its setup is complete and it has suppliers in scope; otherwise it stays
 * in preparation and the run says why), and an open period whose evaluators' due date has passed
 * is closed. Idempotent: each period moves once, in its own transaction.
 */
export async function periodTransitions(db: Db, now: Date, log: { warn: (obj: object, msg: string) => void }) {
  const today = todayKst(now);
  const opened: number[] = [];
  const closed: number[] = [];
  const skipped: Array<{ periodId: number; reason: string }> = [];
  for (const { periodId } of await periodsToOpen(db, today)) {
    try {
      await db.transaction().execute((trx) => openPeriod(trx, periodId, 'system', now));
      opened.push(periodId);
    } catch (e) {
      skipped.push({ periodId, reason: e instanceof Error ? e.message : String(e) });
      log.warn({ periodId, err: e }, 'evaluation period not opened');
    }
  }
  for (const { periodId } of await periodsToClose(db, today)) {
    await db.transaction().execute((trx) => closePeriod(trx, periodId, 'system', now));
    closed.push(periodId);
  }
  return { opened, closed, skipped };
}
