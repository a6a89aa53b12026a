/**
 * Who sees which purchasing figures in the reports (spec §6, docs/reports.md "Scope"):
 * authority group 30 (사용자) its own orders — those it requested or buys —, 31 its department,
 * 32 its business section; every other internal group with the report menu sees the whole
 * company. A section or department filter outside the caller's scope is refused with 403
 * (REPORT_SCOPE), so a drill-down cannot widen what a user sees.
 */
import type { Db } from '../../db/connect.js';
import { forbidden } from '../../http/errors.js';
import type { Actor } from '../../domain/actor.js';
import { departmentSection } from './queries/scope.js';

export type ReportScope =
  | { kind: 'all' }
  | { kind: 'own'; singleid: string; deptcd: string; section: string }
  | { kind: 'department'; deptcd: string; section: string }
  | { kind: 'section'; section: string };

export function scopeOf(actor: Pick<Actor, 'authGroupId' | 'singleid' | 'deptcd' | 'section'>): ReportScope {
  switch (actor.authGroupId) {
    case '30':
      return { kind: 'own', singleid: actor.singleid, deptcd: actor.deptcd, section: actor.section };
    case '31':
      return { kind: 'department', deptcd: actor.deptcd, section: actor.section };
    case '32':
      return { kind: 'section', section: actor.section };
    default:
      return { kind: 'all' };
  }
}

const outOfScope = () => forbidden('REPORT_SCOPE', '조회 권한이 없는 부문 또는 부서입니다');

/** Refuses a section / department filter the scope does not cover (the department's section is looked up). */
export async function checkScopeFilters(
  db: Db,
  scope: ReportScope,
  filters: { section?: string; deptcd?: string },
): Promise<void> {
  if (scope.kind === 'all') return;
  const { section, deptcd } = filters;
  if (section && section !== scope.section) throw outOfScope();
  if (!deptcd) return;
  if (scope.kind === 'own' || scope.kind === 'department') {
    if (deptcd !== scope.deptcd) throw outOfScope();
    return;
  }
  const dept = await departmentSection(db, deptcd);
  if (!dept || dept.topDept !== scope.section) throw outOfScope();
}
