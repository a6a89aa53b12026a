/** The clause library and versioned contract templates (docs/contracts.md, step 1). */
import type { Db } from '../../db/connect.js';
import { checkVersion, invalid, missing, type FieldError } from '../../domain/errors.js';
import { pageWindow } from '../../http/list-query.js';
import * as q from './queries.js';
import { type ContractType } from './stamp-duty.js';
import { checkTemplateText, parsePlaceholders, VARIABLES } from './variables.js';
import { type SignOrder } from './workflow.js';
import { notFound } from './common.js';

/* ------------------------------ clauses and templates ------------------------------ */

export function listClauses(db: Db) {
  return q.listClauseRows(db).then((rows) => ({ rows, total: rows.length }));
}

export async function saveClause(
  db: Db,
  userId: string,
  code: string,
  b: { title: string; body: string; version: number },
) {
  if (!/^[A-Z0-9_]{1,30}$/.test(code))
    throw invalid('VALIDATION', '조항 코드는 영문 대문자, 숫자, _ 로 30자 이내입니다');
  const problems = checkTemplateText(b.body, new Set());
  const bad = problems.find((p) => p.code !== 'UNKNOWN_CLAUSE') ?? problems[0];
  if (bad) throw templateInvalid([bad], 'body');
  return db.transaction().execute(async (trx) => {
    const row = await q.lockClause(trx, code);
    if (!row) {
      if (b.version !== 0) throw notFound();
      await q.insertClause(trx, { clauseCode: code, title: b.title.trim(), body: b.body, createdBy: userId });
    } else {
      checkVersion(b.version, row.version);
      await q.updateClause(trx, code, { title: b.title.trim(), body: b.body, version: row.version + 1 });
    }
    return { clauseCode: code, version: row ? row.version + 1 : 1 };
  });
}

const PROBLEM_TEXT = {
  UNKNOWN_VARIABLE: '알 수 없는 변수',
  UNKNOWN_CLAUSE: '조항 라이브러리에 없는 조항',
  UNCLOSED_PLACEHOLDER: '닫히지 않은 {{',
  EMPTY_PLACEHOLDER: '빈 {{ }}',
} as const;

function templateInvalid(problems: ReturnType<typeof checkTemplateText>, path: string) {
  const details: FieldError[] = problems.map((p) => ({
    path: `body/${path}`,
    code: p.code,
    message: `${p.line}행 ${p.column}열: ${PROBLEM_TEXT[p.code]} ${p.name}`.trim(),
  }));
  const first = problems[0];
  return invalid(
    'CONTRACT_TEMPLATE_INVALID',
    `템플릿 ${first.line}행 ${first.column}열: ${PROBLEM_TEXT[first.code]} ${first.name}`.trim(),
    details,
  );
}

export async function listTemplates(db: Db, paging: { page?: number; size?: number }) {
  const rows = await q.listLatestTemplates(db);
  const { limit, offset } = pageWindow(paging);
  return { rows: rows.slice(offset, offset + limit), total: rows.length, variables: VARIABLES };
}

export async function getTemplate(db: Db, templateNo: string, version?: number) {
  const t = await q.findTemplate(db, templateNo, version);
  if (!t) throw missing('CONTRACT_TEMPLATE_NOT_FOUND', '계약 템플릿을 찾을 수 없습니다');
  return { ...t, clauses: t.clauses as Record<string, { title: string; body: string }> };
}

/**
 * Saves the next version of a template (the first when `version` is 0). The text is checked
 * first: every placeholder must name a variable of the catalogue or a clause of the library, else
 * 400 CONTRACT_TEMPLATE_INVALID naming each problem with its line and column. The clauses placed
 * are copied into the version, so a contract made from it renders the same later.
 */
export async function saveTemplate(
  db: Db,
  userId: string,
  templateNo: string,
  b: {
    name: string;
    contractType: ContractType;
    signOrder: SignOrder;
    body: string;
    useYn?: 'Y' | 'N';
    version: number;
  },
) {
  if (!/^[A-Z0-9_-]{1,20}$/.test(templateNo))
    throw invalid('VALIDATION', '템플릿 번호는 영문 대문자, 숫자, _, - 로 20자 이내입니다');
  const clauseCodes = [
    ...new Set(
      parsePlaceholders(b.body)
        .placeholders.filter((p) => p.kind === 'clause')
        .map((p) => p.name),
    ),
  ];
  return db.transaction().execute(async (trx) => {
    const clauses = await q.findClausesByCode(trx, clauseCodes);
    const problems = checkTemplateText(b.body, new Set(clauses.map((c) => c.clauseCode)));
    if (problems.length > 0) throw templateInvalid(problems, 'body');
    // A clause's own text may name only catalogue variables (checked when the clause was saved).
    const latest = await q.latestTemplateVersion(trx, templateNo);
    checkVersion(b.version, latest);
    const version = latest + 1;
    await q.insertTemplate(trx, {
      templateNo,
      version,
      name: b.name.trim(),
      contractType: b.contractType,
      signOrder: b.signOrder,
      body: b.body,
      clauses: JSON.stringify(Object.fromEntries(clauses.map((c) => [c.clauseCode, { title: c.title, body: c.body }]))),
      useYn: b.useYn ?? 'Y',
      createdBy: userId,
    });
    return { templateNo, version };
  });
}
