import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { likeEscape, type SortSpec } from '../../../http/list-query.js';
import { iso } from '../../../domain/values.js';
import type { LINE_SORT, RULE_SORT } from './schemas.js';

type Window = { limit: number; offset: number };

/** "강동현 → 박성호": a line's approvers in order, for one grid cell. */
const approverNames = (alias: 'r' | 'l') =>
  sql<string>`coalesce((select string_agg(e.hname, ' → ' order by s.step_no) from approval_line_step s join employee e on e.singleid = s.approver_id where s.line_id = ${sql.raw(alias)}.line_id), '')`;

export async function listRules(db: Db, f: { docType?: string; useYn?: string; lineId?: number }, sort: SortSpec<(typeof RULE_SORT)[number]>, w: Window) {
  let base = db.selectFrom('approvalRule as r').innerJoin('approvalLine as l', 'l.lineId', 'r.lineId');
  if (f.docType) base = base.where('r.docType', '=', f.docType as never);
  if (f.useYn) base = base.where('r.useYn', '=', f.useYn as 'Y' | 'N');
  if (f.lineId) base = base.where('r.lineId', '=', f.lineId);
  const column = sort.field === 'lineName' ? 'l.lineName' : (`r.${sort.field}` as const);
  const [rows, count] = await Promise.all([
    base
      .select(['r.ruleId', 'r.docType', 'r.minAmount', 'r.maxAmount', 'r.lineId', 'l.lineName', 'r.description', 'r.useYn', 'r.version', 'r.updatedAt'])
      .select(approverNames('r').as('approvers'))
      .orderBy(column, sort.direction)
      .orderBy('r.docType')
      .orderBy('r.minAmount')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, updatedAt: iso(r.updatedAt)! })), total: Number(count.n) };
}

export async function findRule(db: Db, ruleId: number) {
  const r = await db
    .selectFrom('approvalRule as r')
    .innerJoin('approvalLine as l', 'l.lineId', 'r.lineId')
    .select(['r.ruleId', 'r.docType', 'r.minAmount', 'r.maxAmount', 'r.lineId', 'l.lineName', 'r.description', 'r.useYn', 'r.version', 'r.updatedAt'])
    .select(approverNames('r').as('approvers'))
    .where('r.ruleId', '=', ruleId)
    .executeTakeFirst();
  return r ? { ...r, updatedAt: iso(r.updatedAt)! } : undefined;
}

export async function listLines(db: Db, f: { q?: string; useYn?: string }, sort: SortSpec<(typeof LINE_SORT)[number]>, w: Window) {
  let base = db.selectFrom('approvalLine as l');
  if (f.q?.trim()) base = base.where('l.lineName', 'ilike', `%${likeEscape(f.q.trim())}%`);
  if (f.useYn) base = base.where('l.useYn', '=', f.useYn as 'Y' | 'N');
  const stepCount = sql<number>`(select count(*) from approval_line_step s where s.line_id = l.line_id)`;
  const ruleCount = sql<number>`(select count(*) from approval_rule r where r.line_id = l.line_id)`;
  const columns = { lineId: 'l.lineId', lineName: 'l.lineName', useYn: 'l.useYn', updatedAt: 'l.updatedAt' } as const;
  const column = sort.field === 'stepCount' ? stepCount : columns[sort.field];
  const [rows, count] = await Promise.all([
    base
      .select(['l.lineId', 'l.lineName', 'l.description', 'l.useYn', 'l.version', 'l.updatedAt'])
      .select([stepCount.as('stepCount'), ruleCount.as('ruleCount'), approverNames('l').as('approvers')])
      .orderBy(column, sort.direction)
      .orderBy('l.lineId')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const { steps, rules } = await lineParts(db, rows.map((r) => r.lineId));
  return {
    rows: rows.map((r) => ({
      ...r,
      stepCount: Number(r.stepCount),
      ruleCount: Number(r.ruleCount),
      updatedAt: iso(r.updatedAt)!,
      steps: steps.filter((s) => s.lineId === r.lineId).map(({ lineId: _l, ...s }) => s),
      rules: rules.filter((x) => x.lineId === r.lineId).map(({ lineId: _l, ...x }) => x),
    })),
    total: Number(count.n),
  };
}

/** The ordered approvers and the rules of some lines (one query each, whatever their number). */
async function lineParts(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return { steps: [], rules: [] };
  const [steps, rules] = await Promise.all([
    db
      .selectFrom('approvalLineStep as s')
      .innerJoin('employee as e', 'e.singleid', 's.approverId')
      .innerJoin('businessSection as b', 'b.topDept', 'e.section')
      .innerJoin('department as d', 'd.deptcd', 'e.deptcd')
      .select(['s.lineId', 's.stepNo', 's.approverId', 'e.hname as approverName', 'e.positionNm', 'b.sectionName', 'd.deptnm'])
      .where('s.lineId', 'in', lineIds)
      .orderBy('s.lineId')
      .orderBy('s.stepNo')
      .execute(),
    db.selectFrom('approvalRule').select(['lineId', 'ruleId', 'docType', 'minAmount', 'maxAmount', 'useYn']).where('lineId', 'in', lineIds).orderBy('docType').orderBy('minAmount').execute(),
  ]);
  return { steps, rules };
}

export async function findLine(db: Db, lineId: number) {
  const line = await db.selectFrom('approvalLine').select(['lineId', 'lineName', 'description', 'useYn', 'version', 'updatedAt']).where('lineId', '=', lineId).executeTakeFirst();
  if (!line) return undefined;
  const { steps, rules } = await lineParts(db, [lineId]);
  return { ...line, updatedAt: iso(line.updatedAt)!, steps: steps.map(({ lineId: _l, ...s }) => s), rules: rules.map(({ lineId: _l, ...r }) => r) };
}
